/**
 * Deleting an account and everything hanging on it (consents, identities, tokens, codes). A password account
 * confirms with its password, which is a login attempt: the login's limits and lockout, on the same counters
 * (docs/decisions/074).
 */
import { AccountError } from "../../core/account/account-error.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { deleteUser, type UserRecord } from "../../db/users.ts";
import type { AccountContext } from "./context.server.ts";
import { attemptLogin } from "./login-attempts.server.ts";
import { passwordMatches } from "./passwords.server.ts";

export class AccountDeletion {
  private readonly ctx: AccountContext;

  constructor(ctx: AccountContext) {
    this.ctx = ctx;
  }

  async delete(user: UserRecord, password: string | undefined, ip: string): Promise<void> {
    const storedHash = user.passwordHash;
    if (storedHash) {
      const account = user.email.toLowerCase(); // the key password login counts under
      const confirmed = await attemptLogin(this.ctx, account, ip, async () =>
        password && (await passwordMatches(storedHash, password)) ? true : null,
      );
      if (!confirmed) throw new AccountError(401, accountMessages.credentialsInvalid, "password");
    }
    const now = this.ctx.now();
    await deleteUser(this.ctx.db, user.id, new Date(now));
    this.ctx.revocations.revokeUser(user.id, now);
  }
}

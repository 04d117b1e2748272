/**
 * Logging in with what the user knows or receives (seed 001 §7): a password, a one-time code by mail, and a new
 * password by a reset link. Wrong e-mails and wrong secrets answer alike (no enumeration, docs/decisions/043).
 */
import { AccountError } from "../../core/account/account-error.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { consumeSecret, countFailedAttempt, findLatestSecret, findSecretByHash, issueOneTimeSecret } from "../../db/sessions.ts";
import { findUserByEmail, findUserById, markEmailVerified, setPasswordAndRevokeSessions, type UserRecord } from "../../db/users.ts";
import { CODE_TTL_MINUTES, oneTimeCodeMail, passwordResetMail, RESET_TTL_MINUTES } from "./account-mails.tsx";
import { AccountPart, mailLink, sendLater } from "./context.server.ts";
import type { CookieTarget } from "./cookies.server.ts";
import { attemptLogin } from "./login-attempts.server.ts";
import { claimByMailboxProof } from "./mailbox-proof.server.ts";
import { consumeLinkToken, isLinkToken, issueLinkToken } from "./one-time-links.server.ts";
import { hashPassword, passwordMatches } from "./passwords.server.ts";
import { assertStrongPassword } from "./password-strength.server.ts";
import type { SessionIssue } from "./sessions.server.ts";
import { codeMatches, hashCode, hashSecret, newOneTimeCode } from "./tokens.server.ts";

const MAX_CODE_ATTEMPTS = 5;

export interface Login {
  issue: SessionIssue;
  user: UserRecord;
}

export class Credentials extends AccountPart {
  /** Password login; wrong e-mail and wrong password answer alike and cost the same Argon2id verify. */
  async loginWithPassword(email: string, password: string, ip: string, target: CookieTarget, previousRemember?: string): Promise<Login> {
    const user = await attemptLogin(this.ctx, email, ip, async () => {
      const found = await findUserByEmail(this.ctx.db, email);
      return (await passwordMatches(found?.passwordHash, password)) ? found : null;
    });
    if (!user) throw new AccountError(401, accountMessages.credentialsInvalid);
    await this.ctx.limits.reset("loginFailuresByAccount", email);
    // Whoever registers an address chooses its password: it counts only once the mailbox has been proved.
    if (user.emailVerifiedAt === null) throw new AccountError(403, accountMessages.emailNotVerified);
    return { issue: await this.sessions.start(user, "email", target, previousRemember), user };
  }

  /** Sends a one-time login code when the e-mail has an account; answers the same either way. */
  async requestLoginCode(email: string, ip: string): Promise<void> {
    const { db, limits, keys } = this.ctx;
    await limits.takeAll([
      ["codeRequestsByAddress", ip],
      ["codeRequestsByAccount", email],
    ]);
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const code = newOneTimeCode();
    await issueOneTimeSecret(
      db,
      {
        userId: user.id,
        purpose: "login-code",
        secretHash: hashCode(code, user.id, keys.code),
        expiresAt: new Date(this.ctx.now() + CODE_TTL_MINUTES * 60_000),
      },
      new Date(this.ctx.now()),
    );
    sendLater(this.ctx, user.email, oneTimeCodeMail(user.displayName, code));
  }

  /** Logs in with a one-time code: short-lived, single use, compared in constant time; proves the mailbox. */
  async loginWithCode(email: string, code: string, ip: string, target: CookieTarget, previousRemember?: string): Promise<Login> {
    const { db, keys } = this.ctx;
    const user = await attemptLogin(this.ctx, email, ip, async () => {
      const found = await findUserByEmail(db, email);
      const secret = found ? await findLatestSecret(db, found.id, "login-code") : null;
      const now = this.ctx.now();
      const matches = !!found && !!secret && secret.expiresAt.getTime() > now && codeMatches(code, found.id, secret.secretHash, keys.code);
      if (matches && (await consumeSecret(db, secret.id, new Date(now)))) return found;
      if (secret) await countFailedAttempt(db, secret.id, MAX_CODE_ATTEMPTS, new Date(now));
      return null;
    });
    if (!user) throw new AccountError(401, accountMessages.codeInvalid, "code");
    await this.ctx.limits.reset("loginFailuresByAccount", email);
    const fresh = await claimByMailboxProof(this.ctx, user);
    return { issue: await this.sessions.start(fresh, "otp", target, previousRemember), user: fresh };
  }

  /** Mails a reset link when the e-mail has an account; answers the same either way. */
  async requestPasswordReset(email: string, ip: string, origin: string): Promise<void> {
    const { db, limits } = this.ctx;
    await limits.takeAll([
      ["resetRequestsByAddress", ip],
      ["resetRequestsByAccount", email],
    ]);
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const token = await issueLinkToken(this.ctx, user.id, "reset-password", RESET_TTL_MINUTES * 60_000);
    sendLater(this.ctx, user.email, passwordResetMail(user.displayName, mailLink(this.ctx, origin, `/reimposta-password/?token=${token}`)));
  }

  /** New password from a reset link: every remember-me token is revoked and older session tokens stop. */
  async resetPassword(token: string, password: string): Promise<void> {
    const { db } = this.ctx;
    // Judged before the link is used up, so a refused password leaves the link working for a better one.
    const pending = isLinkToken(token) ? await findSecretByHash(db, hashSecret(token), "reset-password") : null;
    await assertStrongPassword(password, pending ? await findUserById(db, pending.userId) : null);
    const user = await consumeLinkToken(this.ctx, token, "reset-password");
    const now = this.ctx.now();
    await setPasswordAndRevokeSessions(db, user.id, await hashPassword(password), new Date(now));
    await markEmailVerified(db, user.id, new Date(now)); // the link proved the mailbox
    this.ctx.revocations.revokeUser(user.id, now);
  }
}

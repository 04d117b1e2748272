/**
 * Registration and the e-mail's proof (seed 001 §7, docs/decisions/043, 073): a new account with a password
 * that counts once its verification link is used; 'non ho creato io questo account' on that link; and the
 * registration an account without a password completes while logged in.
 */
import { AccountError } from "../../core/account/account-error.ts";
import { CONSENT_TYPES, type RegistrationInput } from "../../core/account/validation.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { consumeSecret, findSecretByHash } from "../../db/sessions.ts";
import {
  createUser,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  recordConsents,
  setProfile,
  type UserRecord,
} from "../../db/users.ts";
import { alreadyRegisteredMail, VERIFY_TTL_HOURS, verificationMail } from "./account-mails.tsx";
import type { BotCheck } from "./bot-check.server.ts";
import { AccountPart, mailLink, sendLater, type AccountContext } from "./context.server.ts";
import type { CookieTarget } from "./cookies.server.ts";
import { claimByMailboxProof } from "./mailbox-proof.server.ts";
import { isLinkToken, issueLinkToken } from "./one-time-links.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { assertStrongPassword } from "./password-strength.server.ts";
import type { SessionIssue, Sessions } from "./sessions.server.ts";
import { hashSecret } from "./tokens.server.ts";

/** What became of a verification link: only a "valid" one confirms the address (or disowns the account). */
export type VerificationLinkState = "valid" | "used" | "superseded" | "invalid";

const verificationLinkRefusals: Record<Exclude<VerificationLinkState, "valid">, string> = {
  used: accountMessages.linkUsed,
  superseded: accountMessages.linkSuperseded,
  invalid: accountMessages.linkInvalid,
};

/** The consents a registration records: privacy always, and the optional one the form's type names. */
function registrationConsents(input: RegistrationInput): Record<string, boolean> {
  return { privacy: true, ...(input.type !== "privacy" ? { [input.type]: true } : {}) };
}

export class Registration extends AccountPart {
  private readonly botCheck: BotCheck;

  constructor(ctx: AccountContext, sessions: Sessions, botCheck: BotCheck) {
    super(ctx, sessions);
    this.botCheck = botCheck;
  }

  /**
   * Registration. The answer is the same whether or not the e-mail already has an account (no
   * enumeration): a new account gets a verification mail, an existing one a "you already have an
   * account" mail. `botCheck: "fallback"` is the plain-HTML form without JavaScript, which cannot do the
   * proof of work: it gets a much lower per-address allowance instead (docs/decisions/043).
   */
  async register(input: RegistrationInput, ip: string, origin: string, botCheck: "required" | "fallback"): Promise<void> {
    const { db, limits } = this.ctx;
    await limits.take("registrationsByAddress", ip);
    if (botCheck === "fallback") await limits.take("registrationsWithoutBotCheckByAddress", ip);
    else if (!(await this.botCheck.verify(input.botCheck))) throw new AccountError(400, accountMessages.botCheckFailed, "botCheck");
    await assertStrongPassword(input.password, input);
    const passwordHash = await hashPassword(input.password);
    const user = await createUser(db, {
      email: input.email,
      displayName: input.displayName,
      passwordHash,
      consents: registrationConsents(input),
      now: new Date(this.ctx.now()),
    });
    if (!user) {
      const existing = await findUserByEmail(db, input.email);
      if (existing)
        sendLater(
          this.ctx,
          existing.email,
          alreadyRegisteredMail(
            existing.displayName,
            mailLink(this.ctx, origin, "/accedi/"),
            mailLink(this.ctx, origin, "/password-dimenticata/"),
          ),
        );
      return;
    }
    const token = await issueLinkToken(this.ctx, user.id, "verify-email", VERIFY_TTL_HOURS * 60 * 60 * 1000);
    sendLater(this.ctx, user.email, verificationMail(user.displayName, mailLink(this.ctx, origin, `/verifica-email/?token=${token}`)));
  }

  /**
   * What a verification link can still do, read without using it (the page shows its buttons only for a
   * usable link). A link works while its account is unverified: once the address was confirmed another
   * way (a code, a social login, a reset) the link is superseded and logs nobody in.
   */
  async verificationLinkState(token: string): Promise<VerificationLinkState> {
    return (await this.readVerificationLink(token)).state;
  }

  /** The verification link: marks the e-mail verified and logs the browser in (it proved the mailbox). */
  async verifyEmail(token: string, target: CookieTarget, previousRemember?: string): Promise<SessionIssue> {
    const user = await this.spendVerificationLink(token);
    const now = new Date(this.ctx.now());
    await markEmailVerified(this.ctx.db, user.id, now);
    return this.sessions.start({ ...user, emailVerifiedAt: user.emailVerifiedAt ?? now }, "email", target, previousRemember);
  }

  /**
   * 'Non ho creato io questo account' on the verification page: the mailbox's owner disowns a registration
   * someone else made with their address. The registrant's password, sessions and optional consents go; the
   * account stays, verified and without a password, for the owner to use by code if they want. Nobody is
   * logged in.
   */
  async disownRegistration(token: string): Promise<void> {
    const user = await this.spendVerificationLink(token);
    await claimByMailboxProof(this.ctx, user);
    const withdrawn = Object.fromEntries(CONSENT_TYPES.filter((kind) => kind !== "privacy").map((kind) => [kind, false]));
    await recordConsents(this.ctx.db, user.id, withdrawn, new Date(this.ctx.now()));
  }

  /**
   * registrationsilently (§7): a logged-in account that has no password yet (made by social login or a
   * one-time code) completes its registration with a name, a password and consents — no bot check and no
   * new verification, since the session already proves the mailbox. Refused for accounts with a password.
   */
  async completeRegistration(user: UserRecord, input: RegistrationInput): Promise<void> {
    if (input.email !== user.email.toLowerCase()) throw new AccountError(400, accountMessages.emailInvalid, "email");
    if (user.passwordHash) throw new AccountError(409, accountMessages.alreadyRegistered);
    await assertStrongPassword(input.password, { email: user.email, displayName: input.displayName });
    const now = new Date(this.ctx.now());
    await setProfile(this.ctx.db, user.id, input.displayName, await hashPassword(input.password));
    await recordConsents(this.ctx.db, user.id, registrationConsents(input), now);
  }

  private async readVerificationLink(token: string): Promise<{ state: VerificationLinkState; secretId?: number; user?: UserRecord }> {
    const { db } = this.ctx;
    if (!isLinkToken(token)) return { state: "invalid" };
    const secret = await findSecretByHash(db, hashSecret(token), "verify-email");
    const user = secret ? await findUserById(db, secret.userId) : null;
    if (!secret || !user) return { state: "invalid" };
    // An account gets one verification link (at registration), so a used one was used by its own click.
    if (secret.usedAt) return { state: "used" };
    if (user.emailVerifiedAt) return { state: "superseded" };
    if (secret.expiresAt.getTime() <= this.ctx.now()) return { state: "invalid" };
    return { state: "valid", secretId: secret.id, user };
  }

  /** Uses a verification link once, or refuses with what became of it. */
  private async spendVerificationLink(token: string): Promise<UserRecord> {
    const link = await this.readVerificationLink(token);
    if (link.state !== "valid") throw new AccountError(400, verificationLinkRefusals[link.state], "token");
    if (!(await consumeSecret(this.ctx.db, link.secretId!, new Date(this.ctx.now()))))
      throw new AccountError(400, accountMessages.linkUsed, "token");
    return link.user!;
  }
}

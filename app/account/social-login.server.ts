/**
 * Logging in with a verified social identity (docs/decisions/042): the linked account, else the account with
 * the same verified e-mail (linked now, its mailbox proved), else a new account (trusted identity, terms accepted
 * by the button's consent text). An identity without a verified e-mail cannot create or link an account.
 */
import { createUser, findUserByEmail, findUserByIdentity, linkIdentity } from "../../db/users.ts";
import { AccountPart } from "./context.server.ts";
import type { CookieTarget } from "./cookies.server.ts";
import { claimByMailboxProof } from "./mailbox-proof.server.ts";
import type { SessionIssue } from "./sessions.server.ts";
import type { SocialIdentity } from "./social-providers.server.ts";

/** A display name from what the provider says: letters and spaces, at most 60, else 'Utente'. */
function displayNameOf(identity: SocialIdentity & { email: string }): string {
  return (
    (identity.name ?? identity.email.split("@")[0]!)
      .replace(/[^\p{L}\p{M} ]/gu, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 60) || "Utente"
  );
}

export class SocialLogin extends AccountPart {
  /** The session of the identity's account, or null when the identity may not have one. */
  async login(identity: SocialIdentity, target: CookieTarget, previousRemember?: string): Promise<SessionIssue | null> {
    const { db } = this.ctx;
    const now = new Date(this.ctx.now());
    let user = await findUserByIdentity(db, identity.provider, identity.subject);
    if (!user) {
      if (!identity.email || !identity.emailVerified) return null;
      user = await findUserByEmail(db, identity.email);
      if (!user) {
        user = await createUser(db, {
          email: identity.email,
          displayName: displayNameOf({ ...identity, email: identity.email }),
          passwordHash: null,
          consents: { privacy: true },
          loginType: identity.provider,
          emailVerified: true,
          now,
        });
        if (!user) return null;
      }
      await linkIdentity(db, identity.provider, identity.subject, user.id, now);
      user = await claimByMailboxProof(this.ctx, user);
    }
    return this.sessions.start({ ...user, trustedIdentity: true }, identity.provider, target, previousRemember);
  }
}

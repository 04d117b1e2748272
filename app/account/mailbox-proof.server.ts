/**
 * The mailbox was proved (a one-time code, a verified social e-mail, 'not me' on a verification link) on an
 * account nobody had verified: whoever registered the address may not own it (pre-hijacking, docs/decisions/073),
 * so their password and sessions are dropped before the owner's session starts. The owner sets a password
 * afterwards if they want one.
 */
import { claimUnverifiedAccount, findUserById, type UserRecord } from "../../db/users.ts";
import type { AccountContext } from "./context.server.ts";

/** The account as it is once its mailbox has been proved. */
export async function claimByMailboxProof(ctx: AccountContext, user: UserRecord): Promise<UserRecord> {
  if (user.emailVerifiedAt) return user;
  const now = ctx.now();
  // One millisecond before the proof, so the session the proof starts (issued at `now` or later) counts.
  const sessionsBefore = now - 1;
  if (await claimUnverifiedAccount(ctx.db, user.id, new Date(now), new Date(sessionsBefore))) {
    ctx.revocations.revokeUser(user.id, sessionsBefore);
    ctx.logger.info({ userId: user.id }, "unverified account claimed by its mailbox: earlier password and sessions dropped");
  }
  return (await findUserById(ctx.db, user.id)) ?? { ...user, emailVerifiedAt: new Date(now), passwordHash: null };
}

/** An account's consents (privacy, marketing, profiling, third party): read, and recorded from the terms modal (seed 001 §4). */
import { findConsents, findUserById, recordConsents, type UserRecord } from "../../db/users.ts";
import { AccountPart } from "./context.server.ts";
import type { CookieTarget } from "./cookies.server.ts";
import type { SessionClaims } from "./tokens.server.ts";

export class Consents extends AccountPart {
  read(userId: number): Promise<Record<string, boolean>> {
    return findConsents(this.ctx.db, userId);
  }

  /** Records consents and re-issues the session token with the new acceptance date (the same session). */
  async accept(
    user: UserRecord,
    consents: Record<string, boolean>,
    target: CookieTarget,
    session: SessionClaims,
  ): Promise<{ setCookie: string; claims: SessionClaims }> {
    await recordConsents(this.ctx.db, user.id, consents, new Date(this.ctx.now()));
    const fresh = (await findUserById(this.ctx.db, user.id))!;
    return this.sessions.reissue(fresh, session, target);
  }
}

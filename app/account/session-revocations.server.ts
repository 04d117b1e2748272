/**
 * Sessions that stopped counting before their token expired, as this process knows them: users logged out
 * everywhere, reset, claimed or deleted (every token issued up to a time), and single sessions ended by a
 * logout (a token's `sid`). Set at once here, and read every few seconds from what other processes recorded
 * (`follow`, run by server/lifecycle.ts), so a logout reaches every process within that time (docs/decisions/074).
 */
import type { Kysely } from "kysely";
import { SESSION_TOKEN_TTL_MS } from "../../core/account/session-check.ts";
import { pruneSessionRevocations, sessionRevocationsSince } from "../../db/sessions.ts";
import type { Database } from "../../db/schema.ts";
import type { SessionClaims } from "./tokens.server.ts";

/** How far back each read of the revocations reaches behind the newest one seen (late commits, clock skew). */
const REVOCATION_READ_OVERLAP_MS = 30_000;

export class SessionRevocations {
  /** User id → Unix seconds: that user's session tokens issued up to then no longer count. */
  private readonly revokedBefore = new Map<number, number>();
  /** Session id → when it was ended (ms). */
  private readonly revokedSessions = new Map<string, number>();
  /** The newest revocation read from the database (ms); the next read starts a little before it. */
  private readUpTo = 0;
  private prunedAt = 0;
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(db: Kysely<Database>, now: () => number) {
    this.db = db;
    this.now = now;
  }

  /** Does this session token still count? */
  counts(claims: SessionClaims): boolean {
    if (claims.sid !== undefined && this.revokedSessions.has(claims.sid)) return false;
    const revoked = this.revokedBefore.get(claims.uid);
    return revoked === undefined || claims.iat > revoked;
  }

  /** Every session token of the user issued up to `atMs` stops counting (never moves back). */
  revokeUser(userId: number, atMs: number): void {
    this.revokedBefore.set(userId, Math.max(this.revokedBefore.get(userId) ?? 0, atMs / 1000));
  }

  endSession(sessionId: string, atMs: number): void {
    this.revokedSessions.set(sessionId, atMs);
  }

  /**
   * Reads the revocations written by any process since the last read (a window that overlaps the previous
   * one, so a transaction that committed late is still seen) and forgets those older than a token's life.
   */
  async follow(): Promise<void> {
    const now = this.now();
    const oldestThatMatters = now - SESSION_TOKEN_TTL_MS;
    const since = Math.max(oldestThatMatters, this.readUpTo - REVOCATION_READ_OVERLAP_MS);
    for (const { userId, revokedAt, sessionId } of await sessionRevocationsSince(this.db, new Date(since))) {
      const at = revokedAt.getTime();
      if (sessionId !== null) this.revokedSessions.set(sessionId, at);
      else this.revokeUser(userId, at);
      if (at > this.readUpTo) this.readUpTo = at;
    }
    for (const [userId, at] of this.revokedBefore) if (at * 1000 < oldestThatMatters) this.revokedBefore.delete(userId);
    // A session's tokens were all issued before its logout, so they have all expired an hour after it.
    for (const [sessionId, at] of this.revokedSessions) if (at < oldestThatMatters) this.revokedSessions.delete(sessionId);
    if (now - this.prunedAt > SESSION_TOKEN_TTL_MS) {
      this.prunedAt = now;
      await pruneSessionRevocations(this.db, new Date(oldestThatMatters - SESSION_TOKEN_TTL_MS));
    }
  }
}

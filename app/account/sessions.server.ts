/**
 * Sessions (seed 001 §4, docs/decisions/042): the session token checked per request without a database
 * read, its renewal from the remember-me token (rotated, a reused one revoking everything), a fresh
 * session at every login, logout of this browser or everywhere, and the user read back when an endpoint
 * can afford it.
 */
import { decideSession, REMEMBER_ME_TTL_MS, SESSION_TOKEN_TTL_MS } from "../../core/account/session-check.ts";
import {
  findRememberToken,
  insertRememberToken,
  recordSessionRevocation,
  revokeAllSessions,
  revokeRememberToken,
  rotateRememberToken,
} from "../../db/sessions.ts";
import { findUserById, recordLogin, type UserRecord } from "../../db/users.ts";
import type { AccountContext } from "./context.server.ts";
import {
  clearCookie,
  CSRF_COOKIE,
  parseCookies,
  REMEMBER_COOKIE,
  rewriteCookieHeader,
  serializeCookie,
  SESSION_COOKIE,
  type CookieTarget,
} from "./cookies.server.ts";
import {
  formatRememberValue,
  hashSecret,
  newCsrfCookie,
  newRememberValue,
  parseRememberValue,
  secretMatches,
  signSessionToken,
  verifySessionToken,
  type RememberValue,
  type SessionClaims,
} from "./tokens.server.ts";

/** A remember-me token rotated this recently was probably raced by a parallel request, not stolen. */
const ROTATION_GRACE_MS = 60_000;

export interface SessionIssue {
  claims: SessionClaims;
  setCookies: string[];
  rememberExpires: Date;
  /** The account's first login (seed 001 §4 "After login": 'welcome' rather than 'welcomeback'). */
  firstLogin?: boolean;
}

export type Renewal =
  | { outcome: "renewed"; issue: SessionIssue; sessionToken: string; rememberValue: string; user: UserRecord }
  | { outcome: "clear" }
  | { outcome: "keep" };

export class Sessions {
  private readonly ctx: AccountContext;

  constructor(ctx: AccountContext) {
    this.ctx = ctx;
  }

  /** The user a session token vouches for (HMAC only, no database read), or null. */
  read(cookieHeader: string | null | undefined): SessionClaims | null {
    const cookies = parseCookies(cookieHeader);
    if (!cookies[REMEMBER_COOKIE] || cookies[REMEMBER_COOKIE] === "undefined") return null; // §4 step 1–2
    const claims = verifySessionToken(cookies[SESSION_COOKIE], this.ctx.keys.session, this.ctx.now());
    return claims && this.ctx.revocations.counts(claims) ? claims : null;
  }

  /**
   * The session check of seed 001 §4, run before a request reaches the routes: renews the session from
   * the remember-me token when needed (rotating it), clears unusable cookies, and gives a browser
   * without one its CSRF cookie. Returns the cookies to set and the Cookie header routes should see.
   */
  async checkRequest(
    cookieHeader: string | undefined,
    target: CookieTarget,
    wantsCsrf: boolean,
  ): Promise<{ setCookies: string[]; cookieHeader: string | undefined }> {
    const cookies = parseCookies(cookieHeader);
    const now = this.ctx.now();
    const remember = cookies[REMEMBER_COOKIE];
    const parsed = parseRememberValue(remember, now);
    const setCookies: string[] = [];
    const changes: Record<string, string | null> = {};
    const decision = decideSession({
      rememberMe: remember,
      rememberIssuedAt: parsed ? parsed.issuedAt * 1000 : null,
      sessionTokenValid: this.read(cookieHeader) !== null,
      now,
    });
    if (decision.action === "clear") {
      setCookies.push(clearCookie(REMEMBER_COOKIE, target), clearCookie(SESSION_COOKIE, target));
      changes[REMEMBER_COOKIE] = null;
      changes[SESSION_COOKIE] = null;
    } else if (decision.action === "renew") {
      const renewed = await this.renew(remember, target).catch((error: unknown): Renewal => {
        this.ctx.logger.error(error, "session renewal failed"); // §8: logged, the user is unauthenticated
        return { outcome: "keep" };
      });
      if (renewed.outcome === "renewed") {
        setCookies.push(...renewed.issue.setCookies);
        changes[SESSION_COOKIE] = renewed.sessionToken;
        changes[REMEMBER_COOKIE] = renewed.rememberValue;
      } else if (renewed.outcome === "clear") {
        setCookies.push(clearCookie(REMEMBER_COOKIE, target), clearCookie(SESSION_COOKIE, target));
        changes[REMEMBER_COOKIE] = null;
        changes[SESSION_COOKIE] = null;
      } else {
        changes[SESSION_COOKIE] = null; // this request is anonymous; the cookies stay for the racing one
      }
    }
    if (wantsCsrf && !cookies[CSRF_COOKIE]) {
      const value = newCsrfCookie();
      setCookies.push(serializeCookie(CSRF_COOKIE, value, target, 200 * 24 * 60 * 60));
      changes[CSRF_COOKIE] = value;
    }
    return { setCookies, cookieHeader: Object.keys(changes).length ? rewriteCookieHeader(cookieHeader, changes) : cookieHeader };
  }

  /**
   * Renews the session from a remember-me value: checks it against its stored hash, rotates it
   * (the old one stops working) and issues a new session token. A rotated token presented again
   * after the grace period looks stolen: every session of that user is revoked.
   */
  async renew(rememberRaw: string | undefined, target: CookieTarget): Promise<Renewal> {
    const { db, now: clock } = this.ctx;
    const now = clock();
    const parsed = parseRememberValue(rememberRaw, now);
    if (!parsed) return { outcome: "clear" };
    const stored = await findRememberToken(db, parsed.id);
    if (!stored || !secretMatches(parsed.secret, stored.secretHash) || stored.expiresAt.getTime() <= now) return { outcome: "clear" };
    if (stored.revokedAt) {
      if (stored.replacedBy && now - stored.revokedAt.getTime() < ROTATION_GRACE_MS) return { outcome: "keep" };
      if (stored.replacedBy) {
        this.ctx.logger.warn({ userId: stored.userId }, "rotated remember-me token reused: revoking every session of the user");
        await this.logoutEverywhere(stored.userId);
      }
      return { outcome: "clear" };
    }
    const user = await findUserById(db, stored.userId);
    if (!user) return { outcome: "clear" };
    const next = newRememberValue(now);
    const rotated = await rotateRememberToken(
      db,
      stored.id,
      {
        id: next.id,
        userId: user.id,
        secretHash: hashSecret(next.secret),
        issuedAt: new Date(next.issuedAt * 1000),
        expiresAt: stored.expiresAt,
      },
      new Date(now),
    );
    if (!rotated) return { outcome: "keep" };
    const issue = this.issue(user, next, stored.expiresAt, target);
    return {
      outcome: "renewed",
      issue,
      sessionToken: signSessionToken(issue.claims, this.ctx.keys.session),
      rememberValue: formatRememberValue(next),
      user,
    };
  }

  /** A fresh session (new tokens at every login: no fixation). Any remember-me the browser held is revoked. */
  async start(user: UserRecord, medium: string, target: CookieTarget, previousRemember?: string): Promise<SessionIssue> {
    const { db } = this.ctx;
    const now = this.ctx.now();
    const old = parseRememberValue(previousRemember, now);
    if (old) await revokeRememberToken(db, old.id, new Date(now));
    await recordLogin(db, user.id, medium, new Date(now));
    const remember = newRememberValue(now);
    const expires = new Date(now + REMEMBER_ME_TTL_MS);
    await insertRememberToken(db, {
      id: remember.id,
      userId: user.id,
      secretHash: hashSecret(remember.secret),
      issuedAt: new Date(remember.issuedAt * 1000),
      expiresAt: expires,
    });
    return { ...this.issue({ ...user, loginType: medium }, remember, expires, target), firstLogin: user.lastLoginAt === null };
  }

  /** A new session token for the same session (`sid` kept, so a logout still ends it), after the user changed. */
  reissue(user: UserRecord, session: SessionClaims, target: CookieTarget): { setCookie: string; claims: SessionClaims } {
    const claims = this.claimsFor(user, session.sid);
    return {
      claims,
      setCookie: serializeCookie(SESSION_COOKIE, signSessionToken(claims, this.ctx.keys.session), target, SESSION_TOKEN_TTL_MS / 1000),
    };
  }

  /**
   * Logout of this browser: its remember-me token is revoked, its session ended in every process (the
   * session token's `sid`, followed like a logout everywhere, docs/decisions/074) and both cookies cleared.
   */
  async logout(cookieHeader: string | null | undefined, target: CookieTarget): Promise<string[]> {
    const { db, keys } = this.ctx;
    const now = this.ctx.now();
    const cookies = parseCookies(cookieHeader);
    const ended = new Map<string, number>(); // session id → user id
    const parsed = parseRememberValue(cookies[REMEMBER_COOKIE], now);
    if (parsed) {
      const stored = await findRememberToken(db, parsed.id);
      if (stored && secretMatches(parsed.secret, stored.secretHash)) {
        await revokeRememberToken(db, parsed.id, new Date(now));
        ended.set(parsed.id, stored.userId);
      }
    }
    const claims = verifySessionToken(cookies[SESSION_COOKIE], keys.session, now);
    if (claims?.sid !== undefined) ended.set(claims.sid, claims.uid);
    for (const [sessionId, userId] of ended) {
      this.ctx.revocations.endSession(sessionId, now);
      await recordSessionRevocation(db, userId, new Date(now), sessionId);
    }
    return clearedSessionCookies(target);
  }

  async logoutEverywhere(userId: number): Promise<void> {
    const now = this.ctx.now();
    await revokeAllSessions(this.ctx.db, userId, new Date(now));
    this.ctx.revocations.revokeUser(userId, now);
  }

  /**
   * The logged-in user read from the database, or null when the account is gone or was logged out
   * everywhere after this token was issued (for endpoints that may afford the read).
   */
  async currentUser(claims: SessionClaims | null): Promise<UserRecord | null> {
    if (!claims) return null;
    const user = await findUserById(this.ctx.db, claims.uid);
    if (!user || user.tokensValidAfter.getTime() / 1000 > claims.iat) return null;
    return user;
  }

  /** `sessionId`: the remember-me token id the browser holds with this session token (a logout revokes it). */
  private claimsFor(user: UserRecord, sessionId: string | undefined): SessionClaims {
    // Fractional seconds: a login right after a logout-everywhere in the same second must still count.
    const iat = this.ctx.now() / 1000;
    return {
      uid: user.id,
      name: user.displayName,
      email: user.email,
      phone: user.phone,
      ver: user.emailVerifiedAt !== null,
      lt: user.loginType,
      tc: user.lastPrivacyAcceptanceAt ? Math.floor(user.lastPrivacyAcceptanceAt.getTime() / 1000) : null,
      ti: user.trustedIdentity,
      ...(sessionId !== undefined ? { sid: sessionId } : {}),
      iat,
      exp: Math.floor(iat) + SESSION_TOKEN_TTL_MS / 1000,
    };
  }

  private issue(user: UserRecord, remember: RememberValue, rememberExpires: Date, target: CookieTarget): SessionIssue {
    const claims = this.claimsFor(user, remember.id);
    return {
      claims,
      rememberExpires,
      setCookies: [
        serializeCookie(SESSION_COOKIE, signSessionToken(claims, this.ctx.keys.session), target, SESSION_TOKEN_TTL_MS / 1000),
        serializeCookie(REMEMBER_COOKIE, formatRememberValue(remember), target, (rememberExpires.getTime() - this.ctx.now()) / 1000),
      ],
    };
  }
}

/** Both session cookies cleared (logout, a reset, a deleted account, an unusable remember-me token). */
export function clearedSessionCookies(target: CookieTarget): string[] {
  return [clearCookie(SESSION_COOKIE, target), clearCookie(REMEMBER_COOKIE, target)];
}

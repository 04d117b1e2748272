/**
 * Session tokens, remember-me values, CSRF tokens and single-use secrets. The session token is
 * checked with an HMAC and no database read; everything stored is a hash of what people hold.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { REMEMBER_ME_TTL_MS } from "../../core/account/session-check.ts";

/** Sub-keys derived from SESSION_SECRET, one per use, so no token can stand in for another. */
export interface AccountKeys {
  session: Buffer;
  csrf: Buffer;
  code: Buffer;
  social: Buffer;
  /** Signed links of alert mails (deactivate, manage, remove: docs/decisions/091). */
  alertLinks: Buffer;
  botCheck: string;
}

export function deriveKeys(secret: string): AccountKeys {
  const derive = (label: string) => createHmac("sha256", secret).update(`casa:${label}`).digest();
  return {
    session: derive("session"),
    csrf: derive("csrf"),
    code: derive("code"),
    social: derive("social"),
    alertLinks: derive("alert-links"),
    botCheck: derive("bot-check").toString("base64url"),
  };
}

/** What the session token says about its user (seed 001 §3 User: the fields the browser needs). */
export interface SessionClaims {
  /** User id. */
  uid: number;
  name: string;
  email: string;
  phone: string | null;
  /** E-mail verified. */
  ver: boolean;
  /** Login medium (§2: google, googleonetap, facebook, apple, email, otp). */
  lt: string;
  /** Last privacy acceptance, Unix seconds, or null. */
  tc: number | null;
  /** Trusted identity (a social provider vouched for the e-mail). */
  ti: boolean;
  /** Session id: the remember-me token id it was issued with; a logout revokes it (docs/decisions/074). */
  sid?: string;
  /** Issued at (Unix seconds, fractional) and expires (Unix seconds). */
  iat: number;
  exp: number;
}

const MAX_TOKEN_LENGTH = 2048;

function equal(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `base64url(JSON).base64url(HMAC-SHA256)`: the form of every signed token here (sessions, alert links). */
export function signClaims(claims: object, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${createHmac("sha256", key).update(body).digest("base64url")}`;
}

/** The JSON object of a correctly signed token with a numeric `exp` still ahead; null for anything else (never throws). */
export function verifyClaims(token: string | undefined, key: Buffer, nowMs: number): Record<string, unknown> | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const expected = createHmac("sha256", key).update(body).digest();
  if (!equal(Buffer.from(token.slice(dot + 1), "base64url"), expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    if (typeof claims !== "object" || claims === null || Array.isArray(claims)) return null;
    const exp = (claims as { exp?: unknown }).exp;
    if (typeof exp !== "number" || exp * 1000 <= nowMs) return null;
    return claims as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function signSessionToken(claims: SessionClaims, key: Buffer): string {
  return signClaims(claims, key);
}

/** The claims of a correctly signed, unexpired token; null for anything else (never throws). */
export function verifySessionToken(token: string | undefined, key: Buffer, nowMs: number): SessionClaims | null {
  const claims = verifyClaims(token, key, nowMs);
  return claims && typeof claims.uid === "number" ? (claims as unknown as SessionClaims) : null;
}

/** A remember-me cookie value: `id.issuedAtSeconds.secret`. Only sha256(secret) is stored. */
export interface RememberValue {
  id: string;
  issuedAt: number;
  secret: string;
}

export function newRememberValue(nowMs: number): RememberValue {
  return { id: randomBytes(16).toString("base64url"), issuedAt: Math.floor(nowMs / 1000), secret: randomBytes(32).toString("base64url") };
}

export function formatRememberValue(v: RememberValue): string {
  return `${v.id}.${v.issuedAt}.${v.secret}`;
}

/** Parses a remember-me cookie; null when unreadable or past its 30 days. */
export function parseRememberValue(raw: string | undefined, nowMs: number): RememberValue | null {
  if (!raw || raw.length > 200) return null;
  const m = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(raw);
  if (!m) return null;
  const issuedAt = Number(m[2]);
  if (issuedAt * 1000 + REMEMBER_ME_TTL_MS <= nowMs || issuedAt * 1000 > nowMs + 60_000) return null;
  return { id: m[1]!, issuedAt, secret: m[3]! };
}

/** Unkeyed hash for high-entropy secrets (remember-me, link tokens): 256 random bits need no key. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function secretMatches(secret: string, storedHash: string): boolean {
  return equal(Buffer.from(hashSecret(secret), "hex"), Buffer.from(storedHash, "hex"));
}

/** A random link token (e-mail verification, password reset). */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A six-digit one-time code and its keyed hash (a bare hash of 10^6 values would be guessable offline). */
export function newOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function hashCode(code: string, userId: number, key: Buffer): string {
  return createHmac("sha256", key).update(`${userId}:${code}`).digest("hex");
}

export function codeMatches(code: string, userId: number, storedHash: string, key: Buffer): boolean {
  return equal(Buffer.from(hashCode(code, userId, key), "hex"), Buffer.from(storedHash, "hex"));
}

/** The CSRF token a form carries: an HMAC of the browser's random csrf cookie. */
export function csrfToken(csrfCookie: string, key: Buffer): string {
  return createHmac("sha256", key).update(csrfCookie).digest("base64url");
}

export function csrfTokenMatches(token: string | null | undefined, csrfCookie: string | undefined, key: Buffer): boolean {
  if (!token || !csrfCookie) return false;
  return equal(Buffer.from(token), Buffer.from(csrfToken(csrfCookie, key)));
}

export function newCsrfCookie(): string {
  return randomBytes(18).toString("base64url");
}

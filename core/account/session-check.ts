/**
 * The session check of seed 001 §4: what to do with the cookies a request (or the browser) holds.
 * Pure: the caller reads the cookies, verifies the session token and reports the facts.
 */

/** §9: renew once the remember-me token was issued more than this long ago. */
export const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
/** §9: the session token cookie lives 1 hour, remember-me 30 days. */
export const SESSION_TOKEN_TTL_MS = 60 * 60 * 1000;
export const REMEMBER_ME_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionFacts {
  /** The remember-me cookie's raw value, undefined when absent. */
  rememberMe: string | undefined;
  /** When the remember-me token was issued (ms), null when unreadable or expired. */
  rememberIssuedAt: number | null;
  /** True when a session token is present, correctly signed and not expired. */
  sessionTokenValid: boolean;
  consentRefresh?: boolean;
  termsAccepted?: boolean;
  now: number;
}

export type SessionDecision =
  | { action: "anonymous" }
  | { action: "clear" }
  | { action: "renew"; reason: "no-session" | "old-remember-me" | "consent-refresh" | "terms-accepted" }
  | { action: "use-session" };

export function decideSession(facts: SessionFacts): SessionDecision {
  if (facts.rememberMe === undefined || facts.rememberMe === "") return { action: "anonymous" };
  if (facts.rememberMe === "undefined") return { action: "clear" };
  if (facts.rememberIssuedAt === null) return { action: "clear" };
  if (!facts.sessionTokenValid) return { action: "renew", reason: "no-session" };
  if (facts.now - facts.rememberIssuedAt > RENEW_AFTER_MS) return { action: "renew", reason: "old-remember-me" };
  if (facts.consentRefresh) return { action: "renew", reason: "consent-refresh" };
  if (facts.termsAccepted) return { action: "renew", reason: "terms-accepted" };
  return { action: "use-session" };
}

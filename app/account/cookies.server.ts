/** Cookie names and attributes of the session (seed 001 §9): HttpOnly, SameSite=Lax, Secure over HTTPS. */
import { cookieDomain } from "../../core/account/cookie-domain.ts";

export const SESSION_COOKIE = "casa_session";
export const REMEMBER_COOKIE = "casa_remember";
export const CSRF_COOKIE = "casa_csrf";

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name in out) continue; // the first (most specific path) wins, as browsers send it
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // a malformed escape keeps the raw value; it then fails validation like any other bad value
    }
    out[name] = value;
  }
  return out;
}

export interface CookieTarget {
  host: string;
  secure: boolean;
}

/**
 * `crossSite` is only for a cookie that must come back on a provider's cross-site form POST (Apple's
 * form_post callback): SameSite=None, which browsers accept only with Secure (also on http://localhost).
 */
export function serializeCookie(name: string, value: string, target: CookieTarget, maxAgeSeconds: number, crossSite = false): string {
  const domain = cookieDomain(target.host);
  return [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    ...(domain ? [`Domain=${domain}`] : []),
    "HttpOnly",
    ...(crossSite ? ["SameSite=None", "Secure"] : ["SameSite=Lax", ...(target.secure ? ["Secure"] : [])]),
  ].join("; ");
}

export function clearCookie(name: string, target: CookieTarget): string {
  return serializeCookie(name, "", target, 0);
}

/** Replaces or removes cookies in a Cookie request header (so later readers see the renewed values). */
export function rewriteCookieHeader(header: string | undefined, changes: Record<string, string | null>): string {
  const parts = (header ?? "")
    .split(";")
    .map((p) => p.trim())
    .filter((p) => {
      const name = p.slice(0, p.indexOf("=")).trim();
      return p !== "" && !(name in changes);
    });
  for (const [name, value] of Object.entries(changes)) if (value !== null) parts.push(`${name}=${encodeURIComponent(value)}`);
  return parts.join("; ");
}

/** The remember-me value the browser holds (revoked when a new login replaces it). */
export function rememberCookie(request: Request): string | undefined {
  return parseCookies(request.headers.get("cookie"))[REMEMBER_COOKIE];
}

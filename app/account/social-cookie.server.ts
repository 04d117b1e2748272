/** The short-lived cookie that carries a social login's PKCE verifier, state and nonce to the callback. */
import { serializeCookie, type CookieTarget } from "./cookies.server.ts";

export const SOCIAL_COOKIE = "casa_oidc";

/** `formPost`: the provider answers with a cross-site form POST (Apple), so the cookie must be SameSite=None. */
export function socialCookie(value: string, target: CookieTarget, formPost: boolean): string {
  return serializeCookie(SOCIAL_COOKIE, value, target, 10 * 60, formPost);
}

export function clearSocialCookie(target: CookieTarget): string {
  return serializeCookie(SOCIAL_COOKIE, "", target, 0);
}

/** How the account API presents a user and a new session (seed 001 §3, §7): plain JSON, the tokens only in HttpOnly cookies. */
import { TERMS_THRESHOLD_SECONDS } from "../../core/account/consent.ts";
import type { SessionIssue } from "./sessions.server.ts";
import type { SessionClaims } from "./tokens.server.ts";

/** §3 User as the API presents it, from the session token's claims (plus consents when read). */
export function presentUser(claims: SessionClaims, consents?: Record<string, boolean>) {
  return {
    id: claims.uid,
    displayName: claims.name,
    displayname: claims.name,
    username: claims.email,
    isAuthenticated: true,
    checked: true,
    isNotVerified: !claims.ver,
    lastPrivacyAcceptanceDt: claims.tc,
    hasToShowTCModalConsent: claims.tc !== null && claims.tc < TERMS_THRESHOLD_SECONDS && !claims.ti,
    trusted_identity: claims.ti,
    isPublisherBlacklisted: false,
    loginType: claims.lt,
    phone: claims.phone,
    ...(consents ? { consents } : {}),
  };
}

export function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

/** The §7 login answer: the user and the remember-me expiry; the tokens themselves stay in HttpOnly cookies. */
export function sessionResponse(issue: SessionIssue, extra: { msg?: string; redirect?: string | null } = {}): Response {
  return withCookies(
    Response.json({
      error: false,
      msg: extra.msg ?? "",
      user: presentUser(issue.claims),
      rememberMe: true,
      jwt: null,
      publisherCookie: null,
      redirect: extra.redirect ?? null,
      expiresDateRememberMe: issue.rememberExpires.toISOString(),
      isNewAccount: issue.firstLogin ?? false,
    }),
    issue.setCookies,
  );
}

/**
 * The signed links of an alert mail (issue 23 item 6, docs/decisions/091): one token per mail names its
 * user, saved search and channel, carries a random id and expires after ALERT_LINK_TTL_DAYS. The same
 * token opens the three pages that work without login — turn this alert off, manage the alerts of the
 * address, remove the address's mail and consents — and the one-click unsubscribe of RFC 8058. The
 * signature is app/account/tokens.server.ts `signClaims`; what the claims must hold is checked here.
 */
import type { AlertLocale } from "./alert-mail.ts";

export const ALERT_LINK_TTL_DAYS = 60;

export type AlertLinkChannel = "mail" | "push";

export interface AlertLinkClaims {
  /** User id. */
  u: number;
  /** Saved search id. */
  s: number;
  c: AlertLinkChannel;
  /** Random link id: an action that changes something is recorded once per id. */
  j: string;
  /** Expires, Unix seconds. */
  exp: number;
}

/** The actions a link performs; each works once per link id. Managing alerts is a settings page, used again freely. */
export type AlertLinkAction = "deactivate" | "remove";

/** The claims of a verified token's JSON, or null when they are not an alert link's. */
export function readAlertLinkClaims(raw: Record<string, unknown> | null): AlertLinkClaims | null {
  if (!raw) return null;
  const { u, s, c, j, exp } = raw;
  if (!Number.isSafeInteger(u) || !Number.isSafeInteger(s) || (c !== "mail" && c !== "push")) return null;
  if (typeof j !== "string" || !/^[A-Za-z0-9_-]{8,64}$/.test(j) || typeof exp !== "number") return null;
  return { u: u as number, s: s as number, c, j, exp };
}

export function alertLinkExpiry(nowMs: number): number {
  return Math.floor(nowMs / 1000) + ALERT_LINK_TTL_DAYS * 86_400;
}

export const ALERT_LINK_PATHS = {
  deactivate: "/deactivation-alerts/",
  manage: "/deactivation-alerts/manage-consents/",
  remove: "/remove-mail-and-consents/",
} as const;

/** The absolute links a mail carries for its token. `localize` puts a path under the locale's prefix (/en/). */
export function alertLinkUrls(origin: string, token: string, locale: AlertLocale, localize: (path: string, locale: AlertLocale) => string) {
  const q = `?t=${encodeURIComponent(token)}`;
  return {
    deactivate: `${origin}${localize(ALERT_LINK_PATHS.deactivate, locale)}${q}`,
    manage: `${origin}${localize(ALERT_LINK_PATHS.manage, locale)}${q}`,
    remove: `${origin}${localize(ALERT_LINK_PATHS.remove, locale)}${q}`,
    /** RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` here. */
    oneClick: `${origin}/deactivation-alerts/one-click${q}`,
  };
}

/** The List-Unsubscribe headers (RFC 2369 + RFC 8058) for a mail whose one-click link is `oneClick`. */
export function listUnsubscribeHeaders(oneClick: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Cookie consent as the Garante's guidelines of 10 June 2021 ask (docs/decisions/089): a choice between the
 * optional cookie purposes, kept in one cookie for six months and read strictly (anything else counts as no
 * choice, so the banner shows again). Import-free: the browser's banner and the server share it.
 */

/** The consent cookie (technical: it only remembers the choice). */
export const CONSENT_COOKIE = "casa_consent";

/** Six months: the Garante's guidelines do not ask again before (and a choice older than that is asked again). */
export const CONSENT_MAX_AGE_S = 183 * 24 * 60 * 60;

/** A clock a little ahead of ours still counts; a choice dated further in the future is forged. */
const FUTURE_SKEW_S = 5 * 60;

/** The optional purposes a visitor chooses; technical cookies need no consent and are not listed. */
export const CONSENT_PURPOSES = ["statistiche", "profilazione"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export interface ConsentChoice {
  statistiche: boolean;
  profilazione: boolean;
  /** When the visitor chose (seconds since the epoch). */
  at: number;
}

/** Server-side record of a logged-in user's choice (user_consents kinds, beside privacy and marketing). */
export const CONSENT_KINDS: Record<ConsentPurpose, string> = {
  statistiche: "cookie-statistiche",
  profilazione: "cookie-profilazione",
};

/** The cookie's value: "1.<statistiche 0|1><profilazione 0|1>.<seconds>", e.g. "1.00.1764150000". */
export function formatConsent(choice: ConsentChoice): string {
  return `1.${choice.statistiche ? 1 : 0}${choice.profilazione ? 1 : 0}.${choice.at}`;
}

const VALUE = /^1\.([01])([01])\.(\d{10})$/;

/** The choice in a cookie value, or null: missing, malformed, dated in the future or older than six months. */
export function parseConsent(raw: string | null | undefined, nowMs: number): ConsentChoice | null {
  const m = raw ? VALUE.exec(raw) : null;
  if (!m) return null;
  const at = Number(m[3]);
  const now = Math.floor(nowMs / 1000);
  if (at > now + FUTURE_SKEW_S || now - at >= CONSENT_MAX_AGE_S) return null;
  return { statistiche: m[1] === "1", profilazione: m[2] === "1", at };
}

/** What a button or the preferences form asks for. */
export type ConsentAction = "accetta" | "rifiuta" | "personalizza";

export function choiceFor(action: ConsentAction, custom: Partial<Record<ConsentPurpose, boolean>>, nowMs: number): ConsentChoice {
  const all = action === "accetta";
  const pick = (p: ConsentPurpose) => (action === "personalizza" ? custom[p] === true : all);
  return { statistiche: pick("statistiche"), profilazione: pick("profilazione"), at: Math.floor(nowMs / 1000) };
}

/** Seconds the cookie lives from now: what is left of the six months since the choice. */
export function consentCookieMaxAge(choice: ConsentChoice, nowMs: number): number {
  return Math.max(0, choice.at + CONSENT_MAX_AGE_S - Math.floor(nowMs / 1000));
}

/** Where to go back after a choice sent without JavaScript: a path of this site, never another origin. */
export function safeReturnPath(raw: unknown, fallback: string): string {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\") || raw.length > 2000) return fallback;
  return /[\u0000-\u001f]/.test(raw) ? fallback : raw;
}

/** The browser event the banner sends once a choice is made (the social prompt waits for it). */
export const CONSENT_EVENT = "casa:consent";

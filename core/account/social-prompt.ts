/**
 * Seed 001 §2: "A social or one-tap prompt appears on the homepage and the results page only when the user
 * has been checked, is not logged in, and the consent wait is over." Our own small card, not Google's One Tap
 * script (docs/decisions/069). Import-free: the page loads this at once, the card itself only once it shows.
 */

/**
 * The consent wait is over once the visitor has answered the cookie banner (given or refused, docs/decisions/089)
 * and this long after the page's load (performance.now()), which keeps the prompt out of the page's first paint
 * and first interaction (decision 069).
 */
export const SOCIAL_PROMPT_WAIT_MS = 5_000;

/** Closing the card keeps it away this long (in this browser). */
export const SOCIAL_PROMPT_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;

/** Local storage: when the visitor last closed the card (ms since the epoch). */
export const SOCIAL_PROMPT_DISMISSED_KEY = "casa.socialPromptDismissed";

export interface SocialPromptFacts {
  /** The session check has run for what the page shows (hydrated on the server's answer, no re-check pending). */
  checked: boolean;
  loggedIn: boolean;
  /** Configured social providers: without one the card has nothing to offer. */
  providers: number;
  /** The cookie banner has been answered (a valid choice in the cookie, or made on this page). */
  consentChosen: boolean;
  /** Milliseconds since the page loaded. */
  sinceLoadMs: number;
  /** When the card was last closed (ms since the epoch), null if never. */
  dismissedAt: number | null;
  now: number;
  /** A modal (login, terms, search tools) was open during this page view: the card never competes with one. */
  modalSeen: boolean;
}

/** How long until the consent wait is over (0 once it is). */
export function consentWaitLeft(sinceLoadMs: number): number {
  return Math.max(0, SOCIAL_PROMPT_WAIT_MS - sinceLoadMs);
}

/**
 * Closed recently: within SOCIAL_PROMPT_DISMISS_MS either way, so a clock set back a little keeps it closed
 * while a date far in the future (a broken or edited value) does not hide the card for good.
 */
export function dismissedRecently(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && Math.abs(now - dismissedAt) < SOCIAL_PROMPT_DISMISS_MS;
}

export function shouldShowSocialPrompt(f: SocialPromptFacts): boolean {
  return (
    f.checked &&
    !f.loggedIn &&
    f.providers > 0 &&
    f.consentChosen &&
    consentWaitLeft(f.sinceLoadMs) === 0 &&
    !dismissedRecently(f.dismissedAt, f.now) &&
    !f.modalSeen
  );
}

/** The stored closing time, or null for a missing or unreadable value. */
export function parseDismissedAt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

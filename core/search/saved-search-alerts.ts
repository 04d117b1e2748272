/**
 * Saved-search alerts and the save-search button's rules (seed 001 §3 "Notification frequency", §4
 * "Save-search button", "Hint tooltips", "Alerts and notifications", §9): frequencies per channel, the
 * button's three states, the hint tooltips' timing. Pure and import-free, so the browser can load it
 * without the search-state module (core/search/saved-search.ts re-exports it for the server).
 */

// ---------- alerts (§3 "Notification frequency", §4 "Alerts and notifications") ----------

export const alertFrequencies = ["immediately", "daily", "never"] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];
export const alertChannels = ["mail", "push"] as const;
export type AlertChannel = (typeof alertChannels)[number];

/** §3 notifications: both channels with their frequency. */
export interface Notifications {
  hasPush: boolean;
  pushFrequency: AlertFrequency;
  hasEmail: boolean;
  emailFrequency: AlertFrequency;
}

/** §3 alerts: one per channel, with its id (kept on update). */
export interface SearchAlert {
  alertType: AlertChannel;
  alertFrequency: AlertFrequency;
  searchAlertId: number;
}

/** What a new saved search starts with when nothing is said: e-mail once a day, no push. */
export const defaultNotifications: Readonly<Notifications> = Object.freeze({
  hasPush: false,
  pushFrequency: "never",
  hasEmail: true,
  emailFrequency: "daily",
});

/**
 * The frequency a channel is stored with: a channel turned off is sent as never (§4); a channel turned
 * on without a frequency, or with never, is immediately (the accordion's toggle).
 */
export function channelFrequency(on: boolean, frequency: AlertFrequency | undefined): AlertFrequency {
  if (!on) return "never";
  return frequency === undefined || frequency === "never" ? "immediately" : frequency;
}

/** Notifications in normal form: has* and frequency agree. */
export function normaliseNotifications(n: Partial<Notifications>): Notifications {
  const hasEmail = n.hasEmail ?? (n.emailFrequency !== undefined && n.emailFrequency !== "never");
  const hasPush = n.hasPush ?? (n.pushFrequency !== undefined && n.pushFrequency !== "never");
  const emailFrequency = channelFrequency(hasEmail, n.emailFrequency);
  const pushFrequency = channelFrequency(hasPush, n.pushFrequency);
  return { hasEmail: emailFrequency !== "never", emailFrequency, hasPush: pushFrequency !== "never", pushFrequency };
}

/** Notifications read back from stored alerts (a missing channel is off). */
export function notificationsOf(alerts: readonly Pick<SearchAlert, "alertType" | "alertFrequency">[]): Notifications {
  const mail = alerts.find((a) => a.alertType === "mail")?.alertFrequency ?? "never";
  const push = alerts.find((a) => a.alertType === "push")?.alertFrequency ?? "never";
  return { hasEmail: mail !== "never", emailFrequency: mail, hasPush: push !== "never", pushFrequency: push };
}

/** The alarm icon (any alert not never) or the no-alarm icon (§4 "Save-search button"). */
export function hasActiveAlert(alerts: readonly Pick<SearchAlert, "alertFrequency">[]): boolean {
  return alerts.some((a) => a.alertFrequency !== "never");
}

// ---------- the save-search button (§4) ----------

export type SaveSearchButtonState =
  | { kind: "not-saved" }
  | { kind: "saved"; alarm: boolean }
  /** Saved by this browser's account, which is not logged in now: 'Attiva ricerca' asks to log in. */
  | { kind: "inactive" };

export function saveSearchButtonState(input: {
  loggedIn: boolean;
  saved: { alerts: readonly Pick<SearchAlert, "alertFrequency">[] } | null;
  /** The search's hash is among the saved searches this browser remembers from its last login. */
  knownFromCache: boolean;
}): SaveSearchButtonState {
  if (input.loggedIn) return input.saved ? { kind: "saved", alarm: hasActiveAlert(input.saved.alerts) } : { kind: "not-saved" };
  return input.knownFromCache ? { kind: "inactive" } : { kind: "not-saved" };
}

// ---------- hint tooltips (§4 "Hint tooltips", §9) ----------

export const SAVE_SEARCH_HINT_INTERVAL_MS = 12 * 60 * 60 * 1000;
export const NOTIFICATION_TOOLTIP_INTERVAL_MS = 6 * 60 * 60 * 1000;
export const SAVE_SEARCH_HINT_KEY = "casa.saveSearchHintAt";
export const NOTIFICATION_TOOLTIP_KEY = "casa.notificationTooltipAt";

/** The save-search hint: desktop only, unsaved and inactive search, page 1, 1–500 results, not shown in the last 12 hours. */
export function showSaveSearchHint(input: {
  isDesktop: boolean;
  state: SaveSearchButtonState;
  page: number;
  total: number;
  lastShownAt: number | null;
  now: number;
}): boolean {
  return (
    input.isDesktop &&
    input.state.kind === "not-saved" &&
    input.page === 1 &&
    input.total >= 1 &&
    input.total <= 500 &&
    (input.lastShownAt === null || input.now - input.lastShownAt >= SAVE_SEARCH_HINT_INTERVAL_MS)
  );
}

/** The notification tooltip of a saved-but-inactive search: at most once every 6 hours, never once the user is logged in. */
export function showNotificationTooltip(input: {
  state: SaveSearchButtonState;
  loggedIn: boolean;
  lastShownAt: number | null;
  now: number;
}): boolean {
  return (
    !input.loggedIn &&
    input.state.kind === "inactive" &&
    (input.lastShownAt === null || input.now - input.lastShownAt >= NOTIFICATION_TOOLTIP_INTERVAL_MS)
  );
}

/** A timestamp read from storage: a number in the past, else null (a corrupt or future value does not silence the hint forever). */
export function readTimestamp(stored: string | null, now: number): number | null {
  const n = stored === null ? NaN : Number(stored);
  return Number.isFinite(n) && n > 0 && n <= now ? n : null;
}

// ---------- proposing to save the search (§4 "Favourites", "Contact and phone") ----------

/** Results above which a visitor's favourite brings the proposal (§4 "Favourites"). */
export const PROPOSAL_MIN_TOTAL_FOR_VISITORS = 10;

/**
 * After a favourite or a lead, offer to save the search the user came from — only when it is not saved
 * already, and the rules permit: after a lead (unless that proposal is switched off), or after a
 * favourite by a visitor whose search has more than 10 results.
 */
export function proposeSaveSearch(input: {
  origin: "favourite" | "lead";
  state: SaveSearchButtonState;
  loggedIn: boolean;
  total: number;
  afterLeadEnabled: boolean;
}): boolean {
  if (input.state.kind !== "not-saved") return false;
  if (input.origin === "lead") return input.afterLeadEnabled;
  return !input.loggedIn && input.total > PROPOSAL_MIN_TOTAL_FOR_VISITORS;
}

/**
 * Saved searches (seed 001 §3 "Saved search", "Notification frequency", §4 "Save-search button",
 * "Alerts and notifications"): the one canonical form of a search to save, its hash, and the alert
 * settings. Built on the search-state module — the normal form of query.ts and the raw form the URL
 * codec writes (url.ts toRawFilters) — so no filter is encoded a second time. Pure: no I/O.
 *
 * The same search gives the same string and hash whatever the order of its filters, set values or
 * places (the normal form sorts them) and wherever a drawn polygon starts or whichever way it turns
 * (the ring is turned counter-clockwise and started at its lowest vertex here). Page and sort are not
 * part of what is saved as the search: the sort is kept beside it (activeSort).
 */
import { openRing } from "./geometry.ts";
import { defaultQuery, type GeoArea, type SearchQuery } from "./query.ts";
import { toRawFilters } from "./url.ts";
import type { RawValue } from "./filters.ts";

/** Coordinates are kept to 7 decimals (about 1 cm), as commute points are (seed 001 §3). */
const COORDINATE_DECIMALS = 7;
const round = (x: number) => Number(x.toFixed(COORDINATE_DECIMALS));

type LonLat = [number, number];

/** Twice the signed area (positive: counter-clockwise in lon/lat). */
function signedArea(ring: LonLat[]): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) s += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return s;
}

/** The polygon as one ring: open, rounded, counter-clockwise, starting at its lowest (lon, then lat) vertex. */
export function canonicalRing(input: readonly LonLat[]): LonLat[] {
  let ring = openRing(input.map(([lon, lat]) => [round(lon), round(lat)] as LonLat));
  if (signedArea(ring) < 0) ring = [...ring].reverse();
  let start = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x, y] = ring[i]!, [bx, by] = ring[start]!;
    if (x < bx || (x === bx && y < by)) start = i;
  }
  return [...ring.slice(start), ...ring.slice(0, start)];
}

function canonicalGeo(geo: GeoArea | null): GeoArea | null {
  if (!geo) return null;
  switch (geo.kind) {
    case "polygon": return { kind: "polygon", ring: canonicalRing(geo.ring) };
    case "bounds": return { kind: "bounds", bbox: geo.bbox.map(round) as [number, number, number, number] };
    case "circle": return { kind: "circle", lat: round(geo.lat), lon: round(geo.lon), radius: geo.radius };
    case "nearby": return { kind: "nearby", lat: round(geo.lat), lon: round(geo.lon), mode: geo.mode, minutes: geo.minutes };
  }
}

/**
 * The search as it is saved: page 1, the default sort, the shape in canonical form, and auctions
 * excluded when asked ('Escludi immobili all’asta', seed 001 §5: exclude_auction in the saved URL).
 */
export function savedSearchQuery(query: SearchQuery, options: { excludeAuctions?: boolean } = {}): SearchQuery {
  const filters = options.excludeAuctions && auctionExclusionAllowed(query) ? { ...query.filters, auction: "exclude" as const } : query.filters;
  return { ...query, filters, geo: canonicalGeo(query.geo), page: 1, sort: defaultQuery.sort };
}

/** 'Escludi immobili all’asta' is offered only where the auction choice is (sale) and auctions are not the search itself. */
export function auctionExclusionAllowed(query: SearchQuery): boolean {
  return query.channel === "vendita" && query.filters.auction !== "only";
}

/** The raw filters (seed 000 §3 keys, the codec's canonical order) of the saved search: what parseSearch restores it from. */
export function savedSearchRaw(query: SearchQuery): Record<string, RawValue> {
  return toRawFilters(savedSearchQuery(query));
}

/** The stable serialized string of a search (§3 "a serialized string"). */
export function serializeSearch(query: SearchQuery): string {
  return JSON.stringify(savedSearchRaw(query));
}

/**
 * A 128-bit hash of a string as 32 hex digits (cyrb128: four 32-bit lanes mixed with Math.imul). Not
 * cryptographic: a user can only collide with their own saved searches. Pure and synchronous, so the
 * browser and the server compute the same value.
 */
export function hashString(text: string): string {
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, "0")).join("");
}

/** §7 serialize: `{ str, hash }` of a search. */
export function serializeWithHash(query: SearchQuery): { str: string; hash: string } {
  const str = serializeSearch(query);
  return { str, hash: hashString(str) };
}

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
export const defaultNotifications: Readonly<Notifications> = Object.freeze({ hasPush: false, pushFrequency: "never", hasEmail: true, emailFrequency: "daily" });

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
  isDesktop: boolean; state: SaveSearchButtonState; page: number; total: number; lastShownAt: number | null; now: number;
}): boolean {
  return input.isDesktop && input.state.kind === "not-saved" && input.page === 1 && input.total >= 1 && input.total <= 500
    && (input.lastShownAt === null || input.now - input.lastShownAt >= SAVE_SEARCH_HINT_INTERVAL_MS);
}

/** The notification tooltip of a saved-but-inactive search: at most once every 6 hours, never once the user is logged in. */
export function showNotificationTooltip(input: { state: SaveSearchButtonState; loggedIn: boolean; lastShownAt: number | null; now: number }): boolean {
  return !input.loggedIn && input.state.kind === "inactive"
    && (input.lastShownAt === null || input.now - input.lastShownAt >= NOTIFICATION_TOOLTIP_INTERVAL_MS);
}

/** A timestamp read from storage: a number in the past, else null (a corrupt or future value does not silence the hint forever). */
export function readTimestamp(stored: string | null, now: number): number | null {
  const n = stored === null ? NaN : Number(stored);
  return Number.isFinite(n) && n > 0 && n <= now ? n : null;
}

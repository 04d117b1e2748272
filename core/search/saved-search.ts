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
 * The alert settings, the button's states and the hint rules are in saved-search-alerts.ts (re-exported
 * here): the browser imports that one alone, so the results page does not load the URL codec up front.
 */
import { openRing } from "./geometry.ts";
import { defaultQuery, parseSearch, type GeoArea, type SearchQuery } from "./query.ts";
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
    const [x, y] = ring[i]!,
      [bx, by] = ring[start]!;
    if (x < bx || (x === bx && y < by)) start = i;
  }
  return [...ring.slice(start), ...ring.slice(0, start)];
}

function canonicalGeo(geo: GeoArea | null): GeoArea | null {
  if (!geo) return null;
  switch (geo.kind) {
    case "polygon":
      return { kind: "polygon", ring: canonicalRing(geo.ring) };
    case "bounds":
      return { kind: "bounds", bbox: geo.bbox.map(round) as [number, number, number, number] };
    case "circle":
      return { kind: "circle", lat: round(geo.lat), lon: round(geo.lon), radius: geo.radius };
    case "nearby":
      return { kind: "nearby", lat: round(geo.lat), lon: round(geo.lon), mode: geo.mode, minutes: geo.minutes };
  }
}

/**
 * The search as it is saved: page 1, the default sort, the shape in canonical form, and auctions
 * excluded when asked ('Escludi immobili all’asta', seed 001 §5: exclude_auction in the saved URL).
 */
export function savedSearchQuery(query: SearchQuery, options: { excludeAuctions?: boolean } = {}): SearchQuery {
  const filters =
    options.excludeAuctions && auctionExclusionAllowed(query) ? { ...query.filters, auction: "exclude" as const } : query.filters;
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
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
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

/** The search a serialized string stands for (the saved form; the sort is kept beside it). Throws when it no longer parses. */
export function deserializeSearch(serialized: string): SearchQuery {
  return parseSearch(JSON.parse(serialized) as Record<string, unknown>);
}

/** §7 serialize: `{ str, hash }` of a search. */
export function serializeWithHash(query: SearchQuery): { str: string; hash: string } {
  const str = serializeSearch(query);
  return { str, hash: hashString(str) };
}

export * from "./saved-search-alerts.ts";

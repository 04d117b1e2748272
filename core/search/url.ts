/**
 * The search URL codec: one readable, canonical Italian URL per search (docs/decisions/011-search-urls.md).
 *
 *   /{channel}/{group}/{place}/{sub-place}/{rooms}/?{raw filter keys of seed 000 §3}
 *
 * e.g. /vendita/case/milano/?price_max=300000&sortType=prezzo-crescente, /affitto/case/roma/bilocali/,
 * /aste/case/napoli/, /affitto-breve/case-vacanza/rimini/, /vendita/case/milano/zona-duomo/.
 * Pure: no React, no database; places come through the small UrlPlaceLookup interface.
 */
import { PlaceLevel } from "../places.ts";
import { slugify } from "../text.ts";
import { geoFormByKey, geoFormOf, searchFilters, type AnyFilter, type FilterRegistry, type RawValue } from "./filters.ts";
import { parseSearch, SearchRuleError, type SearchQuery } from "./query.ts";
import { groupAliases, groupsByChannel, roomSlugs, sortParam, type Channel, type PropertyTypeGroup } from "./vocabulary.ts";

export interface UrlPlace {
  id: string;
  level: number;
  qslug: string;
  name: string;
  parentId: string | null;
  nameEn?: string | null;
}
/** db/place-directory.ts PlaceDirectory satisfies this structurally. */
export interface UrlPlaceLookup {
  get(id: string): UrlPlace | undefined;
  bySlug(level: number, qslug: string): UrlPlace | undefined;
}

/**
 * What the map view adds to a search (docs/decisions/056): the path ends in /mappa/ and the query may
 * carry the map's zoom. Its bounds, drawn polygon, circle or travel-time area are the search's own geo
 * keys (geobounds, geopolygon, geocircle, nearby), so the list and the map search the same area.
 */
export interface MapView {
  zoom: number | null;
}
export const MAP_SEGMENT = "mappa";
/** The query key of the map's zoom (map URLs only), written after every search key. */
export const MAP_ZOOM_KEY = "zoom";

export type DecodedSearchUrl =
  | { kind: "search"; query: SearchQuery; canonical: string; map?: MapView }
  | { kind: "not-found"; reason: string };

/** Court auctions: the sale channel with auctions only. */
const AUCTION_ROOT = "aste";
/** The first path segments the codec owns, so the app can route them. */
export const searchPathRoots: readonly string[] = ["vendita", "affitto", "affitto-breve", AUCTION_ROOT];

/** Short rent's only group is shown as case-vacanza in the URL. */
const SHORT_RENT_GROUP_SLUG = "case-vacanza";

/** Segment suffixes for the levels above a town (towns are bare qslugs). */
const anchorSuffix: Readonly<Record<number, string>> = { [PlaceLevel.region]: "regione", [PlaceLevel.province]: "provincia" };
/** Segment prefixes for places below a town (or below a province, for coastal areas). */
const subPlacePrefix: Readonly<Record<number, string>> = {
  [PlaceLevel.zone]: "zona",
  [PlaceLevel.block]: "quartiere",
  [PlaceLevel.metroLine]: "metro",
  [PlaceLevel.metroStop]: "fermata",
  [PlaceLevel.nonAdminZone]: "area",
  [PlaceLevel.nonAdminSubZone]: "sottoarea",
};
const subPlaceLevelByPrefix = new Map(Object.entries(subPlacePrefix).map(([level, prefix]) => [prefix, Number(level)]));
const roomSlugByCount = new Map(Object.entries(roomSlugs).map(([slug, n]) => [n as number, slug]));

// ---------- raw filters (the inverse of parseSearch) ----------

/**
 * The raw flat filter object (seed 000 §3 keys, as parseSearch accepts them) for a query:
 * parseSearch(toRawFilters(q)) deep-equals q. Defaults are left out; every place id is in `zones`.
 * Keys come in the canonical order the URL uses.
 */
export function toRawFilters(query: SearchQuery, registry: FilterRegistry = searchFilters): Record<string, RawValue> {
  const raw: Record<string, RawValue> = {};
  if (query.channel !== "vendita") raw.channel = query.channel;
  if (query.group !== "case") raw.propertyTypeGroup = query.group;
  if (query.places.length > 0) raw.zones = [...query.places];
  if (query.propertyTypes.length > 0) raw.propertyTypes = [...query.propertyTypes];
  Object.assign(raw, registry.write(query.filters));
  if (query.geo) {
    const form = geoFormOf(query.geo.kind);
    raw[form.key] = form.toRaw(query.geo as never);
  }
  if (query.includeSurrounding) raw.includeSurrounding = true;
  if (query.sort !== "rilevanza") raw.sortType = sortParam(query.sort);
  if (query.page !== 1) raw.page = query.page;
  return raw;
}

// ---------- query-string form of each key ----------

/** Query-string keys that are not filters: before the filters, and after them (after the geo keys). */
const LEADING_KEYS = ["zones", "propertyTypes"] as const;
const TRAILING_KEYS = ["includeSurrounding", "sortType", "page"] as const;
const FRAME_LIST_KEYS = new Set(["zones", "propertyTypes"]);

interface UrlKeys {
  order: readonly string[];
  lists: ReadonlySet<string>;
  byLower: ReadonlyMap<string, string>;
}
const urlKeysCache = new WeakMap<FilterRegistry, UrlKeys>();
/** The keys the query string may carry, in canonical order (the path holds channel, group, the first place and a single rooms count). */
function urlKeysOf(registry: FilterRegistry): UrlKeys {
  let keys = urlKeysCache.get(registry);
  if (!keys) {
    const order = [...LEADING_KEYS, ...registry.urlKeys, ...geoFormByKey.keys(), ...TRAILING_KEYS];
    keys = {
      order,
      lists: new Set([...FRAME_LIST_KEYS, ...registry.listUrlKeys]),
      // Accepted spellings in typed URLs (any case) → canonical key.
      byLower: new Map<string, string>([
        ...order.map((k) => [k.toLowerCase(), k] as [string, string]),
        ...registry.urlKeyByLower,
        ["surrounding", "includeSurrounding"],
      ]),
    };
    urlKeysCache.set(registry, keys);
  }
  return keys;
}

/** The compact text of one raw value in the query string. */
function urlValue(key: string, value: RawValue): string {
  if (Array.isArray(value)) return value.join(",");
  if (typeof value !== "object") return String(value);
  const geo = geoFormByKey.get(key);
  return geo ? geo.toText(value as Record<string, unknown>) : JSON.stringify(value);
}

/** The raw value parseSearch accepts for one query-string value; undefined when it cannot be read. */
function rawValueOf(key: string, text: string, lists: ReadonlySet<string>): unknown {
  const geo = geoFormByKey.get(key);
  if (geo) return geo.fromText(text);
  if (lists.has(key))
    return text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return text;
}

/** encodeURIComponent, keeping the separators of our compact values readable. */
function encodeQueryValue(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ",").replace(/%3B/gi, ";").replace(/%3A/gi, ":");
}

// ---------- places in the path ----------

/** The place a sub-town place hangs under in the path: its town, or (coastal areas) its province or region. */
export function anchorOf(place: UrlPlace, places: UrlPlaceLookup): UrlPlace | undefined {
  let current: UrlPlace | undefined = place;
  for (let i = 0; i < 10 && current; i++) {
    current = current.parentId ? places.get(current.parentId) : undefined;
    if (current && current.level <= PlaceLevel.town) return current;
  }
  return undefined;
}

/** The path segments for a place: one for a town, province, region or the country, two below a town. */
function placeSegments(place: UrlPlace, places: UrlPlaceLookup): string[] | null {
  if (place.level <= PlaceLevel.town) {
    const suffix = anchorSuffix[place.level];
    return [suffix ? `${place.qslug}-${suffix}` : place.qslug];
  }
  const prefix = subPlacePrefix[place.level];
  const anchor = anchorOf(place, places);
  if (!prefix || !anchor) return null;
  const [anchorSegment] = placeSegments(anchor, places) ?? [];
  if (!anchorSegment) return null;
  const rest = place.qslug.startsWith(`${anchor.qslug}-`) ? place.qslug.slice(anchor.qslug.length + 1) : place.qslug;
  return [anchorSegment, `${prefix}-${rest}`];
}

function anchorFromSegment(segment: string, places: UrlPlaceLookup): UrlPlace | undefined {
  for (const [level, suffix] of Object.entries(anchorSuffix)) {
    if (segment.endsWith(`-${suffix}`)) {
      const found = places.bySlug(Number(level), segment.slice(0, -(suffix.length + 1)));
      if (found) return found;
    }
  }
  return places.bySlug(PlaceLevel.town, segment) ?? places.bySlug(PlaceLevel.country, segment);
}

function subPlaceFromSegment(anchor: UrlPlace, segment: string, places: UrlPlaceLookup): UrlPlace | undefined {
  const dash = segment.indexOf("-");
  if (dash < 0) return undefined;
  const level = subPlaceLevelByPrefix.get(segment.slice(0, dash));
  const rest = segment.slice(dash + 1);
  if (level === undefined || !rest) return undefined;
  for (const qslug of [`${anchor.qslug}-${rest}`, rest]) {
    const found = places.bySlug(level, qslug);
    if (found && anchorOf(found, places)?.id === anchor.id) return found;
  }
  return undefined;
}

// ---------- encode ----------

/** The filters the path can hold (the auction root, the rooms segment): their raw keys come from the registry. */
function pathFilter(registry: FilterRegistry, key: "auction" | "rooms"): AnyFilter {
  const entry = registry.entry(key);
  if (!entry) throw new Error(`the URL codec needs the "${key}" filter`);
  return entry;
}

function groupSegment(channel: Channel, group: PropertyTypeGroup): string {
  return channel === "affitto-breve" && group === "case" ? SHORT_RENT_GROUP_SLUG : group;
}

/** Canonical path + query for a search, without locale prefix. */
export function encodeSearchUrl(query: SearchQuery, places: UrlPlaceLookup, registry: FilterRegistry = searchFilters): string {
  const raw = toRawFilters(query, registry);
  const auctions = query.channel === "vendita" && query.filters.auction === "only";
  const segments = [auctions ? AUCTION_ROOT : query.channel, groupSegment(query.channel, query.group)];
  if (auctions) for (const key of Object.keys(pathFilter(registry, "auction").write("only"))) delete raw[key];

  const zones = query.places.filter((id) => places.get(id) !== undefined);
  const unknown = query.places.filter((id) => places.get(id) === undefined);
  let pathPlace: string[] | null = null;
  for (const id of zones) {
    pathPlace = placeSegments(places.get(id)!, places);
    if (pathPlace) {
      zones.splice(zones.indexOf(id), 1);
      break;
    }
  }
  if (pathPlace) segments.push(...pathPlace);
  const rest = [...zones, ...unknown];
  if (rest.length > 0) raw.zones = rest;
  else delete raw.zones;

  const rooms = query.filters.rooms;
  const roomSlug = rooms && rooms.min !== undefined && rooms.min === rooms.max ? roomSlugByCount.get(rooms.min) : undefined;
  if (roomSlug) {
    segments.push(roomSlug);
    for (const { key } of pathFilter(registry, "rooms").urlKeys) delete raw[key];
  }

  const pairs: string[] = [];
  for (const key of urlKeysOf(registry).order) {
    const value = raw[key];
    if (value === undefined) continue;
    pairs.push(`${key}=${encodeQueryValue(urlValue(key, value))}`);
  }
  return `/${segments.join("/")}/${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}

/** A zoom as the URL keeps it: 0–22, two decimals; null when it is no such number. */
export function urlZoom(value: unknown): number | null {
  const zoom = typeof value === "string" && numberLike.test(value.trim()) ? Number(value) : typeof value === "number" ? value : NaN;
  return Number.isFinite(zoom) && zoom >= 0 && zoom <= 22 ? Math.round(zoom * 100) / 100 : null;
}
const numberLike = /^\d+(\.\d+)?$/;

/**
 * The canonical URL of a search's map view: the list URL with /mappa/ after its path segments and the
 * zoom last. `mapUrlOf` and `listUrlOf` switch a canonical URL between the two views, keeping everything else.
 */
export function encodeMapUrl(query: SearchQuery, view: MapView, places: UrlPlaceLookup, registry: FilterRegistry = searchFilters): string {
  return mapUrlOf(encodeSearchUrl(query, places, registry), view.zoom);
}

export function mapUrlOf(listUrl: string, zoom: number | null = null): string {
  const [path, search = ""] = listUrl.split("?", 2) as [string, string?];
  const pairs = search.split("&").filter(Boolean);
  const z = urlZoom(zoom);
  if (z !== null) pairs.push(`${MAP_ZOOM_KEY}=${z}`);
  return `${path}${MAP_SEGMENT}/${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}

export function listUrlOf(mapUrl: string): string {
  const [path, search = ""] = mapUrl.split("?", 2) as [string, string?];
  const suffix = `/${MAP_SEGMENT}/`;
  const listPath = path.endsWith(suffix) ? path.slice(0, -MAP_SEGMENT.length - 1) : path;
  const pairs = search.split("&").filter((p) => p && !p.startsWith(`${MAP_ZOOM_KEY}=`));
  return `${listPath}${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}

/** The canonical URL of the same search on another page (page 1 has no page key). */
export function withPage(canonical: string, page: number): string {
  const [path, search = ""] = canonical.split("?", 2) as [string, string?];
  const pairs = search.split("&").filter((p) => p && !p.startsWith("page=") && !p.startsWith(`${MAP_ZOOM_KEY}=`));
  if (page > 1) pairs.push(`page=${page}`);
  // A map URL's zoom stays last.
  pairs.push(...search.split("&").filter((p) => p.startsWith(`${MAP_ZOOM_KEY}=`)));
  return `${path}${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}

// ---------- decode ----------

const MAX_URL_LENGTH = 8000;
const MAX_QUERY_PAIRS = 100;

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/** Which query keys a SearchRuleError or ZodError field points at. */
function keysForField(field: string, registry: FilterRegistry): string[] {
  const base = field.split(".")[0] ?? field;
  const frame: Record<string, string[]> = { locations: ["zones"], includeSurrounding: ["includeSurrounding"] };
  return Object.hasOwn(frame, base) ? frame[base]! : registry.keysOfField(base);
}

/**
 * Decodes a search URL. pathname is without the /en prefix; search is location.search ("" or "?…").
 * Never throws: unknown or invalid query keys are dropped (the canonical URL shows what was kept);
 * a path that names no channel, group or place the portal knows is not-found.
 */
export function decodeSearchUrl(
  pathname: string,
  search: string,
  places: UrlPlaceLookup,
  registry: FilterRegistry = searchFilters,
): DecodedSearchUrl {
  try {
    return decode(pathname, search, places, registry);
  } catch (error) {
    return { kind: "not-found", reason: `undecodable URL (${error instanceof Error ? error.message.slice(0, 80) : "error"})` };
  }
}

function decode(pathname: string, search: string, places: UrlPlaceLookup, registry: FilterRegistry): DecodedSearchUrl {
  if (pathname.length + search.length > MAX_URL_LENGTH) return { kind: "not-found", reason: "URL too long" };
  const segments: string[] = [];
  for (const part of pathname.split("/")) {
    if (part === "") continue;
    const decoded = safeDecode(part);
    if (decoded === null) return { kind: "not-found", reason: "malformed percent-encoding in the path" };
    const slug = slugify(decoded);
    if (!slug) return { kind: "not-found", reason: "empty path segment" };
    segments.push(slug);
  }
  // The map view: a last /mappa/ segment (docs/decisions/056).
  const isMap = segments.length > 1 && segments[segments.length - 1] === MAP_SEGMENT;
  if (isMap) segments.pop();
  const [root, groupSlugRaw, ...rest] = segments;
  if (!root || !searchPathRoots.includes(root)) return { kind: "not-found", reason: `unknown channel "${(root ?? "").slice(0, 40)}"` };
  const auctions = root === AUCTION_ROOT;
  const channel = (auctions ? "vendita" : root) as Channel;

  let group: PropertyTypeGroup = "case";
  if (groupSlugRaw !== undefined) {
    const slug =
      channel === "affitto-breve" && groupSlugRaw === SHORT_RENT_GROUP_SLUG
        ? "case"
        : Object.hasOwn(groupAliases, groupSlugRaw)
          ? groupAliases[groupSlugRaw]!
          : groupSlugRaw;
    if (!(groupsByChannel[channel] as readonly string[]).includes(slug)) {
      return { kind: "not-found", reason: `"${groupSlugRaw.slice(0, 40)}" is not offered for ${channel}` };
    }
    group = slug as PropertyTypeGroup;
  }

  let primary: UrlPlace | undefined;
  let anchor: UrlPlace | undefined;
  let rooms: number | undefined;
  for (const segment of rest) {
    if (rooms !== undefined) return { kind: "not-found", reason: "nothing may follow the rooms segment" };
    if (Object.hasOwn(roomSlugs, segment)) {
      rooms = roomSlugs[segment as keyof typeof roomSlugs];
    } else if (!anchor) {
      anchor = anchorFromSegment(segment, places);
      if (!anchor) return { kind: "not-found", reason: `unknown place "${segment.slice(0, 80)}"` };
      primary = anchor;
    } else if (primary === anchor) {
      primary = subPlaceFromSegment(anchor, segment, places);
      if (!primary) return { kind: "not-found", reason: `unknown place "${segment.slice(0, 80)}" in ${anchor.name}` };
    } else {
      return { kind: "not-found", reason: "too many path segments" };
    }
  }

  // The path's own filters, which the query string cannot override.
  const pathRaw: Record<string, unknown> = { channel, propertyTypeGroup: group };
  const auctionFilter = pathFilter(registry, "auction");
  const roomsFilter = pathFilter(registry, "rooms");
  if (auctions) Object.assign(pathRaw, auctionFilter.write("only"));
  if (rooms !== undefined) Object.assign(pathRaw, roomsFilter.write({ min: rooms, max: rooms }));
  const pathPlaces = primary ? [primary.id] : [];
  const owned = new Set([
    "channel",
    "tr",
    "category",
    "propertyTypeGroup",
    ...(rooms !== undefined ? roomsFilter.urlKeys.map((k) => k.key) : []),
    ...(auctions ? Object.keys(auctionFilter.schema) : []),
  ]);

  // Query string: known keys only, repeated list keys merged, the last value of other keys kept.
  const { byLower, lists } = urlKeysOf(registry);
  const texts = new Map<string, string>();
  const query = search.startsWith("?") ? search.slice(1) : search;
  let zoom: number | null = null;
  for (const pair of query.split("&").slice(0, MAX_QUERY_PAIRS)) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const key = safeDecode(eq < 0 ? pair : pair.slice(0, eq));
    const value = safeDecode(eq < 0 ? "" : pair.slice(eq + 1));
    if (key === null || value === null) continue;
    if (isMap && key.trim().toLowerCase() === MAP_ZOOM_KEY) {
      zoom = urlZoom(value) ?? zoom;
      continue;
    }
    const canonicalKey = byLower.get(key.trim().toLowerCase());
    if (!canonicalKey || owned.has(canonicalKey)) continue;
    const text = value.trim();
    if (text === "" || text.toLowerCase() === "all") continue;
    const previous = texts.get(canonicalKey);
    texts.set(canonicalKey, lists.has(canonicalKey) && previous ? `${previous},${text}` : text);
  }

  const candidate: Record<string, unknown> = {};
  for (const [key, text] of texts) {
    let value = rawValueOf(key, key === "sortType" ? text.toLowerCase() : text, lists);
    if (key === "zones" && Array.isArray(value))
      value = (value as string[]).map((id) => id.toUpperCase()).filter((id) => places.get(id) !== undefined);
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    // Each key alone must be valid with the path; then the keys together (conflicts drop the later key).
    try {
      parseSearch({ ...pathRaw, [key]: value }, pathPlaces, registry);
      candidate[key] = value;
    } catch {
      continue;
    }
  }
  let parsed: SearchQuery | undefined;
  for (let attempt = 0; attempt < 20 && !parsed; attempt++) {
    try {
      parsed = parseSearch({ ...candidate, ...pathRaw }, pathPlaces, registry);
    } catch (error) {
      const field =
        error instanceof SearchRuleError
          ? error.field
          : error && typeof error === "object" && "issues" in error
            ? String((error as { issues: Array<{ path: unknown[] }> }).issues[0]?.path[0] ?? "")
            : "";
      const keys = keysForField(field, registry).filter((k) => Object.hasOwn(candidate, k));
      if (keys.length === 0) {
        // Cannot tell which key is at fault: keep the path alone.
        parsed = parseSearch(pathRaw, pathPlaces, registry);
        break;
      }
      for (const k of keys) delete candidate[k];
    }
  }
  parsed ??= parseSearch(pathRaw, pathPlaces, registry);
  if (isMap) return { kind: "search", query: parsed, canonical: encodeMapUrl(parsed, { zoom }, places, registry), map: { zoom } };
  return { kind: "search", query: parsed, canonical: encodeSearchUrl(parsed, places, registry) };
}

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
import { parseSearch, SearchRuleError, type GeoArea, type SearchFilters, type SearchQuery } from "./query.ts";
import { groupAliases, groupsByChannel, roomSlugs, type Channel, type PropertyTypeGroup } from "./vocabulary.ts";

export interface UrlPlace { id: string; level: number; qslug: string; name: string; parentId: string | null; nameEn?: string | null }
/** db/place-directory.ts PlaceDirectory satisfies this structurally. */
export interface UrlPlaceLookup { get(id: string): UrlPlace | undefined; bySlug(level: number, qslug: string): UrlPlace | undefined }

export type DecodedSearchUrl =
  | { kind: "search"; query: SearchQuery; canonical: string }
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

type RawValue = string | number | boolean | string[] | object;

const rangeKeys = [
  ["price", "price"], ["payment", "payment"], ["mqprice", "mqprice"], ["mq", "mq"], ["rooms", "numRooms"],
  ["bedrooms", "bedrooms"], ["buildingYear", "buildingYear"],
] as const satisfies ReadonlyArray<readonly [keyof SearchFilters, string]>;

/**
 * The raw flat filter object (seed 000 §3 keys, as parseSearch accepts them) for a query:
 * parseSearch(toRawFilters(q)) deep-equals q. Defaults are left out; every place id is in `zones`.
 * Keys come in the canonical order the URL uses.
 */
export function toRawFilters(query: SearchQuery): Record<string, RawValue> {
  const f = query.filters;
  const raw: Record<string, RawValue> = {};
  if (query.channel !== "vendita") raw.channel = query.channel;
  if (query.group !== "case") raw.propertyTypeGroup = query.group;
  if (query.places.length > 0) raw.zones = [...query.places];
  if (query.propertyTypes.length > 0) raw.propertyTypes = [...query.propertyTypes];
  for (const [key, base] of rangeKeys) {
    const r = f[key] as { min?: number; max?: number } | undefined;
    if (r?.min !== undefined) raw[`${base}_min`] = r.min;
    if (r?.max !== undefined) raw[`${base}_max`] = r.max;
  }
  if (f.baths !== undefined) raw.numBaths = f.baths;
  if (f.parkingSpaces !== undefined) raw.numParkingSpaces = f.parkingSpaces;
  if (f.floorLevels) raw.level = [...f.floorLevels];
  if (f.lift) raw.lift = true;
  if (f.liftLevel !== undefined) raw.lift_level = f.liftLevel;
  if (f.balcony) raw.balcony = true;
  if (f.terrace) raw.terrace = true;
  if (f.balconyAndTerrace) raw.balconyAndTerrace = true;
  if (f.garden) raw.garden = f.garden;
  if (f.heating) raw.heatingType = f.heating;
  if (f.energyClasses) raw.energyClass = [...f.energyClasses];
  if (f.buildingConditions) raw.buildingCondition = [...f.buildingConditions];
  if (f.availability) raw.availability = f.availability.map((a) => a.replace(/ /g, "-"));
  if (f.sellerType) raw.sellerType = f.sellerType;
  if (f.furniture) raw.furniture = [...f.furniture];
  if (f.publicationDate) raw.publication_date = f.publicationDate;
  if (f.includesPropertyOwnership) raw.includes_property_ownership = true;
  if (f.commercialBuildingLocations) raw.commercial_building_location = [...f.commercialBuildingLocations];
  if (f.privateNegotiation === "only") raw.only_private_negotiation = true;
  if (f.privateNegotiation === "exclude") raw.exclude_private_negotiation = true;
  if (f.auction === "only") raw.only_auction = true;
  if (f.auction === "exclude") {
    // Seed 000 §5: excluding auctions sets is_auction false and adds exclude_auction=true.
    raw.is_auction = false;
    raw.exclude_auction = true;
  }
  if (f.pool) raw.has_swimming_pool = true;
  if (f.reception) raw.has_reception = true;
  if (f.virtualTour) raw.has_virtual_tour = true;
  if (f.airConditioned) raw.air_conditioned = true;
  if (f.luxury) raw.is_lux = true;
  if (f.excludeUnderConstruction) raw.exclude_under_construction = true;
  if (f.licenseTypeGroups) raw.license_type_groups = [...f.licenseTypeGroups];
  if (f.priceType) raw.priceType = f.priceType;
  if (f.floorPlan) raw.firstMedia = "floorplan";
  if (f.photo) raw.photo = true;
  if (f.poi) raw.poi = [...f.poi];
  if (f.publisherId !== undefined) raw.pId = f.publisherId;
  if (query.geo) Object.assign(raw, rawGeo(query.geo));
  if (query.includeSurrounding) raw.includeSurrounding = true;
  if (query.sort !== "rilevanza") raw.sortType = query.sort.replace(/_/g, "-");
  if (query.page !== 1) raw.page = query.page;
  return raw;
}

function rawGeo(geo: GeoArea): Record<string, object> {
  switch (geo.kind) {
    case "bounds": return { geobounds: { bbox: [...geo.bbox] } };
    case "polygon": return { geopolygon: { polygon: geo.ring.map(([lon, lat]) => [lat, lon]) } };
    case "circle": return { geocircle: { circle: [{ distance: geo.radius, center: [geo.lat, geo.lon] }] } };
    case "nearby": return { nearby: { lat: geo.lat, lon: geo.lon, vehicle: geo.mode, time: geo.minutes } };
  }
}

// ---------- query-string form of each key ----------

/** Keys the query string may carry, in canonical order (the path holds channel, group, the first place and a single rooms count). */
const QUERY_KEYS = [
  "zones", "propertyTypes",
  "price_min", "price_max", "payment_min", "payment_max", "mqprice_min", "mqprice_max", "mq_min", "mq_max",
  "numRooms_min", "numRooms_max", "bedrooms_min", "bedrooms_max", "buildingYear_min", "buildingYear_max",
  "numBaths", "numParkingSpaces", "level", "lift", "lift_level", "balcony", "terrace", "balconyAndTerrace", "garden",
  "heatingType", "energyClass", "buildingCondition", "availability", "sellerType", "furniture", "publication_date",
  "includes_property_ownership", "commercial_building_location", "only_private_negotiation", "exclude_private_negotiation",
  "only_auction", "exclude_auction", "has_swimming_pool", "has_reception", "has_virtual_tour", "air_conditioned", "is_lux",
  "exclude_under_construction", "license_type_groups", "priceType", "firstMedia", "photo", "poi", "pId",
  "geobounds", "geopolygon", "geocircle", "nearby", "includeSurrounding", "sortType", "page",
] as const;
const LIST_KEYS = new Set(["zones", "propertyTypes", "level", "energyClass", "buildingCondition", "availability", "furniture", "commercial_building_location", "license_type_groups", "poi"]);
/** Accepted spellings in typed URLs (any case) → canonical key. */
const KEY_BY_LOWER = new Map<string, string>([
  ...QUERY_KEYS.map((k) => [k.toLowerCase(), k] as [string, string]),
  ["is_auction", "is_auction"], ["surrounding", "includeSurrounding"],
  ["numrooms_min", "numRooms_min"], ["numrooms_max", "numRooms_max"], ["rooms_min", "numRooms_min"], ["rooms_max", "numRooms_max"],
  ["numroomsmin", "numRooms_min"], ["numroomsmax", "numRooms_max"],
]);

const num = (n: number) => String(n);

/** The compact text of one raw value in the query string. */
function urlValue(key: string, value: RawValue): string {
  if (Array.isArray(value)) return value.join(",");
  if (typeof value !== "object") return String(value);
  const v = value as Record<string, unknown>;
  switch (key) {
    case "geobounds": return (v.bbox as number[]).map(num).join(",");
    case "geopolygon": return (v.polygon as number[][]).map(([lat, lon]) => `${num(lat!)},${num(lon!)}`).join(";");
    case "geocircle": {
      const c = (v.circle as Array<{ distance: number; center: [number, number] }>)[0]!;
      return `${num(c.center[0])},${num(c.center[1])},${num(c.distance)}`;
    }
    case "nearby": return `${num(v.lat as number)},${num(v.lon as number)},${String(v.vehicle)},${num(v.time as number)}`;
    default: return JSON.stringify(value);
  }
}

const numberText = /^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;
const toNumbers = (text: string): number[] | null => {
  const parts = text.split(",").map((s) => s.trim());
  return parts.every((p) => numberText.test(p)) ? parts.map(Number) : null;
};

/** The raw value parseSearch accepts for one query-string value; undefined when it cannot be read. */
function rawValueOf(key: string, text: string): unknown {
  switch (key) {
    case "geobounds": {
      const n = toNumbers(text);
      return n && n.length === 4 ? { bbox: n } : undefined;
    }
    case "geopolygon": {
      const points = text.split(";").filter(Boolean).map(toNumbers);
      if (points.length > 500 || points.some((p) => !p || p.length !== 2)) return undefined;
      return { polygon: points };
    }
    case "geocircle": {
      const n = toNumbers(text);
      return n && n.length === 3 ? { circle: [{ distance: n[2], center: [n[0], n[1]] }] } : undefined;
    }
    case "nearby": {
      const parts = text.split(",");
      const n = toNumbers([parts[0], parts[1], parts[3]].join(","));
      return parts.length === 4 && n ? { lat: n[0], lon: n[1], vehicle: parts[2]!.trim().toLowerCase(), time: n[2] } : undefined;
    }
    default:
      if (LIST_KEYS.has(key)) return text.split(",").map((s) => s.trim()).filter(Boolean);
      return text;
  }
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

function groupSegment(channel: Channel, group: PropertyTypeGroup): string {
  return channel === "affitto-breve" && group === "case" ? SHORT_RENT_GROUP_SLUG : group;
}

/** Canonical path + query for a search, without locale prefix. */
export function encodeSearchUrl(query: SearchQuery, places: UrlPlaceLookup): string {
  const raw = toRawFilters(query);
  const auctions = query.channel === "vendita" && query.filters.auction === "only";
  const segments = [auctions ? AUCTION_ROOT : query.channel, groupSegment(query.channel, query.group)];
  if (auctions) delete raw.only_auction;

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
    delete raw.numRooms_min;
    delete raw.numRooms_max;
  }

  const pairs: string[] = [];
  for (const key of QUERY_KEYS) {
    const value = raw[key];
    if (value === undefined) continue;
    pairs.push(`${key}=${encodeQueryValue(urlValue(key, value))}`);
  }
  return `/${segments.join("/")}/${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}

/** The canonical URL of the same search on another page (page 1 has no page key). */
export function withPage(canonical: string, page: number): string {
  const [path, search = ""] = canonical.split("?", 2) as [string, string?];
  const pairs = search.split("&").filter((p) => p && !p.startsWith("page="));
  if (page > 1) pairs.push(`page=${page}`);
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
function keysForField(field: string): string[] {
  const base = field.split(".")[0] ?? field;
  const aliases: Record<string, string[]> = {
    rooms: ["numRooms_min", "numRooms_max"], is_auction: ["is_auction", "only_auction", "exclude_auction"],
    only_private_negotiation: ["only_private_negotiation", "exclude_private_negotiation"],
    locations: ["zones"], includeSurrounding: ["includeSurrounding"],
  };
  return Object.hasOwn(aliases, base) ? aliases[base]! : [base, `${base}_min`, `${base}_max`];
}

/**
 * Decodes a search URL. pathname is without the /en prefix; search is location.search ("" or "?…").
 * Never throws: unknown or invalid query keys are dropped (the canonical URL shows what was kept);
 * a path that names no channel, group or place the portal knows is not-found.
 */
export function decodeSearchUrl(pathname: string, search: string, places: UrlPlaceLookup): DecodedSearchUrl {
  try {
    return decode(pathname, search, places);
  } catch (error) {
    return { kind: "not-found", reason: `undecodable URL (${error instanceof Error ? error.message.slice(0, 80) : "error"})` };
  }
}

function decode(pathname: string, search: string, places: UrlPlaceLookup): DecodedSearchUrl {
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
  const [root, groupSlugRaw, ...rest] = segments;
  if (!root || !searchPathRoots.includes(root)) return { kind: "not-found", reason: `unknown channel "${(root ?? "").slice(0, 40)}"` };
  const auctions = root === AUCTION_ROOT;
  const channel = (auctions ? "vendita" : root) as Channel;

  let group: PropertyTypeGroup = "case";
  if (groupSlugRaw !== undefined) {
    const slug = channel === "affitto-breve" && groupSlugRaw === SHORT_RENT_GROUP_SLUG ? "case" : Object.hasOwn(groupAliases, groupSlugRaw) ? groupAliases[groupSlugRaw]! : groupSlugRaw;
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
  if (auctions) pathRaw.only_auction = true;
  if (rooms !== undefined) Object.assign(pathRaw, { numRooms_min: rooms, numRooms_max: rooms });
  const pathPlaces = primary ? [primary.id] : [];
  const owned = new Set(["channel", "tr", "category", "propertyTypeGroup", ...(rooms !== undefined ? ["numRooms_min", "numRooms_max"] : []), ...(auctions ? ["only_auction", "is_auction", "exclude_auction"] : [])]);

  // Query string: known keys only, repeated list keys merged, the last value of other keys kept.
  const texts = new Map<string, string>();
  const query = search.startsWith("?") ? search.slice(1) : search;
  for (const pair of query.split("&").slice(0, MAX_QUERY_PAIRS)) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const key = safeDecode(eq < 0 ? pair : pair.slice(0, eq));
    const value = safeDecode(eq < 0 ? "" : pair.slice(eq + 1));
    if (key === null || value === null) continue;
    const canonicalKey = KEY_BY_LOWER.get(key.trim().toLowerCase());
    if (!canonicalKey || owned.has(canonicalKey)) continue;
    const text = value.trim();
    if (text === "" || text.toLowerCase() === "all") continue;
    const previous = texts.get(canonicalKey);
    texts.set(canonicalKey, LIST_KEYS.has(canonicalKey) && previous ? `${previous},${text}` : text);
  }

  const candidate: Record<string, unknown> = {};
  for (const [key, text] of texts) {
    let value = rawValueOf(key, key === "sortType" ? text.toLowerCase() : text);
    if (key === "zones" && Array.isArray(value)) value = (value as string[]).map((id) => id.toUpperCase()).filter((id) => places.get(id) !== undefined);
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    // Each key alone must be valid with the path; then the keys together (conflicts drop the later key).
    try {
      parseSearch({ ...pathRaw, [key]: value }, pathPlaces);
      candidate[key] = value;
    } catch {
      continue;
    }
  }
  let parsed: SearchQuery | undefined;
  for (let attempt = 0; attempt < 20 && !parsed; attempt++) {
    try {
      parsed = parseSearch({ ...candidate, ...pathRaw }, pathPlaces);
    } catch (error) {
      const field = error instanceof SearchRuleError ? error.field
        : error && typeof error === "object" && "issues" in error ? String((error as { issues: Array<{ path: unknown[] }> }).issues[0]?.path[0] ?? "") : "";
      const keys = keysForField(field).filter((k) => k in candidate);
      if (keys.length === 0) {
        // Cannot tell which key is at fault: keep the path alone.
        parsed = parseSearch(pathRaw, pathPlaces);
        break;
      }
      for (const k of keys) delete candidate[k];
    }
  }
  parsed ??= parseSearch(pathRaw, pathPlaces);
  return { kind: "search", query: parsed, canonical: encodeSearchUrl(parsed, places) };
}

/**
 * The search model: the raw filter object of seed 000 §3 (as the API and the URL codec receive it)
 * and its normal form, SearchQuery, with the rules of seed 000 §5. Pure: used by the server, the URL
 * codec, saved searches and the browser alike.
 */
import { ownValue } from "../errors.ts";
import { z } from "zod";
import { formatInteger } from "../format.ts";
import { COUNTRY_PLACE_ID } from "../places.ts";
import {
  categoryOf,
  groupAliases,
  groupsByChannel,
  MAX_PAGE,
  propertyTypeAliases,
  propertyTypeGroups,
  sortAliases,
  sortKeys,
  travelModes,
  type Channel,
  type PropertyTypeGroup,
  type SortKey,
  type TravelMode,
} from "./vocabulary.ts";
import { validatePolygon, polygonAreaKm2 } from "./geometry.ts";
import {
  frameRawKeys,
  geoForms,
  LIMITS,
  searchFilters,
  SearchRuleError,
  type FilterRegistry,
  type GeoArea,
  type RawSpec,
  type SearchFilters,
} from "./filters.ts";

export { LIMITS, SearchRuleError, type GeoArea, type Range, type SearchFilters, type Tristate } from "./filters.ts";

export interface SearchQuery {
  channel: Channel;
  group: PropertyTypeGroup;
  /** Empty means every type of the group. */
  propertyTypes: string[];
  /** Place ids (any level); empty means all of Italy. */
  places: string[];
  geo: GeoArea | null;
  /** The filters of core/search/filters.ts, in normal form. */
  filters: SearchFilters;
  sort: SortKey;
  page: number;
  /** Add the surrounding places' listings (fill-in) when the results are few. */
  includeSurrounding: boolean;
}

export const defaultQuery: Readonly<SearchQuery> = Object.freeze<SearchQuery>({
  channel: "vendita",
  group: "case",
  propertyTypes: [],
  places: [],
  geo: null,
  filters: { ...searchFilters.defaults },
  sort: "rilevanza",
  page: 1,
  includeSurrounding: false,
});

// ---------- raw input: flat keys as in seed 000 §3, from JSON bodies or URL query strings ----------

/**
 * The first normalisation steps of seed 000 §5, before validation: tracking (utm_*) keys dropped,
 * 'all' and empty values meaning unset, `{base}_min`/`{base}_max` pairs grouped under their range's
 * key (numRooms becoming rooms).
 */
export function groupRawFilters(raw: Record<string, unknown>, registry: FilterRegistry = searchFilters): Record<string, unknown> {
  const bases = registry.rangeBases;
  // No prototype: a "__proto__" key stays a key (and is refused as unknown) instead of vanishing.
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith("utm_")) continue;
    if (value === "all" || value === "" || value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const pair = /^(.+?)_?(min|max|Min|Max)$/.exec(key);
    const base = pair && Object.hasOwn(bases, pair[1]!) ? bases[pair[1]!] : undefined;
    if (pair && base) {
      const bound = pair[2]!.toLowerCase();
      const previous = (out[base] as Record<string, unknown> | undefined) ?? {};
      out[base] = { ...previous, [bound]: value };
      continue;
    }
    if (Object.hasOwn(bases, key) && typeof value === "object" && !Array.isArray(value)) {
      out[bases[key]!] = { ...((out[bases[key]!] as object | undefined) ?? {}), ...(value as object) };
      continue;
    }
    out[key] = value;
  }
  return out;
}

const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "on"]).transform((v) => v === "true" || v === "1" || v === "on")]);
/** Magnitudes below 1e-12 (no price, surface or coordinate is that fine) read as 0: PostgreSQL's float math underflows on them. */
const snapTiny = (n: number) => (Math.abs(n) < 1e-12 ? 0 : n);
const bounded = (min: number, max: number, name: string) =>
  z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`);
const num = (min: number, max: number, name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .finite()
    .transform(snapTiny)
    .pipe(bounded(min, max, name));
/** Whole numbers: JSON numbers, or decimal digits in a string ("1e3" and "0x10" are not page 1000 or publisher 16). */
const int = (min: number, max: number, name: string) =>
  z
    .union([
      z.number({ error: `${name} must be a number` }),
      z
        .string()
        .regex(/^-?\d{1,16}$/, `${name} must be a whole number`)
        .transform(Number),
    ])
    .pipe(bounded(min, max, name).int(`${name} must be a whole number`));
/** A list given as an array or a comma-separated string, with at most LIMITS.maxListItems items. */
const list = (values: readonly [string, ...string[]]) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.enum(values)).min(1).max(LIMITS.maxListItems),
  );

/** The zod schema of one filter's raw key (core/search/filters.ts RawSpec). */
function schemaOf(spec: RawSpec, name: string): z.ZodType {
  switch (spec.type) {
    case "flag":
      return flag;
    case "literal":
      return z.literal(spec.value);
    case "int":
      return int(spec.min, spec.max, name);
    case "range":
      return z
        .strictObject({ min: num(spec.min, spec.max, name).optional(), max: num(spec.min, spec.max, name).optional() })
        .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: "min is above max" });
    case "enum":
      return z.enum(spec.values);
    case "list":
      return spec.orRecord
        ? z.union([
            list(spec.values),
            z.partialRecord(z.enum(spec.values), flag).transform((r) =>
              Object.entries(r)
                .filter(([, v]) => v)
                .map(([k]) => k),
            ),
          ])
        : list(spec.values);
  }
}

const latLng = z.tuple([num(-90, 90, "latitude"), num(-180, 180, "longitude")]);
const bboxTuple = z.tuple([num(-180, 180, "west"), num(-90, 90, "south"), num(-180, 180, "east"), num(-90, 90, "north")]);
/** The geo modes' schemas, by their raw keys (core/search/filters.ts geoForms). */
const geoShape = {
  geocircle: z
    .strictObject({
      circle: z
        .array(
          z.strictObject({
            distance: num(LIMITS.circleMinMeters, LIMITS.circleMaxMeters, "distance (metres)"),
            center: latLng,
          }),
        )
        .length(1, "exactly one circle"),
      zoom: num(0, 22, "zoom").optional(),
      bbox: z.array(z.number()).optional(),
    })
    .optional(),
  geopolygon: z
    .strictObject({
      polygon: z
        .array(latLng)
        .min(3, "a polygon needs at least 3 points")
        .max(LIMITS.polygonMaxPoints, `a polygon has at most ${LIMITS.polygonMaxPoints} points`),
      zoom: num(0, 22, "zoom").optional(),
      bbox: z.array(z.number()).optional(),
    })
    .optional(),
  geobounds: z
    .union([z.strictObject({ bbox: bboxTuple, zoom: num(0, 22, "zoom").optional() }), bboxTuple.transform((bbox) => ({ bbox }))])
    .optional(),
  nearby: z
    .strictObject({
      lat: num(-90, 90, "lat"),
      lon: num(-180, 180, "lon"),
      vehicle: z.enum(Object.keys(travelModes) as [TravelMode, ...TravelMode[]]),
      time: int(LIMITS.nearbyMinMinutes, LIMITS.nearbyMaxMinutes, "time (minutes)"),
      name: z.string().max(200).optional(),
    })
    .optional(),
} satisfies Record<(typeof geoForms)[number]["key"], z.ZodType>;

/** The raw keys that are not filters: what is searched, where, and how the results are shown. */
const frameShape = {
  tr: z.enum(["vendita", "affitto", "affitti", "affitto-breve"]).optional(),
  channel: z.enum(["vendita", "affitto", "affitti", "affitto-breve"]).optional(),
  category: z.enum(["residenziale", "commerciale", "case-vacanza"]).optional(),
  propertyTypeGroup: z.string().max(40).optional(),
  propertyTypes: z
    .preprocess((v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v), z.array(z.string().max(60)).max(LIMITS.maxListItems))
    .optional(),
  surrounding: flag.optional(),
  includeSurrounding: flag.optional(),
  precision: z.unknown().optional(),
  page: int(1, MAX_PAGE, "page").optional(),
  sortType: z.string().max(40).optional(),
  zones: z
    .preprocess((v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v), z.array(z.string().max(80)).max(LIMITS.maxPlaces))
    .optional(),
  isRoomsNumber: flag.optional(),
  fillin: flag.optional(),
} satisfies Record<(typeof frameRawKeys)[number], z.ZodType>;

const schemas = new WeakMap<FilterRegistry, z.ZodObject>();
/** Every key a filter object may hold after grouping; unknown keys are refused so typos surface. */
export function rawFiltersSchemaOf(registry: FilterRegistry): z.ZodObject {
  let schema = schemas.get(registry);
  if (!schema) {
    const filterShape = Object.fromEntries(
      Object.entries(registry.schemaShape).map(([key, spec]) => [key, schemaOf(spec, key).optional()]),
    );
    schemas.set(registry, (schema = z.strictObject({ ...frameShape, ...geoShape, ...filterShape })));
  }
  return schema;
}
export const rawFiltersSchema = rawFiltersSchemaOf(searchFilters);
export type RawFilters = Record<string, unknown>;
type Raw = { [K in keyof typeof frameShape]?: z.output<(typeof frameShape)[K]> } & Record<string, unknown>;

/**
 * Builds the normal form from validated raw filters and place ids, applying seed 000 §5:
 * defaults (vendita, case), short rent's case-vacanza, no rooms for sale, each filter's own rules
 * (core/search/filters.ts), one search area at a time, sort dashes to underscores.
 * Throws SearchRuleError for combinations the rules forbid.
 */
export function buildSearchQuery(
  validated: Record<string, unknown>,
  places: string[] = [],
  registry: FilterRegistry = searchFilters,
): SearchQuery {
  const raw = validated as Raw;
  const channelRaw = raw.channel ?? raw.tr ?? "vendita";
  const channel: Channel = channelRaw === "affitti" ? "affitto" : channelRaw;
  const groupSlug = raw.propertyTypeGroup ? (ownValue(groupAliases, raw.propertyTypeGroup) ?? raw.propertyTypeGroup) : "case";
  if (!Object.hasOwn(propertyTypeGroups, groupSlug))
    throw new SearchRuleError("propertyTypeGroup", `unknown group "${groupSlug.slice(0, 40)}"`);
  const group = groupSlug as PropertyTypeGroup;
  if (!groupsByChannel[channel].includes(group)) {
    throw new SearchRuleError("propertyTypeGroup", `${group} is not offered for ${channel}`);
  }
  if (raw.category && raw.category !== categoryOf(channel, group)) {
    throw new SearchRuleError("category", `${raw.category} does not match ${channel} ${group} (expected ${categoryOf(channel, group)})`);
  }

  const allowedTypes: readonly string[] = propertyTypeGroups[group];
  const types = new Set<string>();
  for (const t of raw.propertyTypes ?? []) {
    if (t === "all") continue;
    const expanded = ownValue(propertyTypeAliases, t) ?? [t];
    for (const e of expanded) {
      if (!allowedTypes.includes(e)) throw new SearchRuleError("propertyTypes", `"${t.slice(0, 60)}" is not a type of ${group}`);
      types.add(e);
    }
  }
  // Selecting every type equals selecting none.
  const propertyTypes = types.size === allowedTypes.length ? [] : [...types].sort();

  const filters = registry.read(raw, { channel, group }) as SearchFilters;

  const geoModes = geoForms.map((g) => g.key).filter((k) => raw[k] !== undefined);
  if (geoModes.length > 1)
    throw new SearchRuleError(geoModes[1]!, `only one of ${geoForms.map((g) => g.key).join(", ")} at a time (got ${geoModes.join(", ")})`);
  const geo = geoModes.length === 1 ? geoArea(geoModes[0]!, raw[geoModes[0]!]) : null;

  const sortRaw = (raw.sortType ?? "rilevanza").replace(/-/g, "_");
  const sort = (ownValue(sortAliases, sortRaw) ?? sortRaw) as SortKey;
  if (!sortKeys.includes(sort))
    throw new SearchRuleError("sortType", `unknown sort "${sortRaw.slice(0, 40)}": use one of ${sortKeys.join(", ")}`);

  let allPlaces = [...new Set([...places, ...(raw.zones ?? [])])];
  // All of Italy alone is the same search as no place: one query, one URL (/vendita/case/, not …/italia/).
  if (allPlaces.length === 1 && allPlaces[0] === COUNTRY_PLACE_ID) allPlaces = [];
  if (allPlaces.length > LIMITS.maxPlaces) throw new SearchRuleError("locations", `at most ${LIMITS.maxPlaces} places`);
  return {
    channel,
    group,
    propertyTypes,
    places: allPlaces.sort(),
    geo,
    filters,
    sort,
    page: raw.page ?? 1,
    includeSurrounding: Boolean(raw.includeSurrounding ?? raw.surrounding ?? false),
  };
}

/** The search area of a validated geo raw value, with the checks its schema cannot make. */
function geoArea(key: string, value: unknown): GeoArea {
  const v = value as Record<string, any>;
  switch (key) {
    case "geobounds": {
      const [west, south, east, north] = v.bbox as [number, number, number, number];
      if (west >= east || south >= north)
        throw new SearchRuleError("geobounds", "bbox must be [west, south, east, north] with west < east and south < north");
      return { kind: "bounds", bbox: [west, south, east, north] };
    }
    case "geopolygon": {
      const ring = (v.polygon as Array<[number, number]>).map(([lat, lng]) => [lng, lat] as [number, number]);
      const problem = validatePolygon(ring);
      if (problem) throw new SearchRuleError("geopolygon", problem);
      if (polygonAreaKm2(ring) > LIMITS.polygonMaxKm2)
        throw new SearchRuleError("geopolygon", `the area is too large: draw at most ${formatInteger(LIMITS.polygonMaxKm2)} km²`);
      return { kind: "polygon", ring };
    }
    case "geocircle": {
      const c = v.circle[0] as { distance: number; center: [number, number] };
      return { kind: "circle", lat: c.center[0], lon: c.center[1], radius: c.distance };
    }
    default:
      return { kind: "nearby", lat: v.lat, lon: v.lon, mode: v.vehicle, minutes: v.time };
  }
}

/** Groups, validates and normalises a raw filter object. Throws a ZodError or SearchRuleError. */
export function parseSearch(raw: Record<string, unknown>, places: string[] = [], registry: FilterRegistry = searchFilters): SearchQuery {
  return buildSearchQuery(rawFiltersSchemaOf(registry).parse(groupRawFilters(raw, registry)), places, registry);
}

/**
 * "Filtri (n)": filters that differ from the defaults. A min/max pair counts once, a list once,
 * the property types once; channel, group, places, sort and page are not filters.
 */
export function activeFilterCount(query: SearchQuery): number {
  // The agency filter comes from its page, not from the form.
  return searchFilters.activeCount(query.filters, ["publisherId"]) + (query.propertyTypes.length > 0 ? 1 : 0);
}

/** "monolocale" … "quadrilocale" for 1–4 rooms; null otherwise. */
export function roomName(rooms: number): string | null {
  return ({ 1: "monolocale", 2: "bilocale", 3: "trilocale", 4: "quadrilocale" } as Record<number, string>)[rooms] ?? null;
}

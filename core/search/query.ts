/**
 * The search model: the raw filter object of seed 000 §3 (as the API and the URL codec receive it)
 * and its normal form, SearchQuery, with the rules of seed 000 §5. Pure: used by the server, the URL
 * codec, saved searches and the browser alike.
 */
import { z } from "zod";
import { poiTypeIds, type PoiTypeId } from "../poi.ts";
import {
  availabilities, buildingConditions, categoryOf, channels, commercialBuildingLocations, energyClasses, floorLevels,
  furnitureValues, gardenValues, groupAliases, groupsByChannel, heatingTypes, licenseTypeGroups, MAX_PAGE, priceTypes,
  propertyTypeAliases, propertyTypeGroups, publicationDates, sellerTypes, shortPriceTypeGroups, sortAliases, sortKeys,
  travelModes, type Channel, type PropertyTypeGroup, type SortKey, type TravelMode,
} from "./vocabulary.ts";
import { validatePolygon, polygonAreaKm2 } from "./geometry.ts";

export interface Range { min?: number; max?: number }

export type GeoArea =
  | { kind: "bounds"; bbox: [west: number, south: number, east: number, north: number] }
  | { kind: "polygon"; ring: Array<[lon: number, lat: number]> }
  | { kind: "circle"; lat: number; lon: number; radius: number }
  | { kind: "nearby"; lat: number; lon: number; mode: TravelMode; minutes: number };

export type Tristate = "include" | "only" | "exclude";

export interface SearchFilters {
  price?: Range;
  payment?: Range;
  mqprice?: Range;
  mq?: Range;
  rooms?: Range;
  bedrooms?: Range;
  buildingYear?: Range;
  /** At least this many. */
  baths?: number;
  parkingSpaces?: number;
  floorLevels?: Array<(typeof floorLevels)[number]>;
  lift?: true;
  /** Lift, or a floor no higher than this (walkable). */
  liftLevel?: number;
  balcony?: true;
  terrace?: true;
  balconyAndTerrace?: true;
  garden?: (typeof gardenValues)[number] | "any";
  heating?: (typeof heatingTypes)[number];
  energyClasses?: Array<(typeof energyClasses)[number]>;
  buildingConditions?: Array<(typeof buildingConditions)[number]>;
  /** Stored spelling: 'nuda proprieta' with a space. */
  availability?: string[];
  sellerType?: (typeof sellerTypes)[number];
  furniture?: Array<(typeof furnitureValues)[number]>;
  publicationDate?: keyof typeof publicationDates;
  auction: Tristate;
  privateNegotiation: Tristate;
  pool?: true;
  reception?: true;
  virtualTour?: true;
  airConditioned?: true;
  luxury?: true;
  excludeUnderConstruction?: true;
  includesPropertyOwnership?: true;
  commercialBuildingLocations?: Array<(typeof commercialBuildingLocations)[number]>;
  licenseTypeGroups?: Array<(typeof licenseTypeGroups)[number]>;
  priceType?: (typeof priceTypes)[number];
  floorPlan?: true;
  photo?: true;
  poi?: PoiTypeId[];
  publisherId?: number;
}

export interface SearchQuery {
  channel: Channel;
  group: PropertyTypeGroup;
  /** Empty means every type of the group. */
  propertyTypes: string[];
  /** Place ids (any level); empty means all of Italy. */
  places: string[];
  geo: GeoArea | null;
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
  filters: { auction: "include", privateNegotiation: "include" },
  sort: "rilevanza",
  page: 1,
  includeSurrounding: false,
});

/** Bounds that keep every request's work small (documented in docs/api.md). */
export const LIMITS = {
  maxPrice: 1_000_000_000,
  maxSurface: 1_000_000,
  maxRooms: 20,
  minYear: 1000,
  maxYear: 2100,
  circleMinMeters: 100,
  circleMaxMeters: 50_000,
  nearbyMinMinutes: 5,
  nearbyMaxMinutes: 60,
  polygonMaxPoints: 200,
  polygonMaxKm2: 20_000,
  maxPlaces: 50,
  maxListItems: 20,
} as const;

// ---------- raw input: flat keys as in seed 000 §3, from JSON bodies or URL query strings ----------

const RANGE_BASES: Readonly<Record<string, keyof SearchFilters>> = {
  price: "price", payment: "payment", mqprice: "mqprice", mq: "mq", numRooms: "rooms", rooms: "rooms",
  bedrooms: "bedrooms", buildingYear: "buildingYear",
};

/**
 * The first normalisation steps of seed 000 §5, before validation: tracking (utm_*) keys dropped,
 * 'all' and empty values meaning unset, `{base}_min`/`{base}_max` pairs grouped under their base name
 * (numRooms becoming rooms).
 */
export function groupRawFilters(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key.startsWith("utm_")) continue;
    if (value === "all" || value === "" || value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    const pair = /^(.+?)_?(min|max|Min|Max)$/.exec(key);
    const base = pair && RANGE_BASES[pair[1]!];
    if (pair && base) {
      const bound = pair[2]!.toLowerCase();
      const previous = (out[base] as Record<string, unknown> | undefined) ?? {};
      out[base] = { ...previous, [bound]: value };
      continue;
    }
    if (RANGE_BASES[key] && typeof value === "object" && !Array.isArray(value)) {
      out[RANGE_BASES[key]] = { ...((out[RANGE_BASES[key]] as object | undefined) ?? {}), ...(value as object) };
      continue;
    }
    out[key] = value;
  }
  return out;
}

const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "on"]).transform((v) => v === "true" || v === "1" || v === "on")]);
const num = (min: number, max: number, name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).finite().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`);
const int = (min: number, max: number, name: string) => num(min, max, name).int(`${name} must be a whole number`);
/** A list given as an array or a comma-separated string, with at most LIMITS.maxListItems items. */
const list = <T extends string>(values: readonly [T, ...T[]]) =>
  z.preprocess((v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.enum(values)).min(1).max(LIMITS.maxListItems));
const range = (min: number, max: number, name: string) =>
  z.strictObject({ min: num(min, max, name).optional(), max: num(min, max, name).optional() })
    .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: "min is above max" });
const latLng = z.tuple([num(-90, 90, "latitude"), num(-180, 180, "longitude")]);

const geoboundsSchema = z.union([
  z.strictObject({ bbox: z.tuple([num(-180, 180, "west"), num(-90, 90, "south"), num(-180, 180, "east"), num(-90, 90, "north")]), zoom: num(0, 22, "zoom").optional() }),
  z.tuple([num(-180, 180, "west"), num(-90, 90, "south"), num(-180, 180, "east"), num(-90, 90, "north")]).transform((bbox) => ({ bbox })),
]);
const geopolygonSchema = z.strictObject({
  polygon: z.array(latLng).min(3, "a polygon needs at least 3 points").max(LIMITS.polygonMaxPoints, `a polygon has at most ${LIMITS.polygonMaxPoints} points`),
  zoom: num(0, 22, "zoom").optional(),
  bbox: z.array(z.number()).optional(),
});
const circleSchema = z.strictObject({
  distance: num(LIMITS.circleMinMeters, LIMITS.circleMaxMeters, "distance (metres)"),
  center: latLng,
});
const geocircleSchema = z.strictObject({
  circle: z.array(circleSchema).length(1, "exactly one circle"),
  zoom: num(0, 22, "zoom").optional(),
  bbox: z.array(z.number()).optional(),
});
const nearbySchema = z.strictObject({
  lat: num(-90, 90, "lat"),
  lon: num(-180, 180, "lon"),
  vehicle: z.enum(Object.keys(travelModes) as [TravelMode, ...TravelMode[]]),
  time: int(LIMITS.nearbyMinMinutes, LIMITS.nearbyMaxMinutes, "time (minutes)"),
  name: z.string().max(200).optional(),
});

/** Every key a filter object may hold after grouping; unknown keys are refused so typos surface. */
export const rawFiltersSchema = z.strictObject({
  tr: z.enum(["vendita", "affitto", "affitti", "affitto-breve"]).optional(),
  channel: z.enum(["vendita", "affitto", "affitti", "affitto-breve"]).optional(),
  category: z.enum(["residenziale", "commerciale", "case-vacanza"]).optional(),
  propertyTypeGroup: z.string().max(40).optional(),
  propertyTypes: z.preprocess((v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v), z.array(z.string().max(60)).max(LIMITS.maxListItems)).optional(),
  is_auction: flag.optional(),
  only_auction: flag.optional(),
  exclude_auction: flag.optional(),
  geocircle: geocircleSchema.optional(),
  geopolygon: geopolygonSchema.optional(),
  geobounds: geoboundsSchema.optional(),
  nearby: nearbySchema.optional(),
  poi: z.union([
    list(poiTypeIds as unknown as [PoiTypeId, ...PoiTypeId[]]),
    z.partialRecord(z.enum(poiTypeIds), flag).transform((r) => Object.entries(r).filter(([, v]) => v).map(([k]) => k as PoiTypeId)),
  ]).optional(),
  surrounding: flag.optional(),
  includeSurrounding: flag.optional(),
  precision: z.unknown().optional(),
  page: int(1, MAX_PAGE, "page").optional(),
  pId: int(1, Number.MAX_SAFE_INTEGER, "pId").optional(),
  sortType: z.string().max(40).optional(),
  zones: z.preprocess((v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v), z.array(z.string().max(80)).max(LIMITS.maxPlaces)).optional(),
  isRoomsNumber: flag.optional(),
  photo: flag.optional(),
  fillin: flag.optional(),
  price: range(0, LIMITS.maxPrice, "price").optional(),
  payment: range(0, LIMITS.maxPrice, "payment").optional(),
  mqprice: range(0, 1_000_000, "mqprice").optional(),
  mq: range(0, LIMITS.maxSurface, "mq").optional(),
  rooms: range(1, LIMITS.maxRooms, "rooms").optional(),
  bedrooms: range(0, LIMITS.maxRooms, "bedrooms").optional(),
  buildingYear: range(LIMITS.minYear, LIMITS.maxYear, "buildingYear").optional(),
  numBaths: int(1, 10, "numBaths").optional(),
  numParkingSpaces: int(1, 10, "numParkingSpaces").optional(),
  level: list(floorLevels).optional(),
  lift: flag.optional(),
  lift_level: int(0, 10, "lift_level").optional(),
  balcony: flag.optional(),
  terrace: flag.optional(),
  balconyAndTerrace: flag.optional(),
  garden: z.enum([...gardenValues, "any"]).optional(),
  heatingType: z.enum(heatingTypes).optional(),
  energyClass: list(energyClasses).optional(),
  buildingCondition: list(buildingConditions).optional(),
  availability: list(availabilities).optional(),
  sellerType: z.enum(sellerTypes).optional(),
  furniture: list(furnitureValues).optional(),
  publication_date: z.enum(Object.keys(publicationDates) as ["2d", "7d", "30d"]).optional(),
  includes_property_ownership: flag.optional(),
  commercial_building_location: list(commercialBuildingLocations).optional(),
  only_private_negotiation: flag.optional(),
  exclude_private_negotiation: flag.optional(),
  has_swimming_pool: flag.optional(),
  has_reception: flag.optional(),
  has_virtual_tour: flag.optional(),
  air_conditioned: flag.optional(),
  is_lux: flag.optional(),
  exclude_under_construction: flag.optional(),
  license_type_groups: list(licenseTypeGroups).optional(),
  priceType: z.enum(priceTypes).optional(),
  firstMedia: z.literal("floorplan").optional(),
});
export type RawFilters = z.input<typeof rawFiltersSchema>;

/** A request that is well-formed but asks for something the rules forbid; maps to HTTP 400. */
export class SearchRuleError extends Error {
  override name = "SearchRuleError";
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

function tristate(only: boolean | undefined, exclude: boolean | undefined, field: string): Tristate {
  if (only && exclude) throw new SearchRuleError(field, "only and exclude cannot both be set");
  return only ? "only" : exclude ? "exclude" : "include";
}

/**
 * Builds the normal form from validated raw filters and place ids, applying seed 000 §5:
 * defaults (vendita, case), short rent's case-vacanza, no rooms for sale, the short price-type list,
 * private negotiation against price filters, auction exclusion, sort dashes to underscores.
 * Throws SearchRuleError for combinations the rules forbid.
 */
export function buildSearchQuery(raw: z.output<typeof rawFiltersSchema>, places: string[] = []): SearchQuery {
  const channelRaw = raw.channel ?? raw.tr ?? "vendita";
  const channel: Channel = channelRaw === "affitti" ? "affitto" : channelRaw;
  const groupSlug = raw.propertyTypeGroup ? (groupAliases[raw.propertyTypeGroup] ?? raw.propertyTypeGroup) : "case";
  if (!(groupSlug in propertyTypeGroups)) throw new SearchRuleError("propertyTypeGroup", `unknown group "${groupSlug.slice(0, 40)}"`);
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
    const expanded = propertyTypeAliases[t] ?? [t];
    for (const e of expanded) {
      if (!allowedTypes.includes(e)) throw new SearchRuleError("propertyTypes", `"${t.slice(0, 60)}" is not a type of ${group}`);
      types.add(e);
    }
  }
  // Selecting every type equals selecting none.
  const propertyTypes = types.size === allowedTypes.length ? [] : [...types].sort();

  const isAuction = raw.is_auction;
  const auction = tristate(raw.only_auction || isAuction === true, raw.exclude_auction || isAuction === false, "is_auction");
  const privateNegotiation = tristate(raw.only_private_negotiation, raw.exclude_private_negotiation, "only_private_negotiation");
  if (privateNegotiation === "only") {
    for (const key of ["price", "priceType", "payment", "mqprice"] as const) {
      if (raw[key] !== undefined) throw new SearchRuleError(key, "cannot be combined with only_private_negotiation (those listings show no price)");
    }
  }
  if (raw.priceType && shortPriceTypeGroups.includes(group) && !priceTypes.slice(0, 2).includes(raw.priceType)) {
    throw new SearchRuleError("priceType", `${group} offers only ${priceTypes.slice(0, 2).join(" and ")}`);
  }

  const geoModes = (["geobounds", "geopolygon", "geocircle", "nearby"] as const).filter((k) => raw[k] !== undefined);
  if (geoModes.length > 1) throw new SearchRuleError(geoModes[1]!, `only one of geobounds, geopolygon, geocircle, nearby at a time (got ${geoModes.join(", ")})`);
  let geo: GeoArea | null = null;
  if (raw.geobounds) {
    const [west, south, east, north] = raw.geobounds.bbox;
    if (west >= east || south >= north) throw new SearchRuleError("geobounds", "bbox must be [west, south, east, north] with west < east and south < north");
    geo = { kind: "bounds", bbox: [west, south, east, north] };
  } else if (raw.geopolygon) {
    const ring = raw.geopolygon.polygon.map(([lat, lng]) => [lng, lat] as [number, number]);
    const problem = validatePolygon(ring);
    if (problem) throw new SearchRuleError("geopolygon", problem);
    if (polygonAreaKm2(ring) > LIMITS.polygonMaxKm2) throw new SearchRuleError("geopolygon", `the area is too large: draw at most ${LIMITS.polygonMaxKm2.toLocaleString("it-IT")} km²`);
    geo = { kind: "polygon", ring };
  } else if (raw.geocircle) {
    const c = raw.geocircle.circle[0]!;
    geo = { kind: "circle", lat: c.center[0], lon: c.center[1], radius: c.distance };
  } else if (raw.nearby) {
    geo = { kind: "nearby", lat: raw.nearby.lat, lon: raw.nearby.lon, mode: raw.nearby.vehicle, minutes: raw.nearby.time };
  }

  const sortRaw = (raw.sortType ?? "rilevanza").replace(/-/g, "_");
  const sort = (sortAliases[sortRaw] ?? sortRaw) as SortKey;
  if (!sortKeys.includes(sort)) throw new SearchRuleError("sortType", `unknown sort "${sortRaw.slice(0, 40)}": use one of ${sortKeys.join(", ")}`);

  const filters: SearchFilters = { auction, privateNegotiation };
  const setRange = (key: "price" | "payment" | "mqprice" | "mq" | "rooms" | "bedrooms" | "buildingYear", r?: Range) => {
    if (r && (r.min !== undefined || r.max !== undefined)) filters[key] = { ...(r.min !== undefined ? { min: r.min } : {}), ...(r.max !== undefined ? { max: r.max } : {}) };
  };
  setRange("price", raw.price);
  setRange("payment", raw.payment);
  setRange("mqprice", raw.mqprice);
  setRange("mq", raw.mq);
  setRange("rooms", raw.rooms);
  setRange("bedrooms", raw.bedrooms);
  setRange("buildingYear", raw.buildingYear);
  if (raw.numBaths) filters.baths = raw.numBaths;
  if (raw.numParkingSpaces) filters.parkingSpaces = raw.numParkingSpaces;
  if (raw.level) filters.floorLevels = [...new Set(raw.level)].sort();
  if (raw.lift) filters.lift = true;
  if (raw.lift_level !== undefined) filters.liftLevel = raw.lift_level;
  if (raw.balconyAndTerrace) filters.balconyAndTerrace = true;
  else {
    if (raw.balcony) filters.balcony = true;
    if (raw.terrace) filters.terrace = true;
  }
  if (raw.garden) filters.garden = raw.garden;
  if (raw.heatingType) filters.heating = raw.heatingType;
  if (raw.energyClass) filters.energyClasses = [...new Set(raw.energyClass)].sort();
  if (raw.buildingCondition) filters.buildingConditions = [...new Set(raw.buildingCondition)].sort();
  if (raw.availability) filters.availability = [...new Set(raw.availability.map((a) => (a === "nuda-proprieta" ? "nuda proprieta" : a)))].sort();
  if (raw.sellerType) filters.sellerType = raw.sellerType;
  if (raw.furniture) filters.furniture = [...new Set(raw.furniture)].sort();
  if (raw.publication_date) filters.publicationDate = raw.publication_date;
  if (raw.has_swimming_pool) filters.pool = true;
  if (raw.has_reception) filters.reception = true;
  if (raw.has_virtual_tour) filters.virtualTour = true;
  if (raw.air_conditioned) filters.airConditioned = true;
  if (raw.is_lux) filters.luxury = true;
  if (raw.exclude_under_construction) filters.excludeUnderConstruction = true;
  if (raw.includes_property_ownership) filters.includesPropertyOwnership = true;
  if (raw.commercial_building_location) filters.commercialBuildingLocations = [...new Set(raw.commercial_building_location)].sort();
  if (raw.license_type_groups) filters.licenseTypeGroups = [...new Set(raw.license_type_groups)].sort();
  if (raw.priceType) filters.priceType = raw.priceType;
  if (raw.firstMedia === "floorplan") filters.floorPlan = true;
  if (raw.photo) filters.photo = true;
  if (raw.poi && raw.poi.length > 0) filters.poi = [...new Set(raw.poi)].sort();
  if (raw.pId) filters.publisherId = raw.pId;

  const allPlaces = [...new Set([...places, ...(raw.zones ?? [])])];
  if (allPlaces.length > LIMITS.maxPlaces) throw new SearchRuleError("locations", `at most ${LIMITS.maxPlaces} places`);
  return {
    channel, group, propertyTypes, places: allPlaces.sort(), geo, filters, sort, page: raw.page ?? 1,
    includeSurrounding: Boolean(raw.includeSurrounding ?? raw.surrounding ?? false),
  };
}

/** Groups, validates and normalises a raw filter object. Throws a ZodError or SearchRuleError. */
export function parseSearch(raw: Record<string, unknown>, places: string[] = []): SearchQuery {
  return buildSearchQuery(rawFiltersSchema.parse(groupRawFilters(raw)), places);
}

/**
 * "Filtri (n)": filters that differ from the defaults. A min/max pair counts once, a list once,
 * the property types once; channel, group, places, sort and page are not filters.
 */
export function activeFilterCount(query: SearchQuery): number {
  const { auction, privateNegotiation, publisherId: _publisher, ...rest } = query.filters;
  let n = Object.values(rest).filter((v) => v !== undefined).length;
  if (auction !== "include") n++;
  if (privateNegotiation !== "include") n++;
  if (query.propertyTypes.length > 0) n++;
  return n;
}

/** "monolocale" … "quadrilocale" for 1–4 rooms; null otherwise. */
export function roomName(rooms: number): string | null {
  return ({ 1: "monolocale", 2: "bilocale", 3: "trilocale", 4: "quadrilocale" } as Record<number, string>)[rooms] ?? null;
}

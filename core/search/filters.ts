/**
 * The search filters, each declared once (docs/decisions/040-filter-registry.md). An entry names its
 * raw key(s) and their schema, its kind (range, number, flag, enum, set, tristate; the geo modes are
 * `geoForms` below), how it reads from and writes to the raw filter object (and so the URL), the
 * listing condition it stands for, its rules, its form field and its label key. From the registry
 * come parsing (query.ts), the URL codec (url.ts), the SQL (db/listings-search.ts compiles the
 * conditions), the in-memory predicates (db/listing-facts.ts) and the filter form's fields
 * (app/search/filter-form.server.ts, page data for app/ui/results-filters.tsx, docs/decisions/071). Adding a
 * filter is one entry here plus its labels in app/i18n/search.ts.
 *
 * Pure: no React, no database, and no zod, so the browser's live count (core/search/form-filters.ts, loaded
 * on the form's first use) can read it without the schema library (docs/decisions/027): raw keys are described as data (RawSpec) and query.ts builds the zod
 * schema from them. Conditions are plain data over listing columns, so core stays free of Kysely and
 * db/ turns each node into SQL or a predicate generically.
 */
import { BadInputError } from "../errors.ts";
import { PlaceLevel } from "../places.ts";
import { poiType, poiTypeIds, type PoiTypeId } from "../poi.ts";
import {
  availabilities,
  buildingConditions,
  commercialBuildingLocations,
  energyClasses,
  floorLevels,
  furnitureValues,
  gardenValues,
  heatingTypes,
  licenseTypeGroups,
  priceTypes,
  publicationDates,
  sellerTypes,
  shortPriceTypeGroups,
  type Channel,
  type PropertyTypeGroup,
  type TravelMode,
} from "./vocabulary.ts";

export interface Range {
  min?: number;
  max?: number;
}
export type Tristate = "include" | "only" | "exclude";

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

/** A request that is well-formed but asks for something the rules forbid; maps to HTTP 400. */
/** A request that is well-formed but asks for something the rules forbid; a BadInputError, so HTTP 400. */
export class SearchRuleError extends BadInputError {
  override name = "SearchRuleError";
  declare readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`, field);
  }
}

/** Monthly mortgage payment per euro of price: 80 % financed over 25 years at 3.5 % a year (docs/decisions). */
export const PAYMENT_PER_EURO = (() => {
  const r = 0.035 / 12;
  const n = 25 * 12;
  return (0.8 * r) / (1 - (1 + r) ** -n);
})();

// ---------- listing columns and conditions ----------

/**
 * Every listing column a search condition may test (camelCase, as db/schema.ts names them), with how
 * it is stored: the in-memory facts hold exactly these, and db/ checks at compile time that they exist.
 */
export const searchColumns = {
  channel: "text",
  propertyTypeGroup: "text",
  propertyType: "text",
  isNewConstruction: "flag",
  category: "text",
  regionId: "text",
  provinceId: "text",
  townId: "text",
  zoneId: "text",
  blockId: "text",
  lat: "number",
  lon: "number",
  price: "number",
  priceUnit: "text",
  pricePerMq: "number",
  /** The price anyone may see: NULL for a private negotiation. Filters and map prices read it, never `price`. */
  shownPrice: "number",
  shownPricePerMq: "number",
  surface: "number",
  rooms: "number",
  bedrooms: "number",
  baths: "number",
  parkingSpaces: "number",
  floor: "number",
  totalFloors: "number",
  buildingYear: "number",
  photoCount: "number",
  publishedAt: "time",
  /** No filter tests it: the default sort's key (core/search/relevance.ts), held so the facts can sort. */
  relevance: "number",
  publisherId: "number",
  agentId: "number",
  hasLift: "flag",
  hasBalcony: "flag",
  hasTerrace: "flag",
  isAuction: "flag",
  isPrivateNegotiation: "flag",
  hasPool: "flag",
  hasReception: "flag",
  hasVirtualTour: "flag",
  hasAirConditioning: "flag",
  isLuxury: "flag",
  isUnderConstruction: "flag",
  includesPropertyOwnership: "flag",
  hasFloorPlan: "flag",
  garden: "text",
  heating: "text",
  energyClass: "text",
  buildingCondition: "text",
  availability: "text",
  sellerType: "text",
  furniture: "text",
  commercialBuildingLocation: "text",
  licenseTypeGroup: "text",
  priceType: "text",
  distBusStation: "number",
  distSubway: "number",
  distElectricCharging: "number",
  distElementarySchool: "number",
  distHighSchool: "number",
  distSecondarySchool: "number",
  distNurserySchool: "number",
  distSupermarket: "number",
} as const satisfies Record<string, "number" | "flag" | "text" | "time">;
export type SearchColumn = keyof typeof searchColumns;
/** A time column compares against milliseconds since the epoch. */
export type ColumnStorage = (typeof searchColumns)[SearchColumn];

export type Comparison = "=" | ">=" | "<=" | ">" | "<";

/**
 * A listing condition as data, with SQL's NULL rules: a comparison with a null column is false.
 * `scale` multiplies the column before comparing (the mortgage payment is price × PAYMENT_PER_EURO).
 */
export type Condition =
  | { op: Comparison; column: SearchColumn; value: number | string | boolean; scale?: number }
  | { op: Comparison; column: SearchColumn; other: SearchColumn }
  | { op: "in"; column: SearchColumn; values: readonly string[] }
  | { op: "notNull"; column: SearchColumn }
  | { op: "and" | "or"; of: Condition[] };

export const cond = {
  is: (column: SearchColumn, value: number | string | boolean): Condition => ({ op: "=", column, value }),
  cmp: (column: SearchColumn, op: Comparison, value: number, scale?: number): Condition => ({
    op,
    column,
    value,
    ...(scale !== undefined ? { scale } : {}),
  }),
  cmpColumns: (column: SearchColumn, op: Comparison, other: SearchColumn): Condition => ({ op, column, other }),
  in: (column: SearchColumn, values: readonly string[]): Condition => ({ op: "in", column, values }),
  notNull: (column: SearchColumn): Condition => ({ op: "notNull", column }),
  and: (...of: Condition[]): Condition => ({ op: "and", of }),
  or: (...of: Condition[]): Condition => ({ op: "or", of }),
  /** min ≤ column ≤ max for the bounds given. */
  range: (column: SearchColumn, r: Range, scale?: number): Condition => ({
    op: "and",
    of: [
      ...(r.min !== undefined ? [cond.cmp(column, ">=", r.min, scale)] : []),
      ...(r.max !== undefined ? [cond.cmp(column, "<=", r.max, scale)] : []),
    ],
  }),
};

/**
 * Which listing column holds the key of a place of each level (set at load time), and which array
 * column lists the metro stops and non-administrative zones a listing lies in. Metro lines match
 * through their stops. One map for search, facts and place counts.
 */
export const placeKeyColumn: Readonly<Partial<Record<number, "regionId" | "provinceId" | "townId" | "zoneId" | "blockId">>> = {
  [PlaceLevel.region]: "regionId",
  [PlaceLevel.province]: "provinceId",
  [PlaceLevel.town]: "townId",
  [PlaceLevel.zone]: "zoneId",
  [PlaceLevel.block]: "blockId",
};
export const placeArrayColumn: Readonly<Partial<Record<number, "metroStopIds" | "nonadminZoneIds">>> = {
  [PlaceLevel.metroStop]: "metroStopIds",
  [PlaceLevel.metroLine]: "metroStopIds",
  [PlaceLevel.nonAdminZone]: "nonadminZoneIds",
  [PlaceLevel.nonAdminSubZone]: "nonadminZoneIds",
};

// ---------- raw input pieces ----------

export type RawValue = string | number | boolean | string[] | object;

/**
 * What one raw key accepts (query.ts turns it into a zod schema): a boolean flag ("true", "1", "on"…),
 * one literal text, a whole number, a {min, max} range, one of some values, or a list of them (an
 * array or a comma-separated string; `orRecord` also takes `{ value: true, … }`).
 */
export type RawSpec =
  | { type: "flag" }
  | { type: "literal"; value: string }
  | { type: "int"; min: number; max: number }
  | { type: "range"; min: number; max: number }
  | { type: "enum"; values: readonly [string, ...string[]] }
  | { type: "list"; values: readonly [string, ...string[]]; orRecord?: boolean };

// ---------- the entry ----------

export type FilterKind = "range" | "number" | "flag" | "enum" | "set" | "tristate";

/** What a rule sees besides the filter's own value. */
export interface RuleContext {
  channel: Channel;
  group: PropertyTypeGroup;
  raw: Readonly<Record<string, unknown>>;
}
/** What a condition may depend on besides the value: "now", truncated to the minute by the caller. */
export interface ConditionContext {
  now: Date;
}

/** The filter form's groups, in order; `rooms` shows for the groups that have rooms only. */
export const formGroups = ["price", "rooms", "features", "condition", "other"] as const;
export type FormGroup = (typeof formGroups)[number];
export type FormControl =
  /** Two number inputs, `{base}_min` and `{base}_max`. */
  | { control: "number-pair"; max: number }
  /** Two selects over these values. */
  | { control: "select-pair"; options: readonly string[] }
  | { control: "select"; options: readonly string[] }
  /** Checkboxes (a dropdown with JavaScript). */
  | { control: "checks"; options: readonly string[] }
  | { control: "flag" }
  /** Radio buttons on one raw key: the value each state sends. */
  | { control: "radio"; name: string; options: ReadonlyArray<readonly [state: string, sent: string]> };
export type FormField = FormControl & {
  group: FormGroup;
  /** Position in the group (fields without one follow, in registry order). */
  rank?: number;
  /** Shown only for these searches. */
  when?: (search: { channel: Channel; group: PropertyTypeGroup }) => boolean;
};

export interface FilterEntry<K extends string = string, V = unknown> {
  /** The key in SearchFilters, and the key of its labels (app/i18n/search.ts filterLabels). */
  readonly key: K;
  readonly kind: FilterKind;
  /** Raw keys after grouping (`price_min` is grouped under `price`) and what each accepts. */
  readonly schema: Readonly<Record<string, RawSpec>>;
  /** Names whose `_min`/`_max` pairs group under this range's raw key (numRooms_min → rooms). */
  readonly rangeBases?: readonly string[];
  /** Query-string keys in canonical order; `list` ones are comma lists and may repeat. */
  readonly urlKeys: ReadonlyArray<{ key: string; list?: boolean }>;
  /** Other spellings accepted in typed URLs (lower case) → URL key. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** The value when unset, for filters that always have one. */
  readonly default?: V;
  /** The normal-form value from validated raw filters; undefined when unset. */
  read(raw: Readonly<Record<string, unknown>>): V | undefined;
  /** The raw keys for a value (the inverse of read). */
  write(value: V): Record<string, RawValue>;
  /** The listing condition for a value. */
  where(value: V, context: ConditionContext): Condition;
  /** Throws SearchRuleError when the value breaks a rule of seed 000 §5 in this search. */
  check?(value: V, context: RuleContext): void;
  readonly form?: FormField;
}
/** An entry of any value type (a registry holds many). */
// `any` for variance: each entry is used only through its own key.
export type AnyFilter = FilterEntry<string, any>;

type Base<K extends string, V> = Partial<Omit<FilterEntry<K, V>, "key" | "kind" | "form">>;

/** An entry with its field in the filter form; its labels are then required (app/i18n/search.ts filterLabels). */
export function withForm<E extends AnyFilter>(entry: E, form: FormField): E & { readonly form: FormField } {
  return { ...entry, form };
}

const sortedUnique = <T extends string>(values: readonly T[]) => [...new Set(values)].sort();
/** What an entry overrides of its kind's defaults (the builder's own options stay out of the entry). */
function overrides<K extends string, V>(o: Base<K, V>): Base<K, V> {
  const out: Record<string, unknown> = {};
  for (const key of ["schema", "rangeBases", "urlKeys", "aliases", "default", "read", "write", "where", "check"] as const) {
    if (o[key] !== undefined) out[key] = o[key];
  }
  return out as Base<K, V>;
}

/** A numeric range on a column: `{base}_min` / `{base}_max` in the URL. */
export function rangeFilter<K extends string>(
  key: K,
  o: Base<K, Range> & { column: SearchColumn; min: number; max: number; base?: string; scale?: number },
): FilterEntry<K, Range> {
  const base = o.base ?? key;
  return {
    key,
    kind: "range",
    schema: { [key]: { type: "range", min: o.min, max: o.max } },
    rangeBases: [...new Set([base, key])],
    urlKeys: [{ key: `${base}_min` }, { key: `${base}_max` }],
    read: (raw) => {
      const r = raw[key] as Range | undefined;
      if (!r || (r.min === undefined && r.max === undefined)) return undefined;
      return { ...(r.min !== undefined ? { min: r.min } : {}), ...(r.max !== undefined ? { max: r.max } : {}) };
    },
    write: (r) => ({
      ...(r.min !== undefined ? { [`${base}_min`]: r.min } : {}),
      ...(r.max !== undefined ? { [`${base}_max`]: r.max } : {}),
    }),
    where: (r) => cond.range(o.column, r, o.scale),
    ...overrides(o),
  };
}

/** A whole number on one raw key; by default "at least this many". */
export function numberFilter<K extends string>(
  key: K,
  o: Base<K, number> & { raw: string; column?: SearchColumn; min: number; max: number },
): FilterEntry<K, number> {
  return {
    key,
    kind: "number",
    schema: { [o.raw]: { type: "int", min: o.min, max: o.max } },
    urlKeys: [{ key: o.raw }],
    read: (raw) => raw[o.raw] as number | undefined,
    write: (v) => ({ [o.raw]: v }),
    where: (v) => cond.cmp(o.column!, ">=", v),
    ...overrides(o),
  };
}

/** A yes-only filter; by default the flag column is true. `on` is the raw value that sets it, when not a boolean. */
export function flagFilter<K extends string>(
  key: K,
  o: Base<K, true> & { raw: string; column?: SearchColumn; on?: string },
): FilterEntry<K, true> {
  return {
    key,
    kind: "flag",
    schema: { [o.raw]: o.on ? { type: "literal", value: o.on } : { type: "flag" } },
    urlKeys: [{ key: o.raw }],
    read: (raw) => ((o.on ? raw[o.raw] === o.on : Boolean(raw[o.raw])) ? true : undefined),
    write: () => ({ [o.raw]: o.on ?? true }),
    where: () => cond.is(o.column!, true),
    ...overrides(o),
  };
}

/** One value of a list; by default the text column equals it. */
export function enumFilter<K extends string, T extends string>(
  key: K,
  o: Base<K, T> & { raw: string; values: readonly [T, ...T[]]; column?: SearchColumn },
): FilterEntry<K, T> {
  return {
    key,
    kind: "enum",
    schema: { [o.raw]: { type: "enum", values: o.values } },
    urlKeys: [{ key: o.raw }],
    read: (raw) => (raw[o.raw] ? (raw[o.raw] as T) : undefined),
    write: (v) => ({ [o.raw]: v }),
    where: (v) => cond.is(o.column!, v),
    ...overrides(o),
  };
}

/**
 * Any of several values (a comma list), kept sorted and unique; by default the text column is one of
 * them. `stored`/`sent` translate between the spelling users send and the one listings store.
 */
export function setFilter<K extends string, T extends string, S extends string = T>(
  key: K,
  o: Base<K, S[]> & {
    raw: string;
    values: readonly [T, ...T[]];
    column?: SearchColumn;
    stored?: (v: T) => S;
    sent?: (v: S) => string;
  },
): FilterEntry<K, S[]> {
  return {
    key,
    kind: "set",
    schema: { [o.raw]: { type: "list", values: o.values } },
    urlKeys: [{ key: o.raw, list: true }],
    read: (raw) => {
      const v = raw[o.raw] as T[] | undefined;
      return v && v.length > 0 ? sortedUnique(v.map((x) => (o.stored ? o.stored(x) : (x as unknown as S)))) : undefined;
    },
    write: (v) => ({ [o.raw]: v.map((x) => (o.sent ? o.sent(x) : x)) }),
    where: (v) => cond.in(o.column!, v),
    ...overrides(o),
  };
}

/**
 * Include (the default), only or exclude the listings whose flag column is true: `only_{name}` and
 * `exclude_{name}`, which cannot both be set.
 */
export function tristateFilter<K extends string>(
  key: K,
  o: Base<K, Tristate> & { name: string; column: SearchColumn; field?: string },
): FilterEntry<K, Tristate> & { default: Tristate } {
  const only = `only_${o.name}`;
  const exclude = `exclude_${o.name}`;
  return {
    key,
    kind: "tristate",
    default: "include",
    schema: { [only]: { type: "flag" }, [exclude]: { type: "flag" } },
    urlKeys: [{ key: only }, { key: exclude }],
    read: (raw) => tristate(Boolean(raw[only]), Boolean(raw[exclude]), o.field ?? only),
    write: (v) => (v === "only" ? { [only]: true } : v === "exclude" ? { [exclude]: true } : {}),
    where: (v) => cond.is(o.column, v === "only"),
    ...overrides(o),
  } as FilterEntry<K, Tristate> & { default: Tristate };
}

function tristate(only: boolean, exclude: boolean, field: string): Tristate {
  if (only && exclude) throw new SearchRuleError(field, "only and exclude cannot both be set");
  return only ? "only" : exclude ? "exclude" : "include";
}

const hasRooms = ({ group }: { group: PropertyTypeGroup }) => group === "case" || group === "nuove-costruzioni" || group === "stanze";
const PRICED_KEYS = ["price", "priceType", "payment", "mqprice"] as const;

// ---------- the portal's filters (seed 000 §3), in the order their keys appear in URLs ----------

export const portalFilters = [
  // Price filters compare the shown price, NULL for a hidden one ('Trattativa riservata'): repeated searches
  // would otherwise bracket it. The rule lives in that one generated column (docs/decisions/088).
  withForm(
    rangeFilter("price", {
      column: "shownPrice",
      min: 0,
      max: LIMITS.maxPrice,
    }),
    { group: "price", control: "number-pair", max: LIMITS.maxPrice },
  ),
  rangeFilter("payment", {
    column: "shownPrice",
    scale: PAYMENT_PER_EURO,
    min: 0,
    max: LIMITS.maxPrice,
    // A monthly payment only makes sense for a total price.
    where: (r) => cond.and(cond.range("shownPrice", r, PAYMENT_PER_EURO), cond.is("priceUnit", "total")),
  }),
  rangeFilter("mqprice", {
    column: "shownPricePerMq",
    min: 0,
    max: 1_000_000,
  }),
  withForm(rangeFilter("mq", { column: "surface", min: 0, max: LIMITS.maxSurface }), {
    group: "price",
    control: "number-pair",
    max: LIMITS.maxSurface,
  }),
  withForm(
    rangeFilter("rooms", {
      column: "rooms",
      base: "numRooms",
      min: 1,
      max: LIMITS.maxRooms,
      aliases: { rooms_min: "numRooms_min", rooms_max: "numRooms_max", numroomsmin: "numRooms_min", numroomsmax: "numRooms_max" },
    }),
    { group: "rooms", control: "select-pair", options: ["1", "2", "3", "4", "5"], when: hasRooms },
  ),
  rangeFilter("bedrooms", { column: "bedrooms", min: 0, max: LIMITS.maxRooms }),
  rangeFilter("buildingYear", { column: "buildingYear", min: LIMITS.minYear, max: LIMITS.maxYear }),
  withForm(numberFilter("baths", { raw: "numBaths", column: "baths", min: 1, max: 10 }), {
    group: "rooms",
    control: "select",
    options: ["1", "2", "3"],
    when: hasRooms,
  }),
  numberFilter("parkingSpaces", { raw: "numParkingSpaces", column: "parkingSpaces", min: 1, max: 10 }),
  withForm(
    setFilter("floorLevels", {
      raw: "level",
      values: floorLevels,
      where: (levels) =>
        cond.or(
          ...levels.map((level) =>
            level === "terra"
              ? cond.cmp("floor", "<=", 0)
              : level === "ultimo"
                ? cond.and(cond.cmp("floor", ">", 0), cond.cmpColumns("floor", "=", "totalFloors"))
                : cond.and(cond.cmp("floor", ">", 0), cond.cmpColumns("floor", "<", "totalFloors")),
          ),
        ),
    }),
    { group: "features", control: "checks", options: floorLevels },
  ),
  withForm(flagFilter("lift", { raw: "lift", column: "hasLift" }), { group: "features", control: "flag" }),
  numberFilter("liftLevel", {
    raw: "lift_level",
    min: 0,
    max: 10,
    // A lift, or a floor low enough to walk.
    where: (level) => cond.or(cond.is("hasLift", true), cond.cmp("floor", "<=", level)),
  }),
  withForm(
    flagFilter("balcony", {
      raw: "balcony",
      column: "hasBalcony",
      read: (raw) => (raw.balcony && !raw.balconyAndTerrace ? true : undefined),
    }),
    { group: "features", control: "flag" },
  ),
  withForm(
    flagFilter("terrace", {
      raw: "terrace",
      column: "hasTerrace",
      read: (raw) => (raw.terrace && !raw.balconyAndTerrace ? true : undefined),
    }),
    { group: "features", control: "flag" },
  ),
  flagFilter("balconyAndTerrace", {
    raw: "balconyAndTerrace",
    where: () => cond.and(cond.is("hasBalcony", true), cond.is("hasTerrace", true)),
  }),
  withForm(
    enumFilter("garden", {
      raw: "garden",
      values: [...gardenValues, "any"] as const,
      column: "garden",
      where: (v) => (v === "any" ? cond.notNull("garden") : cond.is("garden", v)),
    }),
    { group: "features", control: "select", options: ["any", ...gardenValues] },
  ),
  withForm(enumFilter("heating", { raw: "heatingType", values: heatingTypes, column: "heating" }), {
    group: "features",
    control: "select",
    options: heatingTypes,
  }),
  withForm(setFilter("energyClasses", { raw: "energyClass", values: energyClasses, column: "energyClass" }), {
    group: "condition",
    control: "checks",
    options: energyClasses,
    rank: 2,
  }),
  withForm(setFilter("buildingConditions", { raw: "buildingCondition", values: buildingConditions, column: "buildingCondition" }), {
    group: "condition",
    control: "checks",
    options: buildingConditions,
    rank: 1,
  }),
  setFilter("availability", {
    raw: "availability",
    values: availabilities,
    column: "availability",
    // Stored spelling: 'nuda proprieta' with a space.
    stored: (v): string => (v === "nuda-proprieta" ? "nuda proprieta" : v),
    sent: (v) => v.replace(/ /g, "-"),
  }),
  withForm(enumFilter("sellerType", { raw: "sellerType", values: sellerTypes, column: "sellerType" }), {
    group: "other",
    control: "select",
    options: sellerTypes,
    rank: 2,
  }),
  withForm(setFilter("furniture", { raw: "furniture", values: furnitureValues, column: "furniture" }), {
    group: "features",
    control: "checks",
    options: furnitureValues,
  }),
  withForm(
    enumFilter("publicationDate", {
      raw: "publication_date",
      values: Object.keys(publicationDates) as Array<keyof typeof publicationDates> as ["2d", "7d", "30d"],
      where: (v, { now }) => cond.cmp("publishedAt", ">=", now.getTime() - publicationDates[v] * 86_400_000),
    }),
    { group: "other", control: "select", options: Object.keys(publicationDates), rank: 1 },
  ),
  flagFilter("includesPropertyOwnership", { raw: "includes_property_ownership", column: "includesPropertyOwnership" }),
  setFilter("commercialBuildingLocations", {
    raw: "commercial_building_location",
    values: commercialBuildingLocations,
    column: "commercialBuildingLocation",
  }),
  withForm(
    tristateFilter("privateNegotiation", {
      name: "private_negotiation",
      column: "isPrivateNegotiation",
      field: "private_negotiation",
      // The form's one radio group (private_negotiation=true|false), beside the URL's only_/exclude_ keys.
      schema: {
        only_private_negotiation: { type: "flag" },
        exclude_private_negotiation: { type: "flag" },
        private_negotiation: { type: "flag" },
      },
      aliases: { private_negotiation: "private_negotiation" },
      read: (raw) =>
        tristate(
          Boolean(raw.only_private_negotiation) || raw.private_negotiation === true,
          Boolean(raw.exclude_private_negotiation) || raw.private_negotiation === false,
          "private_negotiation",
        ),
      // Seed 000 §5: the private-negotiation filters (only or exclude) and the price filters disable each other.
      check: (v, { raw }) => {
        if (v === "include") return;
        for (const key of PRICED_KEYS) {
          if (raw[key] !== undefined) {
            throw new SearchRuleError(
              key,
              `cannot be combined with ${v}_private_negotiation: the price filters and the private-negotiation filters exclude each other`,
            );
          }
        }
      },
    }),
    {
      group: "price",
      control: "radio",
      name: "private_negotiation",
      rank: 9,
      options: [
        ["include", ""],
        ["only", "true"],
        ["exclude", "false"],
      ],
    },
  ),
  withForm(
    tristateFilter("auction", {
      name: "auction",
      column: "isAuction",
      field: "is_auction",
      schema: { is_auction: { type: "flag" }, only_auction: { type: "flag" }, exclude_auction: { type: "flag" } },
      aliases: { is_auction: "is_auction" },
      read: (raw) =>
        tristate(
          Boolean(raw.only_auction) || raw.is_auction === true,
          Boolean(raw.exclude_auction) || raw.is_auction === false,
          "is_auction",
        ),
      // Seed 000 §5: excluding auctions sets is_auction false and adds exclude_auction=true.
      write: (v): Record<string, RawValue> =>
        v === "only" ? { only_auction: true } : v === "exclude" ? { is_auction: false, exclude_auction: true } : {},
    }),
    {
      group: "other",
      control: "radio",
      name: "is_auction",
      rank: 3,
      when: ({ channel }) => channel === "vendita",
      options: [
        ["include", ""],
        ["only", "true"],
        ["exclude", "false"],
      ],
    },
  ),
  flagFilter("pool", { raw: "has_swimming_pool", column: "hasPool" }),
  flagFilter("reception", { raw: "has_reception", column: "hasReception" }),
  flagFilter("virtualTour", { raw: "has_virtual_tour", column: "hasVirtualTour" }),
  flagFilter("airConditioned", { raw: "air_conditioned", column: "hasAirConditioning" }),
  flagFilter("luxury", { raw: "is_lux", column: "isLuxury" }),
  flagFilter("excludeUnderConstruction", { raw: "exclude_under_construction", where: () => cond.is("isUnderConstruction", false) }),
  setFilter("licenseTypeGroups", { raw: "license_type_groups", values: licenseTypeGroups, column: "licenseTypeGroup" }),
  enumFilter("priceType", {
    raw: "priceType",
    values: priceTypes,
    column: "priceType",
    check: (v, { group }) => {
      if (shortPriceTypeGroups.includes(group) && !priceTypes.slice(0, 2).includes(v)) {
        throw new SearchRuleError("priceType", `${group} offers only ${priceTypes.slice(0, 2).join(" and ")}`);
      }
    },
  }),
  flagFilter("floorPlan", { raw: "firstMedia", on: "floorplan", column: "hasFloorPlan" }),
  flagFilter("photo", { raw: "photo", where: () => cond.cmp("photoCount", ">", 0) }),
  setFilter("poi", {
    raw: "poi",
    values: poiTypeIds as unknown as [PoiTypeId, ...PoiTypeId[]],
    schema: { poi: { type: "list", values: poiTypeIds as unknown as [PoiTypeId, ...PoiTypeId[]], orRecord: true } },
    // Every chosen type within its distance.
    where: (ids) => cond.and(...ids.map((id) => cond.cmp(poiType(id).distanceColumn as SearchColumn, "<=", poiType(id).maxDistance))),
  }),
  numberFilter("publisherId", {
    raw: "pId",
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    // The agency's listings and those of its agents.
    where: (id) => cond.or(cond.is("publisherId", id), cond.is("agentId", id)),
  }),
] as const;

// ---------- the registry ----------

type ValueOf<F> = F extends FilterEntry<string, infer V> ? V : never;
/** The normal-form filters of a registry: optional, except those with a default. */
export type FiltersOf<R extends readonly AnyFilter[]> = {
  [F in R[number] as F extends { readonly default: {} } ? never : F["key"]]?: ValueOf<F>;
} & { [F in R[number] as F extends { readonly default: {} } ? F["key"] : never]: ValueOf<F> };

export interface FilterRegistry<R extends readonly AnyFilter[] = readonly AnyFilter[]> {
  readonly entries: R;
  /** The entry of a SearchFilters key. */
  entry(key: string): AnyFilter | undefined;
  /** Every raw key and what it accepts, for the strict raw-filter schema (query.ts). */
  readonly schemaShape: Readonly<Record<string, RawSpec>>;
  /** `{base}_min`/`{base}_max` name → the range's grouped raw key. */
  readonly rangeBases: Readonly<Record<string, string>>;
  /** Query-string keys of the filters, in canonical order. */
  readonly urlKeys: readonly string[];
  readonly listUrlKeys: ReadonlySet<string>;
  /** Lower-case spellings → URL key. */
  readonly urlKeyByLower: ReadonlyMap<string, string>;
  /** Values with defaults only: the filters of a search that sets none. */
  readonly defaults: FiltersOf<R>;
  /** The filters from validated raw keys, applying each filter's rules. */
  read(raw: Readonly<Record<string, unknown>>, context: Omit<RuleContext, "raw">): FiltersOf<R>;
  /** The raw keys of the filters (defaults left out). */
  write(filters: FiltersOf<R>): Record<string, RawValue>;
  /** One condition per filter that differs from its default. */
  conditions(filters: FiltersOf<R>, context: ConditionContext): Condition[];
  /** The raw and URL keys behind an error's field (so a lenient parser can drop them). */
  keysOfField(field: string): string[];
  /** How many filters differ from their defaults ("Filtri (n)"), leaving out `except`. */
  activeCount(filters: FiltersOf<R>, except?: readonly string[]): number;
  /** Form fields by group, in order, for a search. */
  formFields(search: {
    channel: Channel;
    group: PropertyTypeGroup;
  }): Array<{ group: FormGroup; fields: Array<{ entry: AnyFilter; form: FormField }> }>;
  /** A registry with more entries (after these). */
  extend<E extends readonly AnyFilter[]>(...more: E): FilterRegistry<readonly [...R, ...E]>;
}

const isSet = (entry: AnyFilter, value: unknown) => value !== undefined && value !== entry.default;

/** Builds a registry; checks that no two entries claim the same key. */
export function createFilterRegistry<const R extends readonly AnyFilter[]>(entries: R): FilterRegistry<R> {
  const schemaShape: Record<string, RawSpec> = {};
  const rangeBases: Record<string, string> = {};
  const urlKeys: string[] = [];
  const listUrlKeys = new Set<string>();
  const urlKeyByLower = new Map<string, string>();
  const keys = new Set<string>();
  const defaults: Record<string, unknown> = {};
  for (const e of entries) {
    if (keys.has(e.key)) throw new Error(`filter "${e.key}" is declared twice`);
    keys.add(e.key);
    if (e.default !== undefined) defaults[e.key] = e.default;
    for (const [raw, schema] of Object.entries(e.schema)) {
      if (raw in schemaShape) throw new Error(`raw key "${raw}" is claimed by two filters`);
      schemaShape[raw] = schema;
    }
    for (const base of e.rangeBases ?? []) rangeBases[base] = Object.keys(e.schema)[0]!;
    for (const { key, list: isList } of e.urlKeys) {
      urlKeys.push(key);
      if (isList) listUrlKeys.add(key);
      urlKeyByLower.set(key.toLowerCase(), key);
    }
    for (const [alias, key] of Object.entries(e.aliases ?? {})) urlKeyByLower.set(alias.toLowerCase(), key);
  }
  const registry: FilterRegistry<R> = {
    entries,
    schemaShape,
    rangeBases,
    urlKeys,
    listUrlKeys,
    urlKeyByLower,
    entry: (key) => entries.find((e) => e.key === key),
    defaults: defaults as FiltersOf<R>,
    read(raw, context) {
      const out: Record<string, unknown> = {};
      for (const e of entries) {
        const value = e.read(raw);
        if (value === undefined) continue;
        e.check?.(value, { ...context, raw });
        out[e.key] = value;
      }
      return out as FiltersOf<R>;
    },
    write(filters) {
      const out: Record<string, RawValue> = {};
      const f = filters as Record<string, unknown>;
      for (const e of entries) if (isSet(e, f[e.key])) Object.assign(out, e.write(f[e.key]));
      return out;
    },
    conditions(filters, context) {
      const f = filters as Record<string, unknown>;
      return entries.filter((e) => isSet(e, f[e.key])).map((e) => e.where(f[e.key], context));
    },
    keysOfField(field) {
      const e = entries.find((x) => field in x.schema);
      if (!e) return [field, `${field}_min`, `${field}_max`];
      return [...new Set([...Object.keys(e.schema), ...e.urlKeys.map((k) => k.key), ...Object.keys(e.aliases ?? {})])];
    },
    activeCount(filters, except = []) {
      const f = filters as Record<string, unknown>;
      return entries.filter((e) => !except.includes(e.key) && isSet(e, f[e.key])).length;
    },
    formFields(search) {
      return formGroups
        .map((group) => ({
          group,
          fields: entries
            .flatMap((entry, index) =>
              entry.form?.group === group && (entry.form.when?.(search) ?? true) ? [{ entry, form: entry.form, index }] : [],
            )
            .sort((a, b) => (a.form.rank ?? 100) - (b.form.rank ?? 100) || a.index - b.index)
            .map(({ entry, form }) => ({ entry, form })),
        }))
        .filter((g) => g.fields.length > 0);
    },
    extend: (...more) => createFilterRegistry([...entries, ...more] as const),
  };
  return registry;
}

/** The portal's filter registry. */
export const searchFilters = createFilterRegistry(portalFilters);
export type SearchFilters = FiltersOf<typeof portalFilters>;
export type FilterKey = (typeof portalFilters)[number]["key"];
/** The filters that have a form field, and so labels (app/i18n/search.ts filterLabels). */
export type FormFilterKey = Extract<(typeof portalFilters)[number], { readonly form: FormField }>["key"];
/** Groups that start open; the others open when one of their filters is set. */
export const formGroupsOpen: ReadonlySet<FormGroup> = new Set(["price", "rooms"]);

/**
 * The raw keys that are not filters: what is searched (channel, group, types), where (places), and how
 * the results are shown. query.ts holds their schemas (checked against this list).
 */
export const frameRawKeys = [
  "tr",
  "channel",
  "category",
  "propertyTypeGroup",
  "propertyTypes",
  "surrounding",
  "includeSurrounding",
  "precision",
  "page",
  "sortType",
  "zones",
  "isRoomsNumber",
  "fillin",
] as const;

// ---------- geo: one search area at a time ----------

export type GeoArea =
  | { kind: "bounds"; bbox: [west: number, south: number, east: number, north: number] }
  | { kind: "polygon"; ring: Array<[lon: number, lat: number]> }
  | { kind: "circle"; lat: number; lon: number; radius: number }
  | { kind: "nearby"; lat: number; lon: number; mode: TravelMode; minutes: number };

const numberText = /^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i;
const toNumbers = (text: string): number[] | null => {
  const parts = text.split(",").map((s) => s.trim());
  return parts.every((p) => numberText.test(p)) ? parts.map(Number) : null;
};
const n = (x: number) => String(x);

export interface GeoForm<K extends GeoArea["kind"] = GeoArea["kind"]> {
  /** The raw key (and query-string key). */
  readonly key: string;
  readonly kind: K;
  /** The raw value for an area (the inverse of toArea without the checks). */
  toRaw(area: Extract<GeoArea, { kind: K }>): object;
  /** The compact query-string text of a raw value, and back (undefined when unreadable). */
  toText(raw: Record<string, unknown>): string;
  fromText(text: string): unknown;
}

/**
 * The geo kind: each mode's raw key and URL form, in canonical URL order. Its schema and the checks
 * that turn a raw value into a GeoArea are query.ts's (one mode at a time); the area's SQL and
 * predicate follow the resolved shape (db/listings-search.ts areaCondition).
 */
export const geoForms = [
  {
    key: "geobounds",
    kind: "bounds",
    toRaw: (a) => ({ bbox: [...a.bbox] }),
    toText: (v) => (v.bbox as number[]).map(n).join(","),
    fromText: (text) => {
      const x = toNumbers(text);
      return x && x.length === 4 ? { bbox: x } : undefined;
    },
  } satisfies GeoForm<"bounds">,
  {
    key: "geopolygon",
    kind: "polygon",
    toRaw: (a) => ({ polygon: a.ring.map(([lon, lat]) => [lat, lon]) }),
    toText: (v) => (v.polygon as number[][]).map(([lat, lon]) => `${n(lat!)},${n(lon!)}`).join(";"),
    fromText: (text) => {
      const points = text.split(";").filter(Boolean).map(toNumbers);
      if (points.length > 500 || points.some((p) => !p || p.length !== 2)) return undefined;
      return { polygon: points };
    },
  } satisfies GeoForm<"polygon">,
  {
    key: "geocircle",
    kind: "circle",
    toRaw: (a) => ({ circle: [{ distance: a.radius, center: [a.lat, a.lon] }] }),
    toText: (v) => {
      const c = (v.circle as Array<{ distance: number; center: [number, number] }>)[0]!;
      return `${n(c.center[0])},${n(c.center[1])},${n(c.distance)}`;
    },
    fromText: (text) => {
      const x = toNumbers(text);
      return x && x.length === 3 ? { circle: [{ distance: x[2], center: [x[0], x[1]] }] } : undefined;
    },
  } satisfies GeoForm<"circle">,
  {
    key: "nearby",
    kind: "nearby",
    toRaw: (a) => ({ lat: a.lat, lon: a.lon, vehicle: a.mode, time: a.minutes }),
    toText: (v) => `${n(v.lat as number)},${n(v.lon as number)},${String(v.vehicle)},${n(v.time as number)}`,
    fromText: (text) => {
      const parts = text.split(",");
      const x = toNumbers([parts[0], parts[1], parts[3]].join(","));
      return parts.length === 4 && x ? { lat: x[0], lon: x[1], vehicle: parts[2]!.trim().toLowerCase(), time: x[2] } : undefined;
    },
  } satisfies GeoForm<"nearby">,
] as const;

export function geoFormOf(kind: GeoArea["kind"]): GeoForm {
  return geoForms.find((g) => g.kind === kind)! as GeoForm;
}
export const geoFormByKey: ReadonlyMap<string, GeoForm> = new Map(geoForms.map((g) => [g.key, g as GeoForm]));

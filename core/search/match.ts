/**
 * One predicate of a listing against a search: does this listing belong on that search's results?
 *
 * The same conditions db/listings-search.ts compiles into SQL and db/listing-facts.ts into predicates
 * over typed arrays, evaluated here on one plain listing with SQL's NULL rules (a comparison with NULL
 * is not true). The search's frame (channel, property group, property types) is expressed as registry
 * conditions (`frameConditions`), so "nuove-costruzioni means houses + new construction" is written
 * once. Used by the equivalence tests as their oracle and by anything that must decide for a single
 * listing what a results page would list (the alert matcher).
 */
import { bboxContains, bboxOf, circleBBox, distanceMeters, insideRingAsPostgres } from "../geo.ts";
import { PlaceLevel } from "../places.ts";
import {
  cond,
  placeArrayColumn,
  placeKeyColumn,
  searchFilters,
  type Condition,
  type FilterRegistry,
  type SearchColumn,
} from "./filters.ts";
import type { ResolvedArea } from "./geometry.ts";
import type { SearchQuery } from "./query.ts";
import type { PropertyTypeGroup } from "./vocabulary.ts";

/** The property group a listing stores for a searched group: new constructions are houses that are new. */
export function storedGroup(group: PropertyTypeGroup): Exclude<PropertyTypeGroup, "nuove-costruzioni"> {
  return group === "nuove-costruzioni" ? "case" : group;
}

/** The search's frame as conditions: its channel, its property group (and newness), its property types. */
export function frameConditions(query: Pick<SearchQuery, "channel" | "group" | "propertyTypes">): Condition[] {
  const out = [cond.is("channel", query.channel), cond.is("propertyTypeGroup", storedGroup(query.group))];
  if (query.group === "nuove-costruzioni") out.push(cond.is("isNewConstruction", true));
  if (query.propertyTypes.length > 0) out.push(cond.in("propertyType", query.propertyTypes));
  return out;
}

/** A listing as the predicate reads it: the search columns (instants in milliseconds), its metro stops and zones. */
export type MatchListing = { id: number } & { [C in SearchColumn]: number | string | boolean | null } & {
  metroStopIds: readonly string[];
  nonadminZoneIds: readonly string[];
};

/** A search with its places and area resolved: what db/search-criteria.ts builds (SearchCriteria fits it). */
export interface ResolvedSearch {
  query: SearchQuery;
  places: ReadonlyArray<{ id: string; level: number }>;
  /** Metro stop ids of any metro line among the places. */
  lineStops: ReadonlyMap<string, readonly string[]>;
  area: ResolvedArea | null;
  now: Date;
  excludePlaces?: ReadonlyArray<{ id: string; level: number }>;
  registry?: FilterRegistry;
  excludeListings?: readonly number[];
}

type Row = Readonly<Record<SearchColumn, number | string | boolean | null>>;

/** A condition on one listing, with SQL's rules: a comparison with NULL is not true. */
export function holds(c: Condition, row: Row): boolean {
  return compileCondition(c)(row);
}

/**
 * A condition as a function of the listing, its tree walked once: what `holds` applies, and what `compileMatch` keeps
 * for a predicate applied to many listings.
 */
export function compileCondition(c: Condition): (row: Row) => boolean {
  switch (c.op) {
    case "and": {
      const of = c.of.map(compileCondition);
      return (row) => {
        for (const x of of) if (!x(row)) return false;
        return true;
      };
    }
    case "or": {
      const of = c.of.map(compileCondition);
      return (row) => {
        for (const x of of) if (x(row)) return true;
        return false;
      };
    }
    case "in": {
      const { column, values } = c;
      return (row) => row[column] !== null && values.includes(row[column] as string);
    }
    case "notNull": {
      const { column } = c;
      return (row) => row[column] !== null;
    }
  }
  const { op, column } = c;
  const other = "other" in c ? c.other : null;
  const value = "other" in c ? null : c.value;
  const scale = "scale" in c && c.scale !== undefined ? c.scale : undefined;
  return (row) => {
    const left = row[column];
    const right = other !== null ? row[other] : value;
    if (left === null || right === null) return false;
    if (op === "=") return (scale !== undefined ? (left as number) * scale : left) === right;
    const a = (left as number) * (scale ?? 1);
    const b = right as number;
    switch (op) {
      case ">=":
        return a >= b;
      case "<=":
        return a <= b;
      case ">":
        return a > b;
      case "<":
        return a < b;
    }
  };
}

/** Whether the listing lies in any of the places (as stored on it at load); null: the places limit nothing. */
function inPlaces(
  listing: MatchListing,
  places: ReadonlyArray<{ id: string; level: number }>,
  lineStops: ReadonlyMap<string, readonly string[]>,
): boolean | null {
  if (places.length === 0 || places.some((p) => p.level === PlaceLevel.country)) return null;
  let limited = false;
  for (const p of places) {
    const column = placeKeyColumn[p.level];
    const arrayColumn = placeArrayColumn[p.level];
    if (column) {
      limited = true;
      if (listing[column] === p.id) return true;
    } else if (arrayColumn) {
      limited = true;
      // A metro line matches through its stops.
      const keys = p.level === PlaceLevel.metroLine ? (lineStops.get(p.id) ?? []) : [p.id];
      if (keys.some((k) => listing[arrayColumn].includes(k))) return true;
    }
  }
  return limited ? false : null;
}

/** Whether the listing's point lies in the area, by the rules of the SQL and the facts (bounding box first). */
export function inArea(area: ResolvedArea, lat: number, lon: number): boolean {
  switch (area.kind) {
    case "bounds":
      return bboxContains(area.bbox, lon, lat);
    case "circle":
      return (
        bboxContains(circleBBox(area.lat, area.lon, area.radius), lon, lat) && distanceMeters(area.lat, area.lon, lat, lon) <= area.radius
      );
    case "polygon":
      return area.rings.some(
        (ring) => bboxContains(bboxOf({ type: "Polygon", coordinates: [ring] }), lon, lat) && insideRingAsPostgres(ring, lon, lat),
      );
  }
}

/** The search's conditions, every one of which a listing must meet: its frame's and its filters' (for its `now`). */
function conditionsOf(search: ResolvedSearch): { frame: Condition[]; filters: Condition[] } {
  return {
    frame: frameConditions(search.query),
    filters: (search.registry ?? searchFilters).conditions(search.query.filters, { now: search.now }),
  };
}

/** lo ≤ the column's value ≤ hi, either end possibly infinite. */
export interface ColumnBound {
  column: SearchColumn;
  lo: number;
  hi: number;
}

/**
 * Bounds that every listing the search lists meets, read off the same conditions `compileMatch` compiles: each
 * condition the predicate requires (its top-level conditions and, within them, the parts of an `and`) that compares a
 * column with a number (`>`, `<` widened to `>=`, `<=`). A listing outside one of them, or NULL or not a number
 * there, is not listed (SQL's rule: a comparison with NULL is not true). Necessary, not sufficient: what is within the
 * bounds is still decided by the predicate. They narrow the candidates of a listing cheaply (db/alert-searches.ts,
 * docs/decisions/140) without a second encoding of any filter. Scaled comparisons (the monthly payment) are left to
 * the predicate, as are the search's places and area.
 */
export function conditionBounds(search: ResolvedSearch): ColumnBound[] {
  const byColumn = new Map<SearchColumn, ColumnBound>();
  const visit = (c: Condition): void => {
    if ("of" in c) {
      if (c.op === "and") for (const x of c.of) visit(x);
      return;
    }
    if (!("value" in c)) return; // `in`, `notNull`, a comparison of two columns
    if (typeof c.value !== "number" || c.scale !== undefined) return;
    const bound = byColumn.get(c.column) ?? { column: c.column, lo: -Infinity, hi: Infinity };
    if (c.op === ">=" || c.op === ">" || c.op === "=") bound.lo = Math.max(bound.lo, c.value);
    if (c.op === "<=" || c.op === "<" || c.op === "=") bound.hi = Math.min(bound.hi, c.value);
    byColumn.set(c.column, bound);
  };
  const { frame, filters } = conditionsOf(search);
  for (const c of [...frame, ...filters]) visit(c);
  return [...byColumn.values()];
}

/**
 * A listing's value as a bound compares it: as the predicate's comparisons convert (`"3" >= 2`, `true >= 1`); NULL
 * is NaN, within no bound.
 */
export function boundValue(value: number | string | boolean | null): number {
  return typeof value === "number" ? value : value === null ? Number.NaN : Number(value);
}

/** Whether the listing meets every bound. */
export function withinBounds(listing: MatchListing, bounds: readonly ColumnBound[]): boolean {
  for (const { column, lo, hi } of bounds) {
    const n = boundValue(listing[column]);
    if (!(n >= lo && n <= hi)) return false;
  }
  return true;
}

/**
 * Compiled conditions by their text, shared by the predicates compiled with it: searches with the same frame, or the
 * same filter, call one function. A listing met by a thousand held searches then runs a few hot functions instead of
 * a thousand copies scattered over the heap (docs/decisions/155). The caller owns it and starts a new one when it
 * drops its predicates.
 */
export type SharedConditions = Map<string, (row: Row) => boolean>;

/** Every condition of the list, as one function (the same one for the same list when `shared` is given). */
function compileAll(conditions: readonly Condition[], shared?: SharedConditions): (row: Row) => boolean {
  const build = () => {
    const each = conditions.map((c) => (shared ? compileShared(c, shared) : compileCondition(c)));
    return (row: Row) => {
      for (const c of each) if (!c(row)) return false;
      return true;
    };
  };
  if (!shared) return build();
  const key = `all:${JSON.stringify(conditions)}`;
  let compiled = shared.get(key);
  if (!compiled) shared.set(key, (compiled = build()));
  return compiled;
}

function compileShared(c: Condition, shared: SharedConditions): (row: Row) => boolean {
  const key = JSON.stringify(c);
  let compiled = shared.get(key);
  if (!compiled) shared.set(key, (compiled = compileCondition(c)));
  return compiled;
}

/**
 * The predicate of one resolved search with its conditions built once (the frame's and the registry's, for its
 * `now`): `matches` is this applied to one listing. What holds many searches for many listings (the alert matcher's
 * per-process predicates, docs/decisions/137) keeps the returned function instead of building the conditions again,
 * and passes `shared` so that equal conditions are one function. The frame and the filters are checked before the
 * places and the area: all must hold, in any order.
 */
export function compileMatch(search: ResolvedSearch, shared?: SharedConditions): (listing: MatchListing) => boolean {
  const { places, lineStops, area, excludePlaces, excludeListings } = search;
  const conditions = conditionsOf(search);
  const frame = compileAll(conditions.frame, shared);
  const filters = compileAll(conditions.filters, shared);
  return (listing) => {
    if (!frame(listing) || !filters(listing)) return false;
    if (inPlaces(listing, places, lineStops) === false) return false;
    if (excludePlaces?.length && inPlaces(listing, excludePlaces, lineStops) === true) return false;
    if (area) {
      if (typeof listing.lat !== "number" || typeof listing.lon !== "number" || !inArea(area, listing.lat, listing.lon)) return false;
    }
    if (excludeListings?.includes(listing.id)) return false;
    return true;
  };
}

/**
 * Whether the search's conditions depend on "now" (the publication-date filter): built for two instants a day apart
 * and compared. A predicate kept across minutes (the alert matcher's) is rebuilt as the minute moves on only if so.
 */
export function readsNow(search: ResolvedSearch): boolean {
  const registry = search.registry ?? searchFilters;
  const at = (ms: number) => JSON.stringify(registry.conditions(search.query.filters, { now: new Date(ms) }));
  return at(search.now.getTime()) !== at(search.now.getTime() + 86_400_000);
}

/** Whether the listing is one the search's results list. */
export function matches(listing: MatchListing, search: ResolvedSearch): boolean {
  return compileMatch(search)(listing);
}

/**
 * A search as SQL: each filter's condition is declared once, as data, in core/search/filters.ts and the
 * frame in core/search/match.ts; `conditionSql` compiles any such condition (db/listing-facts.ts compiles
 * the same ones into predicates), `criteriaCondition` a whole search, `applySort` its order.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, type Expression } from "kysely";
import { bboxOf, circleBBox } from "../core/geo.ts";
import { frameConditions } from "../core/search/match.ts";
import { PlaceLevel } from "../core/places.ts";
import {
  placeArrayColumn,
  placeKeyColumn,
  searchColumns,
  searchFilters,
  type Comparison,
  type Condition,
  type SearchColumn,
} from "../core/search/filters.ts";
import type { ResolvedArea } from "../core/search/geometry.ts";
import { sortOrders, type SortKey } from "../core/search/vocabulary.ts";
import type { SearchCriteria } from "./search-criteria.ts";
import { sqlColumnName, type Database } from "./schema.ts";
import type { DirectoryPlace } from "./place-directory.ts";

/** Every column a filter may name exists on listings: a compile-time check of core's list. */
export const searchColumnsExist: SearchColumn extends keyof Database["listings"] ? true : never = true;

type Eb = ExpressionBuilder<Database, "listings">;
export type SqlCondition = Expression<SqlBool>;

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres from the listing to a point, as core/geo.ts computes it. */
export function distanceSql(lat: number, lon: number) {
  return sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin(radians(listings.lat - ${lat}::float8) / 2), 2) +
    cos(radians(${lat}::float8)) * cos(radians(listings.lat)) * power(sin(radians(listings.lon - ${lon}::float8) / 2), 2))))`;
}

/** Plain ranges rather than point <@ box: they use the (channel, group, lat) covering index. */
export function inBox(bbox: readonly [number, number, number, number]) {
  return sql<SqlBool>`(listings.lat BETWEEN ${bbox[1]}::float8 AND ${bbox[3]}::float8 AND listings.lon BETWEEN ${bbox[0]}::float8 AND ${bbox[2]}::float8)`;
}

function polygonLiteral(ring: Array<[number, number]>): string {
  return `(${ring.map(([lon, lat]) => `(${lon},${lat})`).join(",")})`;
}

function areaCondition(area: ResolvedArea): SqlCondition {
  switch (area.kind) {
    case "bounds":
      return inBox(area.bbox);
    case "circle": {
      const box = circleBBox(area.lat, area.lon, area.radius);
      return sql<SqlBool>`(${inBox(box)} AND ${distanceSql(area.lat, area.lon)} <= ${area.radius}::float8)`;
    }
    case "polygon": {
      const parts = area.rings.map((ring) => {
        const box = bboxOf({ type: "Polygon", coordinates: [ring] });
        return sql<SqlBool>`(${inBox(box)} AND ${polygonLiteral(ring)}::polygon @> point(listings.lon, listings.lat))`;
      });
      return sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
    }
  }
}

/** Listings inside any of the places (by the keys stored on each listing at load time). */
function placeCondition(eb: Eb, places: DirectoryPlace[], lineStops: Map<string, string[]>): SqlCondition | null {
  const byLevel = new Map<number, string[]>();
  for (const p of places) byLevel.set(p.level, [...(byLevel.get(p.level) ?? []), p.id]);
  if (byLevel.has(PlaceLevel.country)) return null;
  const parts: SqlCondition[] = [];
  for (const [level, ids] of byLevel) {
    const column = placeKeyColumn[level];
    const arrayColumn = placeArrayColumn[level];
    if (column) parts.push(eb(column, "in", ids));
    else if (arrayColumn) {
      // A metro line matches through its stops.
      const keys = level === PlaceLevel.metroLine ? ids.flatMap((id) => lineStops.get(id) ?? []) : ids;
      parts.push(sql<SqlBool>`${sql.ref(`listings.${arrayColumn}`)} && ${keys}::text[]`);
    }
  }
  return parts.length === 0 ? null : eb.or(parts);
}

/** Number columns stored as floating point; every other number column is an integer type. */
const FLOAT_COLUMNS = new Set<string>(["lat", "lon", "pricePerMq", "shownPricePerMq"]);

/**
 * An integer column against a fractional bound: PostgreSQL refuses "1.5" or "5e-324" as an integer
 * parameter, so the bound is rounded to the whole number that keeps the same rows (>= 1.5 is >= 2).
 */
function wholeComparison(eb: Eb, column: Expression<number>, op: Comparison, value: number): SqlCondition {
  switch (op) {
    case ">=":
    case "<":
      return eb(column, op, Math.ceil(value));
    case "<=":
    case ">":
      return eb(column, op, Math.floor(value));
    case "=":
      return sql<SqlBool>`false`;
  }
}

/** A filter's condition (core/search/filters.ts) as SQL, with SQL's own NULL rules. */
export function conditionSql(eb: Eb, c: Condition): SqlCondition {
  switch (c.op) {
    case "and":
      return eb.and(c.of.map((x) => conditionSql(eb, x)));
    case "or":
      return eb.or(c.of.map((x) => conditionSql(eb, x)));
    case "in":
      return eb(c.column as "channel", "in", c.values as string[]);
    case "notNull":
      return eb(c.column as "channel", "is not", null);
    default: {
      if ("other" in c) return eb(c.column as "price", c.op, eb.ref(c.other as "price"));
      const column =
        c.scale === undefined ? eb.ref(c.column as "price") : sql<number>`(${sql.ref(`listings.${c.column}`)} * ${c.scale}::float8)`;
      // Time columns compare with instants; core gives them as milliseconds.
      const value = searchColumns[c.column] === "time" ? new Date(c.value as number) : c.value;
      if (c.scale === undefined && typeof value === "number" && !Number.isInteger(value) && !FLOAT_COLUMNS.has(c.column))
        return wholeComparison(eb, column, c.op, value);
      return eb(column, c.op, value as number);
    }
  }
}

/** Every condition of the criteria, ANDed. */
export function criteriaCondition(eb: Eb, c: SearchCriteria): SqlCondition {
  const { query } = c;
  const and: SqlCondition[] = frameConditions(query).map((condition) => conditionSql(eb, condition));

  const places = placeCondition(eb, c.places, c.lineStops);
  if (places) and.push(places);
  if (c.excludePlaces?.length) {
    const excluded = placeCondition(eb, c.excludePlaces, c.lineStops);
    // coalesce: a listing with no zone makes `zone_id IN (…)` NULL, and NOT NULL would drop it too.
    if (excluded) and.push(sql<SqlBool>`NOT coalesce(${excluded}, false)`);
  }
  if (c.area) and.push(areaCondition(c.area));
  if (c.excludeListings?.length) and.push(eb("listings.id", "not in", [...c.excludeListings]));
  for (const condition of (c.registry ?? searchFilters).conditions(query.filters, { now: c.now })) and.push(conditionSql(eb, condition));
  return eb.and(and);
}

/** Rows read with `id IN (ids)`, put back in the order of `ids`; ids with no row are left out. */
export function inIdOrder<R extends { id: number }>(ids: readonly number[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * ORDER BY for each sort key, with the id as the last tie-breaker so pages never overlap. When the
 * search is limited to places or an area, the sort columns are wrapped in an expression so the
 * planner sorts the (at most tens of thousands of) matches instead of walking an Italy-wide sort
 * index and discarding the rows of other towns (docs/BENCHMARKS.md, sorts within a town).
 */
export function applySort<O>(
  qb: SelectQueryBuilder<Database, "listings", O>,
  sort: SortKey,
  local = false,
): SelectQueryBuilder<Database, "listings", O> {
  const { column: camel, direction } = sortOrders[sort];
  const column = sqlColumnName(camel);
  const key =
    local && sort !== "rilevanza"
      ? sql`(${sql.ref(`listings.${column}`)} + ${sql.raw(column === "published_at" ? "interval '0'" : "0")})`
      : sql.ref(`listings.${column}`);
  return qb.orderBy(key, direction).orderBy("listings.id", direction);
}

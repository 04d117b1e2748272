/**
 * Listing search: turns a SearchQuery (core/search/query.ts) with its resolved places and area into
 * SQL. Each filter's condition is declared once, as data, in core/search/filters.ts; `conditionSql`
 * compiles any such condition (db/listing-facts.ts compiles the same ones into predicates).
 */
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool, type Expression } from "kysely";
import { bboxOf, circleBBox, markerCellSize } from "../core/geo.ts";
import { frameConditions } from "../core/search/match.ts";
import { PlaceLevel } from "../core/places.ts";
import { poiType, poiTypeIds } from "../core/poi.ts";
import {
  PAYMENT_PER_EURO,
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
import type { CountCache } from "./count-cache.ts";
import type { SearchCriteria } from "./search-criteria.ts";
import { listingFacts } from "./listing-facts.ts";
import { sqlColumnName, type Database, type Row, type SelectedColumns } from "./schema.ts";
import type { DirectoryPlace } from "./place-directory.ts";

export { PAYMENT_PER_EURO };
export type { SearchCriteria };

/** Every column a filter may name exists on listings: a compile-time check of core's list. */
export const searchColumnsExist: SearchColumn extends keyof Database["listings"] ? true : never = true;

const EARTH_RADIUS_M = 6_371_008.8;

type Eb = ExpressionBuilder<Database, "listings">;
type SqlCondition = Expression<SqlBool>;

/** Great-circle distance in metres from the listing to a point, as core/geo.ts computes it. */
export function distanceSql(lat: number, lon: number) {
  return sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin(radians(listings.lat - ${lat}::float8) / 2), 2) +
    cos(radians(${lat}::float8)) * cos(radians(listings.lat)) * power(sin(radians(listings.lon - ${lon}::float8) / 2), 2))))`;
}

/** Plain ranges rather than point <@ box: they use the (channel, group, lat) covering index. */
function inBox(bbox: [number, number, number, number]) {
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
function inIdOrder<R extends { id: number }>(ids: readonly number[], rows: readonly R[]): R[] {
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

const summaryColumns = [
  "listings.id",
  "listings.title",
  "listings.channel",
  "listings.propertyTypeGroup",
  "listings.propertyType",
  "listings.isNewConstruction",
  "listings.price",
  "listings.shownPrice",
  "listings.priceUnit",
  "listings.originalPrice",
  "listings.priceMax",
  "listings.isPrivateNegotiation",
  "listings.surface",
  "listings.rooms",
  "listings.baths",
  "listings.floor",
  "listings.energyClass",
  "listings.isAuction",
  "listings.isLuxury",
  "listings.photoCount",
  "listings.hasFloorPlan",
  "listings.hasVirtualTour",
  "listings.street",
  "listings.streetNumber",
  "listings.lat",
  "listings.lon",
  "listings.geoVisibility",
  "listings.townId",
  "listings.zoneId",
  "listings.publishedAt",
  "listings.publisherId",
  "listings.agentId",
] as const;

type Publisher = Row<"publishers">;

/** What a result card needs (seed 000 §3 Listing card): the listing's columns above, its publisher and agent. */
export type ListingSummary = Pick<Row<"listings">, SelectedColumns<typeof summaryColumns>> & {
  publisherKind: Publisher["kind"];
  publisherName: Publisher["name"];
  publisherSlug: Publisher["slug"];
  publisherPhone: Publisher["phone"];
  /** The agent who follows the listing, if any. */
  agentName: Publisher["name"] | null;
  agentIsPro: Publisher["isAgentPro"] | null;
};

/** The cards' select: the listing's columns with its publisher and agent. */
function summarySelect(db: Kysely<Database>) {
  return db
    .selectFrom("listings")
    .innerJoin("publishers as p", "p.id", "listings.publisherId")
    .leftJoin("publishers as a", "a.id", "listings.agentId")
    .select(summaryColumns)
    .select([
      "p.kind as publisherKind",
      "p.name as publisherName",
      "p.slug as publisherSlug",
      "p.phone as publisherPhone",
      "a.name as agentName",
      "a.isAgentPro as agentIsPro",
    ]);
}

/** Card data for these ids, in the given order; ids that do not exist are left out. */
export async function findListingSummaries(db: Kysely<Database>, ids: readonly number[]): Promise<ListingSummary[]> {
  if (ids.length === 0) return [];
  return inIdOrder(
    ids,
    await summarySelect(db)
      .where("listings.id", "in", [...ids])
      .execute(),
  );
}

/** Up to this many matches, a page of an area search is sorted from the facts' ids. */
const PAGE_BY_IDS_MAX = 3_000;

/** One page of results and the exact total. */
export async function searchListings(
  db: Kysely<Database>,
  criteria: SearchCriteria,
  page: { number: number; size: number },
  options: { counts?: CountCache } = {},
): Promise<{ total: number; hidden: number; listings: ListingSummary[] }> {
  // In a drawn area, a circle or a view the facts know the few listings that match and sort them; else
  // PostgreSQL would test every point of the area's box (docs/BENCHMARKS.md, map searches).
  const sorted = criteria.area ? listingFacts(db)?.sortedIds(criteria, null, criteria.query.sort, PAGE_BY_IDS_MAX) : null;
  const offset = (page.number - 1) * page.size;
  let listings: ListingSummary[];
  if (sorted) {
    const hiddenIds = new Set(criteria.excludeListings ?? []);
    listings = await findListingSummaries(
      db,
      (hiddenIds.size > 0 ? sorted.filter((id) => !hiddenIds.has(id)) : sorted).slice(offset, offset + page.size),
    );
  } else {
    // One round trip: the page's ids in a subquery, its cards around them, sorted again (25 rows).
    const local = criteria.places.length > 0 || criteria.area !== null;
    listings = await applySort(
      summarySelect(db).where("listings.id", "in", (eb) =>
        applySort(
          eb
            .selectFrom("listings")
            .select("listings.id")
            .where((w) => criteriaCondition(w, criteria)),
          criteria.query.sort,
          local,
        )
          .limit(page.size)
          .offset(offset),
      ),
      criteria.query.sort,
    ).execute();
  }
  // Hidden ads: the cached (or in-memory) total of the search, less those of its matches the user hid.
  const { excludeListings, ...unfiltered } = criteria;
  const hidden = excludeListings?.length ? await countAmong(db, unfiltered, [...excludeListings]) : 0;
  const total = (await countListings(db, unfiltered, options.counts)) - hidden;
  return {
    total,
    hidden,
    listings,
  };
}

/**
 * The exact number of matches: from the in-memory listing facts when they are loaded and can answer
 * (db/listing-facts.ts), else by SQL; through the cache when one is given (page and sort do not change
 * it, and popular searches repeat).
 */
export async function countListings(db: Kysely<Database>, criteria: SearchCriteria, counts?: CountCache): Promise<number> {
  const compute = async () => listingFacts(db)?.count(criteria) ?? countListingsBySql(db, criteria);
  return counts ? counts.get(countKey(criteria), compute) : compute();
}

/** The exact number of matches, counted by the database. */
export async function countListingsBySql(db: Kysely<Database>, criteria: SearchCriteria): Promise<number> {
  const row = await db
    .selectFrom("listings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => criteriaCondition(eb, criteria))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What decides a total: the query without page and sort, the area, the exclusions, and the minute. */
function countKey(c: SearchCriteria): string {
  const { page: _page, sort: _sort, ...rest } = c.query;
  return JSON.stringify([rest, c.area, c.excludePlaces?.map((p) => p.id) ?? [], c.query.filters.publicationDate ? c.now.getTime() : 0]);
}

/** The total, and how many of those listings have each POI type within its distance (for the POI filter's counts). */
export async function countWithPoi(
  db: Kysely<Database>,
  criteria: SearchCriteria,
): Promise<{ total: number; poi: Record<string, number> }> {
  const row = await db
    .selectFrom("listings")
    .select((eb) => [
      eb.fn.countAll<number>().as("total"),
      ...poiTypeIds.map((id, i) =>
        sql<number>`count(*) FILTER (WHERE ${sql.ref(`listings.${poiType(id).distanceColumn}`)} <= ${poiType(id).maxDistance})`.as(
          `poi${i}`,
        ),
      ),
    ])
    .where((eb) => criteriaCondition(eb, criteria))
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, unknown>;
  return { total: Number(row.total), poi: Object.fromEntries(poiTypeIds.map((id, i) => [id, Number(counts[`poi${i}`] ?? 0)])) };
}

const pinColumns = [
  "listings.id",
  "listings.lat",
  "listings.lon",
  "listings.price",
  "listings.shownPrice",
  "listings.isPrivateNegotiation",
  "listings.priceUnit",
  "listings.geoVisibility",
] as const;

/** A cell's minPrice leaves out hidden prices ('Trattativa riservata'): null when every listing in it hides its price. */
export type Marker =
  | { type: "cluster"; lat: number; lon: number; count: number; minPrice: number | null; bbox: [number, number, number, number] }
  | ({ type: "pin" } & Pick<Row<"listings">, SelectedColumns<typeof pinColumns>>);

/**
 * Pins when few listings are in view or the map is zoomed in; otherwise counts per grid cell (about
 * 64 px, larger when the box would hold more than MAX_MARKER_CELLS). Positions are the public points.
 */
export async function listingMarkers(
  db: Kysely<Database>,
  criteria: SearchCriteria,
  view: { bbox: [number, number, number, number]; zoom: number; maxPins: number },
): Promise<{ total: number; markers: Marker[] }> {
  const where = (eb: Eb) => eb.and([criteriaCondition(eb, criteria), inBox(view.bbox)]);
  const cell = markerCellSize(view.bbox, view.zoom);
  const pins = async (total: number) => {
    const rows = await applySort(db.selectFrom("listings").select(pinColumns).where(where), "rilevanza").limit(view.maxPins).execute();
    return { total, markers: rows.map((r): Marker => ({ type: "pin", ...r })) };
  };
  // The facts know which listings in view match: zoomed out, one pass groups them into cells; zoomed in
  // (or with few in view) they rank the pins, and only the shown pins are read, by id.
  const facts = listingFacts(db);
  if (facts) {
    const cells = view.zoom < 15 ? facts.cells(criteria, view.bbox, cell) : null;
    const inView = cells?.reduce((sum, c) => sum + c.count, 0);
    if (cells && inView! > view.maxPins) return cellMarkers(cells, cell);
    const ranked = facts.sortedIds(criteria, view.bbox, "rilevanza", cells ? view.maxPins : 5_000);
    if (ranked) {
      const shown = ranked.slice(0, view.maxPins);
      const rows = shown.length === 0 ? [] : await db.selectFrom("listings").select(pinColumns).where("listings.id", "in", shown).execute();
      return { total: ranked.length, markers: inIdOrder(shown, rows).map((r): Marker => ({ type: "pin", ...r })) };
    }
  }
  if (view.zoom >= 15) {
    const total = Number(
      (
        await db
          .selectFrom("listings")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where(where)
          .executeTakeFirstOrThrow()
      ).n,
    );
    return pins(total);
  }
  // Without the facts (still loading, or off): SQL counts the cells.
  const rows = await db
    .selectFrom("listings")
    .select([
      sql<number>`floor(listings.lon / ${cell}::float8)`.as("cx"),
      sql<number>`floor(listings.lat / ${cell}::float8)`.as("cy"),
      (eb) => eb.fn.countAll<number>().as("count"),
      sql<number>`avg(listings.lat)`.as("lat"),
      sql<number>`avg(listings.lon)`.as("lon"),
      sql<number | null>`min(listings.shown_price)`.as("minPrice"),
    ])
    .where(where)
    .groupBy(["cx", "cy"])
    .execute();
  // One pass: the cells' counts give the total; few listings in view are shown as pins instead.
  const total = rows.reduce((sum, r) => sum + Number(r.count), 0);
  if (total <= view.maxPins) return pins(total);
  return cellMarkers(rows, cell);
}

function cellMarkers(
  rows: Array<{ cx: number; cy: number; count: number; lat: number; lon: number; minPrice: number | null }>,
  cell: number,
): { total: number; markers: Marker[] } {
  return {
    total: rows.reduce((sum, r) => sum + Number(r.count), 0),
    markers: rows.map((r) => ({
      type: "cluster",
      lat: Number(r.lat),
      lon: Number(r.lon),
      count: Number(r.count),
      minPrice: r.minPrice === null ? null : Number(r.minPrice),
      bbox: [Number(r.cx) * cell, Number(r.cy) * cell, (Number(r.cx) + 1) * cell, (Number(r.cy) + 1) * cell],
    })),
  };
}

/**
 * The fill-in list (seed 000 §4): listings matching the same filters around the searched places but
 * not in them, those in neighbouring towns first, then by distance from the places' centre.
 */
export async function nearbyListings(
  db: Kysely<Database>,
  criteria: SearchCriteria,
  origin: { lat: number; lon: number; radius: number; neighbourTownIds: string[] },
  limit: number,
): Promise<{ total: number; listings: ListingSummary[] }> {
  const around: SearchCriteria = {
    ...criteria,
    excludePlaces: criteria.places,
    places: [],
    area: { kind: "circle", lat: origin.lat, lon: origin.lon, radius: origin.radius },
  };
  const where = (eb: Eb) => criteriaCondition(eb, around);
  const fromFacts = listingFacts(db)?.nearest(around, origin, origin.neighbourTownIds, limit);
  if (fromFacts) return { total: await countListings(db, around), listings: await findListingSummaries(db, fromFacts) };
  const neighbours = origin.neighbourTownIds.length > 0 ? origin.neighbourTownIds : [""];
  const [total, idRows] = await Promise.all([
    countListings(db, around),
    db
      .selectFrom("listings")
      .select("listings.id")
      .where(where)
      .orderBy(sql`(listings.town_id = ANY(${neighbours}::text[]))`, "desc")
      .orderBy(distanceSql(origin.lat, origin.lon), "asc")
      .orderBy("listings.id", "asc")
      .limit(limit)
      .execute(),
  ]);
  return {
    total,
    listings: await findListingSummaries(
      db,
      idRows.map((r) => r.id),
    ),
  };
}

/** How many of these listing ids match the search (for "hidden" ads the user discarded). */
export async function countAmong(db: Kysely<Database>, criteria: SearchCriteria, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom("listings")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where((eb) => eb.and([criteriaCondition(eb, criteria), eb("id", "in", ids)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Listing search: a SearchQuery (core/search/query.ts) with its resolved places and area, answered as
 * pages of cards, totals, map markers and the fill-in list. The conditions are compiled in
 * db/search-sql.ts; counts, cells, sorted ids and the nearest come from a search backend
 * (db/search-backend.ts: the in-memory facts when loaded, else SQL).
 */
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { markerCellSize } from "../core/geo.ts";
import { poiType, poiTypeIds } from "../core/poi.ts";
import { PAYMENT_PER_EURO } from "../core/search/filters.ts";
import type { CountCache } from "./count-cache.ts";
import type { SearchCriteria } from "./search-criteria.ts";
import type { MapCell } from "./listing-facts.ts";
import { type Database, type Row, type SelectedColumns } from "./schema.ts";
import { factsBackendOf, searchBackend, sqlSearchBackend } from "./search-backend.ts";
import { applySort, criteriaCondition, inBox, inIdOrder } from "./search-sql.ts";

export { PAYMENT_PER_EURO };
export type { SearchCriteria };

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
  /** Whether the listing is in a home cluster, so that its card may carry other offers (docs/decisions/120). */
  inCluster: boolean;
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
      // Asked here, in the cards' own round trip: a page without clustered listings then needs no other query.
      sql<boolean>`EXISTS (SELECT 1 FROM home_clusters hc WHERE hc.listing_id = listings.id)`.as("inCluster"),
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
  const facts = criteria.area ? factsBackendOf(db) : null;
  const sorted = facts ? await facts.sortedIds(criteria, null, criteria.query.sort, PAGE_BY_IDS_MAX) : null;
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
  const compute = () => searchBackend(db).count(criteria);
  return counts ? counts.get(countKey(criteria), compute) : compute();
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
  const where = (eb: ExpressionBuilder<Database, "listings">) => eb.and([criteriaCondition(eb, criteria), inBox(view.bbox)]);
  const cell = markerCellSize(view.bbox, view.zoom);
  const pins = async (total: number) => {
    const rows = await applySort(db.selectFrom("listings").select(pinColumns).where(where), "rilevanza").limit(view.maxPins).execute();
    return { total, markers: rows.map((r): Marker => ({ type: "pin", ...r })) };
  };
  // The facts know which listings in view match: zoomed out, one pass groups them into cells; zoomed in
  // (or with few in view) they rank the pins, and only the shown pins are read, by id.
  const facts = factsBackendOf(db);
  if (facts) {
    const cells = view.zoom < 15 ? await facts.cells(criteria, view.bbox, cell) : null;
    const inView = cells?.reduce((sum, c) => sum + c.count, 0);
    if (cells && inView! > view.maxPins) return cellMarkers(cells, cell);
    const ranked = await facts.sortedIds(criteria, view.bbox, "rilevanza", cells ? view.maxPins : 5_000);
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
  // Without the facts (still loading, or off): SQL counts the cells; few listings in view are shown as pins instead.
  const cells = await sqlSearchBackend(db).cells(criteria, view.bbox, cell);
  const total = cells.reduce((sum, c) => sum + c.count, 0);
  if (total <= view.maxPins) return pins(total);
  return cellMarkers(cells, cell);
}

function cellMarkers(cells: MapCell[], cell: number): { total: number; markers: Marker[] } {
  return {
    total: cells.reduce((sum, c) => sum + c.count, 0),
    markers: cells.map((c) => ({
      type: "cluster",
      lat: c.lat,
      lon: c.lon,
      count: c.count,
      minPrice: c.minPrice,
      bbox: [c.cx * cell, c.cy * cell, (c.cx + 1) * cell, (c.cy + 1) * cell],
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
  const [total, ids] = await Promise.all([
    countListings(db, around),
    searchBackend(db).nearest(around, origin, origin.neighbourTownIds, limit),
  ]);
  return { total, listings: await findListingSummaries(db, ids) };
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

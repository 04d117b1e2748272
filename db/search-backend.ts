/**
 * What a search asks of the listings (how many match, which in a map cell, which in a sort's order, which
 * nearest), behind one interface with two implementations: PostgreSQL, always there, and the in-memory
 * listing facts (db/listing-facts.ts), once loaded. Both compile the same conditions (the frame of
 * core/search/match.ts and the filter registry), so they answer alike; the equivalence tests compare them.
 * `searchBackends` gives them in the order to ask: the facts first, SQL when they are not loaded or
 * cannot answer (null: more matches than asked for).
 */
import { sql, type Kysely } from "kysely";
import type { SortKey } from "../core/search/vocabulary.ts";
import { listingFacts, type ListingFacts, type MapCell } from "./listing-facts.ts";
import type { Database } from "./schema.ts";
import type { SearchCriteria } from "./search-criteria.ts";
import { applySort, criteriaCondition, distanceSql, inBox } from "./search-sql.ts";

export type Bbox = readonly [number, number, number, number];

export interface SearchBackend {
  readonly kind: "facts" | "sql";
  /** The exact number of matches. */
  count(c: SearchCriteria): Promise<number>;
  /** `count` of each variant, each a narrowing of `base` (a choice added to it), in one pass over base's matches. */
  countEach(base: SearchCriteria, variants: readonly SearchCriteria[]): Promise<number[]>;
  /** Matches inside the box grouped in square cells of `cell` degrees: count, mean position, lowest shown price. */
  cells(c: SearchCriteria, bbox: Bbox, cell: number): Promise<MapCell[]>;
  /** Ids of the matches (inside the box, when given) in the sort's order; null when more than `max` match. */
  sortedIds(c: SearchCriteria, bbox: Bbox | null, sort: SortKey, max: number): Promise<number[] | null>;
  /** The first `limit` matches: those in the given towns first, then by distance from the point, then by id. */
  nearest(c: SearchCriteria, origin: { lat: number; lon: number }, firstTownIds: string[], limit: number): Promise<number[]>;
}

export function sqlSearchBackend(db: Kysely<Database>): SearchBackend {
  const matching = (c: SearchCriteria, bbox: Bbox | null) =>
    db.selectFrom("listings").where((eb) => (bbox ? eb.and([criteriaCondition(eb, c), inBox(bbox)]) : criteriaCondition(eb, c)));
  return {
    kind: "sql",
    async count(c) {
      const row = await matching(c, null)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async countEach(base, variants) {
      if (variants.length === 0) return [];
      const row = await matching(base, null)
        .select((eb) => variants.map((v, i) => eb.fn.countAll<number>().filterWhere(criteriaCondition(eb, v)).as(`n${i}`)))
        .executeTakeFirstOrThrow();
      const counts = row as Record<string, unknown>;
      return variants.map((_, i) => Number(counts[`n${i}`]));
    },
    async cells(c, bbox, cell) {
      const rows = await matching(c, bbox)
        .select([
          sql<number>`floor(listings.lon / ${cell}::float8)`.as("cx"),
          sql<number>`floor(listings.lat / ${cell}::float8)`.as("cy"),
          (eb) => eb.fn.countAll<number>().as("count"),
          sql<number>`avg(listings.lat)`.as("lat"),
          sql<number>`avg(listings.lon)`.as("lon"),
          sql<number | null>`min(listings.shown_price)`.as("minPrice"),
        ])
        .groupBy(["cx", "cy"])
        .execute();
      return rows.map((r) => ({
        cx: Number(r.cx),
        cy: Number(r.cy),
        count: Number(r.count),
        lat: Number(r.lat),
        lon: Number(r.lon),
        minPrice: r.minPrice === null ? null : Number(r.minPrice),
      }));
    },
    async sortedIds(c, bbox, sort, max) {
      const rows = await applySort(matching(c, bbox).select("listings.id"), sort)
        .limit(max + 1)
        .execute();
      return rows.length > max ? null : rows.map((r) => r.id);
    },
    async nearest(c, origin, firstTownIds, limit) {
      const first = firstTownIds.length > 0 ? firstTownIds : [""];
      const rows = await matching(c, null)
        .select("listings.id")
        .orderBy(sql`(listings.town_id = ANY(${first}::text[]))`, "desc")
        .orderBy(distanceSql(origin.lat, origin.lon), "asc")
        .orderBy("listings.id", "asc")
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

export function factsSearchBackend(facts: ListingFacts): SearchBackend {
  return {
    kind: "facts",
    count: async (c) => facts.count(c),
    countEach: async (base, variants) => facts.countEach(base, variants),
    cells: async (c, bbox, cell) => facts.cells(c, [...bbox], cell),
    sortedIds: async (c, bbox, sort, max) => facts.sortedIds(c, bbox, sort, max),
    nearest: async (c, origin, firstTownIds, limit) => facts.nearest(c, origin, firstTownIds, limit),
  };
}

/** The listing facts' backend when this database's facts are loaded, else none. */
export function factsBackendOf(db: Kysely<Database>): SearchBackend | null {
  const facts = listingFacts(db);
  return facts ? factsSearchBackend(facts) : null;
}

/** The backend that answers a search first: the facts when loaded, else SQL. */
export function searchBackend(db: Kysely<Database>): SearchBackend {
  return factsBackendOf(db) ?? sqlSearchBackend(db);
}

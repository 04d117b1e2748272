/** Place queries. Returns plain PlaceSummary objects; nothing outside db/ sees Kysely types. */
import { sql, type Kysely } from "kysely";
import type { BBox } from "../core/geo.ts";
import { PlaceLevel } from "../core/places.ts";
import { placeArrayColumn, placeKeyColumn } from "../core/search/filters.ts";
import { listingFacts } from "./listing-facts.ts";
import type { Database, Row, SelectedColumns } from "./schema.ts";

/** The bounding-box columns of places, returned as one `bbox` ([west, south, east, north]). */
type BboxColumns = "bboxMinLon" | "bboxMinLat" | "bboxMaxLon" | "bboxMaxLat";
export type WithBbox<R extends Record<BboxColumns, number>> = Omit<R, BboxColumns> & { bbox: BBox };

export function withBbox<R extends Record<BboxColumns, number>>(row: R): WithBbox<R> {
  const { bboxMinLon, bboxMinLat, bboxMaxLon, bboxMaxLat, ...rest } = row;
  return { ...rest, bbox: [bboxMinLon, bboxMinLat, bboxMaxLon, bboxMaxLat] };
}

/** What place pages, lists and the place API read of a place. */
export const placeSummaryColumns = [
  "p.id",
  "p.level",
  "p.type",
  "p.name",
  "p.nameEn",
  "p.slug",
  "p.qslug",
  "p.hkey",
  "p.parentHkey",
  "p.parentId",
  "p.regionCode",
  "p.provinceCode",
  "p.istatCode",
  "p.short",
  "p.population",
  "p.lat",
  "p.lon",
  "p.bboxMinLon",
  "p.bboxMinLat",
  "p.bboxMaxLon",
  "p.bboxMaxLat",
  "p.zoom",
] as const;

type SummaryRow = Pick<Row<"places">, SelectedColumns<typeof placeSummaryColumns>>;

export type PlaceSummary = WithBbox<SummaryRow> & {
  /** Listings of the requested channel (all channels when none) in the place. */
  count: number;
  hasChildren: boolean;
};

export function toPlaceSummary(row: SummaryRow, count: number, hasChildren: boolean): PlaceSummary {
  return { ...withBbox(row), count, hasChildren };
}

export type Channel = "vendita" | "affitto" | "affitto-breve";

/** Which listings a place count takes in; every field optional. */
export interface ListingCountFilter {
  channel?: Channel;
  category?: string;
  propertyTypeGroup?: string;
  buildingCondition?: string;
  publisherId?: number;
}

/**
 * Listings matching `filter` in each place (any level): the one place count of the portal (place pages,
 * children lists, autocomplete live counts). Towns, zones and blocks by channel come from the in-memory
 * listing facts when they are loaded (a results page of Milano asks for its 50 zones on every view);
 * everything else is counted in the database.
 */
export async function countListingsIn(
  db: Kysely<Database>,
  places: ReadonlyArray<{ id: string; level: number }>,
  filter: ListingCountFilter = {},
): Promise<Map<string, number>> {
  const { channel, ...others } = filter;
  const fromFacts = Object.values(others).every((v) => v === undefined) ? listingFacts(db)?.countByPlace(places, channel) : undefined;
  return fromFacts ?? countListingsInBySql(db, places, filter);
}

/**
 * `countListingsIn` by the database. Places are matched by the listing columns of core/search/filters.ts
 * placeKeyColumn / placeArrayColumn, as a search does.
 */
export async function countListingsInBySql(
  db: Kysely<Database>,
  places: ReadonlyArray<{ id: string; level: number }>,
  filter: ListingCountFilter = {},
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const where = sql.join(
    [
      sql`true`,
      ...(filter.channel ? [sql`l.channel = ${filter.channel}`] : []),
      ...(filter.category ? [sql`l.category = ${filter.category}`] : []),
      ...(filter.propertyTypeGroup ? [sql`l.property_type_group = ${filter.propertyTypeGroup}`] : []),
      ...(filter.buildingCondition ? [sql`l.building_condition = ${filter.buildingCondition}`] : []),
      ...(filter.publisherId !== undefined ? [sql`(l.publisher_id = ${filter.publisherId} OR l.agent_id = ${filter.publisherId})`] : []),
    ],
    sql` AND `,
  );
  const byLevel = new Map<number, string[]>();
  for (const p of places) byLevel.set(p.level, [...(byLevel.get(p.level) ?? []), p.id]);
  await Promise.all(
    [...byLevel].map(async ([level, ids]) => {
      const column = placeKeyColumn[level];
      const arrayColumn = placeArrayColumn[level];
      let rows: { id: string; n: number }[] = [];
      if (column) {
        rows = (
          await sql<{ id: string; n: number }>`
        SELECT ${sql.ref(`l.${column}`)} AS id, count(*)::int AS n FROM listings l
        WHERE ${sql.ref(`l.${column}`)} = ANY(${ids}::text[]) AND ${where} GROUP BY 1`.execute(db)
        ).rows;
      } else if (level === PlaceLevel.metroLine) {
        // A line's listings are those near any of its stops, each once.
        rows = (
          await sql<{ id: string; n: number }>`
        SELECT s.parent_id AS id, count(DISTINCT l.id)::int AS n FROM places s JOIN listings l ON s.id = ANY(${sql.ref(`l.${arrayColumn}`)})
        WHERE s.parent_id = ANY(${ids}::text[]) AND ${where} GROUP BY 1`.execute(db)
        ).rows;
      } else if (arrayColumn) {
        rows = (
          await sql<{ id: string; n: number }>`
        SELECT k.id, count(*)::int AS n FROM listings l, unnest(${sql.ref(`l.${arrayColumn}`)}) AS k(id)
        WHERE k.id = ANY(${ids}::text[]) AND ${where} GROUP BY 1`.execute(db)
        ).rows;
      }
      for (const r of rows) counts.set(r.id, Number(r.n));
    }),
  );
  return counts;
}

/** The place with this level and qualified slug, or null. */
export async function findPlaceBySlug(db: Kysely<Database>, level: number, qslug: string, channel?: Channel): Promise<PlaceSummary | null> {
  const row = await db
    .selectFrom("places as p")
    .select(placeSummaryColumns)
    .where("p.level", "=", level)
    .where("p.qslug", "=", qslug)
    .executeTakeFirst();
  if (!row) return null;
  const [counts, child] = await Promise.all([
    countListingsIn(db, [row], { channel }),
    db.selectFrom("places").select("id").where("parentId", "=", row.id).limit(1).executeTakeFirst(),
  ]);
  return toPlaceSummary(row, counts.get(row.id) ?? 0, child !== undefined);
}

/** Children of a place (optionally of some levels only), with listing counts, by name. */
export async function listChildren(
  db: Kysely<Database>,
  parentId: string,
  options: { channel?: Channel; levels?: number[] } = {},
): Promise<PlaceSummary[]> {
  let q = db
    .selectFrom("places as p")
    .select(placeSummaryColumns)
    .select((eb) => eb.exists(eb.selectFrom("places as c").select("c.id").whereRef("c.parentId", "=", "p.id")).as("hasChildren"))
    .where("p.parentId", "=", parentId);
  if (options.levels?.length) q = q.where("p.level", "in", options.levels);
  const rows = await q.orderBy("p.name").execute();
  const counts = await countListingsIn(db, rows, { channel: options.channel });
  return rows.map(({ hasChildren, ...row }) => toPlaceSummary(row, counts.get(row.id) ?? 0, Boolean(hasChildren)));
}

/** The chain of ancestors from the country down to the place's parent. */
export async function listAncestors(db: Kysely<Database>, hkey: string): Promise<PlaceSummary[]> {
  const parts = hkey.split(".");
  const keys = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join("."));
  if (keys.length === 0) return [];
  const rows = await db.selectFrom("places as p").select(placeSummaryColumns).where("p.hkey", "in", keys).execute();
  return rows.sort((a, b) => a.hkey.length - b.hkey.length).map((r) => toPlaceSummary(r, 0, true));
}

export async function countPlacesByLevel(db: Kysely<Database>): Promise<Record<number, number>> {
  const rows = await db
    .selectFrom("places")
    .select(["level", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("level")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.level, Number(r.n)]));
}

/** Listings per channel across Italy. */
export async function countListingsByChannel(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("listings")
    .select(["channel", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("channel")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.channel, Number(r.n)]));
}

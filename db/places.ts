/** Place queries. Returns plain PlaceSummary objects; nothing outside db/ sees Kysely types. */
import { sql, type Kysely } from "kysely";
import { PlaceLevel } from "../core/places.ts";
import type { Database } from "./schema.ts";

export interface PlaceSummary {
  id: string;
  level: number;
  type: string;
  name: string;
  nameEn: string | null;
  slug: string;
  qslug: string;
  hkey: string;
  parentHkey: string | null;
  parentId: string | null;
  regionCode: string;
  provinceCode: string | null;
  istatCode: string | null;
  short: string | null;
  population: number | null;
  lat: number;
  lon: number;
  bbox: [number, number, number, number];
  zoom: number;
  /** Listings of the requested channel (all channels when none) in the place. */
  count: number;
  hasChildren: boolean;
}

const summaryColumns = [
  "p.id", "p.level", "p.type", "p.name", "p.nameEn", "p.slug", "p.qslug", "p.hkey", "p.parentHkey", "p.parentId",
  "p.regionCode", "p.provinceCode", "p.istatCode", "p.short", "p.population", "p.lat", "p.lon",
  "p.bboxMinLon", "p.bboxMinLat", "p.bboxMaxLon", "p.bboxMaxLat", "p.zoom",
] as const;

type SummaryRow = {
  id: string; level: number; type: string; name: string; nameEn: string | null; slug: string; qslug: string; hkey: string;
  parentHkey: string | null; parentId: string | null; regionCode: string; provinceCode: string | null; istatCode: string | null;
  short: string | null; population: number | null; lat: number; lon: number; bboxMinLon: number; bboxMinLat: number;
  bboxMaxLon: number; bboxMaxLat: number; zoom: number;
};

function toSummary(row: SummaryRow, count: number, hasChildren: boolean): PlaceSummary {
  const { bboxMinLon, bboxMinLat, bboxMaxLon, bboxMaxLat, ...rest } = row;
  return { ...rest, bbox: [bboxMinLon, bboxMinLat, bboxMaxLon, bboxMaxLat], count, hasChildren };
}

/** Which listing column holds the key of a place of this level. */
const listingKeyColumn: Partial<Record<number, "regionId" | "provinceId" | "townId" | "zoneId" | "blockId">> = {
  [PlaceLevel.region]: "regionId",
  [PlaceLevel.province]: "provinceId",
  [PlaceLevel.town]: "townId",
  [PlaceLevel.zone]: "zoneId",
  [PlaceLevel.block]: "blockId",
};

export type Channel = "vendita" | "affitto" | "affitto-breve";

/** Listing counts per place id for places of one level. */
async function countsFor(db: Kysely<Database>, level: number, ids: string[], channel?: Channel): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (ids.length === 0) return counts;
  const column = listingKeyColumn[level];
  if (column) {
    let q = db.selectFrom("listings").select([column, (eb) => eb.fn.countAll<number>().as("n")]).where(column, "in", ids).groupBy(column);
    if (channel) q = q.where("channel", "=", channel);
    for (const row of await q.execute()) counts.set(row[column] as string, Number(row.n));
  } else if (level === PlaceLevel.metroStop || level === PlaceLevel.nonAdminZone) {
    const arrayColumn = level === PlaceLevel.metroStop ? "metro_stop_ids" : "nonadmin_zone_ids";
    const rows = await sql<{ id: string; n: number }>`
      SELECT k.id, count(*)::int AS n FROM listings l, unnest(${sql.ref(`l.${arrayColumn}`)}) AS k(id)
      WHERE k.id = ANY(${ids}::text[]) ${channel ? sql`AND l.channel = ${channel}` : sql``}
      GROUP BY k.id`.execute(db);
    for (const row of rows.rows) counts.set(row.id, Number(row.n));
  } else if (level === PlaceLevel.metroLine) {
    const rows = await sql<{ id: string; n: number }>`
      SELECT s.parent_id AS id, count(DISTINCT l.id)::int AS n
      FROM places s JOIN listings l ON s.id = ANY(l.metro_stop_ids)
      WHERE s.parent_id = ANY(${ids}::text[]) ${channel ? sql`AND l.channel = ${channel}` : sql``}
      GROUP BY s.parent_id`.execute(db);
    for (const row of rows.rows) counts.set(row.id, Number(row.n));
  }
  return counts;
}

/** The place with this level and qualified slug, or null. */
export async function findPlaceBySlug(db: Kysely<Database>, level: number, qslug: string, channel?: Channel): Promise<PlaceSummary | null> {
  const row = await db.selectFrom("places as p").select(summaryColumns).where("p.level", "=", level).where("p.qslug", "=", qslug).executeTakeFirst();
  if (!row) return null;
  const [counts, child] = await Promise.all([
    countsFor(db, level, [row.id], channel),
    db.selectFrom("places").select("id").where("parentId", "=", row.id).limit(1).executeTakeFirst(),
  ]);
  return toSummary(row, counts.get(row.id) ?? 0, child !== undefined);
}

/** Children of a place (optionally of some levels only), with listing counts, by name. */
export async function listChildren(
  db: Kysely<Database>, parentId: string, options: { channel?: Channel; levels?: number[] } = {},
): Promise<PlaceSummary[]> {
  let q = db
    .selectFrom("places as p")
    .select(summaryColumns)
    .select((eb) => eb.exists(eb.selectFrom("places as c").select("c.id").whereRef("c.parentId", "=", "p.id")).as("hasChildren"))
    .where("p.parentId", "=", parentId);
  if (options.levels?.length) q = q.where("p.level", "in", options.levels);
  const rows = await q.orderBy("p.name").execute();
  const byLevel = new Map<number, string[]>();
  for (const r of rows) byLevel.set(r.level, [...(byLevel.get(r.level) ?? []), r.id]);
  const counts = new Map<string, number>();
  for (const [level, ids] of byLevel) for (const [id, n] of await countsFor(db, level, ids, options.channel)) counts.set(id, n);
  return rows.map(({ hasChildren, ...row }) => toSummary(row, counts.get(row.id) ?? 0, Boolean(hasChildren)));
}

/** The chain of ancestors from the country down to the place's parent. */
export async function listAncestors(db: Kysely<Database>, hkey: string): Promise<PlaceSummary[]> {
  const parts = hkey.split(".");
  const keys = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join("."));
  if (keys.length === 0) return [];
  const rows = await db.selectFrom("places as p").select(summaryColumns).where("p.hkey", "in", keys).execute();
  return rows.sort((a, b) => a.hkey.length - b.hkey.length).map((r) => toSummary(r, 0, true));
}

export async function countPlacesByLevel(db: Kysely<Database>): Promise<Record<number, number>> {
  const rows = await db.selectFrom("places").select(["level", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("level").execute();
  return Object.fromEntries(rows.map((r) => [r.level, Number(r.n)]));
}

/** Listings per channel across Italy. */
export async function countListingsByChannel(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom("listings").select(["channel", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("channel").execute();
  return Object.fromEntries(rows.map((r) => [r.channel, Number(r.n)]));
}

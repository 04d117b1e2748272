/**
 * What a province hub page reads (docs/decisions/101): listings matching a tab's search in each town and
 * zone (from the in-memory listing facts when they are loaded, so they follow listing changes in every
 * process like every other count; by SQL until then), agencies per town, and each town's median asking
 * price per m² month by month over the last 12 months.
 */
import { sql, type Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import { listingFacts } from "./listing-facts.ts";
import type { SearchCriteria } from "./search-criteria.ts";
import { criteriaCondition } from "./search-sql.ts";
import type { Database } from "./schema.ts";

/**
 * Listings matching each of the searches (a hub's tabs, all confined to the towns given) in each of the towns
 * and zones: one walk of the facts for all of them when they are loaded, else one grouped query per search.
 */
export async function countEachByTownAndZone(
  db: Kysely<Database>,
  searches: readonly SearchCriteria[],
  towns: ReadonlyArray<{ id: string }>,
  zones: ReadonlyArray<{ id: string }>,
): Promise<Map<string, number>[]> {
  const facts = listingFacts(db);
  if (facts) return facts.countEachInTowns(searches, towns, zones);
  return Promise.all(searches.map((criteria) => countByTownAndZoneSql(db, criteria, [...towns, ...zones])));
}

async function countByTownAndZoneSql(
  db: Kysely<Database>,
  criteria: SearchCriteria,
  places: ReadonlyArray<{ id: string }>,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("listings")
    .select(["townId", "zoneId", (eb) => eb.fn.countAll<number>().as("n")])
    .where((eb) => criteriaCondition(eb, criteria))
    .groupBy(["townId", "zoneId"])
    .execute();
  const tally = new Map<string, number>();
  for (const r of rows) {
    if (r.townId) tally.set(r.townId, (tally.get(r.townId) ?? 0) + Number(r.n));
    if (r.zoneId) tally.set(r.zoneId, (tally.get(r.zoneId) ?? 0) + Number(r.n));
  }
  return new Map(places.map((p) => [p.id, tally.get(p.id) ?? 0]));
}

/** Agencies based in each of the towns. */
export async function countAgenciesByTown(db: Kysely<Database>, townIds: readonly string[]): Promise<Map<string, number>> {
  if (townIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("publishers")
    .select(["townId", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "=", "agency")
    .where("townId", "in", [...townIds])
    .groupBy("townId")
    .execute();
  return new Map(rows.map((r) => [r.townId!, Number(r.n)]));
}

/** One town's median asking €/m² per month (oldest first), and over the whole 12 months. */
export interface TownPriceTrend {
  median: number;
  count: number;
  /** 'YYYY-MM' and the month's median; months without listings are left out. */
  months: Array<{ month: string; median: number }>;
}

/**
 * Medians move slowly and a province's take one grouped query: kept 10 minutes per province and channel,
 * computed once for concurrent requests.
 */
const trends = new LRUCache<string, Map<string, TownPriceTrend>, () => Promise<Map<string, TownPriceTrend>>>({
  max: 500,
  ttl: 600_000,
  allowStale: true,
  fetchMethod: (_key, _stale, { context: compute }) => compute(),
});

/** Homes of the channel published in the 12 months before `now`, in the province's towns, with a shown €/m². */
export function townPriceTrends(
  db: Kysely<Database>,
  provinceId: string,
  channel: string,
  options: { onlyAuctions?: boolean; now?: Date } = {},
): Promise<Map<string, TownPriceTrend>> {
  const now = options.now ?? new Date();
  const key = `${provinceId}|${channel}|${options.onlyAuctions ? 1 : 0}|${options.now ? now.getTime() : ""}`;
  return trends.forceFetch(key, { context: () => loadTrends(db, provinceId, channel, Boolean(options.onlyAuctions), now) });
}

async function loadTrends(
  db: Kysely<Database>,
  provinceId: string,
  channel: string,
  onlyAuctions: boolean,
  now: Date,
): Promise<Map<string, TownPriceTrend>> {
  const since = new Date(now.getTime());
  since.setUTCMonth(since.getUTCMonth() - 12);
  const { rows } = await sql<{ town: string; month: string | null; median: number; n: string | number }>`
    SELECT town_id AS town, to_char(date_trunc('month', published_at), 'YYYY-MM') AS month,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY shown_price_per_mq) AS median, count(*) AS n
    FROM listings
    WHERE province_id = ${provinceId} AND channel = ${channel} AND property_type_group = 'case'
      AND shown_price_per_mq IS NOT NULL AND town_id IS NOT NULL
      AND published_at >= ${since} AND published_at <= ${now}
      ${onlyAuctions ? sql`AND is_auction` : sql``}
    GROUP BY GROUPING SETS ((town_id, date_trunc('month', published_at)), (town_id))`.execute(db);
  const out = new Map<string, TownPriceTrend>();
  const get = (town: string) => {
    let t = out.get(town);
    if (!t) out.set(town, (t = { median: 0, count: 0, months: [] }));
    return t;
  };
  for (const r of rows) {
    const t = get(r.town);
    const value = Math.round(Number(r.median));
    if (r.month === null) {
      t.median = value;
      t.count = Number(r.n);
    } else t.months.push({ month: r.month, median: value });
  }
  for (const t of out.values()) t.months.sort((a, b) => (a.month < b.month ? -1 : 1));
  return out;
}

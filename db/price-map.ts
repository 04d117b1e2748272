/**
 * Median asking price per m² by municipality or city zone, for the price map (core/map/price-map.ts):
 * listings of one channel and property group with a shown price. Kept for a minute per request key:
 * a median moves slowly, and listing changes reach every process within seconds anyway.
 */
import { sql, type Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import { PRICE_MAP_MIN_LISTINGS, type PlacePrice } from "../core/map/price-map.ts";
import type { Database } from "./schema.ts";

/** One answer per channel, group and level (a few dozen in all), computed once for concurrent requests. */
const medians = new LRUCache<string, PlacePrice[], () => Promise<PlacePrice[]>>({
  max: 100,
  ttl: 60_000,
  fetchMethod: (_key, _stale, { context: compute }) => compute(),
});

export function medianPrices(db: Kysely<Database>, channel: string, group: string, level: "town" | "zone"): Promise<PlacePrice[]> {
  return medians.forceFetch(`${channel}|${group}|${level}`, { context: () => load(db, channel, group, level) });
}

async function load(db: Kysely<Database>, channel: string, group: string, level: "town" | "zone"): Promise<PlacePrice[]> {
  const column = sql.ref(level === "town" ? "town_id" : "zone_id");
  const { rows } = await sql<{ id: string; median: number; count: string | number }>`
    SELECT ${column} AS id, percentile_cont(0.5) WITHIN GROUP (ORDER BY shown_price_per_mq) AS median, count(*) AS count
    FROM listings
    WHERE channel = ${channel} AND property_type_group = ${group} AND shown_price_per_mq IS NOT NULL AND ${column} IS NOT NULL
    GROUP BY ${column}
    HAVING count(*) >= ${PRICE_MAP_MIN_LISTINGS}`.execute(db);
  return rows.map((r) => ({ id: r.id, median: Math.round(Number(r.median) * 100) / 100, count: Number(r.count) }));
}

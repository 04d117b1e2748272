/** Points of interest in a map view (seed 000 §3 "points of interest"), for the search map's POI layer. */
import { sql, type Kysely } from "kysely";
import { poiTypeIds, type PoiTypeId } from "../core/poi.ts";
import type { Database, Row, SelectedColumns } from "./schema.ts";

const mapPoiColumns = ["id", "type", "name", "lat", "lon"] as const;

export type MapPoi = Pick<Row<"pois">, Exclude<SelectedColumns<typeof mapPoiColumns>, "type">> & { type: PoiTypeId };

/** The POIs of `types` inside `bbox`, at most `limit` (ordered by id, so a view's answer is stable). */
export async function poisInView(
  db: Kysely<Database>,
  types: readonly PoiTypeId[],
  [w, s, e, n]: [number, number, number, number],
  limit = 500,
): Promise<MapPoi[]> {
  if (types.length === 0) return [];
  const rows = await db
    .selectFrom("pois")
    .select(mapPoiColumns)
    .where("type", "in", [...types])
    .where("lon", ">=", w)
    .where("lon", "<=", e)
    .where("lat", ">=", s)
    .where("lat", "<=", n)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), type: r.type as PoiTypeId, name: r.name, lat: r.lat, lon: r.lon }));
}

/** How far the nearest POI of a type may be for a listing to record it (the demo generator's radius). */
export const POI_DISTANCE_RADIUS_M = 10_000;

/**
 * The distance in metres from a point to the nearest POI of each type within POI_DISTANCE_RADIUS_M (null when
 * none): the `dist_*` columns a published listing is filtered by, measured as the generator measures them.
 */
export async function nearestPoiDistances(db: Kysely<Database>, lat: number, lon: number): Promise<Record<PoiTypeId, number | null>> {
  const dLat = POI_DISTANCE_RADIUS_M / 111_320;
  const dLon = POI_DISTANCE_RADIUS_M / (111_320 * Math.cos((lat * Math.PI) / 180));
  const rows = await sql<{ type: PoiTypeId; meters: number }>`
    SELECT type, min(earth_distance(ll_to_earth(${lat}, ${lon}), ll_to_earth(lat, lon)))::float8 AS meters FROM pois
    WHERE lat BETWEEN ${lat - dLat} AND ${lat + dLat} AND lon BETWEEN ${lon - dLon} AND ${lon + dLon}
    GROUP BY type`.execute(db);
  const out = Object.fromEntries(poiTypeIds.map((t) => [t, null])) as Record<PoiTypeId, number | null>;
  for (const r of rows.rows) if (r.meters <= POI_DISTANCE_RADIUS_M) out[r.type] = Math.round(r.meters);
  return out;
}

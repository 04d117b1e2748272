/** Points of interest in a map view (seed 000 §3 "points of interest"), for the search map's POI layer. */
import type { Kysely } from "kysely";
import type { PoiTypeId } from "../core/poi.ts";
import type { Database } from "./schema.ts";

export interface MapPoi { id: number; type: PoiTypeId; name: string; lat: number; lon: number }

/** The POIs of `types` inside `bbox`, at most `limit` (ordered by id, so a view's answer is stable). */
export async function poisInView(db: Kysely<Database>, types: readonly PoiTypeId[], [w, s, e, n]: [number, number, number, number], limit = 500): Promise<MapPoi[]> {
  if (types.length === 0) return [];
  const rows = await db
    .selectFrom("pois")
    .select(["id", "type", "name", "lat", "lon"])
    .where("type", "in", [...types])
    .where("lon", ">=", w).where("lon", "<=", e).where("lat", ">=", s).where("lat", "<=", n)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), type: r.type as PoiTypeId, name: r.name, lat: r.lat, lon: r.lon }));
}

/** Points of interest in a map view (seed 000 §3 "points of interest"), for the search map's POI layer. */
import type { Kysely } from "kysely";
import type { PoiTypeId } from "../core/poi.ts";
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

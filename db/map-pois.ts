/** Points of interest in a map view (seed 000 §3 "points of interest"), for the search map's POI layer. */
import type { Kysely } from "kysely";
import { POI_DISTANCE_RADIUS_M, POI_GRID_CELL_DEGREES, poiTypeIds, type PoiTypeId } from "../core/poi.ts";
import { PointGrid } from "../core/point-grid.ts";
import { oncePerDatabase } from "./once-per-database.ts";
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

/**
 * The distance in metres from a point to the nearest POI of each type within POI_DISTANCE_RADIUS_M (null when
 * none): the `dist_*` columns a published listing is filtered by, measured as the generator measures them (the
 * same grid, the same radius). The POIs are reference data loaded with the dataset, never changed while the
 * portal runs, so each process keeps them in memory once per database.
 */
export async function nearestPoiDistances(db: Kysely<Database>, lat: number, lon: number): Promise<Record<PoiTypeId, number | null>> {
  const grids = await poiGrids(db);
  const out = Object.fromEntries(poiTypeIds.map((t) => [t, null])) as Record<PoiTypeId, number | null>;
  for (const type of poiTypeIds) {
    const hit = grids.get(type)?.nearest(lat, lon, POI_DISTANCE_RADIUS_M);
    if (hit) out[type] = Math.round(hit.meters);
  }
  return out;
}

type PoiPoint = { lat: number; lon: number };
const poiGrids = oncePerDatabase(async (db): Promise<Map<PoiTypeId, PointGrid<PoiPoint>>> => {
  const rows = await db.selectFrom("pois").select(["type", "lat", "lon"]).execute();
  return new Map(
    poiTypeIds.map((t) => [
      t,
      new PointGrid(
        rows.filter((r) => r.type === t),
        POI_GRID_CELL_DEGREES,
      ),
    ]),
  );
});

/**
 * The base map's boundaries (core/map/style.ts): regions, provinces, municipalities and zones from
 * the places table, as GeoJSON text for a snapped view (properties: id, level, name), each place also as a point at its
 * centre with `label: true` for the map's place names (one label per place: MapLibre would label a polygon once per
 * internal tile it spans). Answers are kept per request key: the
 * gazetteer changes only with a data reload, and a reload restarts the processes that serve maps.
 */
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "./schema.ts";

/** Municipalities and zones in one answer at most: a zoomed-out view never reaches this (zoom < 9.5 draws none). */
const MAX_FEATURES = 1500;
/** The most recently asked views (snapped, so neighbours share them), each loaded once for concurrent requests. */
const answers = new LRUCache<string, string, () => Promise<string>>({
  max: 200,
  fetchMethod: (_key, _stale, { context: compute }) => compute(),
});

/** A GeoJSON FeatureCollection (as text) of the places of `levels` whose box meets `bbox`; properties level and name. */
export function boundariesInView(db: Kysely<Database>, levels: number[], bbox: [number, number, number, number]): Promise<string> {
  return answers.forceFetch(`${levels.join(",")}|${bbox.join(",")}`, { context: () => load(db, levels, bbox) });
}

async function load(db: Kysely<Database>, levels: number[], [w, s, e, n]: [number, number, number, number]): Promise<string> {
  const rows = await db
    .selectFrom("places")
    .select(["id", "level", "name", "geometry", "lat", "lon"])
    .where("level", "in", levels)
    .where("geometry", "is not", null)
    .where("bboxMinLon", "<=", e)
    .where("bboxMaxLon", ">=", w)
    .where("bboxMinLat", "<=", n)
    .where("bboxMaxLat", ">=", s)
    .orderBy("level")
    .orderBy("id")
    .limit(MAX_FEATURES)
    .execute();
  // The stored geometry is already GeoJSON text: splice it in rather than parse and re-serialise it.
  const features = rows.map(
    (r) => `{"type":"Feature","properties":${JSON.stringify({ id: r.id, level: r.level, name: r.name })},"geometry":${r.geometry}}`,
  );
  const labels = rows.map(
    (r) =>
      `{"type":"Feature","properties":${JSON.stringify({ id: r.id, level: r.level, name: r.name, label: true })},"geometry":{"type":"Point","coordinates":[${r.lon},${r.lat}]}}`,
  );
  features.push(...labels);
  return `{"type":"FeatureCollection","features":[${features.join(",")}]}`;
}

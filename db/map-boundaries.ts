/**
 * The base map's boundaries (core/map/style.ts): regions, provinces, municipalities and zones from
 * the places table, as GeoJSON text for a snapped view (properties: id, level, name). Answers are kept per request key: the
 * gazetteer changes only with a data reload, and a reload restarts the processes that serve maps.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Municipalities and zones in one answer at most: a zoomed-out view never reaches this (zoom < 9.5 draws none). */
const MAX_FEATURES = 1500;
const CACHE_MAX = 200;
const cache = new Map<string, Promise<string>>();

/** A GeoJSON FeatureCollection (as text) of the places of `levels` whose box meets `bbox`; properties level and name. */
export function boundariesInView(db: Kysely<Database>, levels: number[], bbox: [number, number, number, number]): Promise<string> {
  const key = `${levels.join(",")}|${bbox.join(",")}`;
  let answer = cache.get(key);
  if (!answer) {
    answer = load(db, levels, bbox);
    answer.catch(() => cache.delete(key));
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, answer);
  }
  return answer;
}

async function load(db: Kysely<Database>, levels: number[], [w, s, e, n]: [number, number, number, number]): Promise<string> {
  const rows = await db
    .selectFrom("places")
    .select(["id", "level", "name", "geometry"])
    .where("level", "in", levels)
    .where("geometry", "is not", null)
    .where("bboxMinLon", "<=", e).where("bboxMaxLon", ">=", w).where("bboxMinLat", "<=", n).where("bboxMaxLat", ">=", s)
    .orderBy("level").orderBy("id")
    .limit(MAX_FEATURES)
    .execute();
  // The stored geometry is already GeoJSON text: splice it in rather than parse and re-serialise it.
  const features = rows.map((r) => `{"type":"Feature","properties":${JSON.stringify({ id: r.id, level: r.level, name: r.name })},"geometry":${r.geometry}}`);
  return `{"type":"FeatureCollection","features":[${features.join(",")}]}`;
}

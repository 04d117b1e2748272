/**
 * The map's public transport (issue 27 item 3): Milano's metro and tram lines from data/streets
 * (transit_milano.geojson, Comune di Milano, CC BY 4.0: see its README) and every metro station of the
 * places table (Milano, Roma, Torino) with its line, as one GeoJSON text, or the metro lines alone. Properties: kind
 * (metro | tram | station), line ("M1"…), name. Read once per process: it changes only with a release or a
 * data reload, which restarts the processes. The lines are drawn within 1 m of the source's: its tracks have a
 * point every 4 m (a tenth of them closer than 1.1 m), which cost the browser to read and draw and draw no
 * differently (decision 156).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { type Position, simplifyLine } from "../core/geo.ts";
import type { TransitScope } from "../core/map/style.ts";
import { PlaceLevel } from "../core/places.ts";
import { STREET_DATA_DIR } from "../etl/streets.ts";
import { oncePerDatabase } from "./once-per-database.ts";
import type { Database } from "./schema.ts";

const TRANSIT_FILE = join(STREET_DATA_DIR, "transit_milano.geojson");
/** Within this distance of the source's tracks: under 2 pixels at zoom 18, nothing at the zooms a search shows. */
const LINE_TOLERANCE_METRES = 1;

/** What an answer holds: the metro lines alone (what a map draws below TRAM_MIN_ZOOM), or everything. */
export type TransitAnswer = Exclude<TransitScope, "none">;

interface TransitFeature {
  type: "Feature";
  properties: { kind: string; line?: string; name?: string };
  geometry: { type: string; coordinates: unknown };
}

const transitFeatures = oncePerDatabase(load);
const answerOf = (features: TransitFeature[]) => JSON.stringify({ type: "FeatureCollection", features });
const answers: Record<TransitAnswer, (db: Kysely<Database>) => Promise<string>> = {
  all: oncePerDatabase(async (db) => answerOf(await transitFeatures(db))),
  metro: oncePerDatabase(async (db) => answerOf((await transitFeatures(db)).filter((f) => f.properties.kind === "metro"))),
};

/** The answer `holding` as GeoJSON text. */
export function transitLines(db: Kysely<Database>, holding: TransitAnswer = "all"): Promise<string> {
  return answers[holding](db);
}

async function load(db: Kysely<Database>): Promise<TransitFeature[]> {
  // Every line of the source is a LineString.
  const source = JSON.parse(readFileSync(TRANSIT_FILE, "utf8")) as {
    features: Array<TransitFeature & { geometry: { coordinates: Position[] } }>;
  };
  const lines = source.features.map((feature) => ({
    ...feature,
    geometry: { ...feature.geometry, coordinates: simplifyLine(feature.geometry.coordinates, LINE_TOLERANCE_METRES) },
  }));
  const stops = await db
    .selectFrom("places")
    .select(["name", "lat", "lon", "extra"])
    .where("level", "=", PlaceLevel.metroStop)
    .orderBy("id")
    .execute();
  const stations = stops.map(
    (s): TransitFeature => ({
      type: "Feature",
      properties: { kind: "station", line: String((s.extra as Record<string, unknown>).line ?? ""), name: s.name },
      geometry: { type: "Point", coordinates: [s.lon, s.lat] },
    }),
  );
  return [...lines, ...stations];
}

/**
 * `npm run bench:map` — the map's searches at scale (issue 10): markers for a city viewport, a polygon
 * drawn over a city district (first page of 25 + exact total, then its markers), and a circle search,
 * measured in-process through the functions the map endpoints call, as bench:search does.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/casa_bench npm run bench:map   (server, 1.2 M)
 *   npm run bench:map -- --pglite var/db                                                 (embedded, default data)
 *
 * Options: --queries N per kind (default 300).
 */
import { parseArgs } from "node:util";
import { zoomForBBox } from "../core/geo.ts";
import { PlaceLevel } from "../core/places.ts";
import { Random } from "../core/random.ts";
import { parseSearch } from "../core/search/query.ts";
import { openDatabase } from "../db/database.ts";
import { loadListingFacts, SEARCH_FACTS_AUTO_MIN } from "../db/listing-facts.ts";
import { listingMarkers, searchListings } from "../db/listings-search.ts";
import { getPlaceDirectory } from "../db/place-directory.ts";
import { readDatasetInfo } from "../etl/load.ts";
import { buildCriteria } from "../db/search-criteria.ts";

const { values } = parseArgs({ options: { pglite: { type: "string" }, queries: { type: "string", default: "300" } } });
const url = values.pglite ? undefined : (process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/casa_bench");
const handle = await openDatabase({ url, dataDir: values.pglite ?? "var/db", poolSize: 4 });
const info = await readDatasetInfo(handle.db);
if (!info) throw new Error("no dataset in that database: run `npm run bench:load` (server) or `npm start` once (embedded)");
const db = handle.readDb;
const directory = await getPlaceDirectory(db);
// As a warm server with SEARCH_FACTS=auto does.
if (info.listings >= SEARCH_FACTS_AUTO_MIN) await loadListingFacts(db);
const random = new Random("bench-map");
const count = Number(values.queries);

// City districts: the zones of the portal's cities (they carry a centre).
const zones = directory.atLevel(PlaceLevel.zone).filter((z) => Number.isFinite(z.lat) && Number.isFinite(z.lon));
const KM_LAT = 1 / 111.2;
/** An irregular octagon of 0.8–1.6 km around a point, as [lat, lon] pairs (the API's geopolygon form). */
function districtPolygon(lat: number, lon: number): number[][] {
  const kmLon = KM_LAT / Math.cos((lat * Math.PI) / 180);
  return Array.from({ length: 8 }, (_, i) => {
    const angle = (i / 8) * 2 * Math.PI;
    const km = 0.8 + random.next() * 0.8;
    return [lat + Math.sin(angle) * km * KM_LAT, lon + Math.cos(angle) * km * kmLon];
  });
}
function viewport(lat: number, lon: number, zoom: number): [number, number, number, number] {
  const half = (180 / 2 ** zoom) * 2;
  return [lon - half * 1.3, lat - half, lon + half * 1.3, lat + half];
}
function channelFilters(): Record<string, unknown> {
  const f: Record<string, unknown> = {
    channel: random.weighted([
      ["vendita", 70],
      ["affitto", 30],
    ] as const),
  };
  if (random.chance(0.3)) f.numRooms_min = random.int(2, 4);
  return f;
}

type Kind = "viewport markers" | "polygon search" | "polygon markers" | "circle search";
const timings = new Map<Kind, number[]>();
async function timed(kind: Kind, run: () => Promise<unknown>): Promise<void> {
  const t = performance.now();
  await run();
  timings.set(kind, [...(timings.get(kind) ?? []), performance.now() - t]);
}

const jobs: Array<{ kind: Kind; run: () => Promise<unknown> }> = [];
for (let i = 0; i < count; i++) {
  const zone = random.pick(zones);
  const zoom = random.int(12, 15);
  const bbox = viewport(zone.lat!, zone.lon!, zoom);
  const polygon = districtPolygon(zone.lat!, zone.lon!);
  const base = channelFilters();
  jobs.push({
    kind: "viewport markers",
    run: async () => {
      const { criteria } = await buildCriteria(db, parseSearch({ ...base, geobounds: { bbox, zoom } }, []));
      return listingMarkers(db, criteria, { bbox, zoom: zoomForBBox(bbox), maxPins: 300 });
    },
  });
  jobs.push({
    kind: "polygon search",
    run: async () => {
      const query = parseSearch({ ...base, geopolygon: { polygon } }, []);
      const { criteria } = await buildCriteria(db, query);
      return searchListings(db, criteria, { number: 1, size: 25 });
    },
  });
  jobs.push({
    kind: "polygon markers",
    run: async () => {
      const { criteria } = await buildCriteria(db, parseSearch({ ...base, geopolygon: { polygon } }, []));
      const view = viewport(zone.lat!, zone.lon!, 14);
      return listingMarkers(db, criteria, { bbox: view, zoom: zoomForBBox(view), maxPins: 300 });
    },
  });
  jobs.push({
    kind: "circle search",
    run: async () => {
      const circle = [{ distance: random.pick([500, 1000, 2000]), center: [zone.lat!, zone.lon!] }];
      const { criteria } = await buildCriteria(db, parseSearch({ ...base, geocircle: { circle } }, []));
      return searchListings(db, criteria, { number: 1, size: 25 });
    },
  });
}
// Warm-up on a tenth of the jobs, then the measured pass.
for (const job of jobs.slice(0, Math.ceil(jobs.length / 10))) await job.run();
for (const job of jobs) await timed(job.kind, job.run);

const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((v.length * p) / 100))]!;
console.log(
  `database: ${handle.kind}${url ? ` ${url.replace(/\/\/[^@]*@/, "//")}` : ` ${values.pglite}`}, ${info.listings.toLocaleString("it-IT")} listings, ${zones.length} districts`,
);
for (const [kind, v] of timings) {
  console.log(
    `${kind.padEnd(17)} n=${String(v.length).padStart(4)}  median ${pct(v, 50).toFixed(1)} ms  p95 ${pct(v, 95).toFixed(1)} ms  max ${Math.max(...v).toFixed(1)} ms`,
  );
}
await handle.close();

/**
 * `npm run bench:search` — search latency over a fixed, seeded mix of realistic queries, measured
 * in-process through the same functions the endpoints call (criteria + page + exact total, markers),
 * then sustained throughput over HTTP against a portal started on the same database.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/casa_bench npm run bench:search   (server, 1.2 M)
 *   npm run bench:search -- --pglite var/db                                                 (embedded, default data)
 *
 * Options: --queries N (default 1200), --http-seconds S (default 20, 0 to skip), --concurrency C (default 8),
 * --facts (totals from the in-memory listing facts even below SEARCH_FACTS_AUTO_MIN, to time that path on small data).
 */
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { zoomForBBox } from "../core/geo.ts";
import { PlaceLevel } from "../core/places.ts";
import { Random } from "../core/random.ts";
import { parseSearch } from "../core/search/query.ts";
import { openDatabase } from "../db/database.ts";
import { listingMarkers, searchListings } from "../db/listings-search.ts";
import { getPlaceDirectory, type DirectoryPlace } from "../db/place-directory.ts";
import { loadListingFacts, SEARCH_FACTS_AUTO_MIN } from "../db/listing-facts.ts";
import { buildCriteria } from "../db/search-criteria.ts";
import { readDatasetInfo } from "../etl/load.ts";

const { values } = parseArgs({
  options: {
    pglite: { type: "string" },
    queries: { type: "string", default: "1200" },
    "http-seconds": { type: "string", default: "20" },
    concurrency: { type: "string", default: "8" },
    facts: { type: "boolean", default: false },
  },
});
const url = values.pglite ? undefined : (process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/casa_bench");
const handle = await openDatabase({ url, dataDir: values.pglite ?? "var/db", poolSize: 4 });
const info = await readDatasetInfo(handle.db);
if (!info) throw new Error("no dataset in that database: run `npm run bench:load` (server) or `npm start` once (embedded)");
const db = handle.readDb;
const directory = await getPlaceDirectory(db);
// As a warm server with SEARCH_FACTS=auto does: totals from the in-memory listing facts on large datasets.
if (info.listings >= SEARCH_FACTS_AUTO_MIN || values.facts) {
  const factsStarted = performance.now();
  const facts = await loadListingFacts(db);
  console.log(
    `listing facts: ${facts.size.toLocaleString("it-IT")} listings loaded in ${((performance.now() - factsStarted) / 1000).toFixed(1)} s, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB, array buffers ${(process.memoryUsage().arrayBuffers / 2 ** 20).toFixed(0)} MB`,
  );
}
const random = new Random("bench-search");

type Kind = "town or zone" | "Italy-wide" | "markers";
interface Sample {
  kind: Kind;
  body: { locations?: string[]; filters: Record<string, unknown> };
}

const towns = directory.atLevel(PlaceLevel.town).filter((t) => (t.population ?? 0) > 20_000);
const zones = directory.atLevel(PlaceLevel.zone);
const townWeights = towns.map((t) => t.population ?? 0);
const totalWeight = townWeights.reduce((a, b) => a + b, 0);
function pickTown(): DirectoryPlace {
  let r = random.next() * totalWeight;
  for (let i = 0; i < towns.length; i++) if ((r -= townWeights[i]!) < 0) return towns[i]!;
  return towns[0]!;
}

/** Filters people actually set: often none, else price, rooms, surface, a feature or two, a sort. */
function someFilters(): Record<string, unknown> {
  const f: Record<string, unknown> = {};
  const channel = random.weighted([
    ["vendita", 65],
    ["affitto", 30],
    ["affitto-breve", 5],
  ] as const);
  f.channel = channel;
  if (random.chance(0.5))
    f.price_max = channel === "vendita" ? random.pick([150000, 250000, 400000, 700000]) : random.pick([600, 900, 1400]);
  if (random.chance(0.35)) f.numRooms_min = random.int(1, 4);
  if (random.chance(0.2)) f.mq_min = random.pick([50, 70, 100]);
  if (random.chance(0.15)) {
    const feature = random.pick(["lift", "balcony", "terrace", "garden", "has_virtual_tour", "air_conditioned"]);
    f[feature] = feature === "garden" ? "any" : true;
  }
  if (random.chance(0.1)) f.exclude_auction = true;
  if (random.chance(0.3))
    f.sortType = random.pick([
      "prezzo-crescente",
      "prezzo-decrescente",
      "data-decrescente",
      "superficie-decrescente",
      "prezzo-mq-crescente",
    ]);
  if (random.chance(0.2)) f.page = random.int(2, 4);
  return f;
}

const samples: Sample[] = [];
const count = Number(values.queries);
for (let i = 0; i < count; i++) {
  const kind = random.weighted([
    ["town or zone", 60],
    ["Italy-wide", 20],
    ["markers", 20],
  ] as const);
  if (kind === "town or zone") {
    const place = random.chance(0.75) ? pickTown() : random.pick(zones);
    samples.push({ kind, body: { locations: [place.id], filters: someFilters() } });
  } else if (kind === "Italy-wide") {
    samples.push({ kind, body: { filters: someFilters() } });
  } else {
    const town = pickTown();
    const zoom = random.int(8, 15);
    const half = (180 / 2 ** zoom) * 2;
    const bbox = [town.lon - half * 1.3, town.lat - half, town.lon + half * 1.3, town.lat + half];
    const filters = someFilters();
    delete filters.page;
    delete filters.sortType;
    samples.push({ kind, body: { filters: { ...filters, geobounds: { bbox, zoom } } } });
  }
}

async function run(sample: Sample): Promise<void> {
  const query = parseSearch(sample.body.filters, sample.body.locations ?? []);
  const { criteria } = await buildCriteria(db, query);
  if (sample.kind === "markers") {
    const bbox = (sample.body.filters.geobounds as { bbox: [number, number, number, number] }).bbox;
    await listingMarkers(db, criteria, { bbox, zoom: zoomForBBox(bbox), maxPins: 300 });
  } else {
    await searchListings(db, criteria, { number: query.page, size: 25 });
  }
}

// Warm-up: one pass over a tenth of the mix, as a running server would be warm.
for (const s of samples.slice(0, Math.ceil(samples.length / 10))) await run(s);
const timings = new Map<Kind, number[]>();
const slowest: Array<{ ms: number; sample: Sample }> = [];
for (const s of samples) {
  const t = performance.now();
  await run(s);
  const ms = performance.now() - t;
  timings.set(s.kind, [...(timings.get(s.kind) ?? []), ms]);
  slowest.push({ ms, sample: s });
}
if (process.env.BENCH_SHOW_SLOWEST) {
  for (const { ms, sample } of slowest.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.BENCH_SHOW_SLOWEST)))
    console.log(ms.toFixed(0), sample.kind, JSON.stringify(sample.body));
}
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
console.log(
  `database: ${handle.kind}${url ? ` ${url.replace(/\/\/[^@]*@/, "//")}` : ` ${values.pglite}`}, ${info.listings.toLocaleString("it-IT")} listings, totals from ${values.facts || info.listings >= SEARCH_FACTS_AUTO_MIN ? "listing facts" : "SQL"}`,
);
for (const [kind, values] of timings) {
  console.log(
    `${kind.padEnd(14)} n=${String(values.length).padStart(4)}  median ${pct(values, 50).toFixed(1)} ms  p95 ${pct(values, 95).toFixed(1)} ms  max ${Math.max(...values).toFixed(1)} ms`,
  );
}
await handle.close();

// Throughput over HTTP: a portal process on the same database, C concurrent clients for S seconds.
const seconds = Number(values["http-seconds"]);
if (seconds > 0) {
  const port = 3950;
  const env = {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: "warn",
    DEMO_SEED: info.seed,
    DEMO_COUNT: String(info.count),
    DATABASE_URL: url ?? "",
    DATA_DIR: values.pglite ?? "var/db",
  };
  const server = spawn(process.execPath, ["scripts/start.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
  for (;;) {
    // Ready, and warm: the server's listing facts loaded, as in steady operation.
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (r) => r.ok && (await r.json()).warm === true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const searches = samples.filter((s) => s.kind !== "markers");
  let done = 0,
    errors = 0,
    next = 0;
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const httpSlowest: Array<{ ms: number; sample: Sample }> = [];
  await Promise.all(
    Array.from({ length: Number(values.concurrency) }, async () => {
      while (performance.now() < deadline) {
        const s = searches[next++ % searches.length]!;
        const t = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}/portal-srp/api/v1/search`, {
          method: "POST",
          body: JSON.stringify(s.body),
          headers: { "content-type": "application/json" },
        }).catch(() => null);
        if (!res || res.status !== 200) errors++;
        await res?.arrayBuffer();
        latencies.push(performance.now() - t);
        httpSlowest.push({ ms: performance.now() - t, sample: s });
        done++;
      }
    }),
  );
  server.kill("SIGTERM");
  if (process.env.BENCH_SHOW_SLOWEST) {
    for (const { ms, sample } of httpSlowest.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.BENCH_SHOW_SLOWEST)))
      console.log("HTTP", ms.toFixed(0), JSON.stringify(sample.body));
  }
  console.log(
    `HTTP /search: ${(done / seconds).toFixed(0)} requests/s over ${seconds} s with ${values.concurrency} clients, ${errors} errors, median ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms`,
  );
}

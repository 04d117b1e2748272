/**
 * `npm run bench:changes` — search latency while listings change (issue 8 item 10): the same kinds of
 * searches as bench:search (town or zone, Italy-wide, map markers) run in-process through the
 * functions the endpoints call, with the in-memory facts and the count cache kept up to date by a
 * ListingFollower as a server process keeps them, first on a quiet database, then while a writer on
 * its own connections applies `--rate` changes a second (price changes, new listings, withdrawals).
 * Also reports how long each change took to reach the facts (commit → applied).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/casa_bench npm run bench:changes   (server)
 *   npm run bench:changes -- --pglite var/db                                                 (embedded)
 *
 * Options: --rate N changes/s (default 1000), --tx N changes per transaction (default 50),
 * --writers N concurrent writer connections (default 4), --seconds S per phase (default 20),
 * --no-follow (the same writes, with the facts left as loaded: what the writes alone cost the searches),
 * --keep-counts (follow, but never clear the count cache: what recounting after each change costs; stale totals).
 */
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { zoomForBBox } from "../core/geo.ts";
import { PlaceLevel } from "../core/places.ts";
import { Random } from "../core/random.ts";
import { parseSearch } from "../core/search/query.ts";
import { buildCriteria } from "../db/search-criteria.ts";
import { CountCache } from "../db/count-cache.ts";
import { openDatabase } from "../db/database.ts";
import { listingMarkers, searchListings } from "../db/listings-search.ts";
import { sqlSearchBackend } from "../db/search-backend.ts";
import { listingFacts } from "../db/listing-facts.ts";
import { getPlaceDirectory, type DirectoryPlace } from "../db/place-directory.ts";
import { readDatasetInfo } from "../etl/load.ts";
import { ListingFollower } from "../server/listing-follower.ts";
import { createLogger } from "../server/logger.ts";

const { values } = parseArgs({
  options: {
    pglite: { type: "string" },
    rate: { type: "string", default: "1000" },
    tx: { type: "string", default: "50" },
    writers: { type: "string", default: "4" },
    "no-follow": { type: "boolean", default: false },
    "keep-counts": { type: "boolean", default: false },
    seconds: { type: "string", default: "20" },
  },
});
const rate = Number(values.rate);
const perTx = Number(values.tx);
const writers = Number(values.writers);
const seconds = Number(values.seconds);
const url = values.pglite ? undefined : (process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/casa_bench");
const handle = await openDatabase({ url, dataDir: values.pglite ?? "var/db", poolSize: 4 });
// The writer is another process in production: its own pool on the server (PGlite has one connection).
const writer = url ? await openDatabase({ url, dataDir: "", poolSize: Number(values.writers) }) : handle;
const info = await readDatasetInfo(handle.db);
if (!info) throw new Error("no dataset in that database: run `npm run bench:load` (server) or `npm start` once (embedded)");
const db = handle.readDb;
const counts = new CountCache();
const followerCounts = values["keep-counts"] ? new CountCache() : counts;
const follower = new ListingFollower({ database: handle, facts: true, counts: followerCounts, logger: createLogger("warn") });
const factsStarted = performance.now();
await follower.start();
const facts = await follower.factsReady;
if (!facts) throw new Error("the listing facts did not load");
console.log(
  `listing facts: ${facts.size.toLocaleString("it-IT")} listings loaded in ${((performance.now() - factsStarted) / 1000).toFixed(1)} s`,
);

// The search mix: bench/search.bench.ts's kinds and proportions.
const directory = await getPlaceDirectory(db);
const random = new Random("bench-changes");
type Kind = "town or zone" | "Italy-wide" | "markers";
interface Sample {
  kind: Kind;
  locations: string[];
  filters: Record<string, unknown>;
}
const towns = directory.atLevel(PlaceLevel.town).filter((t) => (t.population ?? 0) > 20_000);
const zones = directory.atLevel(PlaceLevel.zone);
const totalWeight = towns.reduce((a, t) => a + (t.population ?? 0), 0);
function pickTown(): DirectoryPlace {
  let r = random.next() * totalWeight;
  for (const t of towns) if ((r -= t.population ?? 0) < 0) return t;
  return towns[0]!;
}
function someFilters(): Record<string, unknown> {
  const channel = random.weighted([
    ["vendita", 65],
    ["affitto", 30],
    ["affitto-breve", 5],
  ] as const);
  const f: Record<string, unknown> = { channel };
  if (random.chance(0.5))
    f.price_max = channel === "vendita" ? random.pick([150000, 250000, 400000, 700000]) : random.pick([600, 900, 1400]);
  if (random.chance(0.35)) f.numRooms_min = random.int(1, 4);
  if (random.chance(0.2)) f.mq_min = random.pick([50, 70, 100]);
  if (random.chance(0.3)) f.sortType = random.pick(["prezzo-crescente", "data-decrescente", "superficie-decrescente"]);
  return f;
}
const samples: Sample[] = Array.from({ length: 1000 }, () => {
  const kind = random.weighted([
    ["town or zone", 60],
    ["Italy-wide", 20],
    ["markers", 20],
  ] as const);
  if (kind === "town or zone")
    return { kind, locations: [(random.chance(0.75) ? pickTown() : random.pick(zones)).id], filters: someFilters() };
  if (kind === "Italy-wide") return { kind, locations: [], filters: someFilters() };
  const town = pickTown();
  const half = (180 / 2 ** random.int(8, 15)) * 2;
  const { sortType: _, ...filters } = someFilters();
  return {
    kind,
    locations: [],
    filters: { ...filters, geobounds: { bbox: [town.lon - half * 1.3, town.lat - half, town.lon + half * 1.3, town.lat + half] } },
  };
});

async function run(sample: Sample): Promise<void> {
  const query = parseSearch(sample.filters, sample.locations);
  const { criteria } = await buildCriteria(db, query);
  if (sample.kind === "markers") {
    const bbox = (sample.filters.geobounds as { bbox: [number, number, number, number] }).bbox;
    await listingMarkers(db, criteria, { bbox, zoom: zoomForBBox(bbox), maxPins: 300 });
  } else {
    await searchListings(db, criteria, { number: 1, size: 25 }, { counts });
  }
}

/** Runs the mix for `seconds`, one search after another; latencies per kind. */
async function searchFor(): Promise<Map<Kind, number[]>> {
  const timings = new Map<Kind, number[]>();
  const deadline = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < deadline; i++) {
    const s = samples[i % samples.length]!;
    const t = performance.now();
    await run(s);
    const ms = performance.now() - t;
    timings.set(s.kind, [...(timings.get(s.kind) ?? []), ms]);
  }
  return timings;
}

const pct = (xs: number[], p: number) =>
  xs.length === 0 ? Number.NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

// The writer: every 100 ms, rate/10 changes in transactions of `perTx`: half price changes, a quarter
// new listings (copies of random ones), a quarter withdrawals of those copies.
const ids = (await sql<{ id: number }>`SELECT id FROM listings TABLESAMPLE SYSTEM (5) LIMIT 20000`.execute(writer.db)).rows.map((r) =>
  Number(r.id),
);
const columns = sql.raw(
  (
    await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
  WHERE table_name = 'listings' AND is_generated = 'NEVER' AND column_name <> 'id' ORDER BY ordinal_position`.execute(writer.db)
  ).rows
    .map((r) => r.c)
    .join(", "),
);
const copies: number[] = [];
let committed: number[] = [];
let transactions = 0;
const lags: number[] = [];
let written = 0;
let writerBusyMs = 0;

async function writeTransaction(n: number): Promise<void> {
  const reprice = Math.round(n / 2);
  const insert = Math.round(n / 4);
  const withdraw = Math.min(n - reprice - insert, copies.length);
  const t = performance.now();
  await writer.db.transaction().execute(async (trx) => {
    const repriced = Array.from({ length: reprice }, () => random.pick(ids));
    await sql`UPDATE listings SET price = greatest(100, price + (CASE WHEN id % 2 = 0 THEN 1000 ELSE -1000 END)) WHERE id = ANY(${repriced}::bigint[])`.execute(
      trx,
    );
    const templates = Array.from({ length: insert }, () => random.pick(ids));
    const added = await sql<{
      id: number;
    }>`INSERT INTO listings (id, ${columns}) SELECT nextval('listing_ids'), ${columns} FROM listings WHERE id = ANY(${templates}::bigint[]) RETURNING id`.execute(
      trx,
    );
    const gone = copies.splice(0, withdraw);
    if (gone.length > 0) await sql`DELETE FROM listings WHERE id = ANY(${gone}::bigint[])`.execute(trx);
    copies.push(...added.rows.map((r) => Number(r.id)));
  });
  committed.push(performance.now());
  transactions++;
  written += reprice + insert + withdraw;
  writerBusyMs += performance.now() - t;
}

let writing = true;
async function writeLoop(): Promise<void> {
  const perTick = Math.max(1, Math.round(rate / 10));
  let next = performance.now();
  while (writing) {
    // The tick's transactions on `writers` connections at once, as several publishers would write.
    const sizes: number[] = [];
    for (let done = 0; done < perTick; done += perTx) sizes.push(Math.min(perTx, perTick - done));
    await Promise.all(
      Array.from({ length: writers }, async () => {
        for (let n = sizes.pop(); n !== undefined; n = sizes.pop()) await writeTransaction(n);
      }),
    );
    next += 100;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}
// Commit → applied to the facts (a read of the log that began after the commit has been applied), every 5 ms.
const lagTimer = setInterval(() => {
  const now = performance.now();
  const asOf = follower.appliedAsOf;
  for (const at of committed) if (at < asOf) lags.push(now - at);
  committed = committed.filter((at) => at >= asOf);
}, 5);

for (const s of samples.slice(0, 100)) await run(s); // warm-up
const quiet = await searchFor();
if (values["no-follow"]) await follower.stop();
const writeStarted = performance.now();
const writing$ = writeLoop();
const busy = await searchFor();
writing = false;
await writing$;
const writeSeconds = (performance.now() - writeStarted) / 1000;
if (values["no-follow"]) {
  clearInterval(lagTimer);
  console.log(
    `--no-follow: ${written} changes in ${writeSeconds.toFixed(1)} s = ${(written / writeSeconds).toFixed(0)} changes/s, facts not updated`,
  );
  for (const kind of ["town or zone", "Italy-wide", "markers"] as const) {
    const a = quiet.get(kind) ?? [];
    const b = busy.get(kind) ?? [];
    console.log(
      `| ${kind} | ${a.length}, ${pct(a, 50).toFixed(1)} ms, ${pct(a, 95).toFixed(1)} ms | ${b.length}, ${pct(b, 50).toFixed(1)} ms, ${pct(b, 95).toFixed(1)} ms |`,
    );
  }
  if (copies.length > 0) await sql`DELETE FROM listings WHERE id = ANY(${copies}::bigint[])`.execute(writer.db);
  if (writer !== handle) await writer.close();
  await handle.close();
  process.exit(0);
}
await follower.caughtUp();
await new Promise((r) => setTimeout(r, 20));
clearInterval(lagTimer);

// The facts still agree with SQL after all that.
let agree = 0;
const checks = samples.filter((s) => s.kind !== "markers").slice(0, 40);
for (const s of checks) {
  const { criteria } = await buildCriteria(db, parseSearch(s.filters, s.locations));
  if (listingFacts(db)!.count(criteria) === (await sqlSearchBackend(db).count(criteria))) agree++;
}
const inSql = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM listings`.execute(db)).rows[0]!.n);
const factsSize = listingFacts(db)!.size;
// Leave the dataset as it was loaded (bar the price changes).
if (copies.length > 0) await sql`DELETE FROM listings WHERE id = ANY(${copies}::bigint[])`.execute(writer.db);

console.log(
  `database: ${handle.kind}${url ? ` ${url.replace(/\/\/[^@]*@/, "//")}` : ` ${values.pglite}`}, ${info.listings.toLocaleString("it-IT")} listings; load average ${(
    await import("node:os")
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  `writer: ${written} changes in ${writeSeconds.toFixed(1)} s = ${(written / writeSeconds).toFixed(0)} changes/s (target ${rate}) in transactions of ${perTx} on ${writers} connections, mean transaction ${(writerBusyMs / Math.max(1, transactions)).toFixed(0)} ms`,
);
console.log(
  `follower: ${follower.applied} listing refreshes applied in ${(follower.refreshMs / 1000).toFixed(1)} s of reads and applying (${((follower.refreshMs / 1000 / writeSeconds) * 100).toFixed(0)} % of the writing phase), of which ${(listingFacts(db)!.applyMs / 1000).toFixed(2)} s of CPU applying them; commit → applied median ${pct(lags, 50).toFixed(0)} ms, p95 ${pct(lags, 95).toFixed(0)} ms, max ${Math.max(...lags).toFixed(0)} ms (${lags.length} transactions)`,
);
console.log(`facts agree with SQL after the run: ${agree}/${checks.length} searches; ${factsSize} listings in the facts, ${inSql} in SQL`);
console.log("| query kind | quiet: n, median, p95 | 1,000 changes/s: n, median, p95 |");
for (const kind of ["town or zone", "Italy-wide", "markers"] as const) {
  const a = quiet.get(kind) ?? [];
  const b = busy.get(kind) ?? [];
  console.log(
    `| ${kind} | ${a.length}, ${pct(a, 50).toFixed(1)} ms, ${pct(a, 95).toFixed(1)} ms | ${b.length}, ${pct(b, 50).toFixed(1)} ms, ${pct(b, 95).toFixed(1)} ms |`,
  );
}
await follower.stop();
if (writer !== handle) await writer.close();
await handle.close();

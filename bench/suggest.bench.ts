/**
 * `node bench/suggest.bench.ts` — place autocomplete latency (issue 3: suggest p95 ≤ 15 ms) over a
 * fixed, seeded mix of what people type: prefixes of towns drawn by population (2 letters up to the
 * whole name), names without accents, names with one typo, zones, provinces, street queries. Timed
 * in-process through suggestPlaces (what the endpoint calls) after a warm-up, then the same mix
 * against the pg_trgm index on places.search_name for comparison, then over HTTP.
 *
 *   node bench/suggest.bench.ts                       (embedded: var/db, loaded with the default data if empty)
 *   node bench/suggest.bench.ts --pglite DIR          (another PGlite folder)
 *   BENCH_DATABASE_URL=postgres://… node bench/suggest.bench.ts --server
 *
 * Options: --queries N (default 2000), --http-seconds S (default 10, 0 to skip). The HTTP phase starts
 * the portal from $CASA_BUILD_DIR (default build-bench).
 */
import { spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { PlaceLevel } from "../core/places.ts";
import { Random } from "../core/random.ts";
import { foldAccents } from "../core/text.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { getPlaceDirectory } from "../db/place-directory.ts";
import { suggestPlaces, type SuggestChannel } from "../db/place-search.ts";
import { loadDataset, readDatasetInfo } from "../etl/load.ts";
import { loadConfig } from "../server/config.ts";

const { values } = parseArgs({
  options: {
    pglite: { type: "string" },
    server: { type: "boolean", default: false },
    queries: { type: "string", default: "2000" },
    "http-seconds": { type: "string", default: "10" },
  },
});
const url = values.server ? (process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/casa_bench") : undefined;
const dataDir = values.pglite ?? "var/db";
const handle = await openDatabase({ url, dataDir, poolSize: 4 });
await migrateToLatest(handle.db);
let info = await readDatasetInfo(handle.db);
if (!info) {
  const config = loadConfig({});
  console.log(`empty database: loading the default dataset (${config.DEMO_COUNT} listings)…`);
  info = await loadDataset(handle.db, { seed: config.DEMO_SEED, count: config.DEMO_COUNT, referenceDate: config.referenceDate });
}
const db = handle.readDb;
const directory = await getPlaceDirectory(db);
const random = new Random("bench-suggest");

const towns = directory.atLevel(PlaceLevel.town);
const weights = towns.map((t) => Math.sqrt(t.population ?? 0) + 10);
const totalWeight = weights.reduce((a, b) => a + b, 0);
function pickTown() {
  let r = random.next() * totalWeight;
  for (let i = 0; i < towns.length; i++) if ((r -= weights[i]!) < 0) return towns[i]!;
  return towns[0]!;
}
function typo(text: string): string {
  const p = 1 + random.int(0, Math.max(0, text.length - 2));
  const letters = [...text];
  letters[p] = letters[p] === "a" ? "e" : "a";
  return letters.join("");
}
const zones = [...directory.atLevel(PlaceLevel.zone), ...directory.atLevel(PlaceLevel.block)];
const provinces = directory.atLevel(PlaceLevel.province);
const streets = ["via roma", "via garibaldi", "viale ", "piazza ", "corso vittorio", "via mazzini"];

type Kind = "prefix" | "whole name" | "typo" | "zone" | "province" | "street";
const mix: Array<{ kind: Kind; qs: string; channel?: SuggestChannel }> = [];
const n = Number(values.queries);
for (let i = 0; i < n; i++) {
  const kind = random.weighted([
    ["prefix", 45],
    ["whole name", 15],
    ["typo", 15],
    ["zone", 10],
    ["province", 10],
    ["street", 5],
  ] as const);
  const drawn = random.weighted([
    ["vendita", 60],
    ["affitto", 30],
    ["all", 10],
  ] as const);
  const channel: SuggestChannel | undefined = drawn === "all" ? undefined : drawn;
  const name = foldAccents(pickTown().name).toLowerCase();
  let qs: string;
  if (kind === "prefix") qs = name.slice(0, random.int(2, Math.max(2, name.length)));
  else if (kind === "whole name") qs = name;
  else if (kind === "typo") qs = name.length >= 5 ? typo(name) : name;
  else if (kind === "zone") qs = zones[random.int(0, zones.length - 1)]!.name.slice(0, random.int(3, 12));
  else if (kind === "province") qs = provinces[random.int(0, provinces.length - 1)]!.name.toLowerCase();
  else qs = streets[random.int(0, streets.length - 1)]!;
  mix.push({ kind, qs, channel });
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(2);
  return `n=${s.length} median ${q(0.5)} ms, p95 ${q(0.95)} ms, p99 ${q(0.99)} ms, max ${s[s.length - 1]!.toFixed(2)} ms`;
}

// Warm-up: builds the index and the count table, JIT.
const coldStart = performance.now();
await suggestPlaces(db, "milano");
console.log(`first call (index + counts): ${(performance.now() - coldStart).toFixed(0)} ms`);
for (const q of mix.slice(0, 200)) await suggestPlaces(db, q.qs, { channel: q.channel });

const byKind = new Map<Kind, number[]>();
const all: number[] = [];
const cpu: number[] = [];
const loadBefore = loadavg()[0]!;
for (const q of mix) {
  const c = process.cpuUsage();
  const t = performance.now();
  await suggestPlaces(db, q.qs, { channel: q.channel });
  const ms = performance.now() - t;
  const used = process.cpuUsage(c);
  cpu.push((used.user + used.system) / 1000);
  all.push(ms);
  byKind.set(q.kind, [...(byKind.get(q.kind) ?? []), ms]);
}
console.log(
  `\nin-process suggestPlaces (${info.count} listings, ${directory.size} places; load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
);
console.log(`  all         ${stats(all)}`);
console.log(`  CPU time    ${stats(cpu)}  (process CPU per call: the cost without waiting for a core)`);
for (const [kind, ms] of byKind) console.log(`  ${kind.padEnd(11)} ${stats(ms)}`);

// The alternative: the trigram index in the database (no ranking by level/population/listings).
const trigram: number[] = [];
for (const q of mix.slice(0, 500)) {
  const text = foldAccents(q.qs).toLowerCase();
  const t = performance.now();
  await sql`SELECT id FROM places WHERE search_name % ${text} OR search_name LIKE ${`${text}%`} ORDER BY similarity(search_name, ${text}) DESC LIMIT 5`.execute(
    db,
  );
  trigram.push(performance.now() - t);
}
console.log(`\npg_trgm query on places.search_name (for comparison)\n  all         ${stats(trigram)}`);

const httpSeconds = Number(values["http-seconds"]);
if (httpSeconds > 0) {
  await handle.close();
  const port = 3950 + Math.floor(Math.random() * 40);
  const root = new URL("..", import.meta.url).pathname;
  const child = spawn(process.execPath, [`${root}scripts/start.ts`], {
    cwd: root,
    env: {
      ...process.env,
      CASA_BUILD_DIR: process.env.CASA_BUILD_DIR ?? "build-bench",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url ?? "",
      DEMO_SEED: info.seed,
      DEMO_COUNT: String(info.count),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (
        await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const post = (qs: string, channel?: string) =>
      fetch(`http://127.0.0.1:${port}/portal-srp/api/v1/smartsuggest/suggest`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ qs, channel }),
      });
    for (const q of mix.slice(0, 100)) await (await post(q.qs, q.channel)).arrayBuffer();
    const http: number[] = [];
    let errors = 0;
    const end = performance.now() + httpSeconds * 1000;
    let i = 0;
    // 4 clients, one request at a time each.
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (performance.now() < end) {
          const q = mix[i++ % mix.length]!;
          const t = performance.now();
          const res = await post(q.qs, q.channel);
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
          http.push(performance.now() - t);
        }
      }),
    );
    console.log(
      `\nover HTTP, 4 concurrent clients for ${httpSeconds} s: ${(http.length / httpSeconds).toFixed(0)} requests/s, ${errors} errors\n  all         ${stats(http)}`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.on("exit", r));
  }
} else {
  await handle.close();
}

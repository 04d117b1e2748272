/**
 * `npm run bench:scale-out -- [--count 100000] [--seconds 20] [--warmup 10] [--connections 16] [--kinds pages,search] [--paced-pages 40] [--paced-search 100] [--redis-seconds 5] [--redis-only]`
 *
 * Scale-out on streaming replication (issue 26 "Speed"), in one run on this machine: a throwaway PostgreSQL
 * primary (initdb in a temporary folder, a free port) loaded with `--count` demo listings, and a streaming
 * replica of it (pg_basebackup -R). Then, with bench:processes' load (bench/http-load.ts):
 * - one node (WEB_CONCURRENCY=2) on the primary alone;
 * - two nodes (each WEB_CONCURRENCY=2) reading the replica, writing to the primary, the clients split between
 *   them (a round-robin front door that keeps its connections).
 * For each: requests/s, errors, latency, and the CPU per request of every portal process and of both
 * PostgreSQL servers (bench/cpu-sample.ts), at saturation (a closed loop: the throughput) and at one fixed
 * offered load that both configurations serve with cores to spare (`--paced-*` requests/s: the cost of a
 * request, without the contention of six processes and two servers queueing for two cores). Also measured: the memory of the in-memory listing facts at
 * `--count` listings (heap and array buffers after a full GC) and each warm node's resident memory, the figures
 * docs/operations.md extrapolates from.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { Redis } from "ioredis";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "../db/database.ts";
import { loadListingFacts } from "../db/listing-facts.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadDataset } from "../etl/load.ts";
import { createRateLimiter } from "../server/rate-limit.ts";
import { startThrowawayPostgres, startThrowawayReplica, type ThrowawayPostgres } from "../test/throwaway-postgres.ts";
import { cpuSpent, readProcesses, processTree } from "./cpu-sample.ts";
import { findPostmaster, load, startServer, type LoadResult } from "./http-load.ts";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    seconds: { type: "string", default: "20" },
    connections: { type: "string", default: "16" },
    kinds: { type: "string", default: "pages,search" },
    /** Only the Redis measurement. */
    "redis-only": { type: "boolean", default: false },
    /** Seconds of rate-limit checks against REDIS_URL (redis://127.0.0.1:6379 by default); 0: none. */
    "redis-seconds": { type: "string", default: "5" },
    /** Seconds of the same load before each measured one, not counted: JIT, the autocomplete index, heap growth. */
    warmup: { type: "string", default: "10" },
    /** Requests/s of the paced phase (the same for both configurations); 0: no paced phase. */
    "paced-pages": { type: "string", default: "40" },
    "paced-search": { type: "string", default: "100" },
  },
});
const count = Number(values.count);
const run = { seconds: Number(values.seconds), connections: Number(values.connections) };
const warmup = Number(values.warmup);
const kinds = values.kinds!.split(",").filter((k): k is "search" | "pages" => k === "search" || k === "pages");
const pacedRate = { pages: Number(values["paced-pages"]), search: Number(values["paced-search"]) };
const REFERENCE_DATE = "2026-11-01";
const SEED = "scale";
const SETTINGS = ["max_connections=200", "shared_buffers=256MB"];
const gc = (globalThis as { gc?: () => void }).gc;

const say = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => Math.round(bytes / 1048576);

/** Resident memory of a process and every process below it (MB). */
function residentMb(pid: number): number {
  let kb = 0;
  for (const p of processTree(readProcesses(), pid)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p.pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return Math.round(kb / 1024);
}

async function createDatabase(server: ThrowawayPostgres): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query("CREATE DATABASE casa");
  await admin.end();
  return server.url.replace(/\/postgres$/, "/casa");
}

/** The listing facts' memory at this size: heap and array buffers they add, after a full collection. */
async function measureFacts(url: string): Promise<void> {
  const handle = await openDatabase({ url, dataDir: "", poolSize: 4 });
  try {
    gc?.();
    const before = process.memoryUsage();
    const facts = await loadListingFacts(handle.readDb);
    gc?.();
    const after = process.memoryUsage();
    const heap = after.heapUsed - before.heapUsed;
    const buffers = after.arrayBuffers - before.arrayBuffers;
    const total = heap + buffers;
    say(
      `listing facts at ${facts.size} listings: ${mb(total)} MB (heap ${mb(heap)} MB, array buffers ${mb(buffers)} MB), ` +
        `${Math.round(total / facts.size)} bytes per listing${gc ? "" : " (no --expose-gc: not collected first)"}`,
    );
  } finally {
    await handle.close();
  }
}

/**
 * What one Redis gives every node: rate-limit checks per second (each API request makes one: a burst and a
 * sustained counter of its family), from 64 concurrent callers over 10,000 client keys, under a prefix of
 * this run's own that is deleted afterwards (the Redis may be shared).
 */
async function measureRedis(seconds: number): Promise<void> {
  const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const prefix = `casa-bench-scale:${process.pid}:${Date.now().toString(36)}`;
  const limiter = createRateLimiter({ redisUrl, prefix, multiplier: 1_000_000 });
  const redis = new Redis(redisUrl);
  try {
    await new Promise((r) => setTimeout(r, 200)); // connected
    let checks = 0;
    // Redis's own CPU per check (when it runs on this machine) says what one Redis core holds, whatever the client.
    const redisServer = () => readProcesses().filter((p) => p.name === "redis-server");
    const before = redisServer();
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: 64 }, async (_, caller) => {
        for (let i = caller; performance.now() < until; i += 64) {
          await limiter.consume("search", `198.18.${(i % 10_000) >> 8}.${i % 256}`);
          checks++;
        }
      }),
    );
    const redisCpu = cpuSpent(before, redisServer());
    const perCheckUs = before.length > 0 && checks > 0 ? (redisCpu * 1e6) / checks : null;
    say(
      `Redis: ${Math.round(checks / seconds)} rate-limit checks/s (2 counters each) from one process, 64 at once` +
        (perCheckUs === null
          ? " (Redis is not on this machine: its CPU is not measured)"
          : `; Redis CPU ${perCheckUs.toFixed(1)} µs per check: one Redis core holds ~${Math.round(1e6 / perCheckUs)} checks/s`),
    );
  } finally {
    await limiter.close();
    const keys = await redis.keys(`${prefix}*`);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    await redis.quit();
  }
}

/** CPU the portal's and PostgreSQL's processes spend with no requests (ms per second): timers, polls, lag checks. */
async function idleCpu(serverPids: readonly number[], postmasterPids: readonly number[], seconds: number): Promise<number> {
  const group = () => {
    const all = readProcesses();
    return [...serverPids, ...postmasterPids].flatMap((pid) => processTree(all, pid));
  };
  const before = group();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const ms = (cpuSpent(before, group()) * 1000) / seconds;
  say(`  idle: ${ms.toFixed(1)} ms of CPU per second (portal and PostgreSQL processes, no requests, ${seconds} s)`);
  return ms;
}

/** CPU per request, portal and PostgreSQL, less what the same processes spend in as long with no requests. */
const netCpu = (r: LoadResult, idleMsPerSecond: number) => r.portalCpu + (r.postgresCpu ?? 0) - (idleMsPerSecond * run.seconds) / r.n;
const idleOf = new Map<string, number>();

function report(label: string, kind: string, r: LoadResult, idleMsPerSecond: number): void {
  const total = r.portalCpu + (r.postgresCpu ?? 0);
  const net = netCpu(r, idleMsPerSecond);
  say(
    `${label} ${kind}: ${r.rps} req/s, ${r.errors} errors of ${r.n}, median ${r.p50} ms, p95 ${r.p95} ms; ` +
      `CPU per request: portal ${r.portalCpu} ms, PostgreSQL ${r.postgresCpu ?? "?"} ms, total ${total.toFixed(1)} ms, ` +
      `${net.toFixed(1)} ms without the idle CPU`,
  );
}

const clusters: ThrowawayPostgres[] = [];
if (Number(values["redis-seconds"]) > 0) await measureRedis(Number(values["redis-seconds"]));
if (values["redis-only"]) process.exit(0);
try {
  const primary = await startThrowawayPostgres({ settings: SETTINGS });
  clusters.push(primary);
  const url = await createDatabase(primary);
  const started = performance.now();
  {
    const handle = await openDatabase({ url, dataDir: "", poolSize: 4 });
    try {
      await migrateToLatest(handle.db);
      await loadDataset(handle.db, { seed: SEED, count, referenceDate: new Date(`${REFERENCE_DATE}T00:00:00Z`) });
      // As autovacuum would after a bulk load: hint bits and statistics, before the replica copies it and
      // before the workers' first full reads (otherwise each writes the hint bits and may pass its timeout).
      await sql`VACUUM ANALYZE`.execute(handle.db);
    } finally {
      await handle.close();
    }
  }
  say(`primary loaded with ${count} listings in ${Math.round((performance.now() - started) / 1000)} s`);
  await measureFacts(url);
  const replica = await startThrowawayReplica(primary, { settings: SETTINGS });
  clusters.push(replica);
  const replicaUrl = replica.url.replace(/\/postgres$/, "/casa");
  const postmasters = [await findPostmaster(url), await findPostmaster(replicaUrl)].filter((p): p is number => p !== null);
  const node = {
    DATABASE_URL: url,
    WEB_CONCURRENCY: "2",
    DEMO_SEED: SEED,
    DEMO_COUNT: String(count),
    DEMO_REFERENCE_DATE: REFERENCE_DATE,
    SEARCH_FACTS: "on",
    // The machine is shared: a first full read of the facts under load may pass the default 5 s.
    STATEMENT_TIMEOUT_MS: "30000",
  };
  const results = new Map<string, LoadResult>();

  const one = await startServer(node);
  try {
    say(`one node on the primary: resident memory ${residentMb(one.child.pid!)} MB (supervisor + 2 workers)`);
    const idle = await idleCpu([one.child.pid!], postmasters, 10);
    idleOf.set("one", idle);
    for (const kind of kinds) {
      await load([one.url], kind, [one.child.pid!], postmasters, { ...run, seconds: warmup });
      const r = await load([one.url], kind, [one.child.pid!], postmasters, run);
      results.set(`one ${kind}`, r);
      report("1 node (2 workers) on the primary", kind, r, idle);
      if (pacedRate[kind] > 0) {
        const p = await load([one.url], kind, [one.child.pid!], postmasters, { ...run, rate: pacedRate[kind] });
        results.set(`one paced ${kind}`, p);
        report(`1 node (2 workers) on the primary, paced at ${pacedRate[kind]}/s`, kind, p, idle);
      }
    }
  } finally {
    one.child.kill("SIGTERM");
    await new Promise((r) => one.child.once("exit", r));
  }

  const two = [
    await startServer({ ...node, DATABASE_REPLICA_URL: replicaUrl }),
    await startServer({ ...node, DATABASE_REPLICA_URL: replicaUrl }),
  ];
  try {
    say(`two nodes on primary + replica: resident memory ${two.map((n) => residentMb(n.child.pid!)).join(" + ")} MB`);
    const idle = await idleCpu(
      two.map((n) => n.child.pid!),
      postmasters,
      10,
    );
    idleOf.set("two", idle);
    for (const kind of kinds) {
      await load(
        two.map((n) => n.url),
        kind,
        two.map((n) => n.child.pid!),
        postmasters,
        { ...run, seconds: warmup },
      );
      const r = await load(
        two.map((n) => n.url),
        kind,
        two.map((n) => n.child.pid!),
        postmasters,
        run,
      );
      results.set(`two ${kind}`, r);
      report("2 nodes (2 workers each) on primary + replica", kind, r, idle);
      if (pacedRate[kind] > 0) {
        const p = await load(
          two.map((n) => n.url),
          kind,
          two.map((n) => n.child.pid!),
          postmasters,
          { ...run, rate: pacedRate[kind] },
        );
        results.set(`two paced ${kind}`, p);
        report(`2 nodes (2 workers each) on primary + replica, paced at ${pacedRate[kind]}/s`, kind, p, idle);
      }
    }
  } finally {
    for (const n of two) n.child.kill("SIGTERM");
    await Promise.all(two.map((n) => new Promise((r) => n.child.once("exit", r))));
  }

  const cpu = (r: LoadResult) => r.portalCpu + (r.postgresCpu ?? 0);
  const growth = (a: number, b: number) => `${a.toFixed(1)} → ${b.toFixed(1)} ms (${b >= a ? "+" : ""}${Math.round((b / a - 1) * 100)} %)`;
  for (const kind of kinds) {
    const a = results.get(`one ${kind}`)!;
    const b = results.get(`two ${kind}`)!;
    say(
      `${kind}: throughput ratio two nodes / one node ${(b.rps / a.rps).toFixed(2)}; CPU per request at saturation ${growth(cpu(a), cpu(b))}`,
    );
    const pa = results.get(`one paced ${kind}`);
    const pb = results.get(`two paced ${kind}`);
    if (pa && pb) {
      say(
        `${kind}: CPU per request at ${pacedRate[kind]}/s offered to both ${growth(cpu(pa), cpu(pb))}; ` +
          `without the idle CPU ${growth(netCpu(pa, idleOf.get("one")!), netCpu(pb, idleOf.get("two")!))}`,
      );
    }
  }
} finally {
  for (const c of clusters.reverse()) c.dispose();
}

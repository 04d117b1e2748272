/**
 * `npm run bench:processes -- --database postgres://… [--workers 1,2] [--seconds 20] [--connections 16] [--kinds search,pages]`
 *
 * Throughput of the built server as `npm start` runs it, on a PostgreSQL database that already holds
 * the data (start the portal once on it, or `npm run generate`), with 1 and then 2 worker processes
 * (WEB_CONCURRENCY). For each: a closed loop of `--connections` keep-alive clients for `--seconds`,
 * first POST /portal-srp/api/v1/search with a fixed mix of bodies, then results pages. Reports
 * requests/s, errors (non-2xx or network), latency median/p95, and the CPU time the portal's processes
 * and PostgreSQL's (the postmaster of the database, when on this machine) spent per request (from /proc, each
 * process compared with itself: bench/cpu-sample.ts; steadier than throughput on a shared machine). The load
 * generator runs on the same machine, as the issue asks; it is a lean HTTP/1.1 client (node:http, keep-alive,
 * asking for brotli like a browser and counting the bytes without decoding them), as wrk or autocannon
 * would be, so that its own work takes as little as possible of the two cores it shares.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import { parseArgs } from "node:util";
import { join } from "node:path";
import pg from "pg";
import { Random } from "../core/random.ts";
import { cpuSpent, processTree, readProcesses, type ProcessCpu } from "./cpu-sample.ts";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    workers: { type: "string", default: "1,2" },
    seconds: { type: "string", default: "20" },
    connections: { type: "string", default: "16" },
    kinds: { type: "string", default: "search,pages" },
  },
});
if (!values.database) {
  process.stderr.write("bench:processes: --database postgres://… is required (a database that already holds the data)\n");
  process.exit(2);
}
const root = new URL("..", import.meta.url).pathname;
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const kinds = values.kinds!.split(",").filter((k): k is "search" | "pages" => k === "search" || k === "pages");

async function startServer(workers: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(root, "scripts/start.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: values.database,
      WEB_CONCURRENCY: String(workers),
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Every request comes from this one address: the per-client limits would answer 429 (a real portal's
      // load comes from many clients), so they are off for the measurement.
      RATE_LIMIT_MULTIPLIER: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /Portale pronto: (http:\/\/localhost:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  // Measure warm workers, as in steady operation: each has loaded its listing facts (30–40 s at 1.2 M).
  // The cluster hands connections round-robin, so ask until 20 answers in a row say warm.
  for (let warmInARow = 0; warmInARow < 20; ) {
    const warm = await fetch(`${url}/readyz`, { headers: { connection: "close" } }).then(
      async (r) => r.ok && (await r.json()).warm === true,
      () => false,
    );
    warmInARow = warm ? warmInARow + 1 : 0;
    if (!warm) await new Promise((r) => setTimeout(r, 500));
  }
  return { url, child };
}

const towns = ["IT-03-015146", "IT-12-058091", "IT-01-001272", "IT-15-063049", "IT-08-037006", "IT-09-048017"];
function searchBody(random: Random): string {
  const filters: Record<string, unknown> = {};
  if (random.chance(0.3)) filters.channel = "affitto";
  if (random.chance(0.3)) filters.numRooms_min = random.int(2, 4);
  filters.page = random.int(1, 3);
  return JSON.stringify({ locations: random.chance(0.15) ? [] : [random.pick(towns)], filters });
}
const pagePaths = [
  "/vendita/case/milano/",
  "/affitto/case/roma/",
  "/vendita/case/torino/?page=2",
  "/vendita/case/",
  "/vendita/case/napoli/?numRooms_min=3",
  "/vendita/case/bologna/?sortType=prezzo-crescente",
];

/** One request on a keep-alive socket: the status, the body read to the end and dropped. */
function send(agent: Agent, url: URL, method: "GET" | "POST", path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          "accept-encoding": "br, gzip",
          accept: method === "GET" ? "text/html" : "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(body) }),
        },
      },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The portal's processes (the server and every process below it) and the PostgreSQL server's, now. */
function readGroups(serverPid: number, postmasterPid: number | null): { portal: ProcessCpu[]; postgres: ProcessCpu[] } {
  const all = readProcesses();
  return { portal: processTree(all, serverPid), postgres: postmasterPid === null ? [] : processTree(all, postmasterPid) };
}

/**
 * The postmaster of the database the portal uses, when it runs on this machine: the parent of this bench's own
 * backend. Only its processes are PostgreSQL's here: other clusters on a shared machine come and go.
 */
async function findPostmaster(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const backend = readProcesses().find((p) => p.pid === rows[0]!.pid && p.name === "postgres");
    return backend?.ppid ?? null;
  } finally {
    await client.end();
  }
}

interface LoadResult {
  rps: number;
  errors: number;
  p50: number;
  p95: number;
  n: number;
  /** Milliseconds of CPU per request: the portal's processes, and PostgreSQL's (null: the server is not on this machine). */
  portalCpu: number;
  postgresCpu: number | null;
}

async function load(url: string, kind: "search" | "pages", serverPid: number, postmasterPid: number | null): Promise<LoadResult> {
  const random = new Random(`bench-processes-${kind}`);
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const before = readGroups(serverPid, postmasterPid);
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          const status =
            kind === "search"
              ? await send(agent, target, "POST", "/portal-srp/api/v1/search", searchBody(random))
              : await send(agent, target, "GET", random.pick(pagePaths));
          if (status < 200 || status >= 300) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  const after = readGroups(serverPid, postmasterPid);
  const portalCpu = cpuSpent(before.portal, after.portal);
  const postgresCpu = cpuSpent(before.postgres, after.postgres);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  const perRequest = (cpu: number) => Math.round((cpu * 1000 * 10) / latencies.length) / 10;
  return {
    rps: Math.round(latencies.length / seconds),
    errors,
    p50: at(0.5),
    p95: at(0.95),
    n: latencies.length,
    portalCpu: perRequest(portalCpu),
    postgresCpu: postmasterPid === null ? null : perRequest(postgresCpu),
  };
}

const postmasterPid = await findPostmaster(values.database);
if (postmasterPid === null) process.stderr.write("bench:processes: PostgreSQL is not on this machine: its CPU is not measured\n");
for (const workers of values.workers!.split(",").map(Number)) {
  const { url, child } = await startServer(workers);
  try {
    for (const kind of kinds) {
      const r = await load(url, kind, child.pid!, postmasterPid);
      process.stdout.write(
        `${workers} worker(s) ${kind}: ${r.rps} req/s, ${r.errors} errors of ${r.n}, median ${r.p50} ms, p95 ${r.p95} ms; ` +
          `CPU per request: portal ${r.portalCpu} ms, PostgreSQL ${r.postgresCpu ?? "?"} ms\n`,
      );
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

/**
 * The HTTP load of bench:processes and bench:scale-out: a fixed mix of search API bodies and results pages,
 * sent by a lean HTTP/1.1 client (node:http, keep-alive, asking for brotli like a browser and counting the
 * bytes without decoding them), as wrk or autocannon would, so that its own work takes as little as possible
 * of the cores it shares; and the CPU the portal's and PostgreSQL's processes spent per request (from /proc,
 * each process compared with itself: bench/cpu-sample.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { Agent, request } from "node:http";
import { join } from "node:path";
import pg from "pg";
import { Random } from "../core/random.ts";
import { cpuSpent, processTree, readProcesses, type ProcessCpu } from "./cpu-sample.ts";

const root = new URL("..", import.meta.url).pathname;

/**
 * Starts the built server as `npm start` does with these settings (on top of this process's environment), and
 * waits until 20 `/readyz` answers in a row say warm.
 */
export async function startServer(settings: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(root, "scripts/start.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // Every request comes from this one address: the per-client limits would answer 429 (a real portal's
      // load comes from many clients), so they are off for the measurement.
      RATE_LIMIT_MULTIPLIER: "0",
      ...settings,
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

/** The portal's processes (each server and every process below it) and the PostgreSQL servers', now. */
function readGroups(serverPids: readonly number[], postmasterPids: readonly number[]): { portal: ProcessCpu[]; postgres: ProcessCpu[] } {
  const all = readProcesses();
  return {
    portal: serverPids.flatMap((pid) => processTree(all, pid)),
    postgres: postmasterPids.flatMap((pid) => processTree(all, pid)),
  };
}

/**
 * The postmaster of the database the portal uses, when it runs on this machine: the parent of this bench's own
 * backend. Only its processes are PostgreSQL's here: other clusters on a shared machine come and go.
 */
export async function findPostmaster(databaseUrl: string): Promise<number | null> {
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

export interface LoadResult {
  rps: number;
  errors: number;
  p50: number;
  p95: number;
  n: number;
  /** Milliseconds of CPU per request: the portal's processes, and PostgreSQL's (null: the server is not on this machine). */
  portalCpu: number;
  postgresCpu: number | null;
}

/**
 * `connections` keep-alive clients for `seconds` against `urls` (each client stays on one, in turn: a round-robin
 * front door that keeps connections), with the CPU the portal's processes (`serverPids` and their children) and
 * PostgreSQL's (`postmasterPids`: each server's processes) spent per request. Without `rate` a closed loop (each
 * client sends its next request when the last one ends: the most the portal can serve); with `rate` the clients
 * together send that many requests a second on a fixed schedule (a client that falls behind sends at once), so
 * two configurations can be compared at the same offered load.
 */
export async function load(
  urls: readonly string[],
  kind: "search" | "pages",
  serverPids: readonly number[],
  postmasterPids: readonly number[],
  { seconds, connections, rate }: { seconds: number; connections: number; rate?: number },
): Promise<LoadResult> {
  const random = new Random(`bench-processes-${kind}`);
  const targets = urls.map((u) => new URL(u));
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const before = readGroups(serverPids, postmasterPids);
  const start = performance.now();
  const until = start + seconds * 1000;
  // Each client's requests are `interval` apart, the clients staggered across one interval.
  const interval = rate === undefined ? 0 : (connections * 1000) / rate;
  await Promise.all(
    Array.from({ length: connections }, async (_, client) => {
      const target = targets[client % targets.length]!;
      for (let sent = 0; ; sent++) {
        const due = start + (client / connections + sent) * interval;
        if (due >= until || performance.now() >= until) break;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
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
  const after = readGroups(serverPids, postmasterPids);
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
    postgresCpu: postmasterPids.length === 0 ? null : perRequest(postgresCpu),
  };
}

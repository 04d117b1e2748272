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
import { parseArgs } from "node:util";
import { findPostmaster, load, startServer } from "./http-load.ts";

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
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const kinds = values.kinds!.split(",").filter((k): k is "search" | "pages" => k === "search" || k === "pages");

const postmasterPid = await findPostmaster(values.database);
if (postmasterPid === null) process.stderr.write("bench:processes: PostgreSQL is not on this machine: its CPU is not measured\n");
for (const workers of values.workers!.split(",").map(Number)) {
  const { url, child } = await startServer({ DATABASE_URL: values.database!, WEB_CONCURRENCY: String(workers) });
  try {
    for (const kind of kinds) {
      const r = await load([url], kind, [child.pid!], postmasterPid === null ? [] : [postmasterPid], { seconds, connections });
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

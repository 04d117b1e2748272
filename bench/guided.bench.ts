/**
 * `npm run bench:guided` — the guided flow's live counts (issue 25 speed target: p95 ≤ 20 ms; docs/decisions/102):
 * the budget step's count (`POST /portal-srp/api/v1/cerca-casa`, step "budget") and the rooms and bathrooms
 * availability (`POST …/cerca-casa/available`), as a person typing a budget and picking rooms asks them. Starts
 * the built portal in-process on DATABASE_URL (or the embedded database in --data, default var/db), waits until
 * it is warm (the listing facts loaded), then sends a seeded mix — six large towns and Italy's regions, sale and
 * rent, budgets typed digit by digit — one request at a time, and reports median, p95 and max of each.
 *
 * Options: --requests N per kind (default 300), --data DIR (default var/db).
 */
import { parseArgs } from "node:util";
import { Random } from "../core/random.ts";
import { startBenchPortal } from "./in-process-portal.ts";

const { values } = parseArgs({ options: { requests: { type: "string", default: "300" }, data: { type: "string", default: "var/db" } } });
const { base, stop } = await startBenchPortal({ DATA_DIR: values.data!, RATE_LIMIT_MULTIPLIER: "0" });

// Milano, Roma, Torino, Napoli, Bologna, Firenze, and two regions (Lombardia, Sicilia).
const places = ["IT-03-015146", "IT-12-058091", "IT-01-001272", "IT-15-063049", "IT-08-037006", "IT-09-048017", "IT-03", "IT-19"];
const random = new Random("bench-guided");
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${base}/portal-srp/api/v1/cerca-casa${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
};
function filters() {
  const rent = random.chance(0.3);
  const budget = rent ? random.int(4, 30) * 100 : random.int(8, 90) * 10_000;
  // A budget typed digit by digit: each prefix of at least two digits is asked, as the page asks 300 ms after typing.
  const typed = String(budget);
  const prefix = Number(typed.slice(0, random.int(2, typed.length)));
  return { contratto: rent ? "affitto" : "vendita", luogo: random.pick(places), prezzoMax: prefix };
}

const times: Record<string, number[]> = {};
let failures = 0;
const time = async (names: string[], run: () => Promise<number>) => {
  const t = performance.now();
  const status = await run();
  for (const name of names) (times[name] ??= []).push(performance.now() - t);
  if (status !== 200) failures++;
};
for (let i = 0; i < 20; i++) await post("", { step: "budget", queryFilters: filters() }); // warm-up, not counted
for (let i = 0; i < Number(values.requests); i++) {
  const queryFilters = filters();
  // Also apart: a whole region is the widest place a person may pick.
  const kind = queryFilters.luogo.split("-").length === 2 ? "a region" : "a town";
  await time(["budget", `budget in ${kind}`], () => post("", { step: "budget", queryFilters }));
  await time(["available", `available in ${kind}`], () => post("/available", { step: "locali", queryFilters }));
}
const q = (list: number[], p: number) => {
  const s = [...list].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(1);
};
const readyz = await fetch(`${base}/readyz`).then((r) => r.json());
console.log(`portal: ${JSON.stringify({ database: process.env.DATABASE_URL ? "postgresql" : "pglite", pid: readyz.pid })}`);
for (const [name, list] of Object.entries(times).sort(([a], [b]) => a.localeCompare(b)))
  console.log(`${name}: ${list.length} requests, median ${q(list, 0.5)} ms, p95 ${q(list, 0.95)} ms, max ${q(list, 1)} ms`);
console.log(`non-200: ${failures}`);
await stop();
process.exit(0);

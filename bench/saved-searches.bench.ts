/**
 * `npm run bench:saved-searches` — what saved searches cost (issue 11 "Speed"): `serialize` + `upsert` over
 * HTTP for a logged-in user (target p95 ≤ 20 ms), the saved-search check a results page runs for a
 * logged-in user (the `saved` entry of its Server-Timing; target ≤ 3 ms), and /mycasa/ricerche/ with 100
 * saved searches.
 *
 * Starts the built portal in-process on an in-memory database with 3,000 listings. Options: --saves N
 * (default 200), --pages N (default 100).
 */
import { parseArgs } from "node:util";
import { clientDirectory, ensureBuild, importServerBuild } from "../scripts/ensure-build.ts";

const { values } = parseArgs({ options: { saves: { type: "string", default: "200" }, pages: { type: "string", default: "100" } } });
if (!ensureBuild()) process.exit(1);
const bundle = await importServerBuild<any>();
const config = bundle.loadConfig({
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: "memory://",
  DEMO_COUNT: "3000",
  DEMO_SEED: "bench",
  LOG_LEVEL: "silent",
  RATE_LIMIT_MULTIPLIER: "0",
});
const portal = await bundle.startPortal({
  config,
  logger: bundle.createLogger("silent"),
  build: bundle.build,
  clientDir: clientDirectory,
});

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!, max: s[s.length - 1]! };
};
const round = (n: number) => Math.round(n * 10) / 10;

const login = await fetch(`${portal.url}/portal-srp/api/v1/user/login`, {
  method: "POST",
  headers: { "content-type": "application/json", origin: portal.url },
  body: JSON.stringify({ email: "demo@casa.example", password: "CasaDemo2026" }),
});
if (login.status !== 200) throw new Error(`login answered ${login.status}`);
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${portal.url}/portal-srp/api/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: portal.url, cookie },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

// Searches of several shapes: places with filters, polygons, circles, travel times; a quarter saved twice.
const places = ["IT-03-015146", "IT-12-058091", "IT-01-001272", "IT-15-063049", "IT-09-048017", "IT-05-027042"];
function searchData(i: number): Record<string, unknown> {
  const k = i % 4;
  if (k === 0) return { locations: [places[i % places.length]], filters: { price_max: 100_000 + i * 1000, numRooms_min: 1 + (i % 3) } };
  if (k === 1) {
    const d = 0.01 + i * 0.0005;
    return {
      filters: {
        geopolygon: {
          polygon: [
            [45.45, 9.15],
            [45.45, 9.2 + d],
            [45.48 + d, 9.2 + d],
            [45.48 + d, 9.15],
          ],
        },
      },
    };
  }
  if (k === 2) return { filters: { geocircle: { circle: [{ distance: 500 + i * 10, center: [41.9, 12.49] }] }, channel: "affitto" } };
  return { filters: { nearby: { lat: 45.07 + i * 0.0001, lon: 7.68, vehicle: "walk", time: 5 + (i % 50) }, energyClass: ["A4", "B"] } };
}

const total = Number(values.saves);
const saveTimes: number[] = [];
const serializeTimes: number[] = [];
const upsertTimes: number[] = [];
for (let i = 0; i < total + 10; i++) {
  const data = searchData(i < total * 0.75 ? i : i - Math.floor(total * 0.5));
  const t = performance.now();
  const serialized = await post("mycasa/searches/serialize", { searchData: data });
  const t1 = performance.now();
  await post("mycasa/searches/upsert", {
    searchData: data,
    title: `Ricerca ${i}`,
    notifications: { hasEmail: true, emailFrequency: "daily" },
  });
  if (i >= 10) {
    saveTimes.push(performance.now() - t);
    serializeTimes.push(t1 - t);
    upsertTimes.push(performance.now() - t1);
  }
  if (!(serialized.data as { serialize?: unknown }).serialize) throw new Error("no hash");
}
const saved = ((await post("mycasa/searches/get", {})).savedsearchesData as unknown[]).length;

// The saved-search check of a results page (Server-Timing "saved"), and the whole page, logged in.
const checks: number[] = [];
const pageTimes: number[] = [];
for (let i = 0; i < Number(values.pages) + 5; i++) {
  const t = performance.now();
  const res = await fetch(`${portal.url}/vendita/case/${["milano", "roma", "torino"][i % 3]}/`, {
    headers: { cookie, accept: "text/html" },
  });
  await res.arrayBuffer();
  const timing = /saved;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  if (!timing) throw new Error("no saved-search timing");
  if (i >= 5) {
    checks.push(Number(timing[1]));
    pageTimes.push(performance.now() - t);
  }
}

// /mycasa/ricerche/ with 100 saved searches (the user's first 100 kept).
const list = (await post("mycasa/searches/get", {})).savedsearchesData as Array<{ id: number }>;
for (let i = 0; i < list.length - 100; i += 50)
  await post("mycasa/searches/deleteBoomark", { data: { id: list.slice(100 + i, 150 + i).map((s) => s.id) } });
const listTimes: number[] = [];
for (let i = 0; i < Number(values.pages) + 5; i++) {
  const t = performance.now();
  const res = await fetch(`${portal.url}/mycasa/ricerche/`, { headers: { cookie, accept: "text/html" } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`page answered ${res.status}`);
  if (i >= 5) listTimes.push(performance.now() - t);
}
await portal.stop();

const s = stats(saveTimes);
const c = stats(checks);
const p = stats(pageTimes);
const l = stats(listTimes);
const se = stats(serializeTimes);
const up = stats(upsertTimes);
console.log(
  `serialize + upsert (HTTP, two requests, ${saveTimes.length} saves, ${saved} distinct searches): median ${round(s.median)} ms, p95 ${round(s.p95)} ms, max ${round(s.max)} ms`,
);
console.log(
  `  serialize alone: median ${round(se.median)} ms, p95 ${round(se.p95)} ms; upsert alone: median ${round(up.median)} ms, p95 ${round(up.p95)} ms`,
);
console.log(
  `saved-search check on a results page (Server-Timing "saved"): median ${round(c.median)} ms, p95 ${round(c.p95)} ms; whole page median ${round(p.median)} ms, p95 ${round(p.p95)} ms`,
);
console.log(`/mycasa/ricerche/ with 100 saved searches: median ${round(l.median)} ms, p95 ${round(l.p95)} ms`);

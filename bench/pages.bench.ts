/**
 * `npm run bench:pages` — server render time of the pages people open, and the JavaScript each page
 * sends, on the embedded database with the default data (var/db, made by `npm start`).
 *
 * Starts the built portal in-process on var/db (or --data DIR), requests a fixed mix of results
 * pages (towns by population, zones, Italy-wide, filters, sorts, pages 2–5) one at a time after a
 * warm-up, and reports median and p95. Then, for the home, a results page and a listing page, it
 * follows every module script and modulepreload link of the HTML and adds up their gzip sizes.
 *
 * Options: --requests N (default 600), --data DIR (default var/db).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { clientDirectory, ensureBuild, importServerBuild } from "../scripts/ensure-build.ts";
import { Random } from "../core/random.ts";

const { values } = parseArgs({ options: { requests: { type: "string", default: "600" }, data: { type: "string", default: "var/db" } } });
if (!ensureBuild()) process.exit(1);
const bundle = await importServerBuild<any>();
const config = bundle.loadConfig({ ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: values.data, LOG_LEVEL: "silent" });
const portal = await bundle.startPortal({
  config,
  logger: bundle.createLogger("silent"),
  build: bundle.build,
  clientDir: clientDirectory,
});

const random = new Random("bench-pages");
const towns = [
  "milano",
  "roma",
  "torino",
  "napoli",
  "bologna",
  "firenze",
  "genova",
  "palermo",
  "bari",
  "verona",
  "padova",
  "brescia",
  "bergamo",
  "monza",
  "rimini",
  "pisa",
  "lecce",
  "trento",
];
function pageUrl(): string {
  const channel = random.weighted([
    ["vendita", 65],
    ["affitto", 30],
    ["affitto-breve", 5],
  ] as const);
  const group = channel === "affitto-breve" ? "case-vacanza" : "case";
  const where = random.chance(0.15) ? "" : `${random.pick(towns)}/`;
  const q = new URLSearchParams();
  if (random.chance(0.4))
    q.set("price_max", String(channel === "vendita" ? random.pick([150000, 250000, 400000]) : random.pick([700, 1000, 1500])));
  if (random.chance(0.3)) q.set("numRooms_min", String(random.int(2, 4)));
  if (random.chance(0.2)) q.set("sortType", random.pick(["prezzo-crescente", "data-decrescente", "superficie-decrescente"]));
  if (random.chance(0.25)) q.set("page", String(random.int(2, 5)));
  const query = q.toString();
  return `/${channel}/${group}/${where}${query ? `?${query}` : ""}`;
}

async function timed(path: string): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await fetch(`${portal.url}${path}`, { redirect: "follow" });
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

const urls = Array.from({ length: Number(values.requests) }, pageUrl);
for (const u of urls.slice(0, 50)) await timed(u);
const times: number[] = [];
const statuses = new Map<number, number>();
for (const u of urls) {
  const { ms, status } = await timed(u);
  times.push(ms);
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
if (times.length > 0)
  console.log(
    `results pages: ${times.length} requests, median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );

async function javascriptBytes(path: string): Promise<{ files: number; gzip: number; raw: number; sent: number }> {
  const html = await (await fetch(`${portal.url}${path}`)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)) srcs.add(m[1]!);
  // Inline module scripts import the entry; count their static imports too.
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) srcs.add(m[1]!);
  let gzip = 0;
  let raw = 0;
  let sent = 0;
  for (const src of srcs) {
    const res = await fetch(new URL(src, portal.url), { headers: { "accept-encoding": "br, gzip" } });
    const body = Buffer.from(await res.arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    // What went over the wire: the precompressed file's length when the server chose an encoding.
    sent += res.headers.get("content-encoding") ? Number(res.headers.get("content-length")) : body.length;
  }
  return { files: srcs.size, gzip, raw, sent };
}
const listingHtml = await (await fetch(`${portal.url}/vendita/case/milano/`)).text();
const listingPath = /href="(\/annunci\/\d+\/)/.exec(listingHtml)?.[1] ?? "/annunci/1/";
for (const [name, path] of [
  ["home", "/"],
  ["results", "/vendita/case/milano/"],
  ["listing", listingPath],
  ["search map, before its map chunk", "/vendita/case/milano/mappa/"],
] as const) {
  const js = await javascriptBytes(path);
  console.log(
    `JavaScript for ${name} (${path}): ${js.files} files, ${(js.sent / 1024).toFixed(1)} kB sent (brotli), ${(js.gzip / 1024).toFixed(1)} kB gzip -9, ${(js.raw / 1024).toFixed(1)} kB raw`,
  );
}
// The map view (app/ui/search-map-page.tsx, lazy in the results route) and the map's own chunk (app/ui/search-map.client.ts
// with terra-draw), loaded only on map pages, and MapLibre from /vendor/.
const assets = join(clientDirectory, "assets");
const mapView = readdirSync(assets).find((f) => /^search-map-page-[\w-]+\.js$/.test(f));
if (mapView) console.log(`map view chunk ${mapView}: ${(statSync(join(assets, `${mapView}.br`)).size / 1024).toFixed(1)} kB brotli`);
const mapChunk = readdirSync(assets).find((f) => /^search-map\.client-[\w-]+\.js$/.test(f));
if (mapChunk) {
  const size = (f: string) => statSync(join(assets, f)).size / 1024;
  console.log(
    `map chunk ${mapChunk}: ${size(`${mapChunk}.br`).toFixed(1)} kB brotli, ${size(`${mapChunk}.gz`).toFixed(1)} kB gzip, ${size(mapChunk).toFixed(1)} kB raw`,
  );
}
const maplibre = await fetch(`${portal.url}/vendor/maplibre-gl/6.17.0/maplibre-gl.mjs`, { headers: { "accept-encoding": "gzip" } });
// fetch() decodes the body: measure the module's gzip -9 (what the vendor route sends) from its bytes.
console.log(`MapLibre module: ${(gzipSync(Buffer.from(await maplibre.arrayBuffer()), { level: 9 }).length / 1024).toFixed(1)} kB gzip -9`);
await portal.stop();
process.exit(0);

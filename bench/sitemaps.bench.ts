/**
 * `npm run bench:sitemaps` — the whole sitemap set (issue 25 speed target: ≤ 30 s at 1.2 M listings, streamed
 * with memory flat; docs/decisions/090). Starts the built portal in-process on the embedded database (--data,
 * default var/db) or DATABASE_URL, then reads /sitemap.xml and every file it lists one after the other, as a
 * crawler would, counting URLs and bytes. The process's resident memory is sampled every 50 ms meanwhile: a
 * flat line means no file was held whole. --url reads a running portal instead (memory then not sampled).
 *
 * Options: --data DIR (default var/db), --url http://host:port.
 */
import { parseArgs } from "node:util";
import { startBenchPortal } from "./in-process-portal.ts";

const { values } = parseArgs({ options: { data: { type: "string", default: "var/db" }, url: { type: "string" } } });

let base = values.url;
let stop: (() => Promise<void>) | null = null;
if (!base) ({ base, stop } = await startBenchPortal({ DATA_DIR: values.data! }));
const started = performance.now();
const indexResponse = await fetch(`${base}/sitemap.xml`);
if (indexResponse.status !== 200) throw new Error(`/sitemap.xml: HTTP ${indexResponse.status}`);

const rss: number[] = [];
const sampler = values.url ? null : setInterval(() => rss.push(process.memoryUsage().rss), 50);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const index = await indexResponse.text();
const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const rssBefore = process.memoryUsage().rss;
let urls = 0;
let bytes = 0;
const perType = new Map<string, { files: number; urls: number; ms: number }>();
for (const file of files) {
  const t = performance.now();
  const res = await fetch(new URL(new URL(file).pathname, base));
  if (res.status !== 200) throw new Error(`${file}: HTTP ${res.status}`);
  let inFile = 0;
  let tail = "";
  const decoder = new TextDecoder();
  for await (const chunk of res.body!) {
    bytes += chunk.byteLength;
    const text = tail + decoder.decode(chunk, { stream: true });
    inFile += text.split("<url>").length - 1;
    tail = text.slice(-4);
  }
  urls += inFile;
  const type = /sitemaps\/([a-z]+)-/.exec(file)?.[1] ?? file;
  const s = perType.get(type) ?? { files: 0, urls: 0, ms: 0 };
  perType.set(type, { files: s.files + 1, urls: s.urls + inFile, ms: s.ms + performance.now() - t });
}
const seconds = (performance.now() - started) / 1000;
if (sampler) clearInterval(sampler);

console.log(`sitemap set: ${files.length} files, ${urls.toLocaleString("en")} URLs, ${mb(bytes)} in ${seconds.toFixed(1)} s`);
for (const [type, s] of perType)
  console.log(`  ${type}: ${s.files} files, ${s.urls.toLocaleString("en")} URLs, ${(s.ms / 1000).toFixed(1)} s`);
if (rss.length) console.log(`  resident memory: ${mb(rssBefore)} at the start of the files, peak ${mb(Math.max(...rss))}`);
console.log(seconds <= 30 ? "within the 30 s target" : "OVER the 30 s target");
await stop?.();

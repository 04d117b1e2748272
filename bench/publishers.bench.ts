/**
 * `npm run bench:publishers` — agency page renders and lead submissions (issue 12 speed targets:
 * agency page p95 ≤ 60 ms, lead p95 ≤ 150 ms) on the embedded database with the default data (var/db).
 *
 * Starts the built portal in-process, takes agencies from the agencySearch API, renders their pages
 * (first page and page 2, default and price sort) one at a time after a warm-up, then posts leads
 * (searchSpecific) from many loopback addresses (127.0.x.y) so the per-address limit is not what is measured.
 * Each lead queues its publisher's mail, which the portal's mail queue delivers meanwhile to a local
 * SMTP server (smtp-server on loopback): the figures include that work, and the delivery lag is reported.
 *
 * Options: --requests N (default 300), --data DIR (default var/db).
 */
import { request as httpRequest } from "node:http";
import { parseArgs } from "node:util";
import { clientDirectory, ensureBuild, importServerBuild } from "../scripts/ensure-build.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";

const { values } = parseArgs({ options: { requests: { type: "string", default: "300" }, data: { type: "string", default: "var/db" } } });
if (!ensureBuild()) process.exit(1);
const bundle = await importServerBuild<any>();
const catcher = await startMailCatcher();
const config = bundle.loadConfig({
  ...process.env,
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: values.data,
  LOG_LEVEL: "silent",
  SMTP_URL: catcher.url,
});
const portal = await bundle.startPortal({
  config,
  logger: bundle.createLogger("silent"),
  build: bundle.build,
  clientDir: clientDirectory,
});
const n = Number(values.requests);

const agencies = (await (
  await fetch(`${portal.url}/portal-srp/api/v1/agencySearch`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ size: 100 }),
  })
).json()) as { agencies: Array<{ publisherId: number; publisherSlug: string }> };
const pages = agencies.agencies.flatMap((a) => {
  const base = `/agenzie/${a.publisherId}-${a.publisherSlug}/`;
  return [base, `${base}?pagina=2`, `${base}?ordine=prezzo-crescente`];
});

function quantiles(times: number[]): string {
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  return `median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`;
}

async function timedGet(path: string): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  const res = await fetch(`${portal.url}${path}`, { redirect: "manual" });
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

for (const p of pages.slice(0, 30)) await timedGet(p);
const pageTimes: number[] = [];
const pageStatuses = new Map<number, number>();
for (let i = 0; i < n; i++) {
  const { ms, status } = await timedGet(pages[i % pages.length]!);
  pageTimes.push(ms);
  pageStatuses.set(status, (pageStatuses.get(status) ?? 0) + 1);
}
console.log(`agency pages: ${n} requests, ${quantiles(pageTimes)}; statuses ${JSON.stringify(Object.fromEntries(pageStatuses))}`);

const listings = (await (
  await fetch(`${portal.url}/portal-srp/api/v1/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ size: 150 }),
  })
).json()) as { listings: Array<{ id: number }> };

function postLead(listingId: number, from: string): Promise<{ ms: number; status: number }> {
  const body = JSON.stringify({
    listingId,
    name: "Maria Rossi",
    email: "maria.rossi@example.it",
    message: "Buongiorno, è ancora disponibile?",
  });
  const url = new URL(portal.url);
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: url.port,
        path: "/portal-srp/api/v1/mycasa/searchSpecific",
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ ms: performance.now() - t, status: res.statusCode ?? 0 }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const leadTimes: number[] = [];
const leadStatuses = new Map<number, number>();
for (let i = 0; i < n; i++) {
  const { ms, status } = await postLead(
    listings.listings[i % listings.listings.length]!.id,
    `127.0.${1 + Math.floor(i / 200)}.${2 + (i % 200)}`,
  );
  if (i >= 20) leadTimes.push(ms);
  leadStatuses.set(status, (leadStatuses.get(status) ?? 0) + 1);
}
console.log(
  `leads (stored, mail queued): ${leadTimes.length} requests, ${quantiles(leadTimes)}; statuses ${JSON.stringify(Object.fromEntries(leadStatuses))}`,
);
// Every stored lead's mail reaches the SMTP server (those whose publisher has an address: all demo publishers).
const leadsSent = leadStatuses.get(201) ?? 0;
const waitStart = performance.now();
while (catcher.count() < leadsSent && performance.now() - waitStart < 60_000) await new Promise((r) => setTimeout(r, 50));
console.log(
  `mails delivered to the local SMTP server: ${catcher.count()} of ${leadsSent} leads, the last ${(performance.now() - waitStart).toFixed(0)} ms after the last lead's answer`,
);
await portal.stop();
await catcher.close();

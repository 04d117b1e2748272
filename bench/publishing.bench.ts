/**
 * `npm run bench:publishing` — the publishing API and the feed import (issue 24 speed targets: API create
 * p95 ≤ 50 ms without photos; a feed of 100,000 listings ≤ 120 s in flat memory).
 *
 * Starts the built portal in-process (the embedded database in memory with the demo data, or --data DIR),
 * makes an API key for an agency, creates --requests listings one at a time through POST
 * /api/publisher/v1/listings after a warm-up, then imports a clean sample feed of --feed listings
 * (scripts/sample-feed.ts, streamed as the request body, never whole in memory) and reports its rate and
 * the process's peak resident memory while it ran. Between the two it times duplicate clustering alone
 * (db/listing-writes.ts `clusterListing`, decision 120) on the listings just created, inside a transaction
 * rolled back, as an update runs it and as a publish runs it.
 *
 * The same feed is then imported a second time (every listing unchanged: only confirmed). With --photos N each
 * listing lists N picture addresses (decision 141) on a host of the reserved `.invalid` domain: the first import
 * pays for recording them, the second for comparing them. The downloads are the background's work, not the
 * import's: the portal runs with FEED_PHOTO_DOWNLOADS=off, so no downloader of this process claims, fetches or
 * fails any address while an import is timed (none is fetched at all).
 *
 * Options: --requests N (default 300), --feed N (default 5000), --photos N (default 0), --imports 1|2 (default 2:
 * the second is the same feed again), --data DIR (default memory://), --count N demo listings when in memory
 * (default 3000). DATABASE_URL=postgres://… runs it on PostgreSQL (a fresh database: it adds to it).
 */
import { parseArgs } from "node:util";
import { clientDirectory, ensureBuild, importServerBuild } from "../scripts/ensure-build.ts";
import { sampleFeedChunks } from "../scripts/sample-feed.ts";
import { newApiKey } from "../app/publisher/publishing.server.ts";
import { insertApiKey } from "../db/publishing.ts";
import { clusterListing, clusterPublished, homeKeyColumns } from "../db/listing-writes.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "300" },
    feed: { type: "string", default: "5000" },
    photos: { type: "string", default: "0" },
    data: { type: "string", default: "memory://" },
    count: { type: "string", default: "3000" },
    imports: { type: "string", default: "2" },
  },
});
if (!ensureBuild()) process.exit(1);
const bundle = await importServerBuild<any>();
const config = bundle.loadConfig({
  ...process.env,
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: values.data,
  DEMO_COUNT: values.count,
  LOG_LEVEL: "silent",
  RATE_LIMIT_MULTIPLIER: "0",
  // The import is measured, not the downloads that follow it in the background.
  FEED_PHOTO_DOWNLOADS: "off",
});
const portal = await bundle.startPortal({ config, logger: bundle.createLogger("silent"), build: bundle.build, clientDir: clientDirectory });
const db = portal.database.db;

const agency = (await db
  .selectFrom("publishers")
  .select("id")
  .where("kind", "=", "agency")
  .orderBy("id")
  .limit(1)
  .executeTakeFirstOrThrow()) as {
  id: number;
};
const made = newApiKey();
await insertApiKey(db, {
  publisherId: Number(agency.id),
  label: "bench",
  prefix: made.prefix,
  keyHash: made.keyHash,
  createdBy: null,
  now: new Date(),
});
const headers = { authorization: `Bearer ${made.key}`, "content-type": "application/json" };
const row = await db
  .selectFrom("listings")
  .select(["townId", "street", "exactLat", "exactLon"])
  .where("channel", "=", "vendita")
  .orderBy("id")
  .limit(1)
  .executeTakeFirstOrThrow();
const input = (i: number) => ({
  externalId: `BENCH-${i}`,
  channel: "vendita",
  propertyType: "appartamento",
  price: 200_000 + i,
  surface: 80,
  rooms: 3,
  baths: 1,
  floor: 1,
  energyClass: "C",
  energyIndex: 95,
  title: `Trilocale di prova numero ${i}`,
  description: "Trilocale di prova pubblicato dal benchmark dell'API di pubblicazione, senza foto.",
  address: { townId: row.townId, street: row.street, streetNumber: String(i % 200), lat: row.exactLat, lon: row.exactLon },
});

function quantiles(times: number[]): string {
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  return `median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`;
}

const n = Number(values.requests);
const times: number[] = [];
for (let i = 0; i < n + 20; i++) {
  const t = performance.now();
  const res = await fetch(`${portal.url}/api/publisher/v1/listings`, { method: "POST", headers, body: JSON.stringify(input(i)) });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`create answered ${res.status}`);
  if (i >= 20) times.push(performance.now() - t);
}
console.log(`API create: ${n} listings one at a time, ${quantiles(times)}`);

// Duplicate clustering per write: each created listing clustered again, in a transaction that is rolled back.
const created = (await db.selectFrom("publishedListings").select("listingId").where("publisherId", "=", agency.id).execute()).map(
  (r: { listingId: number }) => Number(r.listingId),
);
// Two forms: on an update (reads the listing back, leaves its old cluster) and on a publish (the values just written).
const clusterTimes: number[] = [];
const clusterOnPublishTimes: number[] = [];
class Rollback extends Error {}
for (const id of created.slice(0, 200)) {
  const written = await db.selectFrom("listings").select(homeKeyColumns).where("id", "=", id).executeTakeFirstOrThrow();
  for (const [times, inserted] of [
    [clusterTimes, undefined],
    [clusterOnPublishTimes, written],
  ] as const) {
    await db
      .transaction()
      .execute(async (trx: any) => {
        const t = performance.now();
        await (inserted ? clusterPublished(trx, [id], [inserted]) : clusterListing(trx, id));
        times.push(performance.now() - t);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  }
}
console.log(`duplicate clustering on an update: ${clusterTimes.length} writes, ${quantiles(clusterTimes)}`);
console.log(`duplicate clustering on a publish: ${clusterOnPublishTimes.length} writes, ${quantiles(clusterOnPublishTimes)}`);

const feedCount = Number(values.feed);
const photosPerListing = Number(values.photos);

async function importSampleFeed(label: string): Promise<void> {
  const chunks = sampleFeedChunks({ count: feedCount, clean: true, seed: "bench" });
  let index = 0;
  const withPictures = (chunk: string) =>
    photosPerListing === 0 || !chunk.includes("</property>")
      ? chunk
      : chunk.replace(
          "</property>",
          `<pictures>${Array.from({ length: photosPerListing }, (_, i) => `<picture-url>https://foto.bench.invalid/annunci/${index}/1280x960/foto-${String(i + 1).padStart(2, "0")}.jpg</picture-url>`).join("")}</pictures></property>`,
        );
  // Numbered by listing, so the second import lists the same addresses.
  const numbered = (chunk: string) => {
    const out = withPictures(chunk);
    if (chunk.includes("</property>")) index += 1;
    return out;
  };
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(numbered(next.value)));
    },
  });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  const startRss = process.memoryUsage().rss;
  const t0 = performance.now();
  const res = await fetch(`${portal.url}/api/publisher/v1/feeds`, {
    method: "POST",
    headers: { authorization: `Bearer ${made.key}`, "content-type": "application/xml" },
    body,
    duplex: "half",
  } as RequestInit);
  const report = ((await res.json()) as { report: { counts: Record<string, number>; photos?: Record<string, unknown> } }).report;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const { problems: _problems, ...photos } = report.photos ?? {};
  console.log(
    `${label}: ${feedCount} listings${photosPerListing ? ` with ${photosPerListing} photo addresses each` : ""} in ${seconds.toFixed(1)} s (${(feedCount / seconds).toFixed(0)} listings/s); counts ${JSON.stringify(report.counts)}${photosPerListing ? `; photos ${JSON.stringify(photos)}` : ""}; RSS ${(startRss / 1e6).toFixed(0)} → peak ${(peak / 1e6).toFixed(0)} MB`,
  );
}

await importSampleFeed("feed import");
if (Number(values.imports) >= 2) await importSampleFeed("the same feed again");
await portal.stop();

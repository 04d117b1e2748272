/**
 * `npm run bench:alerts` — what alert matching costs (issue 23 "Speed"; docs/decisions/085):
 * 0. every alerting saved search loaded and compiled with its keys and owner, as a process holds them
 *    (docs/decisions/137): time, and the memory they take (heap after a full GC, and RSS);
 * 1. matching one listing event: `savedSearchesAlertedBy` (candidates by the held keys, their compiled predicates)
 *    for newly published listings (--existing: listings already in the database, nothing written), median / p95 /
 *    max, the candidates and the searches alerted per event; with --existing also the same work in its two parts on
 *    other listings: the reads, and the decision in memory (docs/decisions/140);
 * 2. a burst of new listings published at once (statements of 500), fully matched by one AlertMatcher and every
 *    immediate alert handed to a real SMTP server on loopback by the mail queue, in one mail per saved search and
 *    delivery run (docs/decisions/142): wall time until every event is matched (its alerts recorded) and until every
 *    alert is in a mail handed to SMTP, the alerts and mails, and RSS.
 *
 * Starts the built portal in-process (its own matcher and mail queue, SMTP to a server on loopback) on the
 * database given (--database postgres://…: a fresh database is loaded; one already holding `--seed`'s `--listings`
 * is used as it is) or an in-memory PGlite. Options: --listings N (demo listings, default 30000), --searches N (saved searches,
 * default 10000), --events N (single events timed, default 200), --burst N (default 1000), --alone (no portal in the
 * process: the cluster's alert process, server/alert-process.ts, which holds the alert searches only).
 * The saved searches are a mix: towns with a price ceiling and rooms, polygons and circles around
 * listings, whole provinces; one user per 50 searches; a quarter with e-mail 'Subito'.
 * On a database given with --database, what the run added is removed at the end (the listings it published, their
 * events, deliveries and mails, and its users and their saved searches unless --keep: a later run with --searches 0
 * then matches against those): later benchmarks on a shared database such as bench:load's casa_bench see it as it was.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { parseSearch, type SearchQuery } from "../core/search/query.ts";
import { savedSearchQuery, serializeWithHash } from "../core/search/saved-search.ts";
import type * as AlertMatching from "../db/alert-matching.ts";
import { warmAlertSearches } from "../db/alert-matching.ts";
import type * as AlertSearches from "../db/alert-searches.ts";
import { openDatabase } from "../db/database.ts";
import type * as ListingEvents from "../db/listing-events.ts";
import type * as MatchListings from "../db/match-listings.ts";
import { publishListing, publishListings, type NewListing } from "../db/listing-writes.ts";
import { upsertSavedSearch } from "../db/saved-searches.ts";
import { createUser } from "../db/users.ts";
import type { Database } from "../db/schema.ts";
import { clientDirectory, ensureBuild, importServerBuild } from "../scripts/ensure-build.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import type { Kysely, Selectable } from "kysely";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    listings: { type: "string", default: "30000" },
    searches: { type: "string", default: "10000" },
    events: { type: "string", default: "200" },
    burst: { type: "string", default: "1000" },
    /** The demo dataset's seed: with `--database` a database already loaded with it (bench:load's is `bench`) is used as it is. */
    seed: { type: "string", default: "bench-alerts" },
    /** Keep the saved searches (and their users) the run added to the database given (default: removed at the end). */
    keep: { type: "boolean", default: false },
    /**
     * Time the single events on listings already in the database instead of publishing new ones: nothing is written to
     * the listings (a shared database such as casa_bench stays as it is; the matcher reads a listing by id either way).
     */
    existing: { type: "boolean", default: false },
    /**
     * No portal in this process: the cluster's alert process (server/alert-process.ts), which holds the alert searches
     * only (needs --database; implies --existing for the single events).
     */
    alone: { type: "boolean", default: false },
  },
});
const N = {
  listings: Number(values.listings),
  searches: Number(values.searches),
  events: Number(values.events),
  burst: Number(values.burst),
};
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!, max: s[s.length - 1]! };
};
const round = (n: number) => Math.round(n * 100) / 100;
const mb = () => Math.round(process.memoryUsage().rss / 1e6);

if (values.alone && !values.database) throw new Error("--alone needs --database");
const existing = values.existing || values.alone;
if (!ensureBuild()) process.exit(1);
const bundle = await importServerBuild<any>();
const catcher = await startMailCatcher();
let t = performance.now();
const settings = {
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: "memory://",
  DATABASE_URL: values.database ?? "",
  DEMO_COUNT: String(N.listings),
  DEMO_SEED: values.seed,
  LOG_LEVEL: "silent",
  SMTP_URL: catcher.url,
  PUBLIC_URL: "https://casa.example",
  SESSION_SECRET: randomBytes(32).toString("base64url"),
  // The matcher waits until the burst wakes it: the single-event timings below run alone.
  ALERTS_POLL_MS: "60000",
  MAIL_QUEUE_POLL_MS: "200",
};
// --alone: the cluster's alert process itself (server/alert-process.ts, decision 153), as production runs it.
const alone = values.alone
  ? await bundle.startAlertProcess({ config: bundle.loadConfig(settings), logger: bundle.createLogger("silent") })
  : null;
const portal = alone
  ? null
  : await bundle.startPortal({
      config: bundle.loadConfig(settings),
      logger: bundle.createLogger("silent"),
      build: bundle.build,
      clientDir: clientDirectory,
    });
const db = (alone ? alone.database.db : portal.database.db) as Kysely<Database>;
/** Where the matcher reads each event's listing, the saved-search log and who hid it: the primary's prepared reads. */
const readsDb = ((alone ?? portal).database.primaryReads ?? db) as Kysely<Database>;
if (portal) {
  console.log(`portal with ${N.listings} listings ready in ${Math.round(performance.now() - t)} ms (${portal.database.kind})`);
  // Its listing facts load in the background: nothing below is timed while they load.
  await portal.listingChanges.factsReady;
  console.log(`listing facts loaded after ${Math.round(performance.now() - t)} ms`);
} else console.log("no portal in this process (--alone): the cluster's alert process, with the alert searches only");
/** Listings above this id are the run's own (removed at the end). */
const lastListingId = Number((await sql<{ id: string | null }>`SELECT max(id) AS id FROM listings`.execute(db)).rows[0]!.id ?? 0);
const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round(process.memoryUsage().heapUsed / 1e6);
};

// Saved searches: a realistic mix around where listings are.
const sample = (
  await sql<{ townId: string; provinceId: string; lat: number; lon: number; price: number }>`
    SELECT town_id AS "townId", province_id AS "provinceId", lat, lon, price FROM listings WHERE channel = 'vendita' ORDER BY random() LIMIT 2000`.execute(
    db,
  )
).rows;
t = performance.now();
let saved = 0;
/** The searches of one user (50 of them, from `first`), saved one after the other as a person would. */
async function saveUsersSearches(first: number): Promise<void> {
  const user = await createUser(db, {
    email: `bench-${first}-${randomBytes(3).toString("hex")}@casa.example`,
    displayName: "Bench",
    passwordHash: null,
    consents: { privacy: true },
    emailVerified: true,
    now: new Date(),
  });
  const userId = user!.id;
  for (let i = first; i < Math.min(first + 50, N.searches); i++) await saveOne(i, userId);
}
async function saveOne(i: number, userId: number): Promise<void> {
  const s = sample[i % sample.length]!;
  const k = i % 10;
  let query: SearchQuery;
  const lat = Number(s.lat);
  const lon = Number(s.lon);
  if (k < 5)
    query = parseSearch({ price_max: Math.round(Number(s.price) * (0.8 + (i % 5) * 0.15)), numRooms_min: 1 + (i % 3) }, [s.townId]);
  else if (k < 7) {
    const d = 0.01 + (i % 7) * 0.004;
    query = parseSearch({
      geopolygon: {
        polygon: [
          [lat - d, lon - d],
          [lat - d, lon + d],
          [lat + d, lon + d],
          [lat + d, lon - d],
        ],
      },
    });
  } else if (k < 9)
    query = parseSearch({
      geocircle: { circle: [{ distance: 500 + (i % 20) * 150, center: [lat, lon] }] },
      price_max: Math.round(Number(s.price) * 1.2),
    });
  else query = parseSearch({ price_max: Math.round(Number(s.price) * 1.1) }, [s.provinceId]);
  const { str, hash } = serializeWithHash(savedSearchQuery(query));
  const freq = i % 4 === 0 ? "immediately" : i % 4 === 1 ? "daily" : "never";
  const notifications = { hasEmail: freq !== "never", emailFrequency: freq, hasPush: false, pushFrequency: "never" } as const;
  const r = await upsertSavedSearch(db, {
    userId,
    search: { hash, serialized: str, activeSort: "rilevanza", provinceId: null, domain: "casa.it" },
    title: null,
    notifications,
    initialNotifications: notifications,
    now: new Date(),
    limit: 1000,
  });
  if (!("refused" in r)) saved++;
}
// Several users save at once, as on a live portal: one after the other, saving the issue's 100,000 was the run's longest part.
const users = Array.from({ length: Math.ceil(N.searches / 50) }, (_, u) => u * 50);
await Promise.all(
  Array.from({ length: 6 }, async () => {
    for (let first = users.shift(); first !== undefined; first = users.shift()) await saveUsersSearches(first);
  }),
);
console.log(`saved ${saved} searches in ${Math.round(performance.now() - t)} ms`);

// 0. Every alerting search loaded and compiled, as a process does at start: by this script's own modules, on a handle of
// its own when the database is a server (closed after: its copy is not kept beside the process's).
const loadHandle = values.database ? await openDatabase({ url: values.database, dataDir: "", poolSize: 2 }) : null;
const heapBeforeLoad = heapMb();
const rssBeforeLoad = mb();
t = performance.now();
const held = await warmAlertSearches((loadHandle?.db ?? db) as Kysely<Database>);
console.log(
  `held ${held} alerting saved searches, loaded and compiled in ${Math.round(performance.now() - t)} ms; heap after GC ${heapBeforeLoad} → ${heapMb()} MB` +
    `${(globalThis as { gc?: unknown }).gc ? "" : " (no --expose-gc: not collected)"}, RSS ${rssBeforeLoad} → ${mb()} MB`,
);
await loadHandle?.close();

// The timings below call the built process's own matching, on its database handle: the saved searches its matcher loaded
// at start (one copy in the heap, as in production), brought up to date first.
const matching = bundle as typeof AlertMatching & typeof AlertSearches & typeof ListingEvents & typeof MatchListings;
const { alertCandidates, alertSearchesOf, ownersWhoHid, placesOf, readMatchListings, savedSearchesAlertedBy } = matching;
await matching.warmAlertSearches(db);
console.log(`the process's matcher holds its saved searches; heap after GC ${heapMb()} MB, RSS ${mb()} MB`);

/** `n` random sale listings to publish again (one query: a burst's templates read side by side exhausted the pool). */
async function templates(n: number): Promise<NewListing[]> {
  // A random sample of the table's pages, not `ORDER BY random()`: that sorted every sale listing (a second each at 1.2 M).
  // A sample can miss every sale listing (whole pages are drawn): drawn again, larger, until it has n.
  let rows: Array<Selectable<Database["listings"]>> = [];
  for (let percent = Math.min(100, Math.max(0.05, (n * 400) / N.listings)); rows.length < n; percent = Math.min(100, percent * 2)) {
    ({ rows } = await sql<Selectable<Database["listings"]>>`
      SELECT * FROM listings TABLESAMPLE SYSTEM (${sql.lit(percent)}) WHERE channel = 'vendita' LIMIT ${n}`.execute(db));
    if (percent === 100) break;
  }
  return rows.map((row) => {
    const { id: _id, pricePerMq: _g, shownPrice: _s, shownPricePerMq: _sm, ...rest } = row;
    return { ...rest, streetNumber: String(Math.floor(Math.random() * 9000)), publishedAt: new Date() };
  });
}
const template = async (): Promise<NewListing> => (await templates(1))[0]!;

/** The ids of `n` sale listings already in the database (a sample of its pages, in random order). */
async function sampleSaleListings(n: number): Promise<number[]> {
  const percent = Math.min(100, Math.max(0.05, (n * 400) / N.listings));
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM listings TABLESAMPLE SYSTEM (${sql.lit(percent)}) WHERE channel = 'vendita' ORDER BY random() LIMIT ${n}`.execute(db);
  return rows.map((r) => Number(r.id));
}

// 1. One event at a time.
const times: number[] = [];
const alerted: number[] = [];
const candidates: number[] = [];
const existingIds = existing ? await sampleSaleListings(N.events) : [];
for (let i = 0; i < N.events; i++) {
  let id: number;
  if (existing) id = existingIds[i % existingIds.length]!;
  else {
    id = await publishListing(db, await template());
    // As in the portal, where the matcher takes an event about a second after it: the process's own listing follower
    // has applied the change by then (its facts refresh ran beside the timing before this).
    await portal.listingChanges.caughtUp();
  }
  const started = performance.now();
  const result = await savedSearchesAlertedBy(db, id, { channel: "mail", frequency: "immediately", reads: readsDb });
  times.push(performance.now() - started);
  alerted.push(result?.searches.length ?? 0);
  if (result) candidates.push(alertCandidates(db, result.listing).length);
  // Done here: the portal's matcher, polling every minute, would otherwise take these events and render their mails
  // beside the next timings (a 10 s outlier before this).
  if (!existing) await sql`UPDATE listing_events SET processed_at = now() WHERE listing_id = ${id}`.execute(db);
}
if (!existing) await sql`UPDATE listing_events SET processed_at = now() WHERE processed_at IS NULL`.execute(db);
const one = stats(times);
const slowest = times
  .map((ms, i) => ({ ms, i, candidates: candidates[i] ?? 0 }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 8);
console.log(`slowest events: ${slowest.map((e) => `#${e.i} ${round(e.ms)} ms (${e.candidates} candidates)`).join(", ")}`);
console.log(
  `matching one event ('Subito' e-mail): median ${round(one.median)} ms, p95 ${round(one.p95)} ms, max ${round(one.max)} ms; ` +
    `candidates per event: median ${stats(candidates).median}, max ${stats(candidates).max}; ` +
    `searches alerted per event: median ${stats(alerted).median}, max ${stats(alerted).max}` +
    (existing ? " (listings already in the database)" : ""),
);

// 1b. The same work in its two parts, on other listings (first met here): the reads side by side (the listing, the
// saved-search log, who hid it) and the decision in memory (candidates by keys and bounds, then their predicates).
const reads: number[] = [];
const decided: Array<{ ms: number; candidates: number }> = [];
const holder = alertSearchesOf(db);
for (const id of existing ? await sampleSaleListings(N.events) : []) {
  const started = performance.now();
  const [[listing], , hidBy] = await Promise.all([readMatchListings(readsDb, [id]), holder.caughtUp(readsDb), ownersWhoHid(readsDb, id)]);
  const read = performance.now();
  holder.matching(placesOf(listing!), new Date(), hidBy);
  decided.push({ ms: performance.now() - read, candidates: holder.candidates(placesOf(listing!)).length });
  reads.push(read - started);
}
if (reads.length > 0) {
  const r = stats(reads);
  const d = stats(decided.map((x) => x.ms));
  const large = decided.filter((x) => x.candidates > 1000).map((x) => x.ms);
  const l = large.length > 0 ? stats(large) : null;
  console.log(
    `the same in two parts (${reads.length} other listings): reads median ${round(r.median)} / p95 ${round(r.p95)} / max ${round(r.max)} ms; ` +
      `decided in memory median ${round(d.median)} / p95 ${round(d.p95)} / max ${round(d.max)} ms` +
      (l ? `; listings with over 1,000 candidates (${large.length}): median ${round(l.median)} / max ${round(l.max)} ms` : ""),
  );
}

// 2. A burst, matched by the portal's (or the alert process's) matcher and handed to SMTP by its mail queue.
if (N.burst > 0) {
  const heapBefore = heapMb();
  const rssBefore = mb();
  const burst = await templates(Math.min(N.burst, 2000));
  while (burst.length < N.burst) burst.push(...burst.slice(0, N.burst - burst.length));
  t = performance.now();
  // In statements of 500: a statement of ~75 parameters a listing must stay under PostgreSQL's 65,535 parameters.
  const burstRows = burst.map((l, i) => ({ ...l, streetNumber: `b${i}` }));
  for (let i = 0; i < burstRows.length; i += 500) await publishListings(db, burstRows.slice(i, i + 500));
  (alone ?? portal).alerts.matcher.wake();
  let peak = rssBefore;
  let matchedMs = 0;
  let recorded = 0;
  for (;;) {
    peak = Math.max(peak, mb());
    // e: events to match; p: 'Subito' e-mail alerts not yet in a mail (decision 142); m: mails not yet handed to SMTP.
    const r = await sql<{ e: number; p: number; m: number }>`
      SELECT (SELECT count(*)::int FROM listing_events WHERE processed_at IS NULL) AS e,
        (SELECT count(*)::int FROM alert_deliveries WHERE immediate AND mail_id IS NULL AND digest_at IS NOT NULL) AS p,
        (SELECT count(*)::int FROM mail_queue WHERE sent_at IS NULL AND given_up_at IS NULL) AS m`.execute(db);
    const { e, p, m } = r.rows[0]!;
    if (e === 0 && matchedMs === 0) {
      matchedMs = performance.now() - t;
      recorded = Number(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM alert_deliveries WHERE immediate AND listing_id > ${lastListingId}`.execute(db)
        ).rows[0]!.n,
      );
      console.log(
        `burst of ${N.burst} new listings: all matched, their ${recorded} immediate e-mail alerts recorded, in ${Math.round(matchedMs)} ms`,
      );
    }
    if (e === 0 && p === 0 && m === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const burstMs = performance.now() - t;
  const mailed = (
    await sql<{ alerts: number; mails: number }>`
      SELECT count(*)::int AS alerts, count(DISTINCT d.mail_id)::int AS mails
      FROM alert_deliveries d JOIN mail_queue q ON q.id = d.mail_id
      WHERE d.immediate AND d.listing_id > ${lastListingId} AND q.sent_at IS NOT NULL`.execute(db)
  ).rows[0]!;
  console.log(
    `burst of ${N.burst} new listings: ${mailed.alerts} immediate alerts (of ${recorded}) in ${mailed.mails} mails handed to SMTP ` +
      `(${catcher.mails.length} received) in ${Math.round(burstMs)} ms; RSS ${rssBefore} MB before, peak ${peak} MB, ${mb()} MB after`,
  );
  // What stays once the burst is done: the heap after a full GC, with the in-process mail catcher's received mails and
  // without them (the bench's own, not the portal's).
  const heapAfter = heapMb();
  catcher.mails.length = 0;
  console.log(
    `heap after GC: ${heapBefore} MB before the burst, ${heapAfter} MB after it, ${heapMb()} MB without the mails the catcher kept`,
  );
}
await portal?.stop();
await alone?.stop();
await catcher.close();

if (values.database) {
  // What this run added, so that the next benchmark on the same database starts from the same state (with --keep the
  // saved searches and their users stay: a later run with --searches 0 matches against them without saving again).
  const cleanup = (await import("pg")).default;
  const client = new cleanup.Client({ connectionString: values.database });
  await client.connect();
  if (!values.keep) await client.query("DELETE FROM users WHERE email LIKE 'bench-%@casa.example'");
  if (!existing || N.burst > 0) {
    await client.query("DELETE FROM alert_deliveries WHERE listing_id > $1", [lastListingId]);
    await client.query("DELETE FROM listings WHERE id > $1", [lastListingId]);
    await client.query("DELETE FROM listing_events WHERE listing_id > $1", [lastListingId]);
    await client.query("DELETE FROM withdrawn_homes WHERE listing_id > $1", [lastListingId]);
  }
  await client.query("DELETE FROM mail_queue WHERE kind = 'alert'");
  await client.end();
  console.log(`removed what the run added (listings, events, deliveries, mails${values.keep ? "" : ", its users and saved searches"})`);
}

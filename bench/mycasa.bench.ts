/**
 * `npm run bench:mycasa` — what MyCasa costs (issue 11 "Speed"): the MyCasa page of a user with 1,000
 * favourites (one page of 24 cards shown), a results page for a user with 100 hidden ads against a
 * visitor's, `listings/get/basic` with 10,000 favourites, and a favourite saved (`listing/upsert`).
 *
 * Starts the built portal in-process on an in-memory database with 3,000 listings. Options: --pages N (default 200).
 */
import { parseArgs } from "node:util";
import { hash } from "@node-rs/argon2";
import { sql } from "kysely";
import { clientDirectory, ensureBuild, importServerBuild } from "../scripts/ensure-build.ts";
import { createUser } from "../db/users.ts";

const { values } = parseArgs({ options: { pages: { type: "string", default: "200" } } });
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
const db = portal.database.db;

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]! };
};
const round = (n: number) => Math.round(n * 100) / 100;

async function userWith(email: string, favourites: number, hidden: number): Promise<string> {
  const user = (await createUser(db, {
    email,
    displayName: "Bench",
    passwordHash: await hash("Segreta123"),
    consents: { privacy: true },
    emailVerified: true,
    now: new Date(),
  }))!;
  await sql`INSERT INTO user_favourites (user_id, listing_id, price_at_save, saved_at)
    SELECT ${user.id}, id, price * 1.05, now() - make_interval(secs => id) FROM listings ORDER BY id LIMIT ${favourites}`.execute(db);
  if (favourites > 3000) {
    await sql`INSERT INTO user_favourites (user_id, listing_id, price_at_save, saved_at)
      SELECT ${user.id}, 1000000000 + g, 100000, now() - make_interval(days => 1, secs => g) FROM generate_series(1, ${favourites - 3000}) AS g`.execute(
      db,
    );
  }
  await sql`INSERT INTO user_hidden_listings (user_id, listing_id) SELECT ${user.id}, id FROM listings ORDER BY id DESC LIMIT ${hidden}`.execute(
    db,
  );
  const res = await fetch(`${portal.url}/portal-srp/api/v1/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: portal.url },
    body: JSON.stringify({ email, password: "Segreta123" }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function timed(path: string, cookie: string, init: RequestInit = {}): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${portal.url}${path}`, {
    ...init,
    headers: {
      accept: "text/html",
      origin: portal.url,
      ...(cookie ? { cookie } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return performance.now() - t;
}

async function series(n: number, run: () => Promise<number>) {
  for (let i = 0; i < 10; i++) await run();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) xs.push(await run());
  return stats(xs);
}

const pages = Number(values.pages);
const thousand = await userWith("mille@casa.example", 1000, 100);
const tenThousand = await userWith("diecimila@casa.example", 10_000, 0);
const results = "/vendita/case/milano/";
const mycasa = await series(pages, () => timed("/mycasa/", thousand));
const visitorResults = await series(pages, () => timed(results, ""));
const hiddenResults = await series(pages, () => timed(results, thousand));
const basic = await series(Math.min(pages, 50), () =>
  timed("/portal-srp/api/v1/mycasa/listings/get/basic", tenThousand, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  }),
);
const ids = (
  await db
    .selectFrom("listings")
    .select("id")
    .orderBy("id", "desc")
    .limit(pages + 10)
    .execute()
).map((r: { id: number }) => Number(r.id));
const upsert = await series(pages, () =>
  timed("/portal-srp/api/v1/mycasa/listing/upsert", thousand, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ listingType: "bookmark", listingId: ids.pop() }),
  }),
);
await portal.stop();

console.log(`MyCasa page, 1,000 favourites (24 cards): median ${round(mycasa.median)} ms, p95 ${round(mycasa.p95)} ms over ${pages}`);
console.log(
  `results page ${results}: visitor median ${round(visitorResults.median)} ms p95 ${round(visitorResults.p95)} ms; user with 100 hidden ads median ${round(hiddenResults.median)} ms p95 ${round(hiddenResults.p95)} ms`,
);
console.log(`listings/get/basic with 10,000 favourites: median ${round(basic.median)} ms, p95 ${round(basic.p95)} ms`);
console.log(`listing/upsert (1,000 → more favourites): median ${round(upsert.median)} ms, p95 ${round(upsert.p95)} ms`);

/**
 * `npm run bench:private-sellers` — a private seller's listing form (docs/decisions/139) against the API
 * target (a create's p95 ≤ 50 ms without photos): the same listing posted as the no-JavaScript form posts it
 * (urlencoded, CSRF token, session cookie) to /pubblica-annuncio/nuovo/, and the time until it is found by the
 * search API (the listing facts following the change, decision 050).
 *
 * Starts the built portal in-process (embedded database in memory with --count demo listings, or DATABASE_URL),
 * makes --sellers accounts private sellers through their page, and has each publish up to its cap of 3. The
 * first seller's listings are the warm-up and are not counted.
 *
 * Options: --sellers N (default 35), --count N demo listings (default 3000).
 */
import { parseArgs } from "node:util";
import { hash } from "@node-rs/argon2";
import { createUser } from "../db/users.ts";
import { CookieClient } from "../test/http-client.ts";
import { startBenchPortal } from "./in-process-portal.ts";

const { values } = parseArgs({
  options: { sellers: { type: "string", default: "35" }, count: { type: "string", default: "3000" } },
});
const { base, stop, portal } = await startBenchPortal({
  DATA_DIR: "memory://",
  DEMO_COUNT: values.count,
  RATE_LIMIT_MULTIPLIER: "0",
  // Each seller from an address of its own (X-Forwarded-For), as people are: the login's limits are per address.
  TRUST_PROXY: "1",
});
const db = portal.database.db;
const place = (await db
  .selectFrom("listings")
  .innerJoin("places", "places.id", "listings.townId")
  .select(["places.name as town", "listings.street"])
  .where("places.name", "=", "Milano")
  .where("listings.street", "like", "Via %")
  .orderBy("listings.id")
  .limit(1)
  .executeTakeFirstOrThrow()) as { town: string; street: string };

const passwordHash = await hash("Segreta123");
async function seller(n: number): Promise<CookieClient> {
  const email = `bench.privato.${n}@example.it`;
  await createUser(db, {
    email,
    displayName: `Venditore ${n}`,
    passwordHash,
    consents: { privacy: true },
    emailVerified: true,
    now: new Date(),
  });
  const c = new CookieClient(base, base, `10.8.${Math.floor(n / 250)}.${(n % 250) + 1}`);
  const login = await c.post("/portal-srp/api/v1/user/login", { email, password: "Segreta123" });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return c;
}
/** The browser's CSRF token (one per browser: read once, before any timing). */
async function csrfOf(c: CookieClient): Promise<string> {
  return /name="csrf" value="([^"]*)"/.exec(await (await c.get("/account/", { accept: "text/html" })).text())?.[1] ?? "";
}
async function post(c: CookieClient, csrf: string, path: string, fields: Record<string, string>): Promise<Response> {
  return c.request(path, {
    method: "POST",
    body: new URLSearchParams({ csrf, ...fields }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
  });
}
const form = (n: number) => ({
  intent: "save-listing",
  channel: "vendita",
  propertyType: "appartamento",
  town: place.town,
  street: place.street,
  streetNumber: String(n),
  surface: "80",
  rooms: "3",
  baths: "1",
  floor: "1",
  price: String(250_000 + n),
  energyClass: "C",
  energyIndex: "90",
  description: "Trilocale al primo piano, luminoso, con cantina e balcone, pubblicato da un privato.",
});
async function findable(id: number, publisherId: number): Promise<void> {
  for (;;) {
    const res = await fetch(`${base}/portal-srp/api/v1/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ filters: { pId: publisherId, channel: "vendita" }, size: 10 }),
    });
    const ids = ((await res.json()) as { listings: Array<{ id: number }> }).listings.map((l) => l.id);
    if (ids.includes(id)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const publishTimes: number[] = [];
const visibleTimes: number[] = [];
const sellers = Number(values.sellers);
for (let s = 0; s < sellers; s++) {
  const c = await seller(s);
  const csrf = await csrfOf(c);
  const became = await post(c, csrf, "/pubblica-annuncio/", { intent: "become-seller", name: `Venditore ${s}` });
  if (became.status !== 303) throw new Error(`become: ${became.status}`);
  const user = await db
    .selectFrom("users")
    .select("publisherId")
    .where("email", "=", `bench.privato.${s}@example.it`)
    .executeTakeFirstOrThrow();
  for (let n = 0; n < 3; n++) {
    const started = performance.now();
    const res = await post(c, csrf, "/pubblica-annuncio/nuovo/", form(s * 10 + n));
    const published = performance.now();
    if (res.status !== 303) throw new Error(`publish: ${res.status} ${(await res.text()).slice(0, 300)}`);
    const id = Number(/\/pubblica-annuncio\/(\d+)\//.exec(res.headers.get("location") ?? "")?.[1]);
    await findable(id, Number(user.publisherId));
    if (s > 0) {
      publishTimes.push(published - started);
      visibleTimes.push(performance.now() - published);
    }
  }
}
function quantiles(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!.toFixed(1);
  return `median ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`;
}
console.log(`database: ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite in memory"}, ${values.count} demo listings`);
console.log(`form publish (POST /pubblica-annuncio/nuovo/ → 303), ${publishTimes.length} listings: ${quantiles(publishTimes)}`);
console.log(`then found by the search API: ${quantiles(visibleTimes)}`);
await stop();
process.exit(0);

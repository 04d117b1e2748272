/**
 * Publishing by agencies over HTTP (issue 24, docs/decisions/096), on each database: an agency makes an
 * API key in /area-agenzia/ (shown once), publishes a listing with it, sees it in search and on its page,
 * drops its price, withdraws it; keys of another agency, revoked keys and none change nothing; another
 * agency's listing is 404; invalid listings are refused naming the field in Italian and English; the
 * OpenAPI document lists exactly the routes.
 */
import { readFileSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startTestPortal } from "../test/portal.ts";
import { loggedInClient } from "../test/users.ts";

const API = "/api/publisher/v1";
const DAY = 86_400_000;

describe.each(databaseTargets)("publishing API on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  /** The portal's clock: tests move it forward to make listings old. */
  let now = Date.now();
  let agencyA: number;
  let agencyB: number;
  let keyA: string;
  let keyB: string;
  let home: Record<string, any>;

  /** Opens /area-agenzia/ as the agency's account and creates a key through the page's form. */
  async function createKey(c: CookieClient, label: string): Promise<{ key: string; html: string; status: number }> {
    const page = await c.get("/area-agenzia/", { accept: "text/html" });
    const csrf = /name="csrf" value="([^"]*)"/.exec(await page.text())?.[1] ?? "";
    const res = await c.request("/area-agenzia/", {
      method: "POST",
      body: new URLSearchParams({ csrf, intent: "create-key", label }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    const html = await res.text();
    return { key: /id="new-api-key"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? "", html, status: res.status };
  }

  function call(method: "GET" | "POST", path: string, key: string | null, body?: unknown, headers: Record<string, string> = {}) {
    return fetch(`${portal.url}${API}${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, json: (await res.json().catch(() => null)) as any, headers: res.headers }));
  }

  async function searchIds(body: { locations: string[]; filters?: Record<string, unknown> }): Promise<number[]> {
    const res = await fetch(`${portal.url}/portal-srp/api/v1/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, size: 50 }),
    });
    return ((await res.json()) as { listings: Array<{ id: number }> }).listings.map((l) => l.id);
  }

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    // An agency's program sends its calls as fast as it can: the per-key limits (the `publisher` family of
    // server/rate-limit.ts, 20 a second) times five, still counted.
    portal = await startTestPortal(provisioned, { clock: () => now, env: { LISTING_EXPIRY_POLL_MS: "100", RATE_LIMIT_MULTIPLIER: "5" } });
    db = portal.database.db as unknown as Kysely<Database>;
    const agencies = await sql<{ id: number }>`
      SELECT p.id::int AS id FROM publishers p WHERE p.kind = 'agency' ORDER BY p.id LIMIT 2`.execute(db);
    agencyA = agencies.rows[0]!.id;
    agencyB = agencies.rows[1]!.id;
    // A real home's town, street and point from the dataset: the API's listing is a new home there.
    const row = await db
      .selectFrom("listings")
      .select(["townId", "street", "exactLat", "exactLon"])
      .where("channel", "=", "vendita")
      .where("propertyTypeGroup", "=", "case")
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    home = {
      externalId: "RIF-001",
      channel: "vendita",
      propertyType: "appartamento",
      price: 312_345,
      surface: 95,
      rooms: 3,
      baths: 2,
      floor: 2,
      totalFloors: 5,
      energyClass: "C",
      energyIndex: 92.5,
      title: "Trilocale con terrazzo, pubblicato via API",
      description: "Luminoso trilocale al secondo piano con terrazzo, cucina abitabile e due bagni. Vicino ai servizi.",
      address: { townId: row.townId, street: row.street, streetNumber: "12", lat: row.exactLat, lon: row.exactLon },
    };
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  it("lets an agency create an API key in /area-agenzia/, shown once and stored hashed", async () => {
    const a = await loggedInClient(portal.url, { email: `agenzia${agencyA}@casa.example`, password: "CasaAgenzia2026" });
    const made = await createKey(a, "Gestionale");
    expect(made.status).toBe(200);
    expect(made.html).toContain("Chiave creata.");
    expect(made.key).toMatch(/^casa_pk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    keyA = made.key;
    // Shown once: the next visit lists it by its start only; the database has no clear copy.
    const again = await (await a.get("/area-agenzia/", { accept: "text/html" })).text();
    expect(again).toContain("Gestionale");
    expect(again).not.toContain(keyA);
    const stored = await db.selectFrom("publisherApiKeys").selectAll().where("publisherId", "=", agencyA).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(keyA.split("_").at(-1));
    const b = await loggedInClient(portal.url, { email: `agenzia${agencyB}@casa.example`, password: "CasaAgenzia2026" });
    keyB = (await createKey(b, "Altro gestionale")).key;
    expect(keyB).not.toBe("");
    // B's page never shows A's keys; a seeker's account cannot make keys.
    expect(await (await b.get("/area-agenzia/", { accept: "text/html" })).text()).not.toContain("Gestionale</td>");
    const seeker = await loggedInClient(portal.url, { email: "demo@casa.example", password: "CasaDemo2026" });
    expect((await createKey(seeker, "x")).status).toBe(403);
  });

  it("publishes a listing through the API: in search and on its page at once; price drop shown; withdrawn → gone, 410", async () => {
    const created = await call("POST", "/listings", keyA, home);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.listing.id as number;
    expect(created.json.listing).toMatchObject({ status: "online", externalId: "RIF-001", price: 312_345, url: `/annunci/${id}/` });
    const where = { locations: [home.address.townId], filters: { price_min: 300_000, price_max: 320_000 } };
    await expect.poll(() => searchIds(where), { timeout: 30_000, interval: 50 }).toContain(id);
    const page = await fetch(`${portal.url}/annunci/${id}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Trilocale con terrazzo, pubblicato via API");

    // The same externalId twice is a conflict, not a second listing.
    expect((await call("POST", "/listings", keyA, home)).status).toBe(409);

    // A 5 % drop: the page shows the price history.
    const dropped = await call("POST", `/listings/${id}`, keyA, { ...home, price: 296_728 });
    expect(dropped.status, JSON.stringify(dropped.json)).toBe(200);
    expect(dropped.json.listing.price).toBe(296_728);
    const cheaper = await (await fetch(`${portal.url}/annunci/${id}/`)).text();
    expect(cheaper).toMatch(/Prezzo ridotto del 5\s%/);
    expect(cheaper).toContain('data-testid="price-history-chart"');
    expect(cheaper).toMatch(/Verificato il \d{1,2} \w+ \d{4}/);

    const listed = await call("GET", "/listings", keyA);
    expect(listed.json.listings.map((l: { id: number }) => l.id)).toContain(id);
    expect((await call("GET", "/listings", keyB)).json.listings.map((l: { id: number }) => l.id)).not.toContain(id);

    const withdrawn = await call("POST", `/listings/${id}/withdraw`, keyA, {});
    expect(withdrawn.json.listing.status).toBe("withdrawn");
    await expect.poll(() => searchIds(where), { timeout: 30_000, interval: 50 }).not.toContain(id);
    const gone = await fetch(`${portal.url}/annunci/${id}/`);
    expect(gone.status).toBe(410);
    const goneHtml = await gone.text();
    expect(goneHtml).toContain("Questo annuncio non è più disponibile");
    expect(goneHtml).toContain("Annunci simili");
    const goneEn = await fetch(`${portal.url}/en/annunci/${id}/`);
    expect([goneEn.status, (await goneEn.text()).includes("This listing is no longer available")]).toEqual([410, true]);
    // A withdrawn listing cannot be edited.
    expect((await call("POST", `/listings/${id}`, keyA, { ...home, price: 290_000 })).status).toBe(409);
  });

  it("refuses other agencies' keys, revoked keys and none: 401 or 404, nothing changed", async () => {
    const created = await call("POST", "/listings", keyA, { ...home, externalId: "RIF-002" });
    const id = created.json.listing.id as number;
    const before = await db.selectFrom("listings").select(["price", "title"]).where("id", "=", id).executeTakeFirstOrThrow();
    const change = { ...home, externalId: "RIF-002", price: 250_000 };
    expect((await call("POST", `/listings/${id}`, null, change)).status).toBe(401);
    expect((await call("POST", `/listings/${id}`, "casa_pk_nonesiste0000_" + "x".repeat(43), change)).status).toBe(401);
    expect((await call("POST", `/listings/${id}`, `${keyA.slice(0, -1)}${keyA.endsWith("A") ? "B" : "A"}`, change)).status).toBe(401);
    const other = await call("POST", `/listings/${id}`, keyB, change);
    expect(other.json).toEqual({ error: { status: 404, message: "annuncio non trovato", field: "id" } });
    expect((await call("POST", `/listings/${id}/withdraw`, keyB, {})).status).toBe(404);
    expect((await call("GET", `/listings/${id}`, keyB)).status).toBe(404);
    expect(await db.selectFrom("listings").select(["price", "title"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual(before);

    // Revoked in the dashboard: the key stops working at once.
    const a = await loggedInClient(portal.url, { email: `agenzia${agencyA}@casa.example`, password: "CasaAgenzia2026" });
    const spare = await createKey(a, "Da revocare");
    expect((await call("GET", "/listings", spare.key)).status).toBe(200);
    const keyId = Number(/<tr data-key-id="(\d+)"><td>Da revocare<\/td>/.exec(spare.html)?.[1]);
    const page = await (await a.get("/area-agenzia/", { accept: "text/html" })).text();
    const csrf = /name="csrf" value="([^"]*)"/.exec(page)?.[1] ?? "";
    // Agency B cannot revoke A's key.
    const b = await loggedInClient(portal.url, { email: `agenzia${agencyB}@casa.example`, password: "CasaAgenzia2026" });
    const bPage = await (await b.get("/area-agenzia/", { accept: "text/html" })).text();
    const bCsrf = /name="csrf" value="([^"]*)"/.exec(bPage)?.[1] ?? "";
    const foreign = await b.request("/area-agenzia/", {
      method: "POST",
      body: new URLSearchParams({ csrf: bCsrf, intent: "revoke-key", keyId: String(keyId) }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(foreign.status).toBe(404);
    expect((await call("GET", "/listings", spare.key)).status).toBe(200);
    const revoked = await a.request("/area-agenzia/", {
      method: "POST",
      body: new URLSearchParams({ csrf, intent: "revoke-key", keyId: String(keyId) }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(await revoked.text()).toContain("Chiave revocata.");
    const refused = await call("POST", `/listings/${id}/withdraw`, spare.key, {});
    expect(refused.json).toEqual({ error: { status: 401, message: "chiave API revocata" } });
    expect(await db.selectFrom("listings").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();
  });

  it("refuses invalid listings naming the field, in Italian and in English", async () => {
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ ...home, energyClass: undefined }, "energyClass", "la classe energetica è obbligatoria", "the energy class is required"],
      [{ ...home, energyIndex: undefined }, "energyIndex", "l'indice di prestazione energetica", "the energy performance index"],
      [{ ...home, energyClass: "Z" }, "energyClass", "valore non ammesso", "value not allowed"],
      [{ ...home, price: 500 }, "price", "prezzo non plausibile", "price not plausible"],
      [{ ...home, surface: 3 }, "surface", "superficie non plausibile", "surface not plausible"],
      [{ ...home, rooms: undefined }, "rooms", "il numero di locali", "the number of rooms"],
      [
        { ...home, address: { ...home.address, lat: 48.85, lon: 2.35 } },
        "address.lat",
        "le coordinate non sono in Italia",
        "the coordinates are not in Italy",
      ],
      [
        { ...home, address: { ...home.address, lat: 41.9028, lon: 12.4964 } },
        "address.lat",
        "le coordinate non sono nel comune indicato",
        "the coordinates are not inside the stated municipality",
      ],
      [{ ...home, address: { ...home.address, townId: "nessuno" } }, "address.townId", "comune sconosciuto", "unknown municipality"],
      [
        { ...home, address: { townId: home.address.townId, street: "Via Che Non Esiste Da Nessuna Parte", streetNumber: "1" } },
        "address.street",
        "indirizzo non trovato",
        "address not found",
      ],
      [{ ...home, title: undefined }, "title", "campo obbligatorio", "required field"],
      [{ ...home, colour: "blu" }, "colour", "campo sconosciuto", "unknown field"],
      [
        { ...home, channel: "affitto-breve", propertyType: "ufficio" },
        "propertyType",
        "tipologia non disponibile",
        "property type not offered",
      ],
    ];
    for (const [body, field, italian, english] of cases) {
      const it = await call("POST", "/listings", keyA, body);
      expect([it.status, it.json.error.field], JSON.stringify(it.json)).toEqual([400, field]);
      expect(it.json.error.message).toContain(`${field}: ${italian}`);
      const en = await call("POST", "/listings", keyA, body, { "accept-language": "en-GB,en;q=0.9" });
      expect(en.json.error.message).toContain(`${field}: ${english}`);
    }
    // Without coordinates, a street the portal knows is geocoded.
    const geocoded = await call("POST", "/listings", keyA, {
      ...home,
      externalId: "RIF-GEO",
      address: { townId: home.address.townId, street: home.address.street, streetNumber: "3" },
    });
    expect(geocoded.status, JSON.stringify(geocoded.json)).toBe(201);
    expect((await call("POST", "/listings", keyA, "{not json", {})).status).toBe(400);
  });

  it("expires a listing not confirmed for 30 days; a confirmation keeps it", async () => {
    const kept = (await call("POST", "/listings", keyA, { ...home, externalId: "RIF-KEEP" })).json.listing.id as number;
    const stale = (await call("POST", "/listings", keyA, { ...home, externalId: "RIF-STALE" })).json.listing.id as number;
    now += 20 * DAY;
    expect((await call("POST", `/listings/${kept}/confirm`, keyA, {})).status).toBe(200);
    now += 11 * DAY;
    await expect
      .poll(async () => (await call("GET", `/listings/${stale}`, keyA)).json.listing.status, { timeout: 10_000, interval: 100 })
      .toBe("expired");
    expect((await call("GET", `/listings/${kept}`, keyA)).json.listing.status).toBe("online");
    expect((await fetch(`${portal.url}/annunci/${stale}/`)).status).toBe(410);
  });

  it("serves an OpenAPI 3.1 document whose paths are exactly the publishing routes", async () => {
    const doc = (await call("GET", "/openapi.json", null)).json;
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${API}${path.replace(/\{(\w+)\}/g, ":$1")}`))
      .sort();
    // The route table: each publishing route and the methods its module exports a real handler for.
    const routes = readFileSync(new URL("./routes.ts", import.meta.url), "utf8");
    const declared = [...routes.matchAll(/route\("(api\/publisher\/v1\/[^"*]+)", "([^"]+)"/g)].flatMap(([, path, file]) => {
      const source = readFileSync(new URL(`./${file}`, import.meta.url), "utf8");
      const methods = [...source.matchAll(/apiRoute<Route\.\w+>\(\{ method: "(GET|POST)" \}/g)].map((m) => m[1]);
      return methods.map((m) => `${m} /${path}`);
    });
    expect(documented).toEqual(declared.sort());
    expect(doc.components.schemas.ListingInput.required).toEqual(
      expect.arrayContaining(["channel", "propertyType", "price", "surface", "title", "address"]),
    );
  });
});

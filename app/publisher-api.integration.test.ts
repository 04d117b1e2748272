/**
 * Publishing by agencies over HTTP (issue 24, docs/decisions/096), on each database: an agency makes an
 * API key in /area-agenzia/ (shown once), publishes a listing with it, sees it in search and on its page,
 * drops its price, withdraws it; keys of another agency, revoked keys and none change nothing; another
 * agency's listing is 404; invalid listings are refused naming the field in Italian and English; a photo
 * is served as WebP without EXIF and non-images are refused whole (decision 119); the same home from two
 * agencies is one card with two offers (decision 120); the OpenAPI document lists exactly the routes.
 */
import { readFileSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addListingPhoto } from "../db/listing-photos.ts";
import type { Database } from "../db/schema.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { createPublisherKey } from "../test/publishers.ts";
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
    const made = await createPublisherKey(a, "Gestionale");
    expect(made.status).toBe(200);
    expect(made.html).toContain("Chiave creata.");
    // The secret is base64url, so it may hold '_' itself: taken by position, not by splitting on '_'.
    const [, secretA] = /^casa_pk_[a-z0-9]{12}_([A-Za-z0-9_-]{43})$/.exec(made.key) ?? [];
    expect(secretA).toBeDefined();
    keyA = made.key;
    // Shown once: the next visit lists it by its start only; the database has no clear copy.
    const again = await (await a.get("/area-agenzia/", { accept: "text/html" })).text();
    expect(again).toContain("Gestionale");
    expect(again).not.toContain(keyA);
    const stored = await db.selectFrom("publisherApiKeys").selectAll().where("publisherId", "=", agencyA).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(secretA);
    const b = await loggedInClient(portal.url, { email: `agenzia${agencyB}@casa.example`, password: "CasaAgenzia2026" });
    keyB = (await createPublisherKey(b, "Altro gestionale")).key;
    expect(keyB).not.toBe("");
    // B's page never shows A's keys; a seeker's account cannot make keys.
    expect(await (await b.get("/area-agenzia/", { accept: "text/html" })).text()).not.toContain("Gestionale</td>");
    const seeker = await loggedInClient(portal.url, { email: "demo@casa.example", password: "CasaDemo2026" });
    expect((await createPublisherKey(seeker, "x")).status).toBe(403);
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
    const spare = await createPublisherKey(a, "Da revocare");
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

  it("takes a listing's photo through the API: WebP renditions on its page and card, EXIF and GPS gone; refuses non-images whole", async () => {
    const id = (await call("POST", "/listings", keyA, { ...home, externalId: "RIF-FOTO" })).json.listing.id as number;
    // Its POI distances are measured on publishing, as the generator measures its listings' (the filters match it).
    const dists = await db
      .selectFrom("listings")
      .select(["distBusStation", "distSubway", "distSupermarket", "distElementarySchool"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const generated = await db
      .selectFrom("listings")
      .select(["distSupermarket"])
      .where("townId", "=", home.address.townId)
      .where("distSupermarket", "is not", null)
      .limit(1)
      .executeTakeFirst();
    if (generated) expect(dists.distSupermarket).not.toBeNull();
    for (const d of Object.values(dists)) if (d !== null) expect(d).toBeLessThanOrEqual(10_000);
    // A phone's JPEG: 1200×800, with the camera's EXIF and the place it was taken.
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 180, g: 120, b: 60 } } })
      .composite([
        { input: Buffer.from('<svg width="600" height="400"><rect width="600" height="400" fill="#2a6"/></svg>'), left: 100, top: 100 },
      ])
      .jpeg()
      .withExif({
        IFD0: { Make: "Fotocamera", Model: "Prova" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 28/1 1/1", GPSLongitudeRef: "E", GPSLongitude: "9/1 11/1 1/1" },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const upload = (key: string | null, listingId: number, body: Uint8Array, type = "image/jpeg", headers: Record<string, string> = {}) =>
      fetch(`${portal.url}${API}/listings/${listingId}/photos`, {
        method: "POST",
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), "content-type": type, ...headers },
        body: new Uint8Array(body),
      }).then(async (res) => ({ status: res.status, json: (await res.json().catch(() => null)) as any }));

    const added = await upload(keyA, id, jpeg);
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect(added.json.photo).toMatchObject({ position: 0, width: 1200, height: 800 });
    expect(added.json.photo.renditions.map((r: { width: number }) => r.width)).toEqual([320, 960, 1920]);
    // The same file again is the same photo; another agency's key finds no such listing.
    expect((await upload(keyA, id, jpeg)).status).toBe(200);
    expect((await upload(keyB, id, jpeg)).status).toBe(404);
    expect((await upload(null, id, jpeg)).status).toBe(401);
    // A listing that does not exist, and another agency's listing read through its photos: 404 too.
    expect((await upload(keyA, 2_000_000_000, jpeg)).status).toBe(404);
    expect((await call("GET", `/listings/${id}/photos`, keyB)).status).toBe(404);

    // Its page shows the photo; the served rendition is a WebP with no EXIF, no GPS, no XMP.
    const html = await (await fetch(`${portal.url}/annunci/${id}/`)).text();
    const src = new RegExp(`/media/listing/${id}/foto/(\\d+)-960\\.webp`).exec(html)?.[0];
    expect(src).toBeDefined();
    const served = await fetch(`${portal.url}${src}`);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/webp"]);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.xmp, meta.icc]).toEqual([
      "webp",
      960,
      640,
      undefined,
      undefined,
      undefined,
    ]);
    // A card's photo address (a count, not addresses: core/listing/media.ts) leads to the same WebP.
    const card = await fetch(`${portal.url}/media/listing/${id}/0.svg`, { redirect: "manual" });
    expect([card.status, card.headers.get("location")]).toEqual([302, src]);
    expect((await db.selectFrom("listings").select("photoCount").where("id", "=", id).executeTakeFirstOrThrow()).photoCount).toBe(1);

    // Not images, or not ones the portal takes: a clear 4xx, nothing stored.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    const refusals: Array<[Uint8Array, string, number, string]> = [
      [svg, "image/svg+xml", 415, "il file non è un'immagine JPEG, PNG o WebP"],
      [Buffer.from("<html><body>ciao</body></html>"), "image/jpeg", 415, "il file non è un'immagine JPEG, PNG o WebP"],
      [
        Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(16)]),
        "image/heic",
        415,
        "le foto HEIC non sono accettate",
      ],
      [Buffer.concat([jpeg.subarray(0, 3), Buffer.alloc(200, 7)]), "image/jpeg", 400, "immagine illeggibile"],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), "image/jpeg", 400, "immagine illeggibile"],
      [Buffer.alloc(0), "image/jpeg", 400, "nessuna immagine inviata"],
      [Buffer.alloc(15 * 1024 * 1024 + 1, 0xff), "image/jpeg", 413, "file troppo grande"],
    ];
    for (const [body, type, status, message] of refusals) {
      const refused = await upload(keyA, id, body, type);
      expect([refused.status, refused.json?.error.field], JSON.stringify(refused.json)).toEqual([status, "photo"]);
      expect(refused.json.error.message).toContain(message);
    }
    const en = await upload(keyA, id, svg, "image/svg+xml", { "accept-language": "en" });
    expect(en.json.error.message).toBe("the file is not a JPEG, PNG or WebP image");
    expect(await db.selectFrom("listingPhotos").select("id").where("listingId", "=", id).execute()).toHaveLength(1);
    const listed = await call("GET", `/listings/${id}/photos`, keyA);
    expect(listed.json.photos).toHaveLength(1);

    // Two more photos; the publisher puts the last first, then removes the middle one: the rest close up.
    const other = await sharp(jpeg).negate().jpeg().toBuffer();
    const third = await sharp(jpeg).flip().jpeg().toBuffer();
    const second = (await upload(keyA, id, other)).json.photo;
    const last = (await upload(keyA, id, third)).json.photo;
    const first = listed.json.photos[0];
    expect([second.position, last.position]).toEqual([1, 2]);
    const ids = (r: { json: { photos: Array<{ id: number }> } }) => r.json.photos.map((p) => p.id);
    const positions = (r: { json: { photos: Array<{ position: number }> } }) => r.json.photos.map((p) => p.position);
    const reordered = await call("POST", `/listings/${id}/photos/order`, keyA, { photoIds: [last.id, first.id, second.id] });
    expect([reordered.status, ids(reordered), positions(reordered)]).toEqual([200, [last.id, first.id, second.id], [0, 1, 2]]);
    expect(ids(await call("GET", `/listings/${id}/photos`, keyA))).toEqual([last.id, first.id, second.id]);
    // The card's first photo is now the one put first.
    const firstNow = await fetch(`${portal.url}/media/listing/${id}/0.svg`, { redirect: "manual" });
    expect(firstNow.headers.get("location")).toContain(`/foto/${last.id}-`);
    // Not every photo once, or one of another listing: 400 naming photoIds; nothing moved.
    for (const photoIds of [[last.id, first.id], [last.id, first.id, first.id], [last.id, first.id, 2_000_000_000], []]) {
      const refused = await call("POST", `/listings/${id}/photos/order`, keyA, { photoIds });
      expect([refused.status, refused.json.error.field], JSON.stringify(photoIds)).toEqual([400, "photoIds"]);
    }
    // Another agency can neither reorder nor delete them.
    expect((await call("POST", `/listings/${id}/photos/order`, keyB, { photoIds: [first.id, last.id, second.id] })).status).toBe(404);
    expect((await call("POST", `/listings/${id}/photos/${first.id}/delete`, keyB, {})).status).toBe(404);
    expect(ids(await call("GET", `/listings/${id}/photos`, keyA))).toEqual([last.id, first.id, second.id]);
    const removed = await call("POST", `/listings/${id}/photos/${first.id}/delete`, keyA, {});
    expect([removed.status, ids(removed), positions(removed)]).toEqual([200, [last.id, second.id], [0, 1]]);
    expect((await call("POST", `/listings/${id}/photos/${first.id}/delete`, keyA, {})).status).toBe(404);
    expect((await db.selectFrom("listings").select("photoCount").where("id", "=", id).executeTakeFirstOrThrow()).photoCount).toBe(2);
    expect((await fetch(`${portal.url}/media/listing/${id}/foto/${first.id}-960.webp`)).status).toBe(404);

    // The cap per listing holds in the one write (here at 1, so the test needs no 40 uploads).
    const capped = await addListingPhoto(
      db,
      agencyA,
      id,
      { sourceSha256: "f".repeat(64), dhash: "0", width: 1, height: 1, renditions: [{ width: 320, bytes: other }] },
      1,
      new Date(now),
    );
    expect(capped).toEqual({ ok: false, reason: "too-many" });
    // A withdrawn listing takes no photos.
    await call("POST", `/listings/${id}/withdraw`, keyA, {});
    expect((await upload(keyA, id, other)).status).toBe(409);
  });

  it("shows the same home published by two agencies as one card with two offers, and both agencies on its page", async () => {
    // The same flat: B's surface is 2 % larger and its street number typed with a space; the point is the same.
    const same: Record<string, any> = { ...home, externalId: "DOPPIO", price: 401_000, surface: 120, rooms: 4, floor: 3 };
    const a = await call("POST", "/listings", keyA, same);
    const b = await call("POST", "/listings", keyB, {
      ...same,
      price: 398_000,
      surface: 122,
      title: "Quadrilocale al terzo piano, offerto da un'altra agenzia",
      address: { ...same.address, streetNumber: " 12 " },
    });
    expect([a.status, b.status], JSON.stringify(b.json)).toEqual([201, 201]);
    const [idA, idB] = [a.json.listing.id as number, b.json.listing.id as number];
    // A home of another size in the same building stays apart.
    const other = (await call("POST", "/listings", keyB, { ...same, externalId: "ALTRO", surface: 70, rooms: 2 })).json.listing
      .id as number;

    const search = async () => {
      const res = await fetch(`${portal.url}/portal-srp/api/v1/search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ locations: [home.address.townId], filters: { price_min: 395_000, price_max: 405_000 }, size: 50 }),
      });
      return ((await res.json()) as { listings: Array<{ id: number; offers?: Array<{ listingId: number; publisherName: string }> }> })
        .listings;
    };
    await expect.poll(async () => (await search()).some((l) => l.id === idA || l.id === idB), { timeout: 2_000, interval: 50 }).toBe(true);
    const cards = (await search()).filter((l) => l.id === idA || l.id === idB);
    expect(cards).toHaveLength(1);
    expect(cards[0]!.offers!.map((o) => o.listingId).sort()).toEqual([idA, idB].sort());
    expect((await db.selectFrom("homeClusters").select("listingId").where("listingId", "=", other).execute()).length).toBe(0);

    // Each listing's page lists every agency offering the home, cheapest first.
    const names = await sql<{ id: number; name: string }>`
      SELECT id::int AS id, name FROM publishers WHERE id IN (${agencyA}, ${agencyB})`.execute(db);
    const name = (id: number) => names.rows.find((r) => r.id === id)!.name;
    const page = await (await fetch(`${portal.url}/annunci/${idA}/`)).text();
    expect(page).toContain("Questa casa è offerta da 2 inserzionisti");
    const offers = /data-testid="listing-offers"[\s\S]*?<\/section>/.exec(page)![0];
    expect(offers.indexOf(name(agencyB).replace(/'/g, "&#x27;"))).toBeLessThan(offers.indexOf(name(agencyA).replace(/'/g, "&#x27;")));
    expect(offers).toContain(`href="/annunci/${idB}/"`);

    // B withdraws: A is a home on its own again.
    await call("POST", `/listings/${idB}/withdraw`, keyB, {});
    await expect.poll(async () => (await search()).find((l) => l.id === idA)?.offers, { timeout: 2_000, interval: 50 }).toBeUndefined();
    expect(await (await fetch(`${portal.url}/annunci/${idA}/`)).text()).not.toContain("Questa casa è offerta da");
  });

  it("makes one home of two agencies' listings placed apart once they share a photo, resized and recompressed", async () => {
    // B places the same flat at another listing's point and street of the town (its agent's guess): no address match.
    // (A point with no three-room home of the dataset near it, so B's listing is like no other there.)
    const elsewhere = (
      await sql<{ street: string; exactLat: number; exactLon: number }>`
        SELECT l.street, l.exact_lat AS "exactLat", l.exact_lon AS "exactLon" FROM listings l
        WHERE l.town_id = ${home.address.townId} AND abs(l.exact_lat - ${home.address.lat}) > 0.002
          AND NOT EXISTS (SELECT 1 FROM listings n WHERE n.rooms = 3 AND abs(n.exact_lat - l.exact_lat) < 0.001
            AND abs(n.exact_lon - l.exact_lon) < 0.001)
        ORDER BY l.id LIMIT 1`.execute(db)
    ).rows[0]!;
    const same: Record<string, any> = { ...home, externalId: "FOTO-DOPPIA", price: 287_000, surface: 88, rooms: 3, floor: 1 };
    const a = await call("POST", "/listings", keyA, same);
    const b = await call("POST", "/listings", keyB, {
      ...same,
      price: 289_000,
      title: "Trilocale al primo piano con le stesse foto",
      address: {
        townId: home.address.townId,
        street: elsewhere.street,
        streetNumber: "40",
        lat: elsewhere.exactLat,
        lon: elsewhere.exactLon,
      },
    });
    expect([a.status, b.status], JSON.stringify(b.json)).toEqual([201, 201]);
    const [idA, idB] = [a.json.listing.id as number, b.json.listing.id as number];
    const cluster = async (id: number) =>
      (await db.selectFrom("homeClusters").select("clusterId").where("listingId", "=", id).executeTakeFirst())?.clusterId ?? null;
    expect([await cluster(idA), await cluster(idB)]).toEqual([null, null]);

    const upload = (key: string, listingId: number, body: Buffer) =>
      fetch(`${portal.url}${API}/listings/${listingId}/photos`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "image/jpeg" },
        body: new Uint8Array(body),
      }).then(async (res) => ({ status: res.status, json: (await res.json()) as any }));
    const picture = (shapes: string) =>
      sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">${shapes}</svg>`))
        .jpeg({ quality: 90 })
        .toBuffer();
    const livingRoom = await picture(
      '<rect width="1200" height="800" fill="#d8c8a8"/><rect x="80" y="90" width="380" height="420" fill="#6a8caf"/>' +
        '<rect x="620" y="380" width="480" height="260" fill="#7a4b2a"/><circle cx="900" cy="200" r="110" fill="#f2e6b0"/>' +
        '<rect x="0" y="640" width="1200" height="160" fill="#4d3b2c"/>',
    );
    // A plain wall in both: no likeness, still apart.
    const wall = await picture('<rect width="1200" height="800" fill="#eeeeea"/>');
    expect((await upload(keyA, idA, wall)).status).toBe(201);
    expect((await upload(keyB, idB, await sharp(wall).resize(900).jpeg({ quality: 70 }).toBuffer())).status).toBe(201);
    expect([await cluster(idA), await cluster(idB)]).toEqual([null, null]);
    // The living room: A's original, B's copy smaller and more compressed.
    expect((await upload(keyA, idA, livingRoom)).status).toBe(201);
    const copy = await upload(keyB, idB, await sharp(livingRoom).resize(800).jpeg({ quality: 55 }).toBuffer());
    expect(copy.status).toBe(201);
    expect(await cluster(idB)).not.toBeNull();
    expect(await cluster(idB)).toBe(await cluster(idA));

    const search = async () => {
      const res = await fetch(`${portal.url}/portal-srp/api/v1/search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ locations: [home.address.townId], filters: { price_min: 286_000, price_max: 290_000 }, size: 50 }),
      });
      return ((await res.json()) as { listings: Array<{ id: number; offers?: Array<{ listingId: number }> }> }).listings.filter(
        (l) => l.id === idA || l.id === idB,
      );
    };
    await expect.poll(async () => (await search()).length, { timeout: 2_000, interval: 50 }).toBe(1);
    expect((await search())[0]!.offers!.map((o) => o.listingId).sort()).toEqual([idA, idB].sort());

    // B takes the copy down: two homes again.
    expect((await call("POST", `/listings/${idB}/photos/${copy.json.photo.id}/delete`, keyB, {})).status).toBe(200);
    expect(await cluster(idB)).toBeNull();
    await expect.poll(async () => (await search()).length, { timeout: 2_000, interval: 50 }).toBe(2);
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
      const methods = [...source.matchAll(/\bendpoint(?:ByPath)?\(\s*"(GET|POST)"/g)].map((m) => m[1]);
      return methods.map((m) => `${m} /${path}`);
    });
    expect(documented).toEqual(declared.sort());
    expect(doc.components.schemas.ListingInput.required).toEqual(
      expect.arrayContaining(["channel", "propertyType", "price", "surface", "title", "address"]),
    );
  });
});

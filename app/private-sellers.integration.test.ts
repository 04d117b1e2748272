/**
 * Private sellers over HTTP (issue 24 item 1, docs/decisions/139), on each database, as a person uses the pages
 * without JavaScript: a signed-in user becomes a private seller, publishes through the form (errors next to the
 * fields, typed values kept), finds the listing through the search API with the private seller's label and
 * reaches them by contact and phone, edits the price, adds and removes a photo, withdraws it; a second seller and a hostile
 * one cannot see, edit or withdraw it by its id; signed-out posts are refused; bad input is 4xx, never 500.
 */
import sharp from "sharp";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVATE_SELLER_LIMITS } from "../core/publisher/private-seller.ts";
import type { Database } from "../db/schema.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser, loggedInClient } from "../test/users.ts";

type Page = { status: number; html: string; location: string | null };

/** The CSRF token the browser's page carries (every form of the portal has one). */
async function csrfOf(c: CookieClient, page: string): Promise<string> {
  return /name="csrf" value="([^"]*)"/.exec(await (await c.get(page, { accept: "text/html" })).text())?.[1] ?? "";
}

/**
 * Posts a form as a browser without JavaScript does: urlencoded, with the browser's CSRF token read from
 * `tokenPage` (the account page has a form for every signed-in user; a seller's list may have none).
 */
async function postForm(c: CookieClient, path: string, fields: Record<string, string>, tokenPage = "/account/"): Promise<Page> {
  const csrf = await csrfOf(c, tokenPage);
  const res = await c.request(path, {
    method: "POST",
    body: new URLSearchParams({ csrf, ...fields }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
  });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

async function getPage(c: CookieClient, path: string): Promise<Page> {
  const res = await c.get(path, { accept: "text/html" });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

/** The error shown under a field of the listing form (its id is campo-{name}-error). */
function fieldError(html: string, name: string): string | null {
  const text = new RegExp(`id="campo-${name}-error"[^>]*>([^<]*)<`).exec(html)?.[1];
  return text === undefined ? null : text.replaceAll("&#x27;", "'");
}

describe.each(databaseTargets)("private sellers on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  let seller: CookieClient;
  let sellerUserId: number;
  let publisherId: number;
  let listingId: number;
  let other: CookieClient;
  let place: { town: string; street: string };

  /** A listing the way a person fills the form in: Italian numbers, a real street of a real town. */
  const goodListing = () => ({
    intent: "save-listing",
    channel: "vendita",
    propertyType: "appartamento",
    town: place.town,
    street: place.street,
    streetNumber: "12",
    surface: "85",
    rooms: "3",
    baths: "1",
    floor: "2",
    price: "320.000",
    energyClass: "C",
    energyIndex: "95,5",
    description: "Trilocale luminoso al secondo piano, cucina abitabile, cantina e balcone sul cortile.",
  });

  const search = async (filters: Record<string, unknown>) => {
    const res = await fetch(`${portal.url}/portal-srp/api/v1/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ filters, size: 50 }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { total: number; listings: Array<{ id: number; price: unknown; publisher: Record<string, unknown> }> };
  };
  const inSearch = async (id: number) => (await search({ pId: publisherId, channel: "vendita" })).listings.find((l) => l.id === id);
  const statusOf = async (id: number) =>
    (await sql<{ status: string }>`SELECT status FROM published_listings WHERE listing_id = ${id}`.execute(db)).rows[0]?.status;

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, { env: { RATE_LIMIT_MULTIPLIER: "100" } });
    db = portal.database.db as unknown as Kysely<Database>;
    // A street listings of Milano use: it is in the street table the publishing path geocodes from.
    place = (
      await sql<{ town: string; street: string }>`
        SELECT t.name AS town, l.street FROM listings l JOIN places t ON t.id = l.town_id
        WHERE t.name = 'Milano' AND l.street ~ '^Via [A-Z][a-z]+$'
        ORDER BY l.id LIMIT 1`.execute(db)
    ).rows[0]!;
    expect(place).toBeDefined();
    const user = await createTestUser(db, "venditore.privato@example.it", "Segreta123", "Giulia Bianchi");
    sellerUserId = user.id;
    seller = await loggedInClient(portal.url, user);
    other = await loggedInClient(portal.url, await createTestUser(db, "altro.privato@example.it"));
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  it("sends a signed-out visitor to the login and back, and refuses their posts without writing", async () => {
    const anonymous = new CookieClient(portal.url);
    for (const path of ["/pubblica-annuncio/", "/pubblica-annuncio/nuovo/", "/pubblica-annuncio/1/modifica/"]) {
      const page = await getPage(anonymous, path);
      expect(page.status, path).toBe(302);
      expect(page.location, path).toBe(`/accedi/?redirect=${encodeURIComponent(path)}`);
    }
    expect((await getPage(anonymous, "/en/pubblica-annuncio/")).location).toBe(
      `/en/accedi/?redirect=${encodeURIComponent("/en/pubblica-annuncio/")}`,
    );
    const publishers = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM publishers`.execute(db)).rows[0]!.n);
    const before = await publishers();
    const become = await postForm(anonymous, "/pubblica-annuncio/", { intent: "become-seller", name: "Anonimo" }, "/accedi/");
    expect(become.status).toBe(303);
    expect(become.location).toMatch(/^\/accedi\/\?redirect=/);
    const publish = await postForm(anonymous, "/pubblica-annuncio/nuovo/", goodListing(), "/accedi/");
    expect(publish.status).toBe(303);
    // Without the page's token (a forged cross-site form): the action refuses it (403) and the page it would
    // show sends the visitor to the login.
    const forged = await anonymous.request("/pubblica-annuncio/", {
      method: "POST",
      body: "intent=become-seller&name=Anonimo",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/^\/accedi\/\?redirect=/);
    expect(await publishers()).toBe(before);
  });

  it("makes a signed-in user a private seller, after refusing a bad phone and keeping what was typed", async () => {
    const landing = await getPage(seller, "/pubblica-annuncio/");
    expect(landing.status).toBe(200);
    expect(landing.html).toContain("Diventa inserzionista privato");
    expect(landing.html).toContain('value="Giulia Bianchi"');

    const bad = await postForm(seller, "/pubblica-annuncio/", { intent: "become-seller", name: "Giulia Bianchi", phone: "chiamami" });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.html, "phone")).toBe("Scrivi un numero di telefono valido, per esempio 333 123 4567.");
    expect(bad.html).toContain('value="chiamami"');

    const made = await postForm(seller, "/pubblica-annuncio/", { intent: "become-seller", name: "Giulia Bianchi", phone: "333 765 4321" });
    expect(made.status).toBe(303);
    expect(made.location).toBe("/pubblica-annuncio/nuovo/");
    const row = (
      await sql<{ id: string; kind: string; name: string; phone: string; email: string }>`
        SELECT p.id, p.kind, p.name, p.phone, p.email FROM users u JOIN publishers p ON p.id = u.publisher_id WHERE u.id = ${sellerUserId}`.execute(
        db,
      )
    ).rows[0]!;
    expect(row).toMatchObject({ kind: "private", name: "Giulia Bianchi", phone: "+393337654321", email: "venditore.privato@example.it" });
    publisherId = Number(row.id);
    // A second click makes no second publisher.
    expect((await postForm(seller, "/pubblica-annuncio/", { intent: "become-seller", name: "Altra" })).location).toBe(
      "/pubblica-annuncio/nuovo/",
    );
    expect(
      Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM publishers WHERE email = 'venditore.privato@example.it'`.execute(db)).rows[0]!
          .n,
      ),
    ).toBe(1);
  });

  it("keeps zod out of the scripts the listing form's page loads at start (the server validates it)", async () => {
    for (const path of ["/pubblica-annuncio/", "/pubblica-annuncio/nuovo/"]) {
      const html = (await getPage(seller, path)).html;
      const preloads = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(preloads.length, path).toBeGreaterThan(3);
      for (const href of preloads) {
        expect((await (await fetch(`${portal.url}${href}`)).text()).includes("ZodError"), `${path} loads zod in ${href}`).toBe(false);
      }
    }
  });

  it("shows errors next to the fields in Italian and English, keeps what was typed, and publishes nothing", async () => {
    const count = async () =>
      Number(
        (await sql<{ n: string }>`SELECT count(*) AS n FROM published_listings WHERE publisher_id = ${publisherId}`.execute(db)).rows[0]!.n,
      );
    const missingEnergy = await postForm(seller, "/pubblica-annuncio/nuovo/", { ...goodListing(), energyClass: "", energyIndex: "" });
    expect(missingEnergy.status).toBe(400);
    expect(fieldError(missingEnergy.html, "energyClass")).toBe("La classe energetica è obbligatoria in ogni annuncio (D.Lgs. 192/2005)");
    expect(fieldError(missingEnergy.html, "energyIndex")).toBe(
      "L'indice di prestazione energetica (kWh/m² anno) è obbligatorio in ogni annuncio",
    );
    expect(missingEnergy.html).toContain('value="320.000"');
    expect(missingEnergy.html).toContain("cucina abitabile, cantina e balcone");

    const english = await postForm(seller, "/en/pubblica-annuncio/nuovo/", { ...goodListing(), energyClass: "", surface: "tanti" });
    expect(english.status).toBe(400);
    expect(fieldError(english.html, "surface")).toBe("Invalid value");
    expect(english.html).toContain('value="tanti"');

    const implausible = await postForm(seller, "/pubblica-annuncio/nuovo/", { ...goodListing(), price: "500" });
    expect(fieldError(implausible.html, "price")).toBe("Prezzo non plausibile per questa categoria");
    const unknownTown = await postForm(seller, "/pubblica-annuncio/nuovo/", { ...goodListing(), town: "Atlantide" });
    expect(fieldError(unknownTown.html, "town")).toBe("Comune sconosciuto: scrivi il nome di un comune italiano");
    // Two municipalities called Castro (Bergamo, Lecce): the province code tells them apart.
    const ambiguous = await postForm(seller, "/pubblica-annuncio/nuovo/", { ...goodListing(), town: "castro" });
    expect(fieldError(ambiguous.html, "town")).toBe(
      "Più comuni hanno questo nome: aggiungi la sigla della provincia (Castro (BG), Castro (LE))",
    );
    const castro = await postForm(seller, "/pubblica-annuncio/nuovo/", { ...goodListing(), town: "Castro (LE)" });
    expect(fieldError(castro.html, "town")).toBeNull();
    expect(fieldError(castro.html, "street")).toMatch(/^Via non trovata nello stradario del comune/);
    const unknownStreet = await postForm(seller, "/pubblica-annuncio/nuovo/", { ...goodListing(), street: "Via Che Non Esiste Affatto" });
    expect(fieldError(unknownStreet.html, "street")).toMatch(/^Via non trovata nello stradario del comune/);
    const badChoice = await postForm(seller, "/pubblica-annuncio/nuovo/", { ...goodListing(), channel: "affitto-breve" });
    expect(fieldError(badChoice.html, "channel")).toBe("Da privato puoi pubblicare in vendita o in affitto");
    // Not the form at all: a field far too long, an unknown intent.
    const tooLong = await postForm(seller, "/pubblica-annuncio/nuovo/", { ...goodListing(), street: "x".repeat(5_000) });
    expect(tooLong.status).toBe(400);
    expect((await postForm(seller, "/pubblica-annuncio/nuovo/", { intent: "drop-table" })).status).toBe(400);
    expect(await count()).toBe(0);
  });

  it("publishes through the form: the listing is in search with the private seller's label, and reaches the seller", async () => {
    const published = await postForm(seller, "/pubblica-annuncio/nuovo/", goodListing());
    expect(published.status, published.html.slice(0, 500)).toBe(303);
    const match = /^\/pubblica-annuncio\/(\d+)\/modifica\/\?pubblicato=1$/.exec(published.location ?? "");
    expect(match).not.toBeNull();
    listingId = Number(match![1]);
    expect(await statusOf(listingId)).toBe("online");

    await expect.poll(async () => (await inSearch(listingId))?.id, { timeout: 10_000, interval: 100 }).toBe(listingId);
    const card = (await inSearch(listingId))!;
    expect(card.publisher).toMatchObject({ publisherId, publisherType: "private", publisherName: "Giulia Bianchi", publisherPhone: null });
    const listing = (
      await sql<{ title: string; sellerType: string; price: number; energyIndex: number; street: string }>`
        SELECT title, seller_type AS "sellerType", price::int AS price, energy_index::float AS "energyIndex", street FROM listings WHERE id = ${listingId}`.execute(
        db,
      )
    ).rows[0]!;
    expect(listing).toMatchObject({ title: "Trilocale in vendita a Milano", sellerType: "privato", price: 320000, energyIndex: 95.5 });

    const page = await fetch(`${portal.url}/annunci/${listingId}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Contatta l&#x27;inserzionista");
    // Contact goes to the seller as for any private seller: the phone on their listing, a lead to their publisher.
    const phone = await fetch(`${portal.url}/portal-srp/api/v1/phonecall`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ publisherId, listingId, jwt: "", device: "PD" }),
    });
    expect(((await phone.json()) as { phone: string }).phone).toBe("+393337654321");
    const lead = await fetch(`${portal.url}/portal-srp/api/v1/mycasa/searchSpecific`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ listingId, name: "Maria Rossi", email: "maria@example.it", message: "Posso visitarlo sabato?" }),
    });
    expect(lead.status).toBe(201);
    expect(((await lead.json()) as { recipients: Array<{ publisherId: number }> }).recipients).toEqual([
      expect.objectContaining({ publisherId }),
    ]);

    const mine = await getPage(seller, "/pubblica-annuncio/");
    expect(mine.html).toContain(`data-listing-id="${listingId}"`);
    expect(mine.html).toContain("I tuoi annunci (1 online su 3)");
  });

  it("edits the price from the edit page; the search shows the new price", async () => {
    const edit = await getPage(seller, `/pubblica-annuncio/${listingId}/modifica/`);
    expect(edit.status).toBe(200);
    expect(edit.html).toContain('value="320000"');
    const bad = await postForm(seller, `/pubblica-annuncio/${listingId}/modifica/`, { ...goodListing(), price: "" });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.html, "price")).toBe("Campo obbligatorio");
    const saved = await postForm(seller, `/pubblica-annuncio/${listingId}/modifica/`, { ...goodListing(), price: "299.000" });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain("Modifiche salvate.");
    await expect
      .poll(async () => (await search({ pId: publisherId, channel: "vendita", price: { max: 300000 } })).listings.map((l) => l.id), {
        timeout: 10_000,
        interval: 100,
      })
      .toContain(listingId);
    const drops = await sql`SELECT 1 FROM listing_events WHERE listing_id = ${listingId} AND kind = 'price_drop'`.execute(db);
    expect(drops.rows.length).toBe(1);
  });

  it("confirms a listing from the list, so it does not expire (freshness)", async () => {
    await sql`UPDATE published_listings SET confirmed_at = now() - interval '20 days' WHERE listing_id = ${listingId}`.execute(db);
    const confirmedDaysAgo = async () =>
      Number(
        (
          await sql<{
            d: string;
          }>`SELECT extract(day FROM now() - confirmed_at) AS d FROM published_listings WHERE listing_id = ${listingId}`.execute(db)
        ).rows[0]!.d,
      );
    expect(await confirmedDaysAgo()).toBe(20);
    const confirmed = await postForm(seller, "/pubblica-annuncio/", { intent: "confirm-listing", listingId: String(listingId) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain("Annuncio confermato: resta online per altri 30 giorni.");
    expect(await confirmedDaysAgo()).toBe(0);
  });

  it("adds a photo through the plain file input, refusing what is not an image", async () => {
    const upload = async (file: Blob, name: string) => {
      const csrf = await csrfOf(seller, `/pubblica-annuncio/${listingId}/modifica/`);
      const body = new FormData();
      body.set("csrf", csrf);
      body.set("intent", "add-photo");
      body.set("photo", file, name);
      const res = await fetch(`${portal.url}/pubblica-annuncio/${listingId}/modifica/`, {
        method: "POST",
        body,
        headers: { cookie: seller.cookieHeader(), origin: portal.url, accept: "text/html" },
        redirect: "manual",
      });
      return { status: res.status, html: await res.text() };
    };
    // Over 15 MB: refused before the form is parsed.
    const huge = await upload(new Blob([new Uint8Array(16 * 1024 * 1024)], { type: "image/jpeg" }), "enorme.jpg");
    expect(huge.status).toBe(413);
    const notImage = await upload(new Blob(['<svg onload="alert(1)"></svg>'], { type: "image/svg+xml" }), "x.svg");
    expect(notImage.status).toBe(400);
    expect(fieldError(notImage.html, "photo")).not.toBeNull();
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const added = await upload(new Blob([new Uint8Array(png)], { type: "image/png" }), "soggiorno.png");
    expect(added.status).toBe(200);
    expect(added.html).toContain("Foto aggiunta.");
    expect((await sql<{ n: number }>`SELECT photo_count AS n FROM listings WHERE id = ${listingId}`.execute(db)).rows[0]!.n).toBe(1);
    expect((await getPage(seller, `/pubblica-annuncio/${listingId}/modifica/`)).html).toContain(
      `Foto (1 su ${PRIVATE_SELLER_LIMITS.photosPerListing})`,
    );
  });

  it("keeps a listing its seller's: another seller and a hostile id get 404 and change nothing", async () => {
    expect((await postForm(other, "/pubblica-annuncio/", { intent: "become-seller", name: "Paolo Neri" })).status).toBe(303);
    const price = async () =>
      (await sql<{ p: number }>`SELECT price::int AS p FROM listings WHERE id = ${listingId}`.execute(db)).rows[0]!.p;
    expect((await getPage(other, `/pubblica-annuncio/${listingId}/modifica/`)).status).toBe(404);
    const edit = await postForm(other, `/pubblica-annuncio/${listingId}/modifica/`, { ...goodListing(), price: "10.000" });
    expect(edit.status).toBe(404);
    const withdraw = await postForm(other, "/pubblica-annuncio/", { intent: "withdraw-listing", listingId: String(listingId) });
    expect(withdraw.status).toBe(404);
    const confirm = await postForm(other, "/pubblica-annuncio/", { intent: "confirm-listing", listingId: String(listingId) });
    expect(confirm.status).toBe(404);
    expect((await getPage(other, "/pubblica-annuncio/")).html).not.toContain(`data-listing-id="${listingId}"`);
    // Ids that are not theirs or not ids: a generator listing, unknown ones, text, overflow.
    const demo = (await sql<{ id: number }>`SELECT id::int AS id FROM listings ORDER BY id LIMIT 1`.execute(db)).rows[0]!.id;
    for (const id of [String(demo), "999999999", "abc", "-1", "1e3", "99999999999999999999"]) {
      const res = await postForm(other, "/pubblica-annuncio/", { intent: "withdraw-listing", listingId: id });
      expect([400, 404], id).toContain(res.status);
      expect([400, 404], id).toContain((await getPage(other, `/pubblica-annuncio/${encodeURIComponent(id)}/modifica/`)).status);
    }
    expect(await price()).toBe(299000);
    expect(await statusOf(listingId)).toBe("online");

    // The photo: only its seller removes it (another's request, and an id that is no photo of it, are 404).
    const photoId = (await sql<{ id: number }>`SELECT id::int AS id FROM listing_photos WHERE listing_id = ${listingId}`.execute(db))
      .rows[0]!.id;
    const photoCount = async () =>
      (await sql<{ n: number }>`SELECT photo_count AS n FROM listings WHERE id = ${listingId}`.execute(db)).rows[0]!.n;
    const path = `/pubblica-annuncio/${listingId}/modifica/`;
    expect((await postForm(other, path, { intent: "delete-photo", photoId: String(photoId) })).status).toBe(404);
    expect((await postForm(seller, path, { intent: "delete-photo", photoId: "999999999" })).status).toBe(404);
    expect((await postForm(seller, path, { intent: "delete-photo", photoId: "una" })).status).toBe(400);
    expect(await photoCount()).toBe(1);
    const deleted = await postForm(seller, path, { intent: "delete-photo", photoId: String(photoId) });
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain("Foto eliminata.");
    expect(await photoCount()).toBe(0);
  });

  it("keeps agencies and private sellers apart: each gets their own dashboard, and a seller has no keys or feeds", async () => {
    const agencyId = (await sql<{ id: number }>`SELECT id::int AS id FROM publishers WHERE kind = 'agency' ORDER BY id LIMIT 1`.execute(db))
      .rows[0]!.id;
    const agency = await loggedInClient(portal.url, { email: `agenzia${agencyId}@casa.example`, password: "CasaAgenzia2026" });
    expect((await getPage(agency, "/pubblica-annuncio/")).location).toBe("/area-agenzia/");
    expect((await getPage(agency, "/pubblica-annuncio/nuovo/")).location).toBe("/area-agenzia/");
    const agencyPost = await postForm(agency, "/pubblica-annuncio/nuovo/", goodListing());
    expect([agencyPost.status, agencyPost.location]).toEqual([303, "/area-agenzia/"]);
    expect(
      (await sql`SELECT 1 FROM published_listings WHERE publisher_id = ${agencyId} AND source = 'dashboard'`.execute(db)).rows,
    ).toEqual([]);
    expect((await getPage(seller, "/area-agenzia/")).location).toBe("/pubblica-annuncio/");
    const key = await postForm(seller, "/area-agenzia/", { intent: "create-key", label: "furbo" });
    expect(key.status).toBe(403);
    const feed = await postForm(
      seller,
      "/area-agenzia/",
      { intent: "set-feed-source", url: "https://example.com/f.xml", intervalMinutes: "60" },
      "/pubblica-annuncio/",
    );
    expect(feed.status).toBe(403);
    expect((await sql`SELECT 1 FROM publisher_api_keys WHERE publisher_id = ${publisherId}`.execute(db)).rows).toEqual([]);
    expect((await sql`SELECT 1 FROM feed_sources WHERE publisher_id = ${publisherId}`.execute(db)).rows).toEqual([]);
  });

  it(`holds a private seller to ${PRIVATE_SELLER_LIMITS.onlineListings} online listings, and withdraws one to free a place`, async () => {
    for (let n = 1; n < PRIVATE_SELLER_LIMITS.onlineListings; n++) {
      expect((await postForm(seller, "/pubblica-annuncio/nuovo/", { ...goodListing(), streetNumber: String(20 + n) })).status).toBe(303);
    }
    expect((await getPage(seller, "/pubblica-annuncio/")).html).toContain('data-testid="at-cap"');
    const over = await postForm(seller, "/pubblica-annuncio/nuovo/", goodListing());
    expect(over.status).toBe(400);
    expect(over.html).toContain("il massimo per un privato");

    const withdrawn = await postForm(seller, "/pubblica-annuncio/", { intent: "withdraw-listing", listingId: String(listingId) });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.html).toContain("Annuncio ritirato");
    expect(await statusOf(listingId)).toBe("withdrawn");
    await expect.poll(async () => (await inSearch(listingId))?.id ?? null, { timeout: 10_000, interval: 100 }).toBeNull();
    expect((await fetch(`${portal.url}/annunci/${listingId}/`)).status).toBe(410);
    // Gone: no more edit or withdraw, and its place is free again.
    expect((await getPage(seller, `/pubblica-annuncio/${listingId}/modifica/`)).status).toBe(404);
    expect((await postForm(seller, "/pubblica-annuncio/", { intent: "withdraw-listing", listingId: String(listingId) })).status).toBe(404);
    expect((await postForm(seller, "/pubblica-annuncio/nuovo/", goodListing())).status).toBe(303);
  });
});

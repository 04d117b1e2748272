/**
 * MyCasa records over HTTP, on each database (issue 11 items 3–6): favourites with the price at save
 * time, hidden ads left out of results, saved addresses, commute points, search history, the export
 * and the page without JavaScript. For every mycasa/* path a second user can never read, change or
 * delete the first user's records (by id, or by a body naming the other user); unknown ids and
 * hostile-but-valid fields get a 4xx with an Italian message; deleting the account deletes them all.
 */
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "../core/account/messages.ts";
import { MAX_ACCOUNT_FAVOURITES, mycasaMessages } from "../core/mycasa/records.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser, loggedInClient } from "../test/users.ts";
import { recordEndpoints, requestFor } from "../test/fuzz-inputs.ts";

const API = "/portal-srp/api/v1/mycasa";
type Json = Record<string, any>; // parsed JSON answers, read field by field

describe.each(databaseTargets)("MyCasa records over HTTP on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let anna: { id: number; email: string; password: string };
  let bruno: { id: number; email: string; password: string };
  let a: CookieClient;
  let b: CookieClient;
  /** Listings with a shown price, from one results page (Milano, for sale). */
  let ids: number[] = [];

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, { env: { TRUST_PROXY: "1", RATE_LIMIT_MULTIPLIER: "1000" } });
    const db = portal.database.db;
    anna = await createTestUser(db, `anna-${target}@casa.example`);
    bruno = await createTestUser(db, `bruno-${target}@casa.example`);
    a = await loggedInClient(portal.url, anna);
    b = await loggedInClient(portal.url, bruno);
    const html = await (await a.get("/vendita/case/milano/", { accept: "text/html" })).text();
    const onPage = [...html.matchAll(/<article class="result-card" data-listing-id="(\d+)"/g)].map((m) => Number(m[1]));
    const priced = await db
      .selectFrom("listings")
      .select("id")
      .where("id", "in", onPage)
      .where("isPrivateNegotiation", "=", false)
      .execute();
    ids = onPage.filter((id) => priced.some((p) => Number(p.id) === id));
    expect(ids.length).toBeGreaterThan(4);
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  const post = async (c: CookieClient, path: string, body: unknown) => {
    const res = await c.post(`${API}/${path}`, body);
    return { status: res.status, body: (await res.json()) as Json };
  };
  const expectError = (answer: { status: number; body: Json }, status: number, message: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.error.message).toBe(message);
  };

  it("refuses visitors, other sites and bodies that name another user, on every path", async () => {
    const paths = [
      "listing/upsert",
      "listing/remove-bookmark",
      "listings/get/basic",
      "listings/merge",
      "hidden",
      "hidden/add",
      "hidden/remove",
      "addresses/get",
      "addresses/add",
      "addresses/rename",
      "addresses/delete",
      "nearby",
      "nearby/add",
      "nearby/update",
      "nearby/delete",
      "nearby/sync",
      "history/searches",
      "history/searches/delete",
    ];
    const visitor = new CookieClient(portal.url);
    const crossSite = new CookieClient(portal.url, "https://evil.example");
    for (const [k, v] of b.jar) crossSite.jar.set(k, v);
    for (const path of paths) {
      expectError(await post(visitor, path, {}), 401, mycasaMessages.loginRequired);
      expectError(await post(crossSite, path, {}), 403, accountMessages.crossSite);
      // Bruno's session with a body naming Anna: by id, by the client's user object, by e-mail.
      for (const user of [anna.id, String(anna.id), { id: anna.id, username: anna.email }, anna.email]) {
        const answer = await post(b, path, { user });
        expect(answer.status, `${path} ${JSON.stringify(user)}`).toBe(403);
        expect(answer.body.error).toMatchObject({ message: mycasaMessages.otherUser, field: "user" });
      }
    }
    // The user's own object is fine.
    expect((await post(a, "listings/get/basic", { user: { id: anna.id, username: anna.email, displayName: "Anna" } })).status).toBe(200);
    expect((await a.get(`${API}/export`)).status).toBe(200);
    expect((await visitor.get(`${API}/export`)).status).toBe(401);
  });

  it("keeps favourites per user with the price seen when saved; nobody else reads or removes them", async () => {
    const [first, second] = ids as [number, number];
    const price = Number(
      (await portal.database.db.selectFrom("listings").select("price").where("id", "=", first).executeTakeFirstOrThrow()).price,
    );
    const saved = await post(a, "listing/upsert", { listingType: "bookmark", listingId: first, user: { id: anna.id } });
    expect(saved).toEqual({ status: 200, body: { statusCode: 200, data: { listingId: first, priceAtSave: price } } });
    expect((await post(a, "listing/upsert", { listingType: "bookmark", listingId: second })).status).toBe(200);
    // Saving again changes nothing (no duplicate, the first price kept).
    expect((await post(a, "listing/upsert", { listingType: "bookmark", listingId: first })).status).toBe(200);
    const list = (await post(a, "listings/get/basic", {})).body;
    expect(list.list.map((f: Json) => f.listingId)).toEqual([second, first]);
    expect(list.list[1].priceAtSave).toBe(price);

    expect((await post(b, "listings/get/basic", {})).body.list).toEqual([]);
    expectError(await post(b, "listing/remove-bookmark", { ids: [first, second] }), 404, mycasaMessages.favouriteNotFound);
    expect((await post(a, "listings/get/basic", {})).body.list).toHaveLength(2);

    expectError(
      await post(a, "listing/upsert", { listingType: "bookmark", listingId: 2_000_000_000 }),
      404,
      mycasaMessages.listingNotFound,
    );
    expectError(await post(a, "listing/upsert", { listingType: "bookmark", listingId: -3 }), 400, mycasaMessages.invalidField("listingId"));
    expectError(
      await post(a, "listing/upsert", { listingType: "search", listingId: first }),
      400,
      mycasaMessages.invalidField("listingType"),
    );
    expectError(await post(a, "listing/upsert", { listingId: first, userId: bruno.id }), 400, mycasaMessages.unknownField("userId"));
    expectError(await post(a, "listing/remove-bookmark", { ids: ["1"] }), 400, mycasaMessages.invalidField("ids.0"));

    const removed = await post(a, "listing/remove-bookmark", { ids: [second, 2_000_000_000] });
    expect(removed.body).toEqual({ statusCode: 200, data: { removed: [second] } });
  });

  it("merges a visitor's browser list at login with nothing lost, dropping listings that no longer exist", async () => {
    const c = await loggedInClient(portal.url, await createTestUser(portal.database.db, `merge-${target}@casa.example`));
    expect((await post(c, "listing/upsert", { listingType: "bookmark", listingId: ids[0] })).status).toBe(200);
    const merged = await post(c, "listings/merge", { ids: [ids[1], ids[0], 2_000_000_001, ids[2]] });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ added: [ids[1], ids[2]], notSaved: [], gone: [2_000_000_001] });
    // The browser's order is kept (newest first), after the favourite saved just before.
    expect(merged.body.list.map((f: Json) => f.listingId)).toEqual([ids[1], ids[2], ids[0]]);
  });

  it("sets a clear limit of 10,000 favourites per account", async () => {
    const user = await createTestUser(portal.database.db, `full-${target}@casa.example`);
    const db = portal.database.db;
    await sql`INSERT INTO user_favourites (user_id, listing_id, price_at_save, saved_at)
      SELECT ${user.id}, 1000000000 + g, 100000, now() - make_interval(secs => g) FROM generate_series(1, ${MAX_ACCOUNT_FAVOURITES}) AS g`.execute(
      db,
    );
    const c = await loggedInClient(portal.url, user);
    expect((await post(c, "listings/get/basic", {})).body.list).toHaveLength(MAX_ACCOUNT_FAVOURITES);
    expectError(await post(c, "listing/upsert", { listingType: "bookmark", listingId: ids[0] }), 409, mycasaMessages.favouritesFull);
    const merged = await post(c, "listings/merge", { ids: [ids[0], ids[1]] });
    expect(merged.body).toMatchObject({ added: [], notSaved: [ids[0], ids[1]], message: mycasaMessages.favouritesFull });
    // The MyCasa page shows them a page at a time.
    const page = await c.get("/mycasa/?pagina=3", { accept: "text/html" });
    const html = await page.text();
    expect(html).toContain("10.000 annunci preferiti");
    expect(html).toContain("Pagina 3 di 417");
  });

  it("hides ads from a user's results with the count, and shows them again; other users are not affected", async () => {
    const target = ids[3]!;
    const before = await (await a.get("/vendita/case/milano/", { accept: "text/html" })).text();
    const totalBefore = /data-testid="search-total">([\d.]+) annunci/.exec(before)![1]!;
    expect(before).toContain(`data-listing-id="${target}"`);
    expect(before).toContain(">Nascondi</button>");

    expect(await post(a, "hidden/add", { listingId: target })).toEqual({
      status: 200,
      body: { statusCode: 200, data: { listingId: target } },
    });
    expect((await post(a, "hidden/add", { listingId: target })).status).toBe(200); // twice: still one
    const after = await (await a.get("/vendita/case/milano/", { accept: "text/html" })).text();
    expect(after).not.toContain(`data-listing-id="${target}"`);
    expect(after).toContain("1 annuncio nascosto");
    const totalAfter = /data-testid="search-total">([\d.]+) annunci/.exec(after)![1]!;
    expect(Number(totalAfter.replace(/\./g, ""))).toBe(Number(totalBefore.replace(/\./g, "")) - 1);

    expect((await post(a, "hidden", {})).body.data.data.map((h: Json) => h.listingId)).toEqual([target]);
    expect((await post(b, "hidden", {})).body.data.data).toEqual([]);
    expect(await (await b.get("/vendita/case/milano/", { accept: "text/html" })).text()).toContain(`data-listing-id="${target}"`);
    expectError(await post(b, "hidden/remove", { ids: [target] }), 404, mycasaMessages.hiddenNotFound);
    expect((await post(a, "hidden", {})).body.data.data).toHaveLength(1);
    expectError(await post(a, "hidden/add", { listingId: 2_000_000_000 }), 404, mycasaMessages.listingNotFound);
    expectError(await post(a, "hidden/add", { listingId: 1.5 }), 400, mycasaMessages.invalidField("listingId"));

    expect((await post(a, "hidden/remove", { ids: [target] })).body).toEqual({ statusCode: 200, data: { removed: [target] } });
    expect(await (await a.get("/vendita/case/milano/", { accept: "text/html" })).text()).toContain(`data-listing-id="${target}"`);
  });

  it("saves, renames and deletes addresses only for their owner", async () => {
    const casa = await post(a, "addresses/add", {
      address: { name: "Casa", lat: 45.464203612345, lon: 9.189512345, address: "Via Roma", number: "12", town: "Milano" },
    });
    expect(casa.status).toBe(200);
    expect(casa.body.data).toMatchObject({
      name: "Casa",
      lat: 45.4642036,
      lon: 9.1895123,
      label: "Via Roma 12, Milano",
      isPin: false,
      parent: null,
    });
    const id = casa.body.data.id as number;
    expect(
      (await post(a, "addresses/add", { address: { name: "Casa dei nonni", lat: 41.9, lon: 12.5, address: "Via Appia", town: "Roma" } }))
        .status,
    ).toBe(200);
    expectError(
      await post(a, "addresses/add", { address: { name: "casa", lat: 40.85, lon: 14.26, address: "Via Toledo", town: "Napoli" } }),
      409,
      mycasaMessages.addressNameTaken("casa"),
    );
    expectError(
      await post(a, "addresses/add", { address: { name: "Scuola", lat: 91, lon: 9, address: "Via X" } }),
      400,
      mycasaMessages.invalidField("address.lat"),
    );
    expectError(
      await post(a, "addresses/add", { address: { name: "<script>", lat: 45, lon: 9, address: "Via X" } }),
      400,
      mycasaMessages.invalidField("address.name"),
    );

    expect((await post(b, "addresses/get", { from: "map" })).body.data).toEqual([]);
    expectError(await post(b, "addresses/rename", { id, name: "Mia" }), 404, mycasaMessages.addressNotFound);
    expectError(await post(b, "addresses/delete", { id }), 404, mycasaMessages.addressNotFound);
    expectError(await post(a, "addresses/delete", { id: 999_999_999 }), 404, mycasaMessages.addressNotFound);
    expectError(await post(a, "addresses/rename", { id: -1, name: "Mia" }), 400, mycasaMessages.invalidField("id"));

    expect((await post(a, "addresses/rename", { id, name: "Lavoro" })).body.data).toMatchObject({ id, name: "Lavoro" });
    expect((await post(a, "addresses/get", {})).body.data.map((x: Json) => x.name)).toEqual(["Lavoro", "Casa dei nonni"]);
    expect((await post(a, "addresses/delete", { id })).body).toEqual({ statusCode: 200, data: { id } });
    expect((await post(a, "addresses/get", {})).body.data.map((x: Json) => x.name)).toEqual(["Casa dei nonni"]);
  });

  it("keeps commute points in the stored format, one per lat/lon/mode/time, and syncs the browser's points", async () => {
    const home = {
      id: "dove-vivo",
      label: "Dove vivo",
      time_gap: 15,
      transport: "bike",
      town: "Milano",
      address: "Via Roma",
      lat: 45.464203612345,
      lon: 9.189512345,
    };
    const added = await post(a, "nearby/add", { nearby: home });
    expect(added.status).toBe(200);
    expect(added.body.result).toMatchObject({
      id: "dove-vivo",
      label: "h",
      type: "home",
      time_gap: 15,
      transport: "bike",
      number: "snc",
      lat: 45.4642036,
      lon: 9.1895123,
    });
    expect(added.body.result.updateDt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expectError(
      await post(a, "nearby/add", { nearby: { ...home, id: "custom-x", label: "Copia", lat: 45.46420361 } }),
      409,
      mycasaMessages.pointExists,
    );
    expectError(
      await post(a, "nearby/add", { nearby: { ...home, transport: "plane" } }),
      400,
      mycasaMessages.invalidField("nearby.transport"),
    );
    expectError(await post(a, "nearby/add", { nearby: { ...home, id: "constructor" } }), 400, mycasaMessages.invalidField("nearby.id"));

    expect((await post(b, "nearby", {})).body.result).toEqual([]);
    expectError(await post(b, "nearby/update", { id: "dove-vivo", nearby: { ...home, time_gap: 30 } }), 404, mycasaMessages.pointNotFound);
    expectError(await post(b, "nearby/delete", { id: "dove-vivo" }), 404, mycasaMessages.pointNotFound);
    expect((await post(a, "nearby", {})).body.result[0]).toMatchObject({ id: "dove-vivo", time_gap: 15 });

    const updated = await post(a, "nearby/update", { id: "dove-vivo", nearby: { ...home, time_gap: 30, transport: "car" } });
    expect(updated.body.result).toMatchObject({ id: "dove-vivo", time_gap: 30, transport: "car" });

    // The browser's points: the same home again (kept once), a work point, a duplicate by coordinates.
    const work = { id: "dove-lavoro", label: "Dove lavoro", time_gap: 20, transport: "walk", lat: 45.48, lon: 9.2 };
    const synced = await post(a, "nearby/sync", {
      nearbyAll: [{ ...home, time_gap: 30, transport: "car" }, work, { ...work, id: "custom-dup", label: "Ufficio" }],
    });
    expect(synced.body.result.map((p: Json) => `${p.id}:${p.label}`)).toEqual(["dove-vivo:h", "dove-lavoro:w"]);
    expect((await post(b, "nearby", {})).body.result).toEqual([]);

    expect((await post(a, "nearby/delete", { id: "dove-lavoro" })).body).toEqual({ result: { id: "dove-lavoro" } });
    expectError(await post(a, "nearby/delete", { id: "dove-lavoro" }), 404, mycasaMessages.pointNotFound);
  });

  it("records a logged-in user's searches, newest first, readable and deletable only by them", async () => {
    const c = await loggedInClient(portal.url, await createTestUser(portal.database.db, `history-${target}@casa.example`));
    await c.get("/vendita/case/milano/", { accept: "text/html" });
    await c.get("/affitto/case/roma/", { accept: "text/html" });
    await c.get("/vendita/case/milano/", { accept: "text/html" });
    // The page does not wait for its history rows: they may land late, and in any order.
    await expect
      .poll(async () => ((await post(c, "history/searches", {})).body.data as Json[]).map((h) => h.uri), { timeout: 5000 })
      .toEqual(["/vendita/case/milano/", "/affitto/case/roma/"]);
    const history = (await post(c, "history/searches", {})).body.data as Json[];
    expect(history[0]).toMatchObject({ localities: "Milano", filters: expect.stringContaining("vendita") });
    expect((await post(b, "history/searches", {})).body.data.some((h: Json) => h.id === history[0]!.id)).toBe(false);
    expectError(await post(b, "history/searches/delete", { ids: [history[0]!.id] }), 404, mycasaMessages.historyNotFound);
    expectError(await post(c, "history/searches/delete", {}), 400, mycasaMessages.invalidField("ids"));
    expect((await post(c, "history/searches/delete", { ids: [history[0]!.id] })).body.data.removed).toBe(1);
    expect((await post(c, "history/searches/delete", { all: true })).body.data.removed).toBe(1);
    // Visitors' searches are not recorded anywhere.
    await new CookieClient(portal.url).get("/vendita/case/torino/", { accept: "text/html" });
    const rows = await portal.database.db.selectFrom("userSearchHistory").select("uri").where("uri", "like", "%torino%").execute();
    expect(rows).toEqual([]);
  });

  it("shows MyCasa without JavaScript: tabs, cards with the price change, deletion by form; visitors go to login", async () => {
    const user = await createTestUser(portal.database.db, `page-${target}@casa.example`);
    const c = await loggedInClient(portal.url, user);
    const listing = ids[4]!;
    const db = portal.database.db;
    const { price } = await db.selectFrom("listings").select("price").where("id", "=", listing).executeTakeFirstOrThrow();
    expect((await post(c, "listing/upsert", { listingType: "bookmark", listingId: listing })).status).toBe(200);
    await db
      .updateTable("listings")
      .set({ price: Number(price) - 10_000 })
      .where("id", "=", listing)
      .execute();
    try {
      const res = await c.get("/mycasa/", { accept: "text/html" });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('href="/mycasa/ricerche/">Ricerche salvate</a>');
      expect(html).toContain("1 annuncio preferito");
      expect(html).toContain("Prezzo sceso di 10.000");
      expect(html).toContain(">Elimina dai preferiti</button>");
      expect(html).toContain('href="/portal-srp/api/v1/mycasa/export"');
      expect(html).toContain('data-testid="site-user-mycasa"');
      const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
      const form = (fields: Record<string, string>, path = "/mycasa/") =>
        c.request(path, {
          method: "POST",
          body: new URLSearchParams({ csrf, ...fields }).toString(),
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        });

      // An address by free text (the place search finds the street), then another user's id refused.
      const saved = await form({ intent: "add-address", name: "Casa", address: "Milano" }, "/mycasa/indirizzi/");
      expect(saved.status).toBe(303);
      expect(saved.headers.get("location")).toBe("/mycasa/indirizzi/?avviso=saved");
      const page = await (await c.get("/mycasa/indirizzi/", { accept: "text/html" })).text();
      expect(page).toMatch(/<strong>Casa<\/strong> · Milano/);
      const mine = (await post(c, "addresses/get", {})).body.data[0].id as number;
      expect((await form({ intent: "rename-address", id: String(mine), name: "Casa dei nonni" }, "/mycasa/indirizzi/")).status).toBe(303);
      expect((await post(c, "addresses/get", {})).body.data[0]).toMatchObject({ id: mine, name: "Casa dei nonni" });
      const english = await (await c.get("/en/mycasa/indirizzi/", { accept: "text/html" })).text();
      expect(english).toContain('<html lang="en"');
      expect(english).toContain("Saved addresses");
      expect(english).toContain(">Saved searches</a>");
      const annasAddress = (await post(a, "addresses/get", {})).body.data[0].id as number;
      const refused = await form({ intent: "delete-address", id: String(annasAddress) }, "/mycasa/indirizzi/");
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(mycasaMessages.addressNotFound);
      expect((await post(a, "addresses/get", {})).body.data.map((x: Json) => x.id)).toContain(annasAddress);
      const unknownPlace = await form({ intent: "add-address", name: "Scuola", address: "zzzzqqq" }, "/mycasa/indirizzi/");
      expect(unknownPlace.status).toBe(400);
      expect(await unknownPlace.text()).toContain(mycasaMessages.addressUnknown);

      const point = await form(
        { intent: "add-point", kind: "dove-lavoro", address: "Milano", mode: "walk", minutes: "20" },
        "/mycasa/indirizzi/",
      );
      expect(point.status).toBe(303);
      expect((await post(c, "nearby", {})).body.result[0]).toMatchObject({
        id: "dove-lavoro",
        label: "w",
        transport: "walk",
        time_gap: 20,
      });

      const removed = await form({ intent: "remove-favourite", listingId: String(listing) });
      expect(removed.status).toBe(303);
      expect((await post(c, "listings/get/basic", {})).body.list).toEqual([]);
      expect((await form({ intent: "remove-favourite", listingId: String(listing) })).status).toBe(400);

      // 'Nascondi' from a results card, without JavaScript: back to the results.
      const hidden = await form({ intent: "hide", listingId: String(listing), back: "/vendita/case/milano/" });
      expect(hidden.status).toBe(303);
      expect(hidden.headers.get("location")).toBe("/vendita/case/milano/");
      expect(await (await c.get("/mycasa/nascosti/", { accept: "text/html" })).text()).toContain(">Mostra di nuovo</button>");
      // Without the form token: refused.
      const noToken = await c.request("/mycasa/", {
        method: "POST",
        body: "intent=unhide-all",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      });
      expect(noToken.status).toBe(403);
    } finally {
      await db
        .updateTable("listings")
        .set({ price: Number(price) })
        .where("id", "=", listing)
        .execute();
    }

    const visitor = await new CookieClient(portal.url).get("/mycasa/", { accept: "text/html" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/accedi/?redirect=%2Fmycasa%2F");
    expect((await new CookieClient(portal.url).get("/en/mycasa/nascosti/", { accept: "text/html" })).headers.get("location")).toBe(
      "/en/accedi/?redirect=%2Fen%2Fmycasa%2Fnascosti%2F",
    );
    expect((await c.get("/mycasa/sconosciuta/", { accept: "text/html" })).status).toBe(404);
  });

  it("answers generated bodies from a logged-in user with a 2xx or a 4xx carrying a message, never a 5xx", async () => {
    const c = await loggedInClient(portal.url, await createTestUser(portal.database.db, `fuzz-${target}@casa.example`));
    expect(recordEndpoints.length).toBe(23);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...recordEndpoints).chain(requestFor), async (req) => {
        const res = await c.request(req.path, { method: req.method, body: req.body, headers: { "content-type": "application/json" } });
        const text = await res.text();
        expect(res.status, `${req.path} ${req.body?.slice(0, 300)} → ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(JSON.parse(text).error.message).toEqual(expect.any(String));
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it("exports all the user's data, and deleting the account deletes every record", async () => {
    const user = await createTestUser(portal.database.db, `export-${target}@casa.example`);
    const c = await loggedInClient(portal.url, user);
    await post(c, "listing/upsert", { listingType: "bookmark", listingId: ids[0] });
    await post(c, "hidden/add", { listingId: ids[1] });
    await post(c, "addresses/add", { address: { name: "Scuola", lat: 45.1, lon: 9.1, address: "Via Scuola" } });
    await post(c, "nearby/add", { nearby: { id: "custom-gym", label: "Palestra", time_gap: 10, transport: "walk", lat: 45.2, lon: 9.2 } });
    await c.get("/vendita/case/milano/", { accept: "text/html" });
    await expect.poll(async () => (await post(c, "history/searches", {})).body.data.length, { timeout: 5000 }).toBe(1);
    expect((await post(c, "searches/upsert", { searchData: { uri: "/affitto/case/roma/" }, title: "Roma in affitto" })).status).toBe(200);

    const res = await c.get(`${API}/export`);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="casa-i-miei-dati.json"');
    const data = (await res.json()) as Json;
    expect(data.account).toMatchObject({ id: user.id, email: user.email, hasPassword: true });
    expect(JSON.stringify(data)).not.toContain("argon2");
    expect(data.consents.map((x: Json) => x.kind).sort()).toEqual(["marketing", "privacy"]);
    expect(data.favourites.map((f: Json) => f.listingId)).toEqual([ids[0]]);
    expect(data.hiddenListings.map((h: Json) => h.listingId)).toEqual([ids[1]]);
    expect(data.addresses.map((x: Json) => x.name)).toEqual(["Scuola"]);
    expect(data.commutePoints.map((p: Json) => p.label)).toEqual(["Palestra"]);
    expect(data.searchHistory.map((h: Json) => h.uri)).toEqual(["/vendita/case/milano/"]);
    expect(data.savedSearches).toMatchObject([{ title: "Roma in affitto", alerts: expect.any(Array) }]);
    expect(JSON.stringify(data)).not.toContain(anna.email);

    expect((await c.post("/portal-srp/api/v1/user/delete", { password: user.password })).status).toBe(200);
    const db = portal.database.db;
    for (const table of [
      "user_favourites",
      "user_hidden_listings",
      "user_addresses",
      "user_commute_points",
      "user_search_history",
      "saved_searches",
    ]) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE user_id = ${user.id}`.execute(db);
      expect(rows[0]!.n, table).toBe(0);
    }
  });
});

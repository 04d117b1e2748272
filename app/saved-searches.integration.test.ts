/**
 * Saved searches over HTTP, on each database (seed 001 §7 "Saved searches and My{product}"): the bookmark
 * payload, serialize (stable hash), upsert (a duplicate updates), get, getBookmarkData, updateBoomark
 * (alert ids kept, a channel off is never), deleteBoomark; a second user who can never read, change or
 * delete the first user's searches; hostile-but-valid bodies answered 4xx in Italian; a saved search whose
 * place no longer exists shown flagged; the no-JavaScript pages /mycasa/ricerche/ and /mycasa/ricerche/salva/.
 */
import { hash as argon2Hash } from "@node-rs/argon2";
import type { Kysely } from "kysely";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMessages } from "../core/account/messages.ts";
import type { Database } from "../db/schema.ts";
import { createUser } from "../db/users.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";
import { requestFor, savedSearchEndpoints } from "../test/fuzz-inputs.ts";

const API = "/portal-srp/api/v1";
const MILANO = "IT-03-015146";
const ROMA = "IT-12-058091";
const RING: Array<[number, number]> = [
  [45.45, 9.15],
  [45.46, 9.2],
  [45.48, 9.22],
  [45.49, 9.17],
  [45.47, 9.12],
];

describe.each(databaseTargets)("saved searches over HTTP on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  let anna: CookieClient;
  let bruno: CookieClient;
  let annaId: number;
  let brunoId: number;

  async function login(email: string, password: string): Promise<{ client: CookieClient; id: number }> {
    const client = new CookieClient(portal.url);
    const res = await client.post(`${API}/user/login`, { email, password });
    expect(res.status).toBe(200);
    return { client, id: ((await res.json()) as { user: { id: number } }).user.id };
  }

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, BULK_CLIENT);
    db = portal.database.db as unknown as Kysely<Database>;
    await createUser(db, {
      email: "bruno@casa.example",
      displayName: "Bruno Neri",
      passwordHash: await argon2Hash("Segreta123"),
      consents: { privacy: true },
      emailVerified: true,
      now: new Date(),
    });
    ({ client: anna, id: annaId } = await login("demo@casa.example", "CasaDemo2026"));
    ({ client: bruno, id: brunoId } = await login("bruno@casa.example", "Segreta123"));
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  const json = async (res: Response) => (await res.json()) as Record<string, any>;

  it("refuses every endpoint without a session (401) and from another site (403)", async () => {
    const paths = [
      "sharedUtils/getBkmPayload",
      "mycasa/searches/serialize",
      "mycasa/searches/upsert",
      "mycasa/searches/get",
      "mycasa/searches/getBookmarkData",
      "mycasa/searches/updateBoomark",
      "mycasa/searches/deleteBoomark",
    ];
    const visitor = new CookieClient(portal.url);
    for (const path of paths) {
      const res = await visitor.post(`${API}/${path}`, { searchData: { locations: [MILANO] } });
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ error: { status: 401, message: accountMessages.notLoggedIn } });
      const cross = await anna.post(`${API}/${path}`, {}, { origin: "https://evil.example" });
      expect(cross.status, path).toBe(403);
      expect((await anna.get(`${API}/${path}`)).status, path).toBe(405);
    }
  });

  it("builds the bookmark payload with the default titles and the summary", async () => {
    const milano = await json(
      await anna.post(`${API}/sharedUtils/getBkmPayload`, {
        locations: [MILANO],
        filters: { price_max: 300000 },
        total: 42,
        searchType: "bookmark",
      }),
    );
    expect(milano.bkmPayload).toMatchObject({
      searchType: "bookmark",
      domain: "casa.it",
      title: "Milano",
      auctionAllowed: true,
      excludeAuctions: false,
      total: 42,
      user: { id: annaId },
      searchData: { filters: { zones: [MILANO], price_max: 300000 }, locations: [MILANO] },
    });
    expect(milano.bkmPayload.summary).toContain("fino a 300.000 €");
    const empty = await json(await anna.post(`${API}/sharedUtils/getBkmPayload`, {}));
    expect(empty.bkmPayload.title).toBe("Ovunque (tutte le località)");
    const map = await json(await anna.post(`${API}/sharedUtils/getBkmPayload`, { isFromMap: true, bbPolygon: [9.1, 45.4, 9.3, 45.5] }));
    expect(map.bkmPayload).toMatchObject({
      title: "Ricerca su Mappa",
      searchData: { filters: { geobounds: { bbox: [9.1, 45.4, 9.3, 45.5] } } },
    });
    const nearby = await json(
      await anna.post(`${API}/sharedUtils/getBkmPayload`, { activeNearby: { lat: 45.46, lon: 9.19, vehicle: "walk", time: 15 } }),
    );
    expect(nearby.bkmPayload.searchData.filters.nearby).toEqual({ lat: 45.46, lon: 9.19, vehicle: "walk", time: 15 });
    // The payload saves as is, and the hash it announces is the one serialize gives.
    const serialized = await json(await anna.post(`${API}/mycasa/searches/serialize`, { searchData: milano.bkmPayload.searchData }));
    expect(serialized.data.serialize.hash).toBe(milano.bkmPayload.hash);
  });

  it("serializes the same search to the same hash whatever the order of filters, places and polygon vertices", async () => {
    const a = await json(
      await anna.post(`${API}/mycasa/searches/serialize`, {
        searchData: { locations: [MILANO, ROMA], filters: { energyClass: ["A4", "B"], price_max: 300000, numRooms_min: 2 } },
      }),
    );
    const b = await json(
      await anna.post(`${API}/mycasa/searches/serialize`, {
        searchData: { locations: [ROMA, MILANO], filters: { numRooms_min: 2, price_max: 300000, energyClass: "B,A4", page: 3 } },
      }),
    );
    expect(a).toEqual(b);
    expect(a.statusCode).toBe(200);
    expect(a.data.serialize.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(a.data.serialize.str)).toMatchObject({ zones: [MILANO, ROMA], price_max: 300000 });
    const p1 = await json(
      await anna.post(`${API}/mycasa/searches/serialize`, { searchData: { filters: { geopolygon: { polygon: RING } } } }),
    );
    const p2 = await json(
      await anna.post(`${API}/mycasa/searches/serialize`, {
        searchData: { filters: { geopolygon: { polygon: [...RING.slice(2), ...RING.slice(0, 2)].reverse() } } },
      }),
    );
    expect(p2.data.serialize).toEqual(p1.data.serialize);
    const viaUri = await json(
      await anna.post(`${API}/mycasa/searches/serialize`, { searchData: { uri: "/vendita/case/milano/?price_max=300000&page=2" } }),
    );
    const viaFilters = await json(
      await anna.post(`${API}/mycasa/searches/serialize`, { searchData: { locations: [MILANO], filters: { price_max: 300000 } } }),
    );
    expect(viaUri.data.serialize).toEqual(viaFilters.data.serialize);
  });

  let milanoId = 0;
  let polygonId = 0;

  it("saves a search, and a duplicate save updates the same record", async () => {
    const first = await json(
      await anna.post(`${API}/mycasa/searches/upsert`, {
        user: { id: annaId },
        searchData: { locations: [MILANO], filters: { price_max: 300000, energyClass: ["B", "A4"] } },
        notifications: { hasEmail: true, emailFrequency: "daily", hasPush: false },
      }),
    );
    expect(first).toMatchObject({ statusCode: 200, created: true, searchUrl: "/vendita/case/milano/?price_max=300000&energyClass=A4,B" });
    milanoId = first.searchId;
    expect(first.data).toBe(milanoId);
    const again = await json(
      await anna.post(`${API}/mycasa/searches/upsert`, {
        searchData: { filters: { energyClass: "A4,B", zones: [MILANO], price_max: "300000" } },
        title: "  Casa   a Milano ",
      }),
    );
    expect(again).toMatchObject({ statusCode: 200, created: false, searchId: milanoId });

    const polygon = await json(
      await anna.post(`${API}/mycasa/searches/upsert`, {
        searchData: { filters: { geopolygon: { polygon: RING } } },
        notifications: { hasPush: true },
      }),
    );
    polygonId = polygon.searchId;
    const rotated = await json(
      await anna.post(`${API}/mycasa/searches/upsert`, {
        searchData: { filters: { geopolygon: { polygon: [...RING.slice(3), ...RING.slice(0, 3), RING[3]!] } } },
      }),
    );
    expect(rotated.searchId).toBe(polygonId);

    const list = await json(await anna.post(`${API}/mycasa/searches/get`, { user: annaId }));
    expect(list.statusCode).toBe(200);
    expect(list.savedsearchesData).toHaveLength(2);
    expect(list.provinces).toEqual(["IT-03-P015"]);
    const milano = list.savedsearchesData.find((s: { id: number }) => s.id === milanoId);
    expect(milano).toMatchObject({
      searchId: milanoId,
      title: "Casa a Milano",
      name: "Casa a Milano",
      customTitle: "Casa a Milano",
      province: "IT-03-P015",
      stale: false,
      searchType: "bookmark",
      notifications: { hasEmail: true, emailFrequency: "daily", hasPush: false, pushFrequency: "never" },
      searchData: { encodedProperties: { searchUrl: "/vendita/case/milano/?price_max=300000&energyClass=A4,B" }, locations: [MILANO] },
    });
    expect(milano.alerts).toEqual([
      { alertType: "mail", alertFrequency: "daily", searchAlertId: expect.any(Number) },
      { alertType: "push", alertFrequency: "never", searchAlertId: expect.any(Number) },
    ]);
    const shape = list.savedsearchesData.find((s: { id: number }) => s.id === polygonId);
    expect(shape).toMatchObject({
      title: "Ricerca su Mappa",
      notifications: { hasPush: true, pushFrequency: "immediately", hasEmail: false },
    });
    // The polygon restores exactly: the same vertices, from its canonical start.
    const restored = shape.searchData.filters.geopolygon.polygon as Array<[number, number]>;
    expect(new Set(restored.map((p) => p.join(",")))).toEqual(new Set(RING.map((p) => p.join(","))));
    const check = await json(await anna.post(`${API}/mycasa/searches/serialize`, { searchData: shape.searchData }));
    expect(check.data.serialize.hash).toBe(shape.hash);

    // An empty search is titled 'Ovunque (tutte le località)'.
    const anywhere = await json(await anna.post(`${API}/mycasa/searches/upsert`, { searchData: {} }));
    const got = await json(await anna.post(`${API}/mycasa/searches/getBookmarkData`, { id: anywhere.searchId }));
    expect(got.data.searches[0]).toMatchObject({
      name: "Ovunque (tutte le località)",
      notifications: { hasEmail: true, emailFrequency: "daily" },
    });
    await anna.post(`${API}/mycasa/searches/deleteBoomark`, { data: { searchType: "bookmark", id: [anywhere.searchId] } });
  });

  it("finds a saved search by its search (the saved-search check) or by id", async () => {
    const found = await json(
      await anna.post(`${API}/mycasa/searches/getBookmarkData`, {
        searchData: { uri: "/vendita/case/milano/?price_max=300000&energyClass=B,A4" },
      }),
    );
    expect(found.data.searches).toHaveLength(1);
    expect(found.data.searches[0]).toMatchObject({ searchId: milanoId, name: "Casa a Milano", searchAlerts: expect.any(Array) });
    const notSaved = await json(await anna.post(`${API}/mycasa/searches/getBookmarkData`, { searchData: { locations: [ROMA] } }));
    expect(notSaved).toEqual({ statusCode: 200, data: { searches: [] } });
    const unknown = await anna.post(`${API}/mycasa/searches/getBookmarkData`, { id: 99_999_999 });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { status: 404, message: "Ricerca salvata non trovata", field: "id" } });
  });

  it("updates the title and alerts, keeping the alert ids; a channel turned off is stored as never", async () => {
    const before = (await json(await anna.post(`${API}/mycasa/searches/getBookmarkData`, { id: milanoId }))).data.searches[0];
    const res = await anna.post(`${API}/mycasa/searches/updateBoomark`, {
      user: { id: annaId },
      bookmarkData: { searchId: milanoId },
      searchTitle: "Trilocali Milano",
      notifications: { hasEmail: false, emailFrequency: "daily", hasPush: true, pushFrequency: "daily" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ statusCode: 200, searchId: milanoId });
    const after = (await json(await anna.post(`${API}/mycasa/searches/getBookmarkData`, { id: milanoId }))).data.searches[0];
    expect(after.name).toBe("Trilocali Milano");
    expect(after.notifications).toEqual({ hasEmail: false, emailFrequency: "never", hasPush: true, pushFrequency: "daily" });
    expect(after.alerts.map((a: { searchAlertId: number }) => a.searchAlertId)).toEqual(
      before.alerts.map((a: { searchAlertId: number }) => a.searchAlertId),
    );
    // An empty title goes back to the default; editing the search into one already saved is a conflict.
    await anna.post(`${API}/mycasa/searches/updateBoomark`, { bookmarkData: { searchId: milanoId }, searchTitle: "" });
    expect((await json(await anna.post(`${API}/mycasa/searches/getBookmarkData`, { id: milanoId }))).data.searches[0].name).toBe("Milano");
    const clash = await anna.post(`${API}/mycasa/searches/updateBoomark`, {
      bookmarkData: { searchId: milanoId },
      bkmPayload: { searchData: { filters: { geopolygon: { polygon: RING } } } },
    });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({ error: { status: 409, message: "Hai già salvato questa ricerca" } });
  });

  it("never lets a second user read, change or delete the first user's searches", async () => {
    expect(await json(await bruno.post(`${API}/mycasa/searches/get`, {}))).toEqual({
      statusCode: 200,
      savedsearchesData: [],
      provinces: [],
    });
    expect((await bruno.post(`${API}/mycasa/searches/getBookmarkData`, { id: milanoId })).status).toBe(404);
    expect(
      (
        await json(
          await bruno.post(`${API}/mycasa/searches/getBookmarkData`, {
            searchData: { locations: [MILANO], filters: { price_max: 300000, energyClass: ["A4", "B"] } },
          }),
        )
      ).data.searches,
    ).toEqual([]);
    const update = await bruno.post(`${API}/mycasa/searches/updateBoomark`, {
      bookmarkData: { searchId: milanoId },
      searchTitle: "Mia",
      notifications: { hasEmail: true },
    });
    expect(update.status).toBe(404);
    expect(
      (await bruno.post(`${API}/mycasa/searches/deleteBoomark`, { data: { searchType: "bookmark", id: [milanoId, polygonId] } })).status,
    ).toBe(404);
    // Naming the first user in the body is refused, whatever the endpoint.
    for (const [path, body] of [
      ["mycasa/searches/get", { user: { id: annaId } }],
      ["mycasa/searches/upsert", { user: annaId, searchData: { locations: [ROMA] } }],
      ["mycasa/searches/deleteBoomark", { user: String(annaId), data: { id: [milanoId] } }],
      ["mycasa/searches/updateBoomark", { user: { id: annaId }, bookmarkData: { searchId: milanoId }, searchTitle: "x" }],
    ] as const) {
      const res = await bruno.post(`${API}/${path}`, body);
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({
        error: { status: 403, message: "Non puoi usare le ricerche salvate di un altro utente", field: "user" },
      });
    }
    // Bruno saving the same search gets his own record; Anna's is untouched.
    const own = await json(
      await bruno.post(`${API}/mycasa/searches/upsert`, {
        user: { id: brunoId },
        searchData: { locations: [MILANO], filters: { price_max: 300000, energyClass: ["A4", "B"] } },
      }),
    );
    expect(own.created).toBe(true);
    expect(own.searchId).not.toBe(milanoId);
    const annas = await json(await anna.post(`${API}/mycasa/searches/get`, {}));
    expect(annas.savedsearchesData.map((s: { id: number }) => s.id).sort()).toEqual([milanoId, polygonId].sort());
    expect(annas.savedsearchesData.find((s: { id: number }) => s.id === milanoId).notifications.pushFrequency).toBe("daily");
  });

  it("answers hostile but valid bodies with a clear 4xx, never a 5xx", async () => {
    const cases: Array<[string, unknown, number, RegExp]> = [
      ["mycasa/searches/upsert", { searchData: { locations: ["IT-99-999999"] } }, 400, /La località "IT-99-999999" non esiste più/],
      [
        "mycasa/searches/upsert",
        { searchData: { locations: [MILANO] }, notifications: { emailFrequency: "weekly" } },
        400,
        /notifications\.emailFrequency/,
      ],
      ["mycasa/searches/upsert", { searchData: { locations: [MILANO] }, title: "x".repeat(101) }, 400, /al massimo 100 caratteri/],
      ["mycasa/searches/upsert", { searchData: { locations: [MILANO] }, domain: "evil.example" }, 400, /domain/],
      ["mycasa/searches/upsert", { searchData: { filters: { price_max: "constructor" } } }, 400, /price/],
      ["mycasa/searches/upsert", { searchData: { uri: "/vendita/case/atlantide/" } }, 400, /uri/],
      [
        "mycasa/searches/upsert",
        {
          searchData: {
            filters: {
              geopolygon: {
                polygon: [
                  [45, 9],
                  [45.1, 9.1],
                  [45, 9.1],
                  [45.1, 9],
                ],
              },
            },
          },
        },
        400,
        /cross/,
      ],
      ["mycasa/searches/upsert", { searchData: { locations: [MILANO] }, isAdmin: true }, 400, /isAdmin: not a field/],
      ["mycasa/searches/updateBoomark", { bookmarkData: { searchId: "constructor" } }, 400, /bookmarkData/],
      ["mycasa/searches/updateBoomark", { bookmarkData: { searchId: 123456789 }, searchTitle: "x" }, 404, /Ricerca salvata non trovata/],
      ["mycasa/searches/deleteBoomark", { data: { id: [] } }, 400, /data\.id/],
      ["mycasa/searches/deleteBoomark", { data: { id: Array.from({ length: 51 }, (_, i) => i + 1) } }, 400, /data\.id/],
      ["mycasa/searches/getBookmarkData", {}, 400, /Indica la ricerca/],
      ["sharedUtils/getBkmPayload", { activeNearby: { lat: 45, lon: 9, vehicle: "plane", time: 15 } }, 400, /vehicle/],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await anna.post(`${API}/${path}`, body);
      const answer = await json(res);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      expect(answer.error.message).toMatch(message);
    }
  });

  it("shows a saved search whose place no longer exists flagged, and lets it be deleted", async () => {
    const row = await db
      .insertInto("savedSearches")
      .values({
        userId: annaId,
        hash: "0".repeat(32),
        serialized: JSON.stringify({ zones: ["IT-99-999999"] }),
        title: null,
        provinceId: "IT-99-P999",
        domain: "casa.it",
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const list = await json(await anna.post(`${API}/mycasa/searches/get`, {}));
    expect(list.savedsearchesData.find((s: { id: number }) => s.id === row.id)).toMatchObject({
      stale: true,
      title: "Località non più disponibile",
      searchData: { encodedProperties: { searchUrl: null } },
    });
    const page = await anna.get("/mycasa/ricerche/", { accept: "text/html" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Località non più disponibile");
    expect((await anna.post(`${API}/mycasa/searches/deleteBoomark`, { data: { searchType: "bookmark", id: row.id } })).status).toBe(200);
  });

  it("shows the saved state on the results page, and the pages work without JavaScript", async () => {
    const results = await (await anna.get("/vendita/case/milano/?price_max=300000&energyClass=A4,B", { accept: "text/html" })).text();
    expect(results).toMatch(/data-testid="save-search-button" data-state="saved-alarm"/);
    const unsaved = await (await anna.get("/vendita/case/roma/", { accept: "text/html" })).text();
    expect(unsaved).toMatch(/data-state="not-saved"/);
    expect(unsaved).toContain('href="/mycasa/ricerche/salva/?uri=%2Fvendita%2Fcase%2Froma%2F"');

    // A visitor goes through the login page and back.
    const visitor = await new CookieClient(portal.url).get("/mycasa/ricerche/salva/?uri=%2Fvendita%2Fcase%2Froma%2F", {
      accept: "text/html",
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(
      `/accedi/?redirect=${encodeURIComponent("/mycasa/ricerche/salva/?uri=%2Fvendita%2Fcase%2Froma%2F")}`,
    );
    expect((await new CookieClient(portal.url).get("/mycasa/ricerche/", { accept: "text/html" })).headers.get("location")).toBe(
      "/accedi/?redirect=%2Fmycasa%2Fricerche%2F",
    );

    const form = await (await bruno.get("/mycasa/ricerche/salva/?uri=%2Fvendita%2Fcase%2Froma%2F", { accept: "text/html" })).text();
    expect(form).toContain("AVVISAMI DEI NUOVI ANNUNCI");
    expect(form).toContain('placeholder="Dai un titolo alla tua ricerca"');
    expect(form).toContain("Escludi immobili all’asta");
    const csrf = /name="csrf" value="([^"]*)"/.exec(form)![1]!;
    const post = (path: string, fields: Record<string, string>) =>
      bruno.request(path, {
        method: "POST",
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      });
    expect((await post("/mycasa/ricerche/salva/", { uri: "/vendita/case/roma/", email: "daily", push: "never" })).status).toBe(403);
    const saved = await post("/mycasa/ricerche/salva/", {
      csrf,
      uri: "/vendita/case/roma/",
      email: "daily",
      push: "never",
      title: "Roma",
      excludeAuctions: "on",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/vendita/case/roma/?exclude_auction=true");

    const page = await (await bruno.get("/mycasa/ricerche/", { accept: "text/html" })).text();
    expect(page).toContain('<h2 id="ricerca-');
    expect(page).toContain(">Roma</h2>");
    expect(page).toContain("Email: Una volta al giorno · Push: Mai");
    const romaId = Number(/name="id" value="(\d+)"/.exec(page)![1]);
    const listed = await json(await bruno.post(`${API}/mycasa/searches/get`, {}));
    const roma = listed.savedsearchesData.find((s: { title: string }) => s.title === "Roma");
    expect(roma).toMatchObject({
      excludeAuctions: true,
      searchData: { encodedProperties: { searchUrl: "/vendita/case/roma/?exclude_auction=true" } },
    });
    // Bruno cannot change Anna's search through the page either.
    const foreign = await post("/mycasa/ricerche/", { csrf, intent: "delete", id: String(milanoId) });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("Ricerca salvata non trovata");
    const renamed = await post("/mycasa/ricerche/", {
      csrf,
      intent: "update",
      id: String(roma.id),
      title: "Roma senza aste",
      email: "never",
      push: "immediately",
    });
    expect(renamed.status).toBe(303);
    expect(renamed.headers.get("location")).toBe("/mycasa/ricerche/?avviso=aggiornata");
    expect(await (await bruno.get("/mycasa/ricerche/?avviso=aggiornata", { accept: "text/html" })).text()).toContain(
      "Email: Mai · Push: Subito",
    );
    expect(romaId).toBeGreaterThan(0);
    const removed = await post("/mycasa/ricerche/", { csrf, intent: "delete", id: String(roma.id) });
    expect(removed.headers.get("location")).toBe("/mycasa/ricerche/?avviso=eliminata");
    expect(
      (await json(await bruno.post(`${API}/mycasa/searches/get`, {}))).savedsearchesData.some((s: { id: number }) => s.id === roma.id),
    ).toBe(false);
    const en = await bruno.get("/en/mycasa/ricerche/", { accept: "text/html" });
    expect(en.status).toBe(200);
    expect(await en.text()).toContain("My saved searches");
  });

  it("deletes a search once; the second delete is a 404", async () => {
    const res = await anna.post(`${API}/mycasa/searches/deleteBoomark`, {
      user: { id: annaId },
      data: { searchType: "bookmark", id: [polygonId] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ statusCode: 200, deleted: 1 });
    expect((await anna.post(`${API}/mycasa/searches/deleteBoomark`, { data: { searchType: "bookmark", id: [polygonId] } })).status).toBe(
      404,
    );
  });

  it("keeps one record when the same search is saved many times at once, and deletes them with the account", async () => {
    await createUser(db, {
      email: "carla@casa.example",
      displayName: "Carla Bianchi",
      passwordHash: await argon2Hash("Segreta123"),
      consents: { privacy: true },
      emailVerified: true,
      now: new Date(),
    });
    const { client: carla, id: carlaId } = await login("carla@casa.example", "Segreta123");
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        carla
          .post(`${API}/mycasa/searches/upsert`, {
            searchData: { locations: i % 2 ? [ROMA, MILANO] : [MILANO, ROMA], filters: { numRooms_min: 2 } },
            title: `Tab ${i}`,
          })
          .then(json),
      ),
    );
    expect(new Set(answers.map((a) => a.searchId)).size).toBe(1);
    const rows = await db.selectFrom("savedSearches").select("id").where("userId", "=", carlaId).execute();
    expect(rows).toHaveLength(1);
    const alerts = await db.selectFrom("savedSearchAlerts").select("id").where("savedSearchId", "=", rows[0]!.id).execute();
    expect(alerts).toHaveLength(2);
    expect((await carla.post(`${API}/user/delete`, { password: "Segreta123" })).status).toBe(200);
    expect(await db.selectFrom("savedSearches").select("id").where("userId", "=", carlaId).execute()).toEqual([]);
    expect(await db.selectFrom("savedSearchAlerts").select("id").where("savedSearchId", "=", rows[0]!.id).execute()).toEqual([]);
  });

  it("refuses a new search past 200 saved ones, in Italian, but still updates a saved one", async () => {
    await createUser(db, {
      email: "dario@casa.example",
      displayName: "Dario Gallo",
      passwordHash: await argon2Hash("Segreta123"),
      consents: { privacy: true },
      emailVerified: true,
      now: new Date(),
    });
    const { client: dario, id: darioId } = await login("dario@casa.example", "Segreta123");
    const first = await json(await dario.post(`${API}/mycasa/searches/upsert`, { searchData: { locations: [MILANO] } }));
    await db
      .insertInto("savedSearches")
      .values(
        Array.from({ length: 199 }, (_, i) => ({
          userId: darioId,
          hash: `f${String(i).padStart(31, "0")}`,
          serialized: JSON.stringify({ price_max: 1000 + i }),
          title: null,
          provinceId: null,
          domain: "casa.it",
          createdAt: new Date(),
          updatedAt: new Date(),
        })),
      )
      .execute();
    const refused = await dario.post(`${API}/mycasa/searches/upsert`, { searchData: { locations: [ROMA] } });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toMatch(/^Hai raggiunto il numero massimo di ricerche salvate \(200\)/);
    const again = await json(
      await dario.post(`${API}/mycasa/searches/upsert`, { searchData: { locations: [MILANO] }, title: "Ancora Milano" }),
    );
    expect(again).toMatchObject({ statusCode: 200, searchId: first.searchId, created: false });
  });

  it("answers generated bodies from a logged-in user with a 2xx or a 4xx carrying a message, never a 5xx", async () => {
    const fuzzer = (await login("bruno@casa.example", "Segreta123")).client;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...savedSearchEndpoints).chain(requestFor), async (req) => {
        const res = await fuzzer.request(req.path, { method: "POST", body: req.body, headers: { "content-type": "application/json" } });
        const text = await res.text();
        expect(res.status, `${req.path} ${req.body?.slice(0, 300)} → ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(JSON.parse(text).error.message).toEqual(expect.any(String));
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});

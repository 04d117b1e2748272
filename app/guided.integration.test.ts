/**
 * The guided flow's endpoints over HTTP (issue 25 item 2, docs/decisions/102): each step validated (4xx naming
 * the field), the where step's place search, the live count equal to the results page's total, rooms and
 * bathrooms availability, the save for a logged-in user only, with e-mail alerts and the hash a results page's
 * save gives; and the no-JavaScript pages from the first step to the thank-you page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";
import { createTestUser, loggedInClient } from "../test/users.ts";

const API = "/portal-srp/api/v1/cerca-casa";
/** An area drawn around Milano's centre, in the results map's `geopolygon` text (lat,lon;…). */
const AREA = "45.48,9.16;45.48,9.21;45.45,9.21;45.45,9.16";
/** The same area as the results map might write it: starting at another corner and turning the other way. */
const AREA_TURNED = "45.45,9.21;45.48,9.21;45.48,9.16;45.45,9.16";

describe.each(databaseTargets)("guided flow on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let visitor: CookieClient;
  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, BULK_CLIENT);
    visitor = new CookieClient(portal.url);
  }, 300_000);
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  const post = async (client: CookieClient, path: string, body: unknown) => {
    const res = await client.post(`${API}${path}`, body);
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };

  it("validates each step and names the field", async () => {
    const first = await post(visitor, "", { step: "parametri", queryFilters: { contratto: "vendita", tipologia: "appartamento" } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ next: "dove", queryFilters: { contratto: "vendita", tipologia: "appartamento" } });
    for (const [body, field] of [
      [{ step: "parametri", queryFilters: { contratto: "permuta" } }, "queryFilters.contratto"],
      [{ step: "parametri", queryFilters: { tipologia: "castello" } }, "queryFilters.tipologia"],
      [{ step: "budget", queryFilters: { luogo: "IT-03-015146", prezzoMax: "tanti" } }, "queryFilters.prezzoMax"],
      [{ step: "budget", queryFilters: { luogo: "IT-03-015146", prezzoMin: 300000, prezzoMax: 100000 } }, "queryFilters.prezzoMax"],
      [{ step: "locali", queryFilters: { luogo: "IT-03-015146", locali: 9 } }, "queryFilters.locali"],
      [{ step: "filtri", queryFilters: { luogo: "IT-03-015146", filtri: ["maggiordomo"] } }, "queryFilters.filtri.0"],
      [{ step: "budget", queryFilters: {} }, "queryFilters.luogo"],
      [{ step: "dove", q: "zzqxwv" }, "q"],
      [{ step: "viaggio" }, "step"],
      [{ step: "dove", extra: 1 }, "extra"],
      // An area drawn on the map (docs/decisions/134): unreadable, too few points, crossing edges, with a place too.
      [{ step: "budget", queryFilters: { geopolygon: "45.48,9.16;tanti" } }, "queryFilters.geopolygon"],
      [{ step: "budget", queryFilters: { geopolygon: "45.48,9.16;45.48,9.21" } }, "queryFilters.geopolygon"],
      [{ step: "budget", queryFilters: { geopolygon: "45.48,9.16;45.45,9.21;45.48,9.21;45.45,9.16" } }, "queryFilters.geopolygon"],
      [{ step: "budget", queryFilters: { geopolygon: "95,9.16;45.48,9.21;45.45,9.21" } }, "queryFilters.geopolygon"],
      [{ step: "budget", queryFilters: { luogo: "IT-03-015146", geopolygon: AREA } }, "queryFilters.geopolygon"],
    ] as const) {
      const res = await post(visitor, "", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.field, JSON.stringify(body)).toBe(field);
    }
    const cross = await visitor.post(API, { step: "parametri" }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
  });

  it("resolves the place, counts as the results page does and tells rooms and bathrooms availability", async () => {
    const where = await post(visitor, "", { step: "dove", q: "Milano", queryFilters: { contratto: "vendita" } });
    expect(where.status).toBe(200);
    // With its box: the where step's map opens there (docs/decisions/134).
    expect(where.json.place).toMatchObject({ id: "IT-03-015146", name: "Milano" });
    const [west, south, east, north] = where.json.place.bbox as number[];
    expect(west! < 9.19 && 9.19 < east! && south! < 45.46 && 45.46 < north!).toBe(true);
    const budget = await post(visitor, "", { step: "budget", queryFilters: { ...where.json.queryFilters, prezzoMax: 300000 } });
    expect(budget.json.uri).toBe("/vendita/case/milano/?price_max=300000");
    const results = await (
      await fetch(`${portal.url}/portal-srp/api/v1/search/availableresults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ uri: budget.json.uri }),
      })
    ).json();
    expect(budget.json.count).toBe(results.total ?? results.count);
    const available = await post(visitor, "/available", { step: "locali", queryFilters: budget.json.queryFilters });
    expect(available.status).toBe(200);
    const rooms = available.json.rooms as { value: number; count: number }[];
    expect(rooms.map((r) => r.value)).toEqual([1, 2, 3, 4, 5]);
    expect(rooms[0]!.count).toBe(budget.json.count);
    for (let i = 1; i < rooms.length; i++) expect(rooms[i]!.count).toBeLessThanOrEqual(rooms[i - 1]!.count);
    expect((available.json.baths as unknown[]).length).toBe(3);
  });

  it("reads the chat's free text with the project's own parsers into the same state and search as the steps", async () => {
    const params = await post(visitor, "/chat", { step: "parametri", q: "Cerco un appartamento in affitto" });
    expect(params.status).toBe(200);
    expect(params.json.queryFilters).toEqual({ contratto: "affitto", tipologia: "appartamento" });
    expect(params.json.understood).toEqual({ contratto: "affitto", tipologia: "appartamento" });
    const where = await post(visitor, "/chat", { step: "dove", q: "milano", queryFilters: params.json.queryFilters });
    expect(where.json.place).toMatchObject({ id: "IT-03-015146", name: "Milano" });
    const budget = await post(visitor, "/chat", { step: "budget", q: "tra 800 e 1.500 € al mese", queryFilters: where.json.queryFilters });
    expect(budget.json.queryFilters).toMatchObject({ prezzoMin: "800", prezzoMax: "1500" });
    const rooms = await post(visitor, "/chat", { step: "locali", q: "un bilocale con 2 bagni", queryFilters: budget.json.queryFilters });
    expect(rooms.json.understood).toEqual({ locali: 2, bagni: 2 });
    const features = await post(visitor, "/chat", { step: "filtri", q: "balcone e ascensore", queryFilters: rooms.json.queryFilters });
    expect(features.json.queryFilters.filtri).toBe("lift,balcony");
    // The same answers through the step endpoint: the same search, the same count.
    const plain = await post(visitor, "", {
      step: "filtri",
      queryFilters: {
        contratto: "affitto",
        tipologia: "appartamento",
        luogo: "IT-03-015146",
        prezzoMin: 800,
        prezzoMax: 1500,
        locali: 2,
        bagni: 2,
        filtri: ["lift", "balcony"],
      },
    });
    expect(features.json.uri).toBe(plain.json.uri);
    expect(features.json.count).toBe(plain.json.count);
    for (const body of [
      { step: "budget", q: "tanti soldi", queryFilters: where.json.queryFilters },
      { step: "budget", queryFilters: where.json.queryFilters },
      { step: "dove", q: "zzqxwv" },
      { step: "locali", q: "grande", queryFilters: where.json.queryFilters },
    ]) {
      const res = await post(visitor, "/chat", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.field, JSON.stringify(body)).toBe("q");
    }
  });

  it("saves for a logged-in user only, with e-mail alerts and the hash of the same search saved from its results page", async () => {
    const state = { contratto: "affitto", luogo: "IT-03-015146", prezzoMax: 1500, locali: 2 };
    expect((await post(visitor, "/savealert", { step: "salva", queryFilters: state })).status).toBe(401);
    const user = await createTestUser(portal.database.db, `guidato-${target}@example.com`);
    const client = await loggedInClient(portal.url, user);
    const saved = await post(client, "/savealert", { step: "salva", queryFilters: state });
    expect(saved.status).toBe(200);
    expect(saved.json.searchUrl).toBe("/affitto/case/milano/?price_max=1500&numRooms_min=2");
    const fromResults = await client.post("/portal-srp/api/v1/mycasa/searches/serialize", { searchData: { uri: saved.json.searchUrl } });
    expect((await fromResults.json()).data.serialize.hash).toBe(saved.json.hash);
    const list = await (await client.post("/portal-srp/api/v1/mycasa/searches/get", {})).json();
    const entry = JSON.stringify(list);
    expect(entry).toContain('"emailFrequency":"immediately"');
    // Saved again from the results page: the same search, not a second one.
    const again = await (
      await client.post("/portal-srp/api/v1/mycasa/searches/upsert", { searchData: { uri: saved.json.searchUrl } })
    ).json();
    expect(again).toMatchObject({ created: false, searchId: saved.json.id });
    // A commute time instead of a place: the where step turns the place into the point it starts from.
    const where = await post(visitor, "", { step: "dove", q: "Milano", queryFilters: { contratto: "affitto", mezzo: "bike", minuti: 15 } });
    expect(where.status).toBe(200);
    expect(where.json.queryFilters).toMatchObject({ mezzo: "bike", minuti: "15", da: "Milano" });
    expect(where.json.queryFilters.vicino).toMatch(/^45\.\d+,9\.\d+$/);
    expect(where.json.queryFilters.luogo).toBeUndefined();
    const commute = await post(client, "/savealert", { step: "salva", queryFilters: where.json.queryFilters });
    expect(commute.status).toBe(200);
    expect(commute.json.searchUrl).toContain("nearby");
    const commuteFromResults = await client.post("/portal-srp/api/v1/mycasa/searches/serialize", {
      searchData: { uri: commute.json.searchUrl },
    });
    expect((await commuteFromResults.json()).data.serialize.hash).toBe(commute.json.hash);
    const thanks = await post(client, "/thankyou", { step: "grazie" });
    expect(thanks.json.title).toBe("Grazie! La tua ricerca è salvata");
  });

  it("searches an area drawn on the map as the results map does, and saves it with the results map's hash", async () => {
    // The area answers 'where': the place typed to move the map is not searched.
    const where = await post(visitor, "", { step: "dove", queryFilters: { contratto: "vendita", geopolygon: AREA } });
    expect(where.status).toBe(200);
    expect(where.json).toMatchObject({ next: "budget", place: null, queryFilters: { contratto: "vendita", geopolygon: AREA } });
    const budget = await post(visitor, "", { step: "budget", queryFilters: { ...where.json.queryFilters, prezzoMax: 900000 } });
    expect(budget.status).toBe(200);
    expect(budget.json.uri).toBe(`/vendita/case/?price_max=900000&geopolygon=${AREA}`);
    const results = await (
      await fetch(`${portal.url}/portal-srp/api/v1/search/availableresults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ uri: `/vendita/case/mappa/?price_max=900000&geopolygon=${AREA_TURNED}` }),
      })
    ).json();
    expect(budget.json.count).toBe(results.total ?? results.count);
    expect(budget.json.count).toBeGreaterThan(0);
    const available = await post(visitor, "/available", { step: "locali", queryFilters: budget.json.queryFilters });
    expect((available.json.rooms as { count: number }[])[0]!.count).toBe(budget.json.count);
    // The canonical text: however the numbers were written.
    const padded = await post(visitor, "", {
      step: "budget",
      queryFilters: { geopolygon: "45.480000,9.16;45.48,9.210;45.45,9.21;45.45,9.16" },
    });
    expect(padded.json.queryFilters.geopolygon).toBe(AREA);

    const user = await createTestUser(portal.database.db, `mappa-${target}@example.com`);
    const client = await loggedInClient(portal.url, user);
    const saved = await post(client, "/savealert", { step: "salva", queryFilters: budget.json.queryFilters });
    expect(saved.status).toBe(200);
    expect(saved.json.searchUrl).toContain("geopolygon=");
    // The results map's save of the same area (its own URL, drawn from another corner): the same hash, the same search.
    const mapUri = `/vendita/case/mappa/?price_max=900000&geopolygon=${AREA_TURNED}`;
    const fromResults = await client.post("/portal-srp/api/v1/mycasa/searches/serialize", { searchData: { uri: mapUri } });
    expect((await fromResults.json()).data.serialize.hash).toBe(saved.json.hash);
    const again = await (await client.post("/portal-srp/api/v1/mycasa/searches/upsert", { searchData: { uri: mapUri } })).json();
    expect(again).toMatchObject({ created: false, searchId: saved.json.id });
  });

  it("works as plain pages without JavaScript, step by step", async () => {
    const page = async (path: string) => {
      const res = await fetch(`${portal.url}${path}`, { redirect: "manual" });
      return { status: res.status, html: await res.text() };
    };
    const first = await page("/cerca-casa/");
    expect(first.status).toBe(200);
    expect(first.html).toContain("Cosa cerchi?");
    expect(first.html).toContain('name="passo" value="dove"');
    const where = await page("/cerca-casa/?passo=dove&contratto=vendita");
    expect(where.html).toContain('name="passo" value="budget"');
    const budget = await page("/cerca-casa/?passo=budget&contratto=vendita&q=Milano");
    expect(budget.status).toBe(200);
    expect(budget.html).toContain('name="luogo" value="IT-03-015146"');
    expect(budget.html).toMatch(/annunci corrispondono alla tua ricerca/);
    const notFound = await page("/cerca-casa/?passo=budget&contratto=vendita&q=zzqxwv");
    expect(notFound.status).toBe(400);
    expect(notFound.html).toContain("Non abbiamo trovato questo luogo");
    const bad = await page("/cerca-casa/?passo=locali&contratto=vendita&luogo=IT-03-015146&prezzoMax=tanti");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('name="prezzoMax"');
    const rooms = await page("/cerca-casa/?passo=locali&contratto=vendita&luogo=IT-03-015146&prezzoMax=300000");
    expect(rooms.html).toContain('data-testid="locali-2"');
    // The where step's commute time: within 15 minutes by bike of the typed place.
    const commute = await page("/cerca-casa/?passo=budget&contratto=vendita&q=Milano&modo=tempo&minuti=15&mezzo=bike");
    expect(commute.status).toBe(200);
    expect(commute.html).toMatch(/name="vicino" value="45\.\d+,9\.\d+"/);
    expect(commute.html).toContain('name="minuti" value="15"');
    expect(commute.html).not.toContain('name="luogo"');
    expect(commute.html).toMatch(/[\d.]+ annunc[io] corrispond/);
    // The map area needs JavaScript: not offered on the server-rendered page; a map answer without an area is refused.
    expect(where.html).not.toContain('value="mappa"');
    const noArea = await page("/cerca-casa/?passo=budget&contratto=vendita&modo=mappa&q=Milano");
    expect(noArea.status).toBe(400);
    expect(noArea.html).toContain("Disegna l&#x27;area sulla mappa, oppure cerca per luogo");
    const badArea = await page(`/cerca-casa/?passo=budget&contratto=vendita&geopolygon=${encodeURIComponent("45.48,9.16;45.48,9.21")}`);
    expect(badArea.status).toBe(400);
    expect(badArea.html).toContain("Disegna almeno tre punti per chiudere l&#x27;area.");
    const area = await page(`/cerca-casa/?passo=budget&contratto=vendita&modo=mappa&q=Milano&geopolygon=${encodeURIComponent(AREA)}`);
    expect(area.status).toBe(200);
    expect(area.html).toContain(`name="geopolygon" value="${AREA}"`);
    expect(area.html).not.toContain('name="luogo"');
    expect(area.html).toMatch(/[\d.]+ annunc[io] corrispond/);
    const save = await page("/cerca-casa/?passo=salva&contratto=vendita&luogo=IT-03-015146&prezzoMax=300000&locali=2");
    expect(save.html).toContain("/accedi/?redirect=");
  });
});

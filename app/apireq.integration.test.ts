/** The apireq endpoints over HTTP (seed 000 §7): search URLs in and out, and the pager, on each database. */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";

const MILANO = "IT-03-015146";
const ROMA = "IT-12-058091";
const DUOMO = "IT-03-015146-NIL01";

describe.each(databaseTargets)("apireq endpoints on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${portal.url}/portal-srp/api/v1/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, BULK_CLIENT);
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  describe("POST apireq", () => {
    it("builds the canonical uri, the size and the normalised query with modifiers", async () => {
      const { status, body } = await post("apireq", {
        locations: [{ id: MILANO }],
        filters: { price_max: "300000", sortType: "prezzo-crescente", utm_source: "newsletter", mq_min: "all" },
        pageType: "srp",
      });
      expect(status).toBe(200);
      expect(body.uri).toBe("/vendita/case/milano/?price_max=300000&sortType=prezzo-crescente");
      expect(body.size).toBe(25);
      expect(body.query).toMatchObject({
        channel: "vendita",
        group: "case",
        places: [MILANO],
        sort: "prezzo_crescente",
        page: 1,
        filters: { price: { max: 300000 } },
        modifiers: { pageType: "list", locale: "it", activeFilters: 1 },
      });
      expect(body.filters).toEqual({ zones: [MILANO], price_max: 300000, sortType: "prezzo-crescente" });
    });

    it("gives the map its page size and English its /en uri", async () => {
      const { body } = await post("apireq", {
        locations: [ROMA],
        filters: { channel: "affitto", numRooms_min: 2, numRooms_max: 2 },
        pageType: "map",
        locale: "en",
      });
      expect(body.uri).toBe("/en/affitto/case/roma/bilocali/");
      expect(body.size).toBe(20);
      expect(body.query.modifiers).toEqual({ pageType: "map", locale: "en", activeFilters: 1 });
      const sized = await post("apireq", { apireqParams: { size: 50 } });
      expect(sized.body).toMatchObject({ uri: "/vendita/case/", size: 50 });
    });

    it("refuses unknown places, bad filters and unknown keys with a 400 naming the field", async () => {
      const unknownPlace = await post("apireq", { locations: [MILANO, "IT-99-999999"] });
      expect(unknownPlace).toMatchObject({ status: 400, body: { error: { field: "locations.1" } } });
      expect(unknownPlace.body.error.message).toMatch(/unknown place "IT-99-999999"/);
      const badRange = await post("apireq", { filters: { price_min: 500000, price_max: 100000 } });
      expect(badRange).toMatchObject({ status: 400, body: { error: { field: "filters.price" } } });
      const badKey = await post("apireq", { filters: {}, page: 3 });
      expect(badKey.status).toBe(400);
      expect(badKey.body.error.message).toMatch(/page/);
      const badType = await post("apireq", { pageType: "casa" });
      expect(badType).toMatchObject({ status: 400, body: { error: { field: "pageType" } } });
    });
  });

  describe("POST apireq/searchParamsForUrl", () => {
    it("decodes a page URL into the apireq and says whether it was canonical", async () => {
      const { status, body } = await post("apireq/searchParamsForUrl", {
        uri: "/affitto/case/roma/bilocali/?utm_source=x&sortType=prezzo_crescente",
      });
      expect(status).toBe(200);
      expect(body.query).toMatchObject({
        channel: "affitto",
        places: [ROMA],
        filters: { rooms: { min: 2, max: 2 } },
        sort: "prezzo_crescente",
      });
      expect(body.uri).toBe("/affitto/case/roma/bilocali/?sortType=prezzo-crescente");
      expect(body.canonical).toBe("/affitto/case/roma/bilocali/?sortType=prezzo-crescente");
      expect(body.isCanonical).toBe(false);
      const again = await post("apireq/searchParamsForUrl", { uri: body.canonical });
      expect(again.body.isCanonical).toBe(true);
    });

    it("reads absolute English URLs, zones, auctions and map shapes", async () => {
      const { body } = await post("apireq/searchParamsForUrl", {
        uri: "https://casa.example/en/aste/case/milano/zona-duomo/?geocircle=45.46,9.19,1500&page=2",
        domain: "casa.example",
        esapi: true,
      });
      expect(body.uri).toBe("/en/aste/case/milano/zona-duomo/?geocircle=45.46,9.19,1500&page=2");
      expect(body.query).toMatchObject({
        places: [DUOMO],
        page: 2,
        geo: { kind: "circle", lat: 45.46, lon: 9.19, radius: 1500 },
        filters: { auction: "only" },
        modifiers: { locale: "en" },
      });
    });

    it("answers 400 naming uri for URLs that are no search", async () => {
      for (const uri of ["/vendita/case/atlantide/", "/comprare/case/", "/vendita/stanze/", "http://[bad"]) {
        const { status, body } = await post("apireq/searchParamsForUrl", { uri });
        expect(status, uri).toBe(400);
        expect(body.error.field).toBe("uri");
      }
      expect((await post("apireq/searchParamsForUrl", {})).body.error.field).toBe("uri");
    });
  });

  describe("POST apireq/convertApiParamForEncode", () => {
    it("normalises the filters and encodes their URL", async () => {
      const { status, body } = await post("apireq/convertApiParamForEncode", {
        filtersToEncode: {
          tr: "affitti",
          numRooms_min: "2",
          numRooms_max: "2",
          price_max: "all",
          availability: "nuda-proprieta,libero",
          utm_medium: "x",
        },
        locations: [ROMA],
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        convertedFilters: {
          channel: "affitto",
          zones: [ROMA],
          numRooms_min: 2,
          numRooms_max: 2,
          availability: ["libero", "nuda-proprieta"],
        },
        uri: "/affitto/case/roma/bilocali/?availability=libero,nuda-proprieta",
      });
    });

    it("refuses filters the rules forbid, naming the field", async () => {
      const { status, body } = await post("apireq/convertApiParamForEncode", {
        filtersToEncode: { only_private_negotiation: true, price_max: 1000 },
      });
      expect(status).toBe(400);
      expect(body.error.field).toBe("filtersToEncode.price");
      expect((await post("apireq/convertApiParamForEncode", { locations: [] })).body.error.field).toBe("filtersToEncode");
    });
  });

  describe("POST apireq/getPaginatorData", () => {
    it("counts the search and links its pages", async () => {
      const search = await post("search", { locations: [MILANO] });
      const total: number = search.body.total;
      expect(total).toBeGreaterThan(25);
      const { status, body } = await post("apireq/getPaginatorData", { locations: [MILANO], filters: { page: 2 } });
      expect(status).toBe(200);
      const totalPages = Math.ceil(total / 25);
      expect(body).toMatchObject({ currentPage: 2, totalPages, totalResults: total, prevLink: "/vendita/case/milano/" });
      expect(body.nextLink).toBe(totalPages > 2 ? "/vendita/case/milano/?page=3" : null);
      expect(body.btns[0]).toEqual({ text: "1", href: "/vendita/case/milano/", isCurrent: false, hasDots: false, page: 1 });
      expect(body.btns.find((b: { isCurrent: boolean }) => b.isCurrent).text).toBe("2");
    });

    it("uses a given total, shows dots, and keeps the English prefix", async () => {
      const { body } = await post("apireq/getPaginatorData", {
        uri: "/en/vendita/case/?mq_min=60",
        filters: { page: 5, mq_min: 60 },
        totalResults: 1000,
      });
      expect(body.totalPages).toBe(40);
      expect(body.btns.map((b: { text: string; isCurrent: boolean }) => (b.isCurrent ? `[${b.text}]` : b.text)).join(" ")).toBe(
        "1 … 4 [5] 6 … 40",
      );
      expect(body.nextLink).toBe("/en/vendita/case/?mq_min=60&page=6");
      expect(body.btns[1]).toMatchObject({ hasDots: true, href: null });
      const single = await post("apireq/getPaginatorData", { totalResults: 10 });
      expect(single.body).toMatchObject({ totalPages: 1, btns: [], prevLink: null, nextLink: null });
    });

    it("refuses a negative total and a page beyond the last served", async () => {
      expect((await post("apireq/getPaginatorData", { totalResults: -1 })).body.error.field).toBe("totalResults");
      expect((await post("apireq/getPaginatorData", { filters: { page: 401 } })).status).toBe(400);
    });
  });

  it("a URL decoded by searchParamsForUrl searches exactly what its filters search", async () => {
    const decoded = await post("apireq/searchParamsForUrl", {
      uri: "/vendita/case/milano/?price_max=400000&mq_min=50&sortType=prezzo-crescente",
    });
    const viaUrl = await post("search", { filters: decoded.body.filters });
    const direct = await post("search", { locations: [MILANO], filters: { price_max: 400000, mq_min: 50, sortType: "prezzo_crescente" } });
    expect(viaUrl.status).toBe(200);
    expect(viaUrl.body.total).toBe(direct.body.total);
    expect(viaUrl.body.listings.map((l: { id: number }) => l.id)).toEqual(direct.body.listings.map((l: { id: number }) => l.id));
    const prices: number[] = viaUrl.body.listings.map(
      (l: { features: { price: { marker: { price: number } } } }) => l.features.price.marker.price,
    );
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p <= 400000)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("every URL a user might type either is refused with 400 or decodes to a canonical URL that decodes to itself", async () => {
    const segment = fc.constantFrom(
      "vendita",
      "affitto",
      "affitto-breve",
      "aste",
      "case",
      "case-vacanza",
      "stanze",
      "uffici",
      "Milano",
      "roma",
      "milano-provincia",
      "lombardia-regione",
      "zona-duomo",
      "quartiere-flaminio",
      "metro-m1",
      "fermata-m1-duomo",
      "bilocali",
      "forl%C3%AC",
      "x",
    );
    const pair = fc.tuple(
      fc.constantFrom(
        "price_max",
        "PRICE_MIN",
        "numRooms_min",
        "sortType",
        "page",
        "zones",
        "level",
        "utm_source",
        "geocircle",
        "only_auction",
        "foo",
      ),
      fc.constantFrom("300000", "all", "", "2", "prezzo_crescente", "IT-03-015146-NIL02", "terra,ultimo", "45.46,9.19,1500", "true", "-1"),
    );
    const root = fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom("vendita", "affitto", "aste", "Affitto-Breve") },
      { weight: 1, arbitrary: segment },
    );
    const typed = fc
      .tuple(root, fc.array(segment, { maxLength: 4 }), fc.array(pair, { maxLength: 4 }))
      .map(([first, more, pairs]) => [[first, ...more], pairs] as const)
      .map(([segs, pairs]) => `/${segs.join("/")}/${pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : ""}`);
    let decoded = 0;
    await fc.assert(
      fc.asyncProperty(typed, async (uri) => {
        const first = await post("apireq/searchParamsForUrl", { uri });
        if (first.status === 400) {
          expect(first.body.error.field).toBe("uri");
          return;
        }
        expect(first.status).toBe(200);
        decoded++;
        const again = await post("apireq/searchParamsForUrl", { uri: first.body.canonical });
        expect(again.body).toEqual({ ...first.body, isCanonical: true });
      }),
      { numRuns: 60, seed: 3 },
    );
    expect(decoded).toBeGreaterThan(10);
  });
});

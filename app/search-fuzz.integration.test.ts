/**
 * Bad input never breaks the search API: random JSON bodies, hostile strings and extreme values
 * thrown at every search endpoint get a 2xx or a 4xx with a message — never a 500.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal } from "../test/portal.ts";

const endpoints = [
  "search", "search/availableresults", "agencySearch", "agencySearch/availableresults", "search-map", "search-map/listings",
  "search-map/markers", "cerca-intorno-a-te", "home", "home/availableresults", "mycasa/hiddentotal",
];

const hostile = fc.constantFrom(
  "' OR 1=1 --", "<script>alert(1)</script>", "x".repeat(5000), "all", "", "NaN", "-1", "1e309", "🏠", "%00", "../../etc/passwd",
);
const filterKey = fc.constantFrom(
  "channel", "tr", "propertyTypeGroup", "propertyTypes", "price_min", "price_max", "mq_min", "numRooms_max", "page", "sortType",
  "geobounds", "geopolygon", "geocircle", "nearby", "poi", "energyClass", "level", "garden", "pId", "zones", "only_auction",
  "exclude_auction", "is_auction", "only_private_negotiation", "priceType", "publication_date", "lift_level", "unknown_key",
);
const value = fc.oneof(
  hostile, fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  fc.array(fc.oneof(hostile, fc.integer(), fc.tuple(fc.double(), fc.double())), { maxLength: 5 }),
  fc.record({ bbox: fc.array(fc.double(), { maxLength: 5 }), zoom: fc.integer() }),
  fc.record({ circle: fc.array(fc.record({ distance: fc.double(), center: fc.tuple(fc.double(), fc.double()) }), { maxLength: 2 }) }),
  fc.record({ polygon: fc.array(fc.tuple(fc.double({ min: 35, max: 48 }), fc.double({ min: 6, max: 19 })), { maxLength: 8 }) }),
);
const body = fc.oneof(
  fc.anything(),
  fc.record({
    locations: fc.option(fc.array(fc.oneof(hostile, fc.constantFrom("IT-03-015146", "IT", "IT-12-058091-MUN01")), { maxLength: 4 }), { nil: undefined }),
    filters: fc.option(fc.dictionary(filterKey, value, { maxKeys: 6 }), { nil: undefined }),
    size: fc.option(fc.oneof(fc.integer(), hostile), { nil: undefined }),
    lat: fc.option(fc.double(), { nil: undefined }),
    lon: fc.option(fc.double(), { nil: undefined }),
    userDiscardedAds: fc.option(fc.array(fc.integer(), { maxLength: 5 }), { nil: undefined }),
  }, { requiredKeys: [] }),
);

describe("search API under random input", () => {
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  beforeAll(async () => {
    portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("answers every body with a 2xx or a 4xx carrying a message", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, async (endpoint, payload) => {
        const res = await fetch(`${portal.url}/portal-srp/api/v1/${endpoint}`, {
          method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) ?? "null",
        });
        const text = await res.text();
        expect(res.status, `${endpoint} ${JSON.stringify(payload)?.slice(0, 300)} → ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) expect(JSON.parse(text).error.message).toEqual(expect.any(String));
      }),
      { numRuns: 400, seed: 20261122 },
    );
  });

  it("refuses malformed JSON, oversized bodies and GET with clear errors", async () => {
    const post = (b: string) => fetch(`${portal.url}/portal-srp/api/v1/search`, { method: "POST", body: b });
    expect((await post("{nope")).status).toBe(400);
    expect((await post(JSON.stringify({ filters: { x: "y".repeat(70_000) } }))).status).toBe(413);
    expect((await fetch(`${portal.url}/portal-srp/api/v1/search`)).status).toBe(405);
    const deep = await post(JSON.stringify({ filters: { page: 10_000 } }));
    expect(deep.status).toBe(400);
    expect((await deep.json()).error.message).toMatch(/page.*at most 400/);
  });
});

describe("apireq endpoints under random input", () => {
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  beforeAll(async () => {
    portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  const uriPiece = fc.constantFrom("vendita", "affitto", "affitto-breve", "aste", "case", "case-vacanza", "stanze", "milano", "roma", "milano-provincia",
    "lombardia-regione", "zona-duomo", "bilocali", "en", "%", "%E0%A4", "..", "constructor", "' OR 1=1 --", "<b>");
  const uri = fc.oneof(
    hostile,
    fc.tuple(fc.array(uriPiece, { maxLength: 6 }), fc.array(fc.tuple(filterKey, fc.oneof(hostile, fc.string({ maxLength: 12 }))), { maxLength: 5 }))
      .map(([segs, pairs]) => `/${segs.join("/")}/?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
  );
  const apireqBody = fc.oneof(
    body,
    fc.record({
      uri: fc.option(uri, { nil: undefined }),
      locale: fc.option(fc.oneof(fc.constantFrom("it", "en"), hostile), { nil: undefined }),
      pagetype: fc.option(fc.oneof(fc.constantFrom("srp", "map"), hostile), { nil: undefined }),
      pageType: fc.option(fc.oneof(fc.constantFrom("srp", "map"), hostile), { nil: undefined }),
      isAgencySrp: fc.option(fc.oneof(fc.boolean(), hostile), { nil: undefined }),
      filtersToEncode: fc.option(fc.dictionary(filterKey, value, { maxKeys: 6 }), { nil: undefined }),
      filters: fc.option(fc.dictionary(filterKey, value, { maxKeys: 6 }), { nil: undefined }),
      locations: fc.option(fc.array(fc.oneof(hostile, fc.constantFrom("IT-03-015146", "IT", "IT-12-058091-MUN01")), { maxLength: 4 }), { nil: undefined }),
      totalResults: fc.option(fc.oneof(fc.integer(), fc.double(), hostile), { nil: undefined }),
      apireqParams: fc.option(fc.record({ size: fc.oneof(fc.integer(), hostile) }, { requiredKeys: [] }), { nil: undefined }),
    }, { requiredKeys: [] }),
  );

  it("answers every body with a 2xx or a 4xx carrying a message", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("apireq", "apireq/searchParamsForUrl", "apireq/convertApiParamForEncode", "apireq/getPaginatorData"), apireqBody,
        async (endpoint, payload) => {
          const res = await fetch(`${portal.url}/portal-srp/api/v1/${endpoint}`, {
            method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(payload) ?? "null",
          });
          const text = await res.text();
          expect(res.status, `${endpoint} ${JSON.stringify(payload)?.slice(0, 300)} → ${text.slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) expect(JSON.parse(text).error.message).toEqual(expect.any(String));
        }),
      { numRuns: 400, seed: 20261123 },
    );
  });
});

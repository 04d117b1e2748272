import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSearch, type SearchQuery } from "./query.ts";
import { decodeSearchUrl, encodeMapUrl, encodeSearchUrl, listUrlOf, mapUrlOf, searchPathRoots, toRawFilters, withPage } from "./url.ts";
import { fixtureLookup, fixturePlaces } from "./url.fixture.ts";
import {
  availabilities,
  buildingConditions,
  commercialBuildingLocations,
  energyClasses,
  floorLevels,
  furnitureValues,
  gardenValues,
  groupsByChannel,
  heatingTypes,
  licenseTypeGroups,
  priceTypes,
  propertyTypeGroups,
  sellerTypes,
  sortKeys,
  type Channel,
} from "./vocabulary.ts";
import { poiTypeIds } from "../poi.ts";

const places = fixtureLookup();

function decodeUrl(url: string) {
  const q = url.indexOf("?");
  return decodeSearchUrl(q < 0 ? url : url.slice(0, q), q < 0 ? "" : url.slice(q), places);
}

const encodeRaw = (raw: Record<string, unknown>, ids: string[] = []) => encodeSearchUrl(parseSearch(raw, ids), places);

describe("encodeSearchUrl: the readable forms", () => {
  it.each([
    [{}, [], "/vendita/case/"],
    [{}, ["IT-03-015146"], "/vendita/case/milano/"],
    [{ channel: "affitto", numRooms_min: 2, numRooms_max: 2 }, ["IT-12-058091"], "/affitto/case/roma/bilocali/"],
    [{ propertyTypeGroup: "nuove-costruzioni" }, ["IT-01-001272"], "/vendita/nuove-costruzioni/torino/"],
    [{ channel: "affitto-breve" }, ["IT-08-099014"], "/affitto-breve/case-vacanza/rimini/"],
    [{ only_auction: true }, ["IT-15-063049"], "/aste/case/napoli/"],
    [{ is_auction: true, propertyTypeGroup: "terreni" }, [], "/aste/terreni/"],
    [{}, ["IT-03-P015"], "/vendita/case/milano-provincia/"],
    [{}, ["IT-03"], "/vendita/case/lombardia-regione/"],
    [{}, ["IT-14"], "/vendita/case/molise-regione/"],
    [{}, ["IT-14-070042"], "/vendita/case/molise/"],
    [{}, ["IT"], "/vendita/case/"],
    [{}, ["IT-03-015146-NIL01"], "/vendita/case/milano/zona-duomo/"],
    [{}, ["IT-12-058091-MUN02-Q01"], "/vendita/case/roma/quartiere-flaminio/"],
    [{}, ["IT-03-015146-MM1"], "/vendita/case/milano/metro-m1/"],
    [{ numRooms_min: 3, numRooms_max: 3 }, ["IT-03-015146-MM1-AMENDOLA"], "/vendita/case/milano/fermata-m1-amendola/trilocali/"],
    [{}, ["IT-07-P008-MARE"], "/vendita/case/imperia-provincia/area-mare-imperia/"],
    [{ numRooms_min: 1, numRooms_max: 1 }, [], "/vendita/case/monolocali/"],
    [
      { price_max: 300000, sortType: "prezzo_crescente" },
      ["IT-03-015146"],
      "/vendita/case/milano/?price_max=300000&sortType=prezzo-crescente",
    ],
    [{ numRooms_min: 2, numRooms_max: 5 }, [], "/vendita/case/?numRooms_min=2&numRooms_max=5"],
    [{ page: 2, sortType: "default" }, [], "/vendita/case/?page=2"],
    [{ page: 1 }, [], "/vendita/case/"],
    [{ exclude_auction: true, is_auction: false }, [], "/vendita/case/?exclude_auction=true"],
    [{ channel: "affitto", only_auction: true }, [], "/affitto/case/?only_auction=true"],
    [
      { availability: "nuda-proprieta,libero", energyClass: ["B", "A4"] },
      [],
      "/vendita/case/?energyClass=A4,B&availability=libero,nuda-proprieta",
    ],
    [{ geobounds: [9.1, 45.4, 9.3, 45.5] }, [], "/vendita/case/?geobounds=9.1,45.4,9.3,45.5"],
    [{ geocircle: { circle: [{ distance: 1500, center: [45.46, 9.19] }] } }, [], "/vendita/case/?geocircle=45.46,9.19,1500"],
    [{ nearby: { lat: 45.46, lon: 9.19, vehicle: "walk", time: 15 } }, [], "/vendita/case/?nearby=45.46,9.19,walk,15"],
    [
      {
        geopolygon: {
          polygon: [
            [45, 9],
            [45.1, 9],
            [45.1, 9.1],
          ],
        },
      },
      [],
      "/vendita/case/?geopolygon=45,9;45.1,9;45.1,9.1",
    ],
    [{}, ["IT-03-015146-NIL02", "IT-03-015146-NIL01"], "/vendita/case/milano/zona-duomo/?zones=IT-03-015146-NIL02"],
    [{}, ["IT-12-058091", "IT-03-015146"], "/vendita/case/milano/?zones=IT-12-058091"],
  ] as Array<[Record<string, unknown>, string[], string]>)("%j in %j → %s", (raw, ids, url) => {
    expect(encodeRaw(raw, ids)).toBe(url);
    const decoded = decodeUrl(url);
    expect(decoded).toEqual({ kind: "search", query: parseSearch(raw, ids), canonical: url });
  });
});

describe("decodeSearchUrl: what users type", () => {
  it.each([
    ["/VENDITA/Case/Milano", "/vendita/case/milano/"],
    ["/vendita/case/milano", "/vendita/case/milano/"],
    ["//vendita//case//milano//", "/vendita/case/milano/"],
    ["/vendita/case/forl%C3%AC/", "/vendita/case/forli/"],
    ["/vendita/", "/vendita/case/"],
    // All of Italy is no place at all: one URL, not two.
    ["/vendita/case/italia/", "/vendita/case/"],
    ["/affitto/case/italia/bilocali/", "/affitto/case/bilocali/"],
    ["/aste/", "/aste/case/"],
    ["/vendita/box-posti-auto/", "/vendita/garage-posti-auto/"],
    ["/affitto-breve/case/rimini/", "/affitto-breve/case-vacanza/rimini/"],
    ["/vendita/case/milano/?utm_source=news&price_max=all&mq_min=&foo=bar&numBaths=abc", "/vendita/case/milano/"],
    ["/vendita/case/milano/?sortType=prezzo_crescente&page=1", "/vendita/case/milano/?sortType=prezzo-crescente"],
    ["/vendita/case/milano/?page=2&price_max=300000", "/vendita/case/milano/?price_max=300000&page=2"],
    ["/vendita/case/?PRICE_MAX=300000&numrooms_min=2", "/vendita/case/?price_max=300000&numRooms_min=2"],
    ["/vendita/case/?price_min=500000&price_max=100000&mq_min=50", "/vendita/case/?mq_min=50"],
    ["/vendita/case/?level=terra&level=ultimo", "/vendita/case/?level=terra,ultimo"],
    ["/vendita/case/?propertyTypes=villa,nave", "/vendita/case/"],
    ["/vendita/case/?page=100000", "/vendita/case/"],
    ["/vendita/case/?is_auction=true", "/aste/case/"],
    ["/vendita/case/?is_auction=false&exclude_auction=true", "/vendita/case/?exclude_auction=true"],
    ["/vendita/case/?only_auction=true&exclude_auction=true&mq_max=80", "/vendita/case/?mq_max=80"],
    ["/aste/case/?exclude_auction=true", "/aste/case/"],
    ["/affitto/case/roma/bilocali/?numRooms_min=3", "/affitto/case/roma/bilocali/"],
    ["/vendita/case/?channel=affitto&propertyTypeGroup=uffici", "/vendita/case/"],
    ["/vendita/case/milano/?zones=it-03-015146-nil01,NOPE", "/vendita/case/milano/?zones=IT-03-015146-NIL01"],
    ["/vendita/case/milano/zona-brera/?zones=IT-03-015146-NIL01", "/vendita/case/milano/zona-duomo/?zones=IT-03-015146-NIL02"],
    ["/vendita/case/?only_private_negotiation=true&price_max=100", "/vendita/case/?only_private_negotiation=true"],
    ["/vendita/case/?surrounding=true", "/vendita/case/?includeSurrounding=true"],
    ["/vendita/case/?geobounds=9.3,45.4,9.1,45.5", "/vendita/case/"],
    ["/vendita/case/?geocircle=45.46,9.19,5", "/vendita/case/"],
    ["/vendita/case/?geobounds=9.1,45.4,9.3,45.5&geocircle=45.46,9.19,1500", "/vendita/case/?geobounds=9.1,45.4,9.3,45.5"],
    ["/vendita/case/?geopolygon=45,9;45.1,9.1;45.1,9;45,9.1", "/vendita/case/"],
    ["/vendita/case/?sortType=%E0%A4%A", "/vendita/case/"],
  ])("%s → %s", (typed, canonical) => {
    const decoded = decodeUrl(typed);
    expect(decoded.kind).toBe("search");
    if (decoded.kind === "search") expect(decoded.canonical).toBe(canonical);
  });

  it.each([
    "/",
    "/comprare/case/",
    "/vendita/stanze/milano/",
    "/affitto-breve/uffici/",
    "/vendita/case/atlantide/",
    "/vendita/case/milano/zona-atlantide/",
    "/vendita/case/roma/zona-duomo/",
    "/vendita/case/milano/bilocali/trilocali/",
    "/vendita/case/milano/bilocali/zona-duomo/",
    "/vendita/case/milano/zona-duomo/zona-brera/",
    "/vendita/case/milano/duomo/",
    "/vendita/case/%E0%A4%A/",
    "/vendita/case/constructor/",
    "/vendita/constructor/",
    "/vendita/case/milano-regione/",
  ])("%s is not found", (typed) => {
    expect(decodeUrl(typed).kind).toBe("not-found");
  });

  it("lists the path roots it owns", () => {
    expect([...searchPathRoots].sort()).toEqual(["affitto", "affitto-breve", "aste", "vendita"]);
  });
});

describe("withPage", () => {
  it("sets the page as the last key and drops it for page 1", () => {
    expect(withPage("/vendita/case/milano/?price_max=300000", 3)).toBe("/vendita/case/milano/?price_max=300000&page=3");
    expect(withPage("/vendita/case/milano/?price_max=300000&page=3", 1)).toBe("/vendita/case/milano/?price_max=300000");
    expect(withPage("/vendita/case/?page=4", 5)).toBe("/vendita/case/?page=5");
  });
});

// ---------- properties ----------

const noNegZero = (x: number) => (Object.is(x, -0) ? 0 : x);
const coord = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map(noNegZero);
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const subset = <T>(values: readonly T[]) => fc.subarray([...values], { minLength: 1 });
const rangeOf = (min: number, max: number, integer: boolean) => {
  const n = integer ? fc.integer({ min, max }) : fc.oneof(fc.integer({ min, max }), fc.double({ min, max, noNaN: true }).map(noNegZero));
  return fc.tuple(opt(n), opt(n)).map(([a, b]) => (a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]));
};
const placeIds = fixturePlaces.map((p) => p.id);

const geoArb = fc.oneof(
  fc
    .tuple(coord(6, 18), coord(36, 47), fc.double({ min: 0.001, max: 2, noNaN: true }), fc.double({ min: 0.001, max: 2, noNaN: true }))
    .map(([w, s, dw, dh]) => ({ geobounds: { bbox: [w, s, w + dw, s + dh] } })),
  fc
    .tuple(coord(36, 47), coord(6, 18), fc.integer({ min: 100, max: 50_000 }))
    .map(([lat, lon, distance]) => ({ geocircle: { circle: [{ distance, center: [lat, lon] }] } })),
  fc
    .tuple(coord(36, 47), coord(6, 18), fc.constantFrom("walk", "bike", "car"), fc.integer({ min: 5, max: 60 }))
    .map(([lat, lon, vehicle, time]) => ({ nearby: { lat, lon, vehicle, time } })),
  fc
    .tuple(coord(36, 47), coord(6, 18), fc.integer({ min: 3, max: 12 }), fc.double({ min: 0.005, max: 0.3, noNaN: true }))
    .map(([lat, lon, n, r]) => ({
      geopolygon: {
        polygon: Array.from({ length: n }, (_, i) => [
          lat + r * Math.sin((2 * Math.PI * i) / n),
          lon + r * Math.cos((2 * Math.PI * i) / n),
        ]),
      },
    })),
);

/** Raw filter objects built from the vocabulary; the valid ones (parseSearch accepts them) are the queries under test. */
const rawArb = fc.constantFrom(...(["vendita", "affitto", "affitto-breve"] as Channel[])).chain((channel) =>
  fc.constantFrom(...groupsByChannel[channel]).chain((group) =>
    fc.record({
      channel: fc.constant(channel),
      propertyTypeGroup: fc.constant(group),
      propertyTypes: opt(subset(propertyTypeGroups[group])),
      price: rangeOf(0, 2_000_000, false),
      mq: rangeOf(0, 1000, false),
      rooms: rangeOf(1, 20, true),
      bedrooms: rangeOf(0, 20, true),
      buildingYear: rangeOf(1000, 2100, true),
      numBaths: opt(fc.integer({ min: 1, max: 10 })),
      numParkingSpaces: opt(fc.integer({ min: 1, max: 10 })),
      level: opt(subset(floorLevels)),
      lift: opt(fc.boolean()),
      lift_level: opt(fc.integer({ min: 0, max: 10 })),
      balcony: opt(fc.boolean()),
      terrace: opt(fc.boolean()),
      balconyAndTerrace: opt(fc.boolean()),
      garden: opt(fc.constantFrom(...gardenValues, "any")),
      heatingType: opt(fc.constantFrom(...heatingTypes)),
      energyClass: opt(subset(energyClasses)),
      buildingCondition: opt(subset(buildingConditions)),
      availability: opt(subset(availabilities)),
      sellerType: opt(fc.constantFrom(...sellerTypes)),
      furniture: opt(subset(furnitureValues)),
      publication_date: opt(fc.constantFrom("2d", "7d", "30d")),
      auction: opt(fc.constantFrom("only", "exclude")),
      negotiation: opt(fc.constantFrom("only", "exclude")),
      flags: fc.subarray([
        "includes_property_ownership",
        "has_swimming_pool",
        "has_reception",
        "has_virtual_tour",
        "air_conditioned",
        "is_lux",
        "exclude_under_construction",
        "photo",
        "includeSurrounding",
      ]),
      commercial_building_location: opt(subset(commercialBuildingLocations)),
      license_type_groups: opt(subset(licenseTypeGroups)),
      priceType: opt(fc.constantFrom(...priceTypes)),
      firstMedia: opt(fc.constant("floorplan")),
      poi: opt(subset(poiTypeIds)),
      pId: opt(fc.integer({ min: 1, max: 1_000_000 })),
      geo: opt(geoArb),
      sortType: opt(fc.constantFrom(...sortKeys)),
      page: opt(fc.integer({ min: 1, max: 400 })),
      places: fc.subarray(placeIds, { maxLength: 4 }),
    }),
  ),
);

function toQuery(r: Record<string, unknown>): SearchQuery | null {
  const {
    price,
    mq,
    rooms,
    bedrooms,
    buildingYear,
    auction,
    negotiation,
    flags,
    geo,
    places: ids,
    ...rest
  } = r as Record<string, unknown> & {
    price: Array<number | undefined>;
    mq: Array<number | undefined>;
    rooms: Array<number | undefined>;
    bedrooms: Array<number | undefined>;
    buildingYear: Array<number | undefined>;
    auction?: string;
    negotiation?: string;
    flags: string[];
    geo?: object;
    places: string[];
  };
  const raw: Record<string, unknown> = { ...rest, ...(geo ?? {}) };
  for (const [base, [min, max]] of Object.entries({ price, mq, numRooms: rooms, bedrooms, buildingYear })) {
    if (min !== undefined) raw[`${base}_min`] = min;
    if (max !== undefined) raw[`${base}_max`] = max;
  }
  if (auction) raw[`${auction}_auction`] = true;
  if (negotiation) raw[`${negotiation}_private_negotiation`] = true;
  for (const f of flags) raw[f] = true;
  for (const [k, v] of Object.entries(raw)) if (v === undefined) delete raw[k];
  try {
    return parseSearch(raw, ids);
  } catch {
    return null;
  }
}

const queryArb = rawArb.map((r) => toQuery(r as Record<string, unknown>)).filter((q): q is SearchQuery => q !== null);

describe("properties", () => {
  it("decode(encode(q)) is q, and the encoded URL is canonical", () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const url = encodeSearchUrl(q, places);
        expect(decodeUrl(url)).toEqual({ kind: "search", query: q, canonical: url });
      }),
      { numRuns: 600 },
    );
  }, 60_000);

  it("toRawFilters is the inverse of parseSearch", () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        expect(parseSearch(toRawFilters(q))).toEqual(q);
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  const pieces = fc.constantFrom(
    ...searchPathRoots,
    "case",
    "case-vacanza",
    "nuove-costruzioni",
    "stanze",
    "terreni",
    "box-posti-auto",
    "milano",
    "roma",
    "Milano",
    "molise",
    "molise-regione",
    "milano-provincia",
    "italia",
    "zona-duomo",
    "zona-brera",
    "quartiere-flaminio",
    "fermata-m1-amendola",
    "metro-m1",
    "area-mare-imperia",
    "imperia-provincia",
    "bilocali",
    "monolocali",
    "%20",
    "%",
    "..",
    "constructor",
    "__proto__",
    "forl%C3%AC",
  );
  const pathArb = fc
    .array(fc.oneof({ weight: 4, arbitrary: pieces }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }), { maxLength: 6 })
    .chain((segs) => fc.constantFrom("", "/").map((tail) => `/${segs.join("/")}${tail}`));
  const keyArb = fc.constantFrom(
    "price_min",
    "price_max",
    "numRooms_min",
    "numrooms_max",
    "mq_min",
    "sortType",
    "page",
    "zones",
    "propertyTypes",
    "level",
    "energyClass",
    "availability",
    "garden",
    "lift",
    "is_auction",
    "only_auction",
    "exclude_auction",
    "only_private_negotiation",
    "geobounds",
    "geocircle",
    "geopolygon",
    "nearby",
    "utm_source",
    "pId",
    "poi",
    "surrounding",
    "channel",
    "foo",
  );
  const valueArb = fc.oneof(
    fc.constantFrom(
      "all",
      "",
      "true",
      "false",
      "1",
      "0",
      "2",
      "300000",
      "-5",
      "abc",
      "prezzo-crescente",
      "terra,ultimo",
      "A4",
      "nuda-proprieta",
      "IT-03-015146-NIL01",
      "villa",
      "9.1,45.4,9.3,45.5",
      "45.46,9.19,1500",
      "45.46,9.19,walk,15",
      "45,9;45.1,9;45.1,9.1",
      "%E0",
      "1e400",
    ),
    fc.string({ maxLength: 20 }),
  );
  const searchArb = fc
    .array(fc.tuple(keyArb, valueArb), { maxLength: 8 })
    .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`));

  it("never throws on typed URLs; a decoded URL's canonical form decodes to itself", () => {
    fc.assert(
      fc.property(pathArb, searchArb, (path, search) => {
        const decoded = decodeSearchUrl(path, search, places);
        if (decoded.kind === "not-found") {
          expect(decoded.reason).toBeTruthy();
          return;
        }
        const again = decodeUrl(decoded.canonical);
        expect(again).toEqual({ kind: "search", query: decoded.query, canonical: decoded.canonical });
      }),
      { numRuns: 2000 },
    );
  }, 60_000);
});

describe("the map view's URL (docs/decisions/056)", () => {
  const cases: Array<[Record<string, unknown>, string[], number | null, string]> = [
    [{}, ["IT-03-015146"], null, "/vendita/case/milano/mappa/"],
    [{ geobounds: [9.1, 45.4, 9.3, 45.5] }, ["IT-03-015146"], 13.25, "/vendita/case/milano/mappa/?geobounds=9.1,45.4,9.3,45.5&zoom=13.25"],
    [
      { geobounds: [9.1, 45.4, 9.3, 45.5], price_max: 300000 },
      [],
      12,
      "/vendita/case/mappa/?price_max=300000&geobounds=9.1,45.4,9.3,45.5&zoom=12",
    ],
    [
      {
        geopolygon: {
          polygon: [
            [45.45, 9.15],
            [45.5, 9.15],
            [45.5, 9.2],
          ],
        },
      },
      ["IT-03-015146"],
      14,
      "/vendita/case/milano/mappa/?geopolygon=45.45,9.15;45.5,9.15;45.5,9.2&zoom=14",
    ],
    [
      { geocircle: { circle: [{ distance: 500, center: [45.46, 9.19] }] } },
      [],
      16,
      "/vendita/case/mappa/?geocircle=45.46,9.19,500&zoom=16",
    ],
    [{ nearby: { lat: 45.46, lon: 9.19, vehicle: "walk", time: 15 } }, [], null, "/vendita/case/mappa/?nearby=45.46,9.19,walk,15"],
    [{ channel: "affitto", numRooms_min: 2, numRooms_max: 2 }, ["IT-12-058091"], 11, "/affitto/case/roma/bilocali/mappa/?zoom=11"],
    [{ only_auction: true, page: 2 }, ["IT-15-063049"], 10, "/aste/case/napoli/mappa/?page=2&zoom=10"],
  ];
  it.each(cases)("%j in %j at zoom %s → %s and back", (raw, ids, zoom, url) => {
    const query = parseSearch(raw, ids);
    expect(encodeMapUrl(query, { zoom }, places)).toBe(url);
    expect(decodeUrl(url)).toEqual({ kind: "search", query, canonical: url, map: { zoom } });
    // The list view of the same search, and back.
    expect(listUrlOf(url)).toBe(encodeSearchUrl(query, places));
    expect(mapUrlOf(listUrlOf(url), zoom)).toBe(url);
  });

  it("reads a typed map URL leniently: any case, bad zoom dropped, zoom rounded and clamped to the map's range", () => {
    expect(decodeUrl("/vendita/case/milano/MAPPA/?ZOOM=12.3456")).toMatchObject({
      canonical: "/vendita/case/milano/mappa/?zoom=12.35",
      map: { zoom: 12.35 },
    });
    expect(decodeUrl("/vendita/case/milano/mappa/?zoom=abc")).toMatchObject({
      canonical: "/vendita/case/milano/mappa/",
      map: { zoom: null },
    });
    expect(decodeUrl("/vendita/case/milano/mappa/?zoom=40")).toMatchObject({ map: { zoom: null } });
    expect(decodeUrl("/vendita/case/milano/mappa/?zoom=-1")).toMatchObject({ map: { zoom: null } });
    // Keys are in canonical order whatever order they came in.
    expect(decodeUrl("/vendita/case/milano/mappa/?zoom=9&price_max=200000")).toMatchObject({
      canonical: "/vendita/case/milano/mappa/?price_max=200000&zoom=9",
    });
  });

  it("keeps the zoom out of list URLs and /mappa/ only as the last segment", () => {
    expect(decodeUrl("/vendita/case/milano/?zoom=12")).toEqual({
      kind: "search",
      query: parseSearch({}, ["IT-03-015146"]),
      canonical: "/vendita/case/milano/",
    });
    expect(decodeUrl("/vendita/case/mappa/milano/").kind).toBe("not-found");
    expect(decodeUrl("/vendita/mappa/")).toMatchObject({ kind: "search", canonical: "/vendita/case/mappa/", map: { zoom: null } });
  });

  it("keeps a drawn shape the codec refuses out of the map URL, as in a list URL", () => {
    // Edges crossing (a bow tie): the search keeps its place and drops the shape.
    const bowTie = "/vendita/case/milano/mappa/?geopolygon=45.4,9.1;45.5,9.2;45.4,9.2;45.5,9.1&zoom=12";
    expect(decodeUrl(bowTie)).toMatchObject({ canonical: "/vendita/case/milano/mappa/?zoom=12" });
  });

  it("puts the page before the zoom when paging a map URL", () => {
    expect(withPage("/vendita/case/milano/mappa/?zoom=12", 3)).toBe("/vendita/case/milano/mappa/?page=3&zoom=12");
    expect(withPage("/vendita/case/milano/mappa/?page=3&zoom=12", 1)).toBe("/vendita/case/milano/mappa/?zoom=12");
  });

  it("round-trips any map view of any search (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          west: fc.double({ min: 6, max: 18, noNaN: true }),
          south: fc.double({ min: 36, max: 46, noNaN: true }),
          w: fc.double({ min: 0.001, max: 1, noNaN: true }),
          h: fc.double({ min: 0.001, max: 1, noNaN: true }),
          zoom: fc.option(
            fc.integer({ min: 0, max: 2200 }).map((z) => z / 100),
            { nil: null },
          ),
          place: fc.constantFrom([], ["IT-03-015146"], ["IT-12-058091-MUN02-Q01"]),
          price: fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: undefined }),
        }),
        ({ west, south, w, h, zoom, place, price }) => {
          const round = (x: number) => Math.round(x * 1e5) / 1e5;
          const bbox = [round(west), round(south), round(west + w) + 0.00001, round(south + h) + 0.00001];
          const query = parseSearch({ geobounds: bbox, ...(price ? { price_max: price } : {}) }, [...place]);
          const url = encodeMapUrl(query, { zoom }, places);
          expect(decodeUrl(url)).toEqual({ kind: "search", query, canonical: url, map: { zoom } });
        },
      ),
      { numRuns: 200, seed: 56 },
    );
  });
});

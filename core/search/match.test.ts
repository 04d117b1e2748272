import { describe, expect, it } from "vitest";
import { PlaceLevel } from "../places.ts";
import { searchColumns, type SearchColumn } from "./filters.ts";
import {
  compileMatch,
  conditionBounds,
  frameConditions,
  holds,
  matches,
  readsNow,
  withinBounds,
  type MatchListing,
  type ResolvedSearch,
  type SharedConditions,
} from "./match.ts";
import { parseSearch } from "./query.ts";

const now = new Date("2026-11-01T00:00:00Z");
const MILANO = "IT-03-015146";

/** A sale flat in Milano (zone Z01, near one metro stop) with every other column NULL. */
function listing(overrides: Partial<MatchListing> = {}): MatchListing {
  const nulls = Object.fromEntries((Object.keys(searchColumns) as SearchColumn[]).map((c) => [c, null]));
  return {
    ...nulls,
    id: 1,
    channel: "vendita",
    propertyTypeGroup: "case",
    propertyType: "appartamento",
    isNewConstruction: false,
    isPrivateNegotiation: false,
    isAuction: false,
    regionId: "IT-03",
    provinceId: "IT-03-015",
    townId: MILANO,
    zoneId: `${MILANO}-Z01`,
    lat: 45.4642,
    lon: 9.19,
    price: 250_000,
    priceUnit: "total",
    surface: 70,
    rooms: 3,
    metroStopIds: ["M-stop-duomo"],
    nonadminZoneIds: [],
    ...overrides,
    // As the database generates it: no shown price for a private negotiation.
    shownPrice: overrides.isPrivateNegotiation ? null : (overrides.price ?? 250_000),
  } as MatchListing;
}

function search(raw: Record<string, unknown>, places: ResolvedSearch["places"] = [], more: Partial<ResolvedSearch> = {}): ResolvedSearch {
  return { query: parseSearch(raw), places, lineStops: new Map(), area: null, now, ...more };
}

describe("holds: a condition on one listing, with SQL's NULL rules", () => {
  it("is false for any comparison with NULL, and scales before comparing", () => {
    const row = listing({ price: null });
    expect(holds({ op: ">=", column: "price", value: 0 }, row)).toBe(false);
    expect(holds({ op: "<", column: "price", value: 1 }, row)).toBe(false);
    expect(holds({ op: "notNull", column: "price" }, row)).toBe(false);
    expect(holds({ op: "<=", column: "price", value: 1000, scale: 0.004 }, listing())).toBe(true);
    expect(holds({ op: "<=", column: "price", value: 999, scale: 0.004 }, listing())).toBe(false);
    expect(holds({ op: "in", column: "energyClass", values: ["A"] }, row)).toBe(false);
  });
});

describe("frameConditions: the search's frame as registry conditions", () => {
  it("makes new constructions houses that are new, written once", () => {
    expect(frameConditions(parseSearch({ propertyTypeGroup: "nuove-costruzioni" }))).toEqual([
      { op: "=", column: "channel", value: "vendita" },
      { op: "=", column: "propertyTypeGroup", value: "case" },
      { op: "=", column: "isNewConstruction", value: true },
    ]);
    expect(matches(listing(), search({ propertyTypeGroup: "nuove-costruzioni" }))).toBe(false);
    expect(matches(listing({ isNewConstruction: true }), search({ propertyTypeGroup: "nuove-costruzioni" }))).toBe(true);
  });
});

describe("matches: a listing against a resolved search", () => {
  it("checks the channel, the places and the filters", () => {
    const milano = [{ id: MILANO, level: PlaceLevel.town }];
    expect(matches(listing(), search({ channel: "vendita", price_max: 300_000 }, milano))).toBe(true);
    expect(matches(listing(), search({ channel: "affitto" }, milano))).toBe(false);
    expect(matches(listing(), search({ price_max: 200_000 }, milano))).toBe(false);
    expect(matches(listing(), search({}, [{ id: "IT-12-058091", level: PlaceLevel.town }]))).toBe(false);
    expect(matches(listing(), search({}, [{ id: `${MILANO}-Z01`, level: PlaceLevel.zone }]))).toBe(true);
  });

  it("never lists a hidden price under a price filter, and follows the auction choice", () => {
    const hidden = listing({ isPrivateNegotiation: true });
    expect(matches(hidden, search({}))).toBe(true);
    expect(matches(hidden, search({ price_max: 10_000_000 }))).toBe(false);
    expect(matches(hidden, search({ exclude_private_negotiation: true }))).toBe(false);
    const auction = listing({ isAuction: true });
    expect(matches(auction, search({ exclude_auction: true }))).toBe(false);
    expect(matches(auction, search({ only_auction: true }))).toBe(true);
    expect(matches(listing(), search({ only_auction: true }))).toBe(false);
  });

  it("reaches metro stops through their line, and leaves out excluded places and hidden ads", () => {
    const line = [{ id: "M-line-1", level: PlaceLevel.metroLine }];
    expect(matches(listing(), search({}, line, { lineStops: new Map([["M-line-1", ["M-stop-duomo"]]]) }))).toBe(true);
    expect(matches(listing(), search({}, line, { lineStops: new Map([["M-line-1", ["M-stop-other"]]]) }))).toBe(false);
    expect(matches(listing(), search({}, [], { excludePlaces: [{ id: MILANO, level: PlaceLevel.town }] }))).toBe(false);
    expect(matches(listing({ zoneId: null }), search({}, [], { excludePlaces: [{ id: `${MILANO}-Z01`, level: PlaceLevel.zone }] }))).toBe(
      true,
    );
    expect(matches(listing(), search({}, [], { excludeListings: [1] }))).toBe(false);
  });

  it("tests areas: a circle by its distance, a drawn polygon by PostgreSQL's rule", () => {
    const circle = (radius: number) => search({}, [], { area: { kind: "circle", lat: 45.4642, lon: 9.2, radius } });
    // 0.01° of longitude at Milano's latitude is about 780 m.
    expect(matches(listing(), circle(800))).toBe(true);
    expect(matches(listing(), circle(700))).toBe(false);
    const square: Array<[number, number]> = [
      [9.18, 45.46],
      [9.2, 45.46],
      [9.2, 45.47],
      [9.18, 45.47],
    ];
    expect(matches(listing(), search({}, [], { area: { kind: "polygon", rings: [square] } }))).toBe(true);
    expect(matches(listing({ lon: 9.21 }), search({}, [], { area: { kind: "polygon", rings: [square] } }))).toBe(false);
  });
});

describe("compileMatch: the predicate kept for many listings (the alert matcher's)", () => {
  /** Listings that a price ceiling, a room count, newness, age, a hidden price or the channel tell apart. */
  const variety = () => [
    listing(),
    listing({ id: 2, price: 300_000 }),
    listing({ id: 3, rooms: 2 }),
    listing({ id: 4, isNewConstruction: true }),
    listing({ id: 5, publishedAt: now.getTime() - 86_400_000 }),
    listing({ id: 6, isPrivateNegotiation: true }),
    listing({ id: 7, channel: "affitto", priceUnit: "monthly", price: 900 }),
  ];

  it("decides every listing as matches does, built once", () => {
    const searches = [
      search({ price_max: 260_000, numRooms_min: 3 }, [{ id: MILANO, level: PlaceLevel.town }]),
      search({ propertyTypeGroup: "nuove-costruzioni" }),
      search({ publication_date: "2d" }),
      search({ channel: "affitto" }),
    ];
    const listings = variety();
    for (const s of searches) {
      const test = compileMatch(s);
      expect(listings.map((l) => test(l))).toEqual(listings.map((l) => matches(l, s)));
    }
    expect(listings.map((l) => matches(l, searches[0]!))).toEqual([true, false, false, true, true, false, false]);
  });

  it("shares equal conditions between predicates compiled with one table, deciding as matches does", () => {
    const shared: SharedConditions = new Map();
    const searches = [
      search({ price_max: 260_000, numRooms_min: 3 }, [{ id: MILANO, level: PlaceLevel.town }]),
      search({ price_max: 260_000, numRooms_min: 3 }),
      search({ price_max: 300_000, numRooms_min: 3 }, [{ id: MILANO, level: PlaceLevel.town }]),
      search({ propertyTypeGroup: "nuove-costruzioni", numRooms_min: 3 }),
      search({ channel: "affitto" }),
    ];
    const listings = variety();
    const tests = searches.map((s) => compileMatch(s, shared));
    searches.forEach((s, i) => expect(listings.map((l) => tests[i]!(l))).toEqual(listings.map((l) => matches(l, s))));
    // One function per distinct condition and per distinct list of them: the three sale searches of houses share their
    // frame, the first two their filters too.
    const lists = [...shared.keys()].filter((k) => k.startsWith("all:"));
    expect(lists.length).toBeLessThan(2 * searches.length);
    expect(new Set(lists).size).toBe(lists.length);
    const frameOfSaleHouses = shared.get(`all:${JSON.stringify(frameConditions(searches[0]!.query))}`);
    expect(frameOfSaleHouses).toBeDefined();
    expect(shared.get(`all:${JSON.stringify(frameConditions(searches[2]!.query))}`)).toBe(frameOfSaleHouses);
  });

  it("reads necessary bounds off the same conditions: what they leave out is never listed", () => {
    const priced = search({ price_min: 100_000, price_max: 260_000, numRooms_min: 3 }, [{ id: MILANO, level: PlaceLevel.town }]);
    expect(conditionBounds(priced)).toEqual(
      expect.arrayContaining([
        { column: "shownPrice", lo: 100_000, hi: 260_000 },
        { column: "rooms", lo: 3, hi: Infinity },
      ]),
    );
    const listings = [
      listing(),
      listing({ id: 2, price: 300_000 }),
      listing({ id: 3, rooms: 2 }),
      listing({ id: 4, rooms: null }),
      listing({ id: 5, isPrivateNegotiation: true }),
      listing({ id: 6, price: 260_000 }),
      listing({ id: 7, price: 99_999 }),
    ];
    const bounds = conditionBounds(priced);
    expect(listings.map((l) => withinBounds(l, bounds))).toEqual([true, false, false, false, false, true, false]);
    // Necessary: every listing the predicate lists is within its search's bounds, whatever the search.
    const others = [
      search({ mqprice_max: 3_000, mq_min: 60, numBaths: 1 }),
      search({ payment_max: 900 }),
      search({ propertyTypeGroup: "nuove-costruzioni", numRooms_max: 3 }),
      search({ channel: "affitto" }),
    ];
    const more = [...listings, listing({ id: 8, surface: 59 }), listing({ id: 9, priceUnit: "monthly", price: 800 })];
    for (const s of [priced, ...others]) {
      const b = conditionBounds(s);
      for (const l of more) if (matches(l, s)) expect(withinBounds(l, b)).toBe(true);
    }
    // The monthly payment is compared scaled: left to the predicate, not read as a bound on the price.
    expect(conditionBounds(others[1]!).map((b) => b.column)).not.toContain("shownPrice");
  });

  it("tells whether a search's conditions read now: only the publication date does", () => {
    expect(readsNow(search({ publication_date: "7d" }))).toBe(true);
    expect(readsNow(search({ price_max: 100_000, numRooms_min: 2 }))).toBe(false);
  });
});

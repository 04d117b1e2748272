import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { activeFilterCount, defaultQuery, groupRawFilters, parseSearch, roomName, SearchRuleError } from "./query.ts";

describe("groupRawFilters", () => {
  it("drops utm parameters and 'all', groups min/max pairs, maps numRooms to rooms", () => {
    expect(
      groupRawFilters({ utm_source: "x", price_min: "100000", price_max: 200000, numRooms_min: 2, garden: "all", mq_max: 90 }),
    ).toEqual({ price: { min: "100000", max: 200000 }, rooms: { min: 2 }, mq: { max: 90 } });
  });
});

describe("parseSearch defaults and rules", () => {
  it("defaults to sale of houses in all of Italy, sorted by relevance", () => {
    expect(parseSearch({})).toEqual(defaultQuery);
  });

  it("reads affitti as affitto and availability nuda-proprieta as 'nuda proprieta'", () => {
    const q = parseSearch({ tr: "affitti", availability: "nuda-proprieta,libero" });
    expect(q.channel).toBe("affitto");
    expect(q.filters.availability).toEqual(["libero", "nuda proprieta"]);
  });

  it("turns dashes in the sort into underscores and refuses unknown sorts", () => {
    expect(parseSearch({ sortType: "prezzo-crescente" }).sort).toBe("prezzo_crescente");
    expect(parseSearch({ sortType: "default" }).sort).toBe("rilevanza");
    expect(() => parseSearch({ sortType: "random" })).toThrow(SearchRuleError);
  });

  it("does not sell rooms and rents only homes short-term", () => {
    expect(() => parseSearch({ channel: "vendita", propertyTypeGroup: "stanze" })).toThrow(/stanze is not offered for vendita/);
    expect(() => parseSearch({ channel: "affitto-breve", propertyTypeGroup: "uffici" })).toThrow(SearchRuleError);
    expect(() => parseSearch({ channel: "affitto-breve", category: "residenziale" })).toThrow(/case-vacanza/);
    expect(parseSearch({ channel: "affitto-breve", category: "case-vacanza" }).channel).toBe("affitto-breve");
  });

  it("cuts the price-type list to two options for commerciale, terreni, stanze and garages", () => {
    expect(() => parseSearch({ propertyTypeGroup: "terreni", priceType: "ribassato" })).toThrow(/only fisso and trattabile/);
    expect(parseSearch({ propertyTypeGroup: "terreni", priceType: "trattabile" }).filters.priceType).toBe("trattabile");
    expect(parseSearch({ priceType: "ribassato" }).filters.priceType).toBe("ribassato");
  });

  it("refuses either private-negotiation filter together with price filters (seed 000 §5), and only with exclude", () => {
    for (const extra of [{ price_max: 1 }, { priceType: "fisso" }, { payment_max: 500 }, { mqprice_min: 1000 }]) {
      expect(() => parseSearch({ only_private_negotiation: true, ...extra })).toThrow(/only_private_negotiation/);
      expect(() => parseSearch({ exclude_private_negotiation: true, ...extra })).toThrow(/exclude_private_negotiation/);
    }
    expect(() => parseSearch({ only_private_negotiation: true, exclude_private_negotiation: true })).toThrow(SearchRuleError);
    // The filter form's radio group sends private_negotiation=true|false.
    expect(parseSearch({ private_negotiation: true }).filters.privateNegotiation).toBe("only");
    expect(parseSearch({ private_negotiation: "false" }).filters.privateNegotiation).toBe("exclude");
  });

  it("treats is_auction false or exclude_auction as excluding auctions", () => {
    expect(parseSearch({ is_auction: false }).filters.auction).toBe("exclude");
    expect(parseSearch({ exclude_auction: "true" }).filters.auction).toBe("exclude");
    expect(parseSearch({ only_auction: true }).filters.auction).toBe("only");
    expect(() => parseSearch({ only_auction: true, exclude_auction: true })).toThrow(SearchRuleError);
  });

  it("expands type aliases, and all types of a group equal none", () => {
    expect(parseSearch({ propertyTypeGroup: "box-posti-auto", propertyTypes: ["box"] })).toMatchObject({
      group: "garage-posti-auto",
      propertyTypes: ["box"],
    });
    expect(parseSearch({ propertyTypeGroup: "garage-posti-auto", propertyTypes: ["box-o-posto-auto"] }).propertyTypes).toEqual([]);
    expect(() => parseSearch({ propertyTypes: ["capannone"] })).toThrow(/not a type of case/);
  });

  it("refuses min above max, naming the field", () => {
    expect(() => parseSearch({ price_min: 300000, price_max: 100000 })).toThrow(ZodError);
    try {
      parseSearch({ mq_min: 90, mq_max: 30 });
    } catch (e) {
      expect((e as ZodError).issues[0]!.path).toEqual(["mq"]);
    }
  });

  it("accepts one geo mode at a time, with sane sizes", () => {
    expect(parseSearch({ geocircle: { circle: [{ distance: 500, center: [45.46, 9.19] }] } }).geo).toEqual({
      kind: "circle",
      lat: 45.46,
      lon: 9.19,
      radius: 500,
    });
    expect(() => parseSearch({ geocircle: { circle: [{ distance: 0, center: [45.46, 9.19] }] } })).toThrow(/at least 100/);
    expect(() => parseSearch({ geocircle: { circle: [{ distance: 10_000_000, center: [45.46, 9.19] }] } })).toThrow(/at most 50000/);
    expect(() => parseSearch({ geobounds: [9, 45, 10, 46], nearby: { lat: 45, lon: 9, vehicle: "walk", time: 10 } })).toThrow(
      /only one of/,
    );
    expect(() => parseSearch({ geobounds: [10, 45, 9, 46] })).toThrow(/west < east/);
  });

  it("refuses self-intersecting and huge polygons", () => {
    const bowtie = [
      [45, 9],
      [46, 10],
      [45, 10],
      [46, 9],
    ];
    expect(() => parseSearch({ geopolygon: { polygon: bowtie } })).toThrow(/cross/);
    const huge = [
      [36, 7],
      [36, 18],
      [47, 18],
      [47, 7],
    ];
    expect(() => parseSearch({ geopolygon: { polygon: huge } })).toThrow(/too large/);
    const square = [
      [45.46, 9.18],
      [45.46, 9.2],
      [45.48, 9.2],
      [45.48, 9.18],
    ];
    expect(parseSearch({ geopolygon: { polygon: square } }).geo).toMatchObject({ kind: "polygon" });
  });

  it("refuses unknown keys so typos surface", () => {
    expect(() => parseSearch({ prize_max: 1 })).toThrow(ZodError);
  });
});

describe("activeFilterCount", () => {
  it("ignores defaults and counts a min/max pair once", () => {
    expect(activeFilterCount(parseSearch({}))).toBe(0);
    expect(
      activeFilterCount(
        parseSearch({ price_min: 1, price_max: 2, lift: true, exclude_auction: true, channel: "affitto", sortType: "prezzo-crescente" }),
      ),
    ).toBe(3);
    expect(activeFilterCount(parseSearch({ propertyTypes: ["villa", "loft"], poi: ["subway", "supermarket"] }))).toBe(2);
  });
});

it("names rooms", () => {
  expect([1, 2, 3, 4, 5].map(roomName)).toEqual(["monolocale", "bilocale", "trilocale", "quadrilocale", null]);
});

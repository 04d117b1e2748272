import { describe, expect, it } from "vitest";
import { formEntriesToRaw, searchFromForm, searchUrlFromForm } from "./search-form.ts";
import { fixtureLookup } from "./url.fixture.ts";

describe("formEntriesToRaw", () => {
  it("merges repeated names into lists and leaves out empty values", () => {
    expect(
      formEntriesToRaw([
        ["energyClass", "A4"],
        ["energyClass", "B"],
        ["price_max", ""],
        ["channel", "affitto"],
        ["zones", "IT-03-015146"],
      ]),
    ).toEqual({ energyClass: ["A4", "B"], channel: "affitto", zones: "IT-03-015146" });
  });
});

describe("searchFromForm", () => {
  it("builds the query the form describes, always on page 1", () => {
    const { query, dropped } = searchFromForm([
      ["channel", "affitto"],
      ["propertyTypeGroup", "case"],
      ["zones", "IT-12-058091"],
      ["price_max", "1200"],
      ["numRooms_min", "2"],
      ["numRooms_max", "2"],
      ["energyClass", "A4"],
      ["energyClass", "B"],
      ["sortType", "prezzo-crescente"],
      ["page", "7"],
      ["is_auction", ""],
    ]);
    expect(dropped).toEqual([]);
    expect(query).toMatchObject({
      channel: "affitto",
      group: "case",
      places: ["IT-12-058091"],
      sort: "prezzo_crescente",
      page: 1,
      filters: { price: { max: 1200 }, rooms: { min: 2, max: 2 }, energyClasses: ["A4", "B"] },
    });
  });

  it("drops what the rules refuse and keeps the rest", () => {
    const { query, dropped } = searchFromForm([
      ["channel", "affitto-breve"],
      ["propertyTypeGroup", "uffici"],
      ["price_min", "500000"],
      ["price_max", "100"],
      ["mq_min", "abc"],
      ["numBaths", "2"],
    ]);
    expect(query.channel).toBe("affitto-breve");
    expect(query.group).toBe("case");
    expect(query.filters.price).toBeUndefined();
    expect(query.filters.mq).toBeUndefined();
    expect(query.filters.baths).toBe(2);
    expect(dropped).toEqual(expect.arrayContaining(["propertyTypeGroup", "price_min", "price_max", "mq_min"]));
  });

  it("turns the auction radio into the tri-state and ignores unknown fields", () => {
    expect(
      searchFromForm([
        ["is_auction", "false"],
        ["bogus", "1"],
      ]).query.filters.auction,
    ).toBe("exclude");
    expect(searchFromForm([["is_auction", "true"]]).query.filters.auction).toBe("only");
  });
});

describe("searchUrlFromForm: the form keeps the search's area and the map view", () => {
  const places = fixtureLookup();
  it("goes to the list URL with no hidden area", () => {
    expect(
      searchUrlFromForm(
        [
          ["zones", "IT-03-015146"],
          ["price_max", "300000"],
        ],
        places,
      ),
    ).toBe("/vendita/case/milano/?price_max=300000");
  });
  it("keeps a drawn polygon and the map view with its zoom", () => {
    expect(
      searchUrlFromForm(
        [
          ["zones", "IT-03-015146"],
          ["price_max", "300000"],
          ["geopolygon", "45.45,9.15;45.5,9.15;45.5,9.2"],
          ["vista", "mappa"],
          ["zoom", "13"],
        ],
        places,
      ),
    ).toBe("/vendita/case/milano/mappa/?price_max=300000&geopolygon=45.45,9.15;45.5,9.15;45.5,9.2&zoom=13");
  });
  it("keeps map bounds on the list, drops a zoom there and a shape the rules refuse", () => {
    expect(
      searchUrlFromForm(
        [
          ["geobounds", "9.1,45.4,9.3,45.5"],
          ["zoom", "13"],
        ],
        places,
      ),
    ).toBe("/vendita/case/?geobounds=9.1,45.4,9.3,45.5");
    expect(
      searchUrlFromForm(
        [
          ["vista", "mappa"],
          ["geopolygon", "45.4,9.1;45.5,9.2;45.4,9.2;45.5,9.1"],
        ],
        places,
      ),
    ).toBe("/vendita/case/mappa/");
  });
});

import { describe, expect, it } from "vitest";
import { baseFilters, formEntriesToFilters, RAW_FILTER_KEYS } from "./form-filters.ts";
import { parseSearch, rawFiltersSchema } from "./query.ts";

describe("form values", () => {
  it("knows exactly the keys the search model accepts", () => {
    expect([...RAW_FILTER_KEYS].sort()).toEqual(Object.keys(rawFiltersSchema.shape).sort());
  });

  it("turns form entries into filters: lists for repeated names, no empty, unknown, sort or page values", () => {
    const filters = formEntriesToFilters(
      [
        ["price_max", "300000"],
        ["price_min", ""],
        ["energyClass", "A4"],
        ["energyClass", "B"],
        ["sortType", "prezzo-crescente"],
        ["page", "2"],
        ["q", "milano"],
        ["geobounds", "9,45,9.2,45.5"],
        ["zones", "IT-1"],
        ["numRooms_min", "2"],
        ["lift", "true"],
      ],
      { channel: "affitto", propertyTypeGroup: "case" },
    );
    expect(filters).toEqual({
      channel: "affitto",
      propertyTypeGroup: "case",
      price_max: "300000",
      energyClass: ["A4", "B"],
      numRooms_min: "2",
      lift: "true",
    });
  });
});

describe("the count's base filters", () => {
  it.each([
    ["a town search", "/vendita/case/milano/", {}],
    ["types, rent", "", { channel: "affitto", propertyTypeGroup: "case", propertyTypes: "villa,loft" }],
    ["a map area", "", { geobounds: { bbox: [9.1, 45.4, 9.3, 45.5] } }],
    [
      "a drawn area",
      "",
      {
        geopolygon: {
          polygon: [
            [45.4, 9.1],
            [45.5, 9.1],
            [45.5, 9.3],
          ],
        },
      },
    ],
    ["a circle", "", { geocircle: { circle: [{ distance: 2000, center: [45.46, 9.19] }] } }],
    ["minutes from a point", "", { nearby: { lat: 45.46, lon: 9.19, vehicle: "bike", time: 15 } }],
    ["a publisher's listings", "", { pId: 42, tr: "affitto" }],
  ])("keep the channel, group, types and area of %s", (_name, _path, raw) => {
    const query = parseSearch(raw, ["IT-03-015146"]);
    const again = parseSearch(baseFilters(query), query.places);
    expect(again.channel).toBe(query.channel);
    expect(again.group).toBe(query.group);
    expect(again.propertyTypes).toEqual(query.propertyTypes);
    expect(again.geo).toEqual(query.geo);
    expect(again.filters.publisherId).toBe(query.filters.publisherId);
  });
});

describe("form entries with another group", () => {
  it("drop the page's property types when the form picks another group", () => {
    const base = { channel: "vendita", propertyTypeGroup: "case", propertyTypes: ["villa"] };
    expect(
      formEntriesToFilters(
        [
          ["propertyTypeGroup", "uffici"],
          ["propertyTypes", "villa"],
        ],
        base,
      ),
    ).toEqual({ channel: "vendita", propertyTypeGroup: "uffici" });
    expect(formEntriesToFilters([["propertyTypeGroup", "case"]], base)).toEqual(base);
    expect(parseSearch(formEntriesToFilters([["propertyTypeGroup", "uffici"]], base)).group).toBe("uffici");
  });
});

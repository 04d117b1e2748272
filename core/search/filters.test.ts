import { describe, expect, it } from "vitest";
import { createFilterRegistry, enumFilter, flagFilter, portalFilters, rangeFilter, searchFilters, withForm } from "./filters.ts";
import { frameRawKeys, geoForms } from "./filters.ts";
import { groupRawFilters, rawFiltersSchema } from "./query.ts";

describe("the filter registry", () => {
  it("refuses two entries with one key or one raw key", () => {
    expect(() => createFilterRegistry([...portalFilters, flagFilter("lift", { raw: "ascensore", column: "hasLift" })])).toThrow(
      /"lift" is declared twice/,
    );
    expect(() => createFilterRegistry([...portalFilters, flagFilter("hasLift", { raw: "lift", column: "hasLift" })])).toThrow(
      /raw key "lift"/,
    );
  });

  it("gives each filter its own URL keys, none shared with the frame or the geo modes", () => {
    const keys = [...searchFilters.urlKeys, ...frameRawKeys, ...geoForms.map((g) => g.key)];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("reads each value back from the raw keys it writes (once grouped and validated, as parseSearch does)", () => {
    const values: Record<string, unknown> = {
      price: { min: 1, max: 2 },
      rooms: { min: 2 },
      baths: 2,
      floorLevels: ["terra"],
      lift: true,
      garden: "any",
      availability: ["nuda proprieta"],
      auction: "exclude",
      privateNegotiation: "only",
      floorPlan: true,
      poi: ["subway"],
    };
    for (const [key, value] of Object.entries(values)) {
      const entry = searchFilters.entry(key)!;
      expect(entry.read(rawFiltersSchema.parse(groupRawFilters(entry.write(value as never)))), key).toEqual(value);
    }
    expect(searchFilters.write({ auction: "exclude", privateNegotiation: "include", rooms: { min: 2, max: 3 } })).toEqual({
      numRooms_min: 2,
      numRooms_max: 3,
      is_auction: false,
      exclude_auction: true,
    });
  });

  it("names the raw keys behind an error field, so lenient parsers drop the whole filter", () => {
    expect(searchFilters.keysOfField("rooms")).toEqual(expect.arrayContaining(["numRooms_min", "numRooms_max", "rooms_min", "rooms_max"]));
    expect(searchFilters.keysOfField("is_auction")).toEqual(expect.arrayContaining(["is_auction", "only_auction", "exclude_auction"]));
    expect(searchFilters.keysOfField("price")).toEqual(expect.arrayContaining(["price_min", "price_max"]));
    expect(searchFilters.keysOfField("nope")).toEqual(["nope", "nope_min", "nope_max"]);
  });

  it("lists the form's fields by group, in order, for the search shown", () => {
    const homes = searchFilters.formFields({ channel: "vendita", group: "case" });
    expect(homes.map((g) => g.group)).toEqual(["price", "rooms", "features", "condition", "other"]);
    expect(homes.find((g) => g.group === "condition")!.fields.map((f) => f.entry.key)).toEqual(["buildingConditions", "energyClasses"]);
    expect(homes.find((g) => g.group === "other")!.fields.map((f) => f.entry.key)).toEqual(["publicationDate", "sellerType", "auction"]);
    const offices = searchFilters.formFields({ channel: "affitto", group: "uffici" });
    expect(offices.map((g) => g.group)).not.toContain("rooms");
    expect(offices.find((g) => g.group === "other")!.fields.map((f) => f.entry.key)).not.toContain("auction");
  });

  it("extends without changing the registry it starts from", () => {
    const extended = searchFilters.extend(
      withForm(enumFilter("category", { raw: "categoria", values: ["residenziale", "commerciale"], column: "category" }), {
        group: "other",
        control: "select",
        options: ["residenziale"],
      }),
      rangeFilter("totalFloors", { column: "totalFloors", base: "piani", min: 0, max: 200 }),
    );
    expect(extended.urlKeys.slice(-3)).toEqual(["categoria", "piani_min", "piani_max"]);
    expect(searchFilters.entry("category")).toBeUndefined();
    expect(extended.read({ categoria: "commerciale", totalFloors: { min: 3 } }, { channel: "vendita", group: "case" })).toMatchObject({
      category: "commerciale",
      totalFloors: { min: 3 },
    });
    expect(extended.conditions({ ...searchFilters.defaults, category: "commerciale" } as never, { now: new Date() })).toEqual([
      { op: "=", column: "category", value: "commerciale" },
    ]);
  });
});

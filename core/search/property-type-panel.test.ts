import { describe, expect, it } from "vitest";
import { propertyGroupOptions, togglePropertyType } from "./property-type-panel.ts";

describe("property-type panel", () => {
  it("'all' clears the selection", () => {
    expect(togglePropertyType("case", ["villa", "loft"], "all")).toEqual([]);
  });
  it("toggles types, and selecting every type is the same as none", () => {
    expect(togglePropertyType("case", [], "villa")).toEqual(["villa"]);
    expect(togglePropertyType("case", ["villa"], "loft")).toEqual(["loft", "villa"]);
    expect(togglePropertyType("case", ["loft", "villa"], "villa")).toEqual(["loft"]);
    expect(togglePropertyType("garage-posti-auto", ["box"], "posto-auto")).toEqual([]);
  });
  it("ignores types of another group", () => {
    expect(togglePropertyType("case", ["villa"], "box")).toEqual(["villa"]);
    expect(togglePropertyType("uffici", ["villa"], "ufficio")).toEqual([]);
  });
  it("offers rooms only for rent, and only homes (as case-vacanza) for short rent", () => {
    expect(propertyGroupOptions("vendita").map((o) => o.group)).not.toContain("stanze");
    expect(propertyGroupOptions("affitto").map((o) => o.group)).toContain("stanze");
    expect(propertyGroupOptions("affitto-breve")).toEqual([{ group: "case", category: "case-vacanza" }]);
    expect(propertyGroupOptions("vendita")[0]).toEqual({ group: "case", category: "residenziale" });
  });
});

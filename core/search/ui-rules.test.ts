import { describe, expect, it } from "vitest";
import { parseSearch, rawFiltersSchema } from "./query.ts";
import {
  attachChildren,
  baseFilters,
  checkState,
  countDelay,
  dropdownSummary,
  formEntriesToFilters,
  MULTI_CHOICE_DELAY_MS,
  pickDropdownValue,
  propertyGroupOptions,
  RAW_FILTER_KEYS,
  recordVisit,
  selectedPlaceIds,
  selectionLabel,
  smartBackTarget,
  togglePropertyType,
  toggleNode,
  truncateLabel,
  type TreeNode,
} from "./ui-rules.ts";

describe("labels", () => {
  it.each([
    ["Milano", 14, "Milano"],
    ["Reggio nell'Emilia", 14, "Reggio nell'Em..."],
    ["San Giovanni Rotondo", 10, "San Giovan..."],
    ["Abcdefghijklmn", 14, "Abcdefghijklmn"],
    ["Abcdefghijklmno", 14, "Abcdefghijklmn..."],
    ["Città di Castello", 14, "Città di Caste..."],
  ])("truncates %s at %i characters", (label, max, expected) => {
    expect(truncateLabel(label, max)).toBe(expected);
  });

  it("adds +N for the extra selections", () => {
    expect(selectionLabel([])).toBe("");
    expect(selectionLabel(["Brera"])).toBe("Brera");
    expect(selectionLabel(["Porta Garibaldi - Isola", "Brera", "Navigli"])).toBe("Porta Garibald... +2");
  });
});

// town → zones a, b (b has blocks b1, b2), c (children not loaded)
const tree = (): TreeNode[] => [
  { id: "a", children: [] },
  {
    id: "b",
    children: [
      { id: "b1", children: [] },
      { id: "b2", children: [] },
    ],
  },
  { id: "c" },
];

describe("checkbox tree", () => {
  it("checking a parent checks all its children", () => {
    const checked = toggleNode(tree(), new Set(), "b");
    expect([...checked].sort()).toEqual(["b", "b1", "b2"]);
    expect(checkState(tree()[1]!, checked)).toBe("checked");
  });

  it("a parent is indeterminate when only some children are checked, checked when all are", () => {
    const roots = tree();
    let checked = toggleNode(roots, new Set(), "b1");
    expect(checkState(roots[1]!, checked)).toBe("indeterminate");
    expect(checked.has("b")).toBe(false);
    checked = toggleNode(roots, checked, "b2");
    expect(checkState(roots[1]!, checked)).toBe("checked");
    expect(checked.has("b")).toBe(true);
  });

  it("unchecking a child unchecks its parent; unchecking a parent clears its children", () => {
    const roots = tree();
    let checked = toggleNode(roots, new Set(), "b");
    checked = toggleNode(roots, checked, "b1");
    expect([...checked]).toEqual(["b2"]);
    checked = toggleNode(roots, toggleNode(roots, new Set(), "b"), "b");
    expect(checked.size).toBe(0);
  });

  it("clicking an indeterminate parent checks it fully", () => {
    const roots = tree();
    const checked = toggleNode(roots, toggleNode(roots, new Set(), "b1"), "b");
    expect([...checked].sort()).toEqual(["b", "b1", "b2"]);
  });

  it("children loaded under a checked node arrive checked", () => {
    const roots = tree();
    const { roots: next, checked } = attachChildren(roots, new Set(["c"]), "c", [
      { id: "c1", children: [] },
      { id: "c2", children: [] },
    ]);
    expect([...checked].sort()).toEqual(["c", "c1", "c2"]);
    expect(checkState(next[2]!, checked)).toBe("checked");
    const unchecked = attachChildren(roots, new Set(), "c", [{ id: "c1", children: [] }]);
    expect(unchecked.checked.size).toBe(0);
  });

  it("searches a fully checked node as itself, and the root for none or all", () => {
    const roots = tree();
    expect(selectedPlaceIds(roots, new Set(), "town")).toEqual(["town"]);
    expect(selectedPlaceIds(roots, toggleNode(roots, new Set(), "b"), "town")).toEqual(["b"]);
    expect(selectedPlaceIds(roots, new Set(["a", "b1"]), "town")).toEqual(["a", "b1"]);
    expect(selectedPlaceIds(roots, new Set(["a", "b", "b1", "b2", "c"]), "town")).toEqual(["town"]);
  });
});

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

describe("filter dropdown", () => {
  const multi = { multiple: true, defaultValue: "any" };
  it("single choice takes the value and closes", () => {
    expect(pickDropdownValue({ open: true, values: ["any"] }, "2", { multiple: false, defaultValue: "any" })).toEqual({
      open: false,
      values: ["2"],
    });
  });
  it("multiple choice toggles and stays open", () => {
    let s = pickDropdownValue({ open: true, values: ["any"] }, "A4", multi);
    expect(s).toEqual({ open: true, values: ["A4"] });
    s = pickDropdownValue(s, "B", multi);
    expect(s.values).toEqual(["A4", "B"]);
    s = pickDropdownValue(s, "A4", multi);
    expect(s.values).toEqual(["B"]);
  });
  it("the default clears the others, and removing the last restores the default", () => {
    expect(pickDropdownValue({ open: true, values: ["A4", "B"] }, "any", multi).values).toEqual(["any"]);
    expect(pickDropdownValue({ open: true, values: ["B"] }, "B", multi).values).toEqual(["any"]);
  });
  it("summarises as 'Seleziona', one label, or 'N selezionate'", () => {
    const texts = { none: "Seleziona", several: (n: number) => `${n} selezionate` };
    expect(dropdownSummary(["any"], "any", (v) => v, texts)).toBe("Seleziona");
    expect(dropdownSummary(["B"], "any", (v) => `Classe ${v}`, texts)).toBe("Classe B");
    expect(dropdownSummary(["B", "C", "D"], "any", (v) => v, texts)).toBe("3 selezionate");
  });
});

describe("live count timing and form values", () => {
  it("sends multiple-choice and typed changes after 500 ms, single-choice ones at once", () => {
    expect(countDelay({ tagName: "INPUT", type: "checkbox" })).toBe(MULTI_CHOICE_DELAY_MS);
    expect(countDelay({ tagName: "SELECT", multiple: true })).toBe(500);
    expect(countDelay({ tagName: "INPUT", type: "number" })).toBe(500);
    expect(countDelay({ tagName: "INPUT", type: "radio" })).toBe(0);
    expect(countDelay({ tagName: "SELECT", multiple: false })).toBe(0);
  });

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

describe("smart back stack", () => {
  it("pushes new searches, ignores reloads, and pops when the visitor went back", () => {
    let s = recordVisit([], "/vendita/case/milano/");
    s = recordVisit(s, "/vendita/case/milano/");
    expect(s).toEqual(["/vendita/case/milano/"]);
    s = recordVisit(s, "/vendita/case/milano/?price_max=300000");
    s = recordVisit(s, "/vendita/case/milano-brera/");
    expect(s).toHaveLength(3);
    s = recordVisit(s, "/vendita/case/milano/?price_max=300000");
    expect(s).toEqual(["/vendita/case/milano/", "/vendita/case/milano/?price_max=300000"]);
  });
  it("goes back to the previous search, or to the browser's back with one entry or none", () => {
    expect(smartBackTarget([])).toBeNull();
    expect(smartBackTarget(["/a/"])).toBeNull();
    expect(smartBackTarget(["/a/", "/b/", "/c/"])).toEqual({ url: "/b/", stack: ["/a/", "/b/"] });
  });
  it("keeps at most 30 entries", () => {
    let s: string[] = [];
    for (let i = 0; i < 40; i++) s = recordVisit(s, `/p/${i}/`);
    expect(s).toHaveLength(30);
    expect(s[29]).toBe("/p/39/");
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

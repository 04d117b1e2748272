import { describe, expect, it } from "vitest";
import {
  editDistance,
  isStreetQuery,
  splitStreetNumber,
  IN_VIEW_BOOST,
  MatchKind,
  normalizeQuery,
  prefixDistance,
  SuggestIndex,
  typoBudget,
} from "./places-suggest.ts";

describe("normalizeQuery", () => {
  it("folds accents, apostrophes and punctuation", () => {
    expect(normalizeQuery("  Forlì ")).toBe("forli");
    expect(normalizeQuery("Reggio nell'Emilia")).toBe("reggio nell emilia");
    expect(normalizeQuery("Bolzano/Bozen")).toBe("bolzano bozen");
  });
});

describe("edit distances", () => {
  it("counts substitutions, insertions, deletions and adjacent transpositions as one", () => {
    expect(editDistance("milano", "milano", 2)).toBe(0);
    expect(editDistance("milamo", "milano", 2)).toBe(1);
    expect(editDistance("mlano", "milano", 2)).toBe(1);
    expect(editDistance("mialno", "milano", 2)).toBe(1);
    expect(editDistance("roma", "milano", 1)).toBe(2);
  });
  it("measures against the best prefix of the target", () => {
    expect(prefixDistance("reggoi", "reggionellemilia", 1)).toBe(1);
    expect(prefixDistance("castrx", "castrovillari", 1)).toBe(1);
    expect(prefixDistance("castrx", "castrovillari", 1, true)).toBe(2);
  });
  it("tolerates no typo below 4 letters, one up to 7 and two from 8", () => {
    expect([3, 4, 7, 8].map(typoBudget)).toEqual([0, 1, 1, 2]);
  });
});

describe("isStreetQuery", () => {
  it("recognises the street words only when followed by something", () => {
    expect(isStreetQuery("via ")).toBe(true);
    expect(isStreetQuery("Viale Monza")).toBe(true);
    expect(isStreetQuery("corso buenos aires")).toBe(true);
    expect(isStreetQuery("via")).toBe(false);
    expect(isStreetQuery("viadana")).toBe(false);
    expect(isStreetQuery("milano")).toBe(false);
  });
});

describe("splitStreetNumber", () => {
  it("splits the number off when the last word starts with a digit (seed 000 §5)", () => {
    expect(splitStreetNumber("via roma 12")).toEqual({ street: "via roma", number: "12" });
    expect(splitStreetNumber("Corso Como, 3/b")).toEqual({ street: "Corso Como", number: "3/b" });
    expect(splitStreetNumber("viale monza 120a ")).toEqual({ street: "viale monza", number: "120a" });
    expect(splitStreetNumber("via roma 12, milano")).toEqual({ street: "via roma milano", number: "12" });
    expect(splitStreetNumber("via 20 settembre 5 roma")).toEqual({ street: "via 20 settembre roma", number: "5" });
  });
  it("leaves everything else alone", () => {
    expect(splitStreetNumber("via roma")).toEqual({ street: "via roma", number: null });
    expect(splitStreetNumber("via 20 settembre")).toEqual({ street: "via 20 settembre", number: null });
    expect(splitStreetNumber("via 20 settembre roma")).toEqual({ street: "via 20 settembre roma", number: null });
    expect(splitStreetNumber("12")).toEqual({ street: "12", number: null });
  });
});

describe("SuggestIndex", () => {
  const index = new SuggestIndex([
    { id: "town-milano", level: 9, names: ["Milano", "Milan"], population: 1_370_000 },
    { id: "prov-milano", level: 6, names: ["Milano"], population: 3_200_000 },
    { id: "town-milazzo", level: 9, names: ["Milazzo"], population: 31_000 },
    { id: "town-castro-bg", level: 9, names: ["Castro"], population: 1_200 },
    { id: "town-castro-le", level: 9, names: ["Castro"], population: 2_300 },
    { id: "town-castrovillari", level: 9, names: ["Castrovillari"], population: 21_000 },
    { id: "town-sanremo", level: 9, names: ["Sanremo"], population: 52_000 },
    { id: "town-reggio-e", level: 9, names: ["Reggio nell'Emilia"], population: 170_000 },
    { id: "town-bolzano", level: 9, names: ["Bolzano", "Bozen"], population: 106_000 },
    { id: "zone-brera", level: 10, names: ["Brera"], population: 0 },
  ]);
  const ids = (q: string, limit = 5) => index.search(q, { limit }).map((m) => m.id);

  it("ranks the town before the province and before smaller prefix matches", () => {
    expect(ids("milan")).toEqual(["town-milano", "prov-milano", "town-milazzo"]);
    expect(ids("mila")[0]).toBe("town-milano");
  });
  it("puts exact names before longer ones and whole-name typos before prefix typos", () => {
    expect(ids("castro").slice(0, 2).sort()).toEqual(["town-castro-bg", "town-castro-le"]);
    expect(ids("cstro").slice(0, 2).sort()).toEqual(["town-castro-bg", "town-castro-le"]);
  });
  it("matches without spaces or with extra ones, by words, and other-language names", () => {
    expect(ids("san remo")[0]).toBe("town-sanremo");
    expect(ids("reggio emilia")[0]).toBe("town-reggio-e");
    expect(ids("reggionellemilia")[0]).toBe("town-reggio-e");
    expect(ids("bozen")[0]).toBe("town-bolzano");
    const match = index.search("brrea", { limit: 1 })[0]!;
    expect(match).toMatchObject({ id: "zone-brera", kind: MatchKind.fuzzyWhole, distance: 1 });
  });
  it("lets listing counts and the accept filter shape the answer", () => {
    const counted = index.search("castro", { limit: 2, countOf: (id) => (id === "town-castro-bg" ? 1000 : 0) });
    expect(counted[0]!.id).toBe("town-castro-bg");
    expect(index.search("milano", { limit: 5, accept: (e) => e.level === 6 }).map((m) => m.id)).toEqual(["prov-milano"]);
  });
  it("ranks a map's places in view first among equal matches, but not above a better match (decision 080)", () => {
    const inView = (id: string) => (id === "town-milazzo" || id === "town-castro-le" ? IN_VIEW_BOOST : 0);
    // A small town in view before a bigger namesake or a busier town elsewhere.
    expect(index.search("castro", { limit: 2, boostOf: inView, countOf: (id) => (id === "town-castro-bg" ? 1000 : 0) })[0]!.id).toBe(
      "town-castro-le",
    );
    expect(index.search("mila", { limit: 3, boostOf: inView }).map((m) => m.id)[0]).toBe("town-milazzo");
    // An exact name elsewhere still beats a prefix in view.
    expect(index.search("milano", { limit: 3, boostOf: inView })[0]!.id).toBe("town-milano");
  });
  it("answers nothing for nothing", () => {
    expect(ids("  ")).toEqual([]);
    expect(ids("zzzzzzzz")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { foldAccents, slugify } from "./text.ts";

describe("slugify", () => {
  it.each([
    ["Forlì-Cesena", "forli-cesena"],
    ["Sant'Angelo Lodigiano", "sant-angelo-lodigiano"],
    ["Valle d'Aosta/Vallée d'Aoste", "valle-d-aosta-vallee-d-aoste"],
    ["  Reggio di Calabria ", "reggio-di-calabria"],
    ["Città Studi", "citta-studi"],
    ["QT8", "qt8"],
  ])("%s → %s", (name, slug) => expect(slugify(name)).toBe(slug));

  it("folds accents", () => expect(foldAccents("Forlì Città Perù")).toBe("Forli Citta Peru"));
});

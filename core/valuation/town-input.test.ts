import { describe, expect, it } from "vitest";
import { resolveTown, townLabel } from "./town-input.ts";

const towns = [
  { id: "a", name: "Forlì", short: "FC", population: 117000 },
  { id: "b", name: "Samone", short: "TO", population: 1600 },
  { id: "c", name: "Samone", short: "TN", population: 560 },
  { id: "d", name: "Sant'Angelo d'Alife", short: "CE", population: 2000 },
];

describe("resolveTown", () => {
  it.each([
    ["forli", "a"],
    ["  FORLÌ ", "a"],
    ["Forlì (FC)", "a"],
    ["samone", "b"],
    ["Samone (TN)", "c"],
    ["samone (tn)", "c"],
    ["sant’angelo d’alife", "d"],
  ])("%s → %s", (input, id) => {
    expect(resolveTown(input, towns)?.id).toBe(id);
  });

  it.each(["", "Roma", "Forlì (MI)", "(FC)"])("%j is not a town here", (input) => {
    expect(resolveTown(input, towns)).toBeNull();
  });

  it("labels round-trip", () => {
    for (const t of towns) expect(resolveTown(townLabel(t), towns)?.id).toBe(t.id);
  });
});

import { describe, expect, it } from "vitest";
import { planFillIn } from "./fill-in.ts";

describe("planFillIn (seed 000 §4 Fill-in list)", () => {
  it.each([
    ["no fill-in listings", { total: 0, page: 1, nearbyShown: 0, nearbyTotal: 0 }, { mode: "none" }],
    ["pages beyond the first", { total: 0, page: 2, nearbyShown: 10, nearbyTotal: 10 }, { mode: "none" }],
    [
      "no results, 3 or fewer nearby: all on top",
      { total: 0, page: 1, nearbyShown: 3, nearbyTotal: 3 },
      { mode: "no-results", top: 3, hidden: 0, more: 0 },
    ],
    ["no results, one nearby", { total: 0, page: 1, nearbyShown: 1, nearbyTotal: 1 }, { mode: "no-results", top: 1, hidden: 0, more: 0 }],
    [
      "no results, many nearby: top 2 and a trigger",
      { total: 0, page: 1, nearbyShown: 25, nearbyTotal: 40 },
      { mode: "no-results", top: 2, hidden: 23, more: 38 },
    ],
    ["few results: a banner", { total: 4, page: 1, nearbyShown: 25, nearbyTotal: 31 }, { mode: "few-results", hidden: 25, more: 31 }],
    ["few results, one nearby", { total: 4, page: 1, nearbyShown: 1, nearbyTotal: 1 }, { mode: "few-results", hidden: 1, more: 1 }],
  ] as const)("%s", (_name, input, expected) => {
    expect(planFillIn(input)).toEqual(expected);
  });
});

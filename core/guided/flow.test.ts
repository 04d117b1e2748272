import { expect, it } from "vitest";
import { guidedStateSchema, hasWhere, missingStep, searchInputOf, stateParams } from "./flow.ts";

it("searches a commute time from a point instead of a place, and asks for one of them", () => {
  const commute = guidedStateSchema.parse({
    contratto: "affitto",
    vicino: "45.464211,9.191383",
    da: "Milano",
    mezzo: "bike",
    minuti: "15",
  });
  expect(hasWhere(commute)).toBe(true);
  expect(missingStep(commute, "budget")).toBeNull();
  expect(searchInputOf(commute)).toEqual({
    raw: { channel: "affitto", propertyTypeGroup: "case", nearby: { lat: 45.464211, lon: 9.191383, vehicle: "bike", time: 15 } },
    places: [],
  });
  expect(stateParams(commute).toString()).toBe("contratto=affitto&vicino=45.464211%2C9.191383&da=Milano&mezzo=bike&minuti=15");
  // A travel mode and time without a point is no answer to 'where'.
  const incomplete = guidedStateSchema.parse({ mezzo: "car", minuti: 20 });
  expect(missingStep(incomplete, "budget")).toBe("dove");
  expect(guidedStateSchema.safeParse({ vicino: "Milano" }).success).toBe(false);
  expect(guidedStateSchema.safeParse({ minuti: 90 }).success).toBe(false);
  expect(guidedStateSchema.safeParse({ mezzo: "teleport" }).success).toBe(false);
});

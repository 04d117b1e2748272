import { expect, it } from "vitest";
import { geoFormOf } from "../search/filters.ts";
import { toRawFilters } from "../search/url.ts";
import { parseSearch } from "../search/query.ts";
import { answerArea, areaTextOf, guidedStateSchema, hasWhere, missingStep, readAreaText, searchInputOf } from "./flow.ts";
import { readStateParams, stateParams } from "./steps.ts";

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

it("carries an area drawn on the map as the results map's own geopolygon text, and searches it alone", () => {
  const ring: Array<[number, number]> = [
    [9.16, 45.48],
    [9.21, 45.48],
    [9.21, 45.45],
    [9.16, 45.45],
  ];
  const text = areaTextOf(ring);
  // The codec's text: what the results map puts in its URL for the same ring.
  expect(text).toBe("45.48,9.16;45.48,9.21;45.45,9.21;45.45,9.16");
  const drawnOnResults = toRawFilters({ ...parseSearch({}), geo: { kind: "polygon", ring } }).geopolygon;
  expect(text).toBe(geoFormOf("polygon").toText(drawnOnResults as Record<string, unknown>));
  const state = guidedStateSchema.parse({
    contratto: "vendita",
    geopolygon: "45.480000,9.16;45.48,9.210;45.45,9.21;45.45,9.16",
    mezzo: "car",
  });
  expect(state.geopolygon).toBe(text);
  expect(hasWhere(state)).toBe(true);
  expect(missingStep(state, "budget")).toBeNull();
  expect(searchInputOf(state)).toEqual({
    raw: { channel: "vendita", propertyTypeGroup: "case", geopolygon: { polygon: ring.map(([lon, lat]) => [lat, lon]) } },
    places: [],
  });
  // The map answer drops a travel mode and time left in the form; the state's URL round-trips.
  const answered = answerArea(state)!;
  expect(answered.mezzo).toBeUndefined();
  expect(stateParams(answered).toString()).toBe(`contratto=vendita&geopolygon=${encodeURIComponent(text)}`);
  expect(guidedStateSchema.parse(readStateParams(stateParams(answered)))).toEqual(answered);
  expect(answerArea(guidedStateSchema.parse({}))).toBeNull();
});

it("refuses an area the results map would refuse, in Italian, naming the field", () => {
  for (const [text, message] of [
    ["45.48,9.16;tanti", /un'area come/],
    ["45.48,9.16;45.48,9.21", /almeno tre punti/],
    ["45.48,9.16;45.45,9.21;45.48,9.21;45.45,9.16", /si incrociano/],
    ["46,8;46,12;44,12;44,8", /troppo grande/],
  ] as const) {
    const read = readAreaText(text);
    expect("problem" in read && read.problem, text).toMatch(message);
    const parsed = guidedStateSchema.safeParse({ geopolygon: text });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(["geopolygon"]);
  }
  const withPlace = guidedStateSchema.safeParse({ luogo: "IT-03-015146", geopolygon: "45.48,9.16;45.48,9.21;45.45,9.21" });
  expect(withPlace.error!.issues[0]!.path).toEqual(["geopolygon"]);
});

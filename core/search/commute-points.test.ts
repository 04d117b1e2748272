import { describe, expect, it } from "vitest";
import {
  DEFAULT_NAME,
  HOME_ID,
  makeCommutePoint,
  readCommutePoints,
  removeCommutePoint,
  samePoint,
  saveCommutePoint,
  WORK_ID,
} from "./commute-points.ts";

const now = new Date("2026-11-23T10:00:00Z");

describe("commute points (seed 000 §3, seed 001 §3)", () => {
  it("rounds coordinates to 7 decimals, with 'snc' and 'Punto condiviso' by default", () => {
    const p = makeCommutePoint("custom", { lat: 45.464213456789, lon: 9.189982123456 }, "walk", 15, now);
    expect(p.apiData).toEqual({ location: { lat: 45.4642135, lon: 9.1899821 }, travel_mode: "walk", travel_time: 15 });
    expect(p.valueName).toBe(DEFAULT_NAME);
    expect(p.valueStreetNum).toBe("snc");
    expect(p.valueId.startsWith("custom-")).toBe(true);
    expect(p.updateDt).toBe("2026-11-23T10:00:00.000Z");
    expect(makeCommutePoint("home", { lat: 45, lon: 9 }, "car", 20, now)).toMatchObject({ valueId: HOME_ID, valueName: "Dove vivo" });
    expect(makeCommutePoint("work", { lat: 45, lon: 9 }, "bike", 20, now)).toMatchObject({ valueId: WORK_ID, valueName: "Dove lavoro" });
  });
  it("treats points as the same when lat, lon, mode and time are equal", () => {
    const a = makeCommutePoint("custom", { lat: 45.1, lon: 9.1 }, "walk", 15, now);
    expect(samePoint(a, makeCommutePoint("home", { lat: 45.1, lon: 9.1 }, "walk", 15, now))).toBe(true);
    expect(samePoint(a, makeCommutePoint("custom", { lat: 45.1, lon: 9.1 }, "walk", 20, now))).toBe(false);
    expect(samePoint(a, makeCommutePoint("custom", { lat: 45.1, lon: 9.1 }, "bike", 15, now))).toBe(false);
  });
  it("keeps one home and one work, no duplicates, newest first; removes by id", () => {
    let list = saveCommutePoint([], makeCommutePoint("home", { lat: 45, lon: 9 }, "walk", 15, now));
    list = saveCommutePoint(list, makeCommutePoint("work", { lat: 45.2, lon: 9.2 }, "car", 30, now));
    list = saveCommutePoint(list, makeCommutePoint("home", { lat: 45.1, lon: 9.1 }, "walk", 10, now));
    list = saveCommutePoint(list, makeCommutePoint("custom", { lat: 45.2, lon: 9.2 }, "car", 30, now));
    expect(list.map((p) => p.valueId)).toEqual([list[0]!.valueId, HOME_ID]);
    expect(list[0]!.valueId.startsWith("custom-")).toBe(true);
    expect(removeCommutePoint(list, HOME_ID)).toHaveLength(1);
  });
  it("reads a stored list leniently: bad entries dropped, bad JSON empty", () => {
    const good = makeCommutePoint("home", { lat: 45, lon: 9 }, "walk", 15, now);
    expect(readCommutePoints(JSON.stringify([good, { valueId: "x" }, null]))).toEqual([good]);
    expect(readCommutePoints("{not json")).toEqual([]);
    expect(readCommutePoints(null)).toEqual([]);
    expect(readCommutePoints(JSON.stringify({ a: 1 }))).toEqual([]);
  });
});

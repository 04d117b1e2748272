import { describe, expect, it } from "vitest";
import {
  CIRCLE_BASE_CEILING, CIRCLE_DEFAULT_RADIUS, CIRCLE_MAX_RADIUS, ceilingFor, circlePlace, clampRadius, confirmState, isTap, nextCeiling, radiusSteps, stepIndex,
} from "./map-circle.ts";

describe("circle search rules (seed 000 §4, §5, §9)", () => {
  it("counts a press as a tap only within 10 px", () => {
    expect(isTap({ x: 100, y: 100 }, { x: 106, y: 108 })).toBe(true);
    expect(isTap({ x: 100, y: 100 }, { x: 107, y: 108 })).toBe(false);
  });
  it("has 10 steps from 100 m to the ceiling, the default 500 m among them", () => {
    const steps = radiusSteps(CIRCLE_BASE_CEILING);
    expect(steps).toHaveLength(10);
    expect(steps[0]).toBe(100);
    expect(steps[9]).toBe(2000);
    expect(steps).toContain(CIRCLE_DEFAULT_RADIUS);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    expect(radiusSteps(4000)[9]).toBe(4000);
  });
  it("doubles the ceiling at the last step up to the maximum, and resets it below the base", () => {
    let ceiling = CIRCLE_BASE_CEILING;
    const seen = [ceiling];
    for (let i = 0; i < 8; i++) {
      ceiling = nextCeiling(radiusSteps(ceiling)[9]!, ceiling);
      seen.push(ceiling);
    }
    expect(seen).toEqual([2000, 4000, 8000, 16000, 32000, 50000, 50000, 50000, 50000]);
    expect(nextCeiling(3000, 8000)).toBe(8000);
    expect(nextCeiling(1500, 16000)).toBe(CIRCLE_BASE_CEILING);
    expect(nextCeiling(CIRCLE_MAX_RADIUS, CIRCLE_MAX_RADIUS)).toBe(CIRCLE_MAX_RADIUS);
  });
  it("shows a radius under the first ceiling that holds it", () => {
    expect(ceilingFor(500)).toBe(2000);
    expect(ceilingFor(2000)).toBe(2000);
    expect(ceilingFor(2500)).toBe(4000);
    expect(ceilingFor(40_000)).toBe(50_000);
  });
  it("snaps a radius to its nearest step and clamps to the limits", () => {
    expect(stepIndex(500, 2000)).toBe(radiusSteps(2000).indexOf(500));
    expect(stepIndex(99_999, 2000)).toBe(9);
    expect(clampRadius(20)).toBe(100);
    expect(clampRadius(80_000)).toBe(50_000);
  });
  it("names the circle's place and gives the confirm button's state", () => {
    expect(circlePlace("Duomo", "Milano")).toBe("Duomo, Milano");
    expect(circlePlace("Milano", "Milano")).toBe("Milano");
    expect(circlePlace(null, "Milano")).toBeNull();
    expect(confirmState(null, true)).toEqual({ kind: "loading", disabled: true });
    expect(confirmState(0, false)).toEqual({ kind: "none", disabled: true });
    expect(confirmState(1234, false)).toEqual({ kind: "count", disabled: false });
  });
});

import { describe, expect, it } from "vitest";
import {
  CIRCLE_BASE_CEILING,
  CIRCLE_DEFAULT_RADIUS,
  CIRCLE_MAX_RADIUS,
  ceilingFor,
  circlePlace,
  clampRadius,
  confirmState,
  isTap,
  nextCeiling,
  radiusFromHandle,
  radiusSteps,
  stepIndex,
} from "./map-circle.ts";
import { circleDistance, circleEdgePoint, circlePath } from "./geometry.ts";

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

describe("the desktop radius handle (seed 000 §4 Circle search 3)", () => {
  it("snaps the pointer's distance to the slider's steps", () => {
    expect(radiusFromHandle(480)).toEqual({ radius: 500, ceiling: 2000 });
    expect(radiusFromHandle(20)).toEqual({ radius: 100, ceiling: 2000 });
    for (const d of [150, 777, 1234, 1700]) expect(radiusSteps(2000)).toContain(radiusFromHandle(d).radius);
  });
  it("doubles the ceiling as the slider does when the last step is reached, and resets it below the base", () => {
    expect(radiusFromHandle(1990)).toEqual({ radius: 2000, ceiling: 4000 });
    expect(radiusFromHandle(2700)).toEqual({ radius: 2700, ceiling: 4000 });
    expect(radiusFromHandle(7000).ceiling).toBe(8000);
    expect(radiusFromHandle(999_999)).toEqual({ radius: CIRCLE_MAX_RADIUS, ceiling: CIRCLE_MAX_RADIUS });
    expect(radiusFromHandle(1500).ceiling).toBe(CIRCLE_BASE_CEILING);
  });
  it("grows with the pointer across a doubling, and never depends on where the drag came from", () => {
    let previous = 0;
    for (let d = 100; d <= CIRCLE_MAX_RADIUS; d += 37) {
      const { radius } = radiusFromHandle(d);
      expect(radius, `at ${d} m`).toBeGreaterThanOrEqual(previous);
      previous = radius;
    }
  });
  it("puts the handle on the drawn outline, where the distance rule reads it back", () => {
    const [lat, lon] = circleEdgePoint(45.4642, 9.19, 950);
    expect(lat).toBeCloseTo(45.4642, 4);
    expect(lon).toBeGreaterThan(9.19);
    expect(circleDistance(45.4642, 9.19, lat, lon)).toBeCloseTo(950, 3);
    expect(circlePath(45.4642, 9.19, 950)[32]).toEqual([lat, lon]);
    expect(radiusFromHandle(circleDistance(45.4642, 9.19, lat, lon)).radius).toBe(950);
  });
});

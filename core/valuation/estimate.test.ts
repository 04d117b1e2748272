import { describe, expect, it } from "vitest";
import { estimateValue, MIN_COMPARABLES, quantile, surfaceBand } from "./estimate.ts";

describe("quantile", () => {
  it.each([
    [[10], 0.5, 10],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4, 5], 0.25, 2],
    [[1, 2, 3, 4, 5], 0.75, 4],
    [[10, 20], 0.25, 12.5],
    [[0, 100], 1, 100],
    [[0, 100], 0, 0],
  ])("%j at %d is %d", (list, q, expected) => {
    expect(quantile(list, q)).toBeCloseTo(expected, 10);
  });

  it("refuses an empty list", () => {
    expect(() => quantile([], 0.5)).toThrow(RangeError);
  });
});

describe("estimateValue", () => {
  it("uses the median per m² times the surface, with the quartile range", () => {
    const v = estimateValue([2000, 3000, 2500, 4000, 3500], 80);
    expect(v).toEqual({
      status: "ok",
      count: 5,
      medianPerMq: 3000,
      lowPerMq: 2500,
      highPerMq: 3500,
      estimate: 240_000,
      low: 200_000,
      high: 280_000,
    });
  });

  it("rounds the home's value to the thousand", () => {
    const v = estimateValue([1234, 1234, 1234, 1234, 1234], 73);
    expect(v.status === "ok" && v.estimate).toBe(90_000);
  });

  it("says when there are too few comparables", () => {
    expect(estimateValue([2000, 3000], 80)).toEqual({ status: "too-few", count: 2 });
    expect(estimateValue(Array(MIN_COMPARABLES - 1).fill(1000), 50).status).toBe("too-few");
  });

  it("ignores non-positive and non-finite prices", () => {
    expect(estimateValue([0, -1, Number.NaN, 1000, 1000, 1000, 1000, 1000], 100)).toMatchObject({
      status: "ok",
      count: 5,
      estimate: 100_000,
    });
  });

  it("keeps the estimate inside the range whatever the input", () => {
    for (let seed = 1; seed < 50; seed++) {
      const prices = Array.from({ length: 5 + (seed % 20) }, (_, i) => 500 + ((seed * 7919 + i * 104729) % 9000));
      const v = estimateValue(prices, 40 + seed);
      if (v.status !== "ok") throw new Error("expected an estimate");
      expect(v.low).toBeLessThanOrEqual(v.estimate);
      expect(v.estimate).toBeLessThanOrEqual(v.high);
    }
  });
});

describe("surfaceBand", () => {
  it("is ±35 % in whole m²", () => {
    expect(surfaceBand(100)).toEqual({ min: 65, max: 135 });
  });
});

import { describe, expect, it } from "vitest";
import { PRICE_MAP_MIN_LISTINGS, priceBreaks, priceClass, shownPrices } from "./price-map.ts";

describe("price map rules", () => {
  it("hides places with fewer than 5 listings", () => {
    const rows = [
      { id: "a", median: 3000, count: 5 },
      { id: "b", median: 4000, count: 4 },
      { id: "c", median: 0, count: 9 },
    ];
    expect(PRICE_MAP_MIN_LISTINGS).toBe(5);
    expect(shownPrices(rows).map((r) => r.id)).toEqual(["a"]);
  });
  it("makes 5 classes from quantiles, rounded and increasing, for sale and for rent", () => {
    const sale = Array.from({ length: 100 }, (_, i) => 1000 + i * 50);
    const breaks = priceBreaks(sale);
    expect(breaks).toEqual([2000, 3000, 4000, 5000]);
    expect(priceClass(1200, breaks)).toBe(0);
    expect(priceClass(2000, breaks)).toBe(1);
    expect(priceClass(5900, breaks)).toBe(4);
    const rent = Array.from({ length: 50 }, (_, i) => 8 + i * 0.2);
    expect(priceBreaks(rent)).toEqual([10, 12, 14, 16]);
    expect(priceBreaks([3000, 3000, 3000])).toEqual([3000]);
    expect(priceBreaks([])).toEqual([]);
  });
});

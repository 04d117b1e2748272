import { describe, expect, it } from "vitest";
import { MAX_FAVOURITES } from "../listing/favourites.ts";
import { favouritesCap, favouritesToMerge, MAX_ACCOUNT_FAVOURITES, priceChange } from "./records.ts";

describe("favourites mirror", () => {
  it("merges a visitor's own list, keeps the server's list for this user, drops another account's mirror", () => {
    expect(favouritesToMerge([3, 1, 2], null)).toEqual([3, 1, 2]);
    expect(favouritesToMerge([3, 1, 2], "7")).toEqual([]);
    expect(favouritesToMerge([3, 1, 2], "8")).toEqual([]);
  });
  it("caps a mirror of an account at the account's limit", () => {
    expect(favouritesCap(null)).toBe(MAX_FAVOURITES);
    expect(favouritesCap("7")).toBe(MAX_ACCOUNT_FAVOURITES);
  });
});

describe("price change since saved", () => {
  it.each([
    [200_000, 180_000, { delta: -20_000, percent: -10 }],
    [150_000, 160_000, { delta: 10_000, percent: 6.7 }],
    [150_000, 150_000, null],
    [null, 150_000, null],
    [150_000, null, null],
    [0, 10, null],
  ])("%s → %s", (saved, now, expected) => {
    expect(priceChange(saved, now)).toEqual(expected);
  });
});

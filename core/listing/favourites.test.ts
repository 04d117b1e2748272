import { describe, expect, it } from "vitest";
import {
  addFavourite,
  cardRequests,
  CARDS_PER_PAGE,
  isFavourite,
  MAX_FAVOURITES,
  parseFavourites,
  removeFavourite,
  serializeFavourites,
  toggleFavourite,
} from "./favourites.ts";

describe("favourites rules", () => {
  it("adds newest first and moves an id already saved to the front", () => {
    expect(addFavourite([], 5)).toEqual([5]);
    expect(addFavourite([5, 7], 9)).toEqual([9, 5, 7]);
    expect(addFavourite([5, 7, 9], 9)).toEqual([9, 5, 7]);
  });

  it("refuses ids that are not positive integers", () => {
    expect(addFavourite([1], 0)).toEqual([1]);
    expect(addFavourite([1], -3)).toEqual([1]);
    expect(addFavourite([1], 1.5)).toEqual([1]);
  });

  it("removes and toggles", () => {
    expect(removeFavourite([3, 4, 5], 4)).toEqual([3, 5]);
    expect(removeFavourite([3], 9)).toEqual([3]);
    expect(toggleFavourite([3, 4], 4)).toEqual([3]);
    expect(toggleFavourite([3], 4)).toEqual([4, 3]);
    expect(isFavourite([3, 4], 4)).toBe(true);
    expect(isFavourite([3], 4)).toBe(false);
  });

  it("caps the list, dropping the oldest", () => {
    let ids: number[] = [];
    for (let i = 1; i <= MAX_FAVOURITES + 5; i++) ids = addFavourite(ids, i);
    expect(ids).toHaveLength(MAX_FAVOURITES);
    expect(ids[0]).toBe(MAX_FAVOURITES + 5);
    expect(ids).not.toContain(5);
    expect(ids).toContain(6);
  });

  it("parses stored values leniently and dedupes", () => {
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites("")).toEqual([]);
    expect(parseFavourites("not json")).toEqual([]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites('[3,"4",3,null,-1,2.5,7]')).toEqual([3, 7]);
    expect(parseFavourites(JSON.stringify(Array.from({ length: 300 }, (_, i) => i + 1)))).toHaveLength(MAX_FAVOURITES);
  });

  it("round-trips through serialisation", () => {
    const ids = [9, 2, 44];
    expect(parseFavourites(serializeFavourites(ids))).toEqual(ids);
    expect(serializeFavourites([1, 1, 2])).toBe("[1,2]");
  });
});

describe("cardRequests", () => {
  it("asks for one page of cards per call, no more than the pages shown", () => {
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(cardRequests(ids, 1)).toEqual([ids.slice(0, 25)]);
    expect(cardRequests(ids, 3).map((c) => c.length)).toEqual([25, 25, 10]);
    expect(cardRequests(ids, 9).flat()).toEqual(ids);
    expect(cardRequests([], 1)).toEqual([]);
    for (const call of cardRequests(
      Array.from({ length: MAX_FAVOURITES }, (_, i) => i + 1),
      99,
    ))
      expect(call.length).toBeLessThanOrEqual(CARDS_PER_PAGE);
  });
});

describe("the cap of a list that mirrors an account", () => {
  it("keeps up to the cap given (the account's), and the visitor's 200 by default", () => {
    const many = Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(parseFavourites(JSON.stringify(many))).toHaveLength(MAX_FAVOURITES);
    expect(parseFavourites(JSON.stringify(many), 10_000)).toHaveLength(1000);
    expect(addFavourite(many, 5000, 10_000)).toHaveLength(1001);
    expect(addFavourite(many, 5000)).toHaveLength(MAX_FAVOURITES);
    expect(JSON.parse(serializeFavourites(many, 10_000))).toHaveLength(1000);
    expect(toggleFavourite(many, 5000, 10_000)[0]).toBe(5000);
  });
});

import { expect, it } from "vitest";
import { CountCache } from "./count-cache.ts";

it("reuses a total until it expires and evicts the least recently used", async () => {
  let now = 1000;
  const cache = new CountCache({ maxEntries: 2, ttlMs: 1000, now: () => now });
  let calls = 0;
  const compute = async () => ++calls;
  expect(await cache.get("a", compute)).toBe(1);
  now = 1500;
  expect(await cache.get("a", compute)).toBe(1);
  now = 2500;
  expect(await cache.get("a", compute)).toBe(2); // expired
  await cache.get("b", compute);
  now = 2600;
  await cache.get("a", compute); // a is now most recent
  await cache.get("c", compute); // evicts b
  expect(cache.size).toBe(2);
  const before = calls;
  now = 2700;
  await cache.get("a", compute);
  expect(calls).toBe(before);
  await cache.get("b", compute);
  expect(calls).toBe(before + 1);
});

it("counts a search once for concurrent requests, and again after a failure", async () => {
  const cache = new CountCache();
  let calls = 0;
  let release!: () => void;
  const slow = () => {
    calls++;
    return new Promise<number>((resolve) => {
      release = () => resolve(7);
    });
  };
  const first = cache.get("a", slow);
  const second = cache.get("a", slow);
  release();
  expect(await Promise.all([first, second])).toEqual([7, 7]);
  expect(calls).toBe(1);
  await expect(cache.get("b", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
  expect(cache.size).toBe(1);
  expect(await cache.get("b", async () => 3)).toBe(3);
});

it("forgets every total on clear, and does not keep one computed across a clear", async () => {
  const cache = new CountCache();
  let value = 1;
  expect(await cache.get("a", async () => value)).toBe(1);
  value = 2;
  cache.clear();
  expect(cache.size).toBe(0);
  expect(await cache.get("a", async () => value)).toBe(2);
  // A count that started before the listings changed is answered but not cached.
  let release!: () => void;
  const slow = cache.get(
    "b",
    () =>
      new Promise<number>((resolve) => {
        release = () => resolve(2);
      }),
  );
  cache.clear();
  // A request after the change counts afresh instead of waiting for the count that predates it.
  const fresh = cache.get("b", async () => 3);
  release();
  expect(await slow).toBe(2);
  expect(await fresh).toBe(3);
  expect(await cache.get("b", async () => 4)).toBe(3);
  expect(cache.size).toBe(1);
});

it("runs what registered with onClear at each clear (a hub's computed counts forget themselves with the totals)", async () => {
  const cache = new CountCache();
  let cleared = 0;
  cache.onClear(() => cleared++);
  await cache.get("a", async () => 1);
  cache.clear();
  expect(cleared).toBe(1);
  expect(cache.size).toBe(0);
  cache.clear();
  expect(cleared).toBe(2);
});

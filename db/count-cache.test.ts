import { expect, it } from "vitest";
import { CountCache } from "./count-cache.ts";

it("reuses a total until it expires and evicts the least recently used", async () => {
  const cache = new CountCache({ maxEntries: 2, ttlMs: 1000 });
  let calls = 0;
  const compute = async () => ++calls;
  expect(await cache.get("a", compute, 0)).toBe(1);
  expect(await cache.get("a", compute, 500)).toBe(1);
  expect(await cache.get("a", compute, 1500)).toBe(2); // expired
  await cache.get("b", compute, 1500);
  await cache.get("a", compute, 1600); // a is now most recent
  await cache.get("c", compute, 1600); // evicts b
  expect(cache.size).toBe(2);
  const before = calls;
  await cache.get("a", compute, 1700);
  expect(calls).toBe(before);
  await cache.get("b", compute, 1700);
  expect(calls).toBe(before + 1);
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
  const slow = cache.get("b", () => new Promise<number>((resolve) => { release = () => resolve(2); }));
  cache.clear();
  release();
  expect(await slow).toBe(2);
  expect(cache.size).toBe(0);
});

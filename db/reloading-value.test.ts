import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ReloadingValue } from "./reloading-value.ts";

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A load whose answers the test releases one by one; `started` counts loads begun. */
function controlledLoad() {
  const pending: Array<{ resolve: (v: { n: number }) => void; reject: (e: Error) => void }> = [];
  const control = {
    started: 0,
    load: () => {
      control.started++;
      return new Promise<{ n: number }>((resolve, reject) => pending.push({ resolve, reject }));
    },
    finish: async (n: number) => {
      pending.shift()!.resolve({ n });
      await vi.advanceTimersByTimeAsync(0);
    },
    fail: async () => {
      pending.shift()!.reject(new Error("database gone"));
      await vi.advanceTimersByTimeAsync(0);
    },
  };
  return control;
}

const options = { ttlMs: 60_000, minReloadMs: 1000, now: () => Date.now() };

it("loads once for concurrent first requests, then serves the old value while it reloads after the ttl", async () => {
  const c = controlledLoad();
  const value = new ReloadingValue(c.load, options);
  const first = [value.get(), value.get()];
  await c.finish(1);
  expect(await Promise.all(first)).toEqual([{ n: 1 }, { n: 1 }]);
  expect(c.started).toBe(1);
  await vi.advanceTimersByTimeAsync(30_000);
  expect(await value.get()).toEqual({ n: 1 });
  expect(c.started).toBe(1);
  await vi.advanceTimersByTimeAsync(31_000);
  expect(await value.get()).toEqual({ n: 1 }); // stale, served at once
  expect(c.started).toBe(2);
  await c.finish(2);
  expect(await value.get()).toEqual({ n: 2 });
});

it("reloads after a change no sooner than minReloadMs after the last load began, and once more after a load in progress", async () => {
  const c = controlledLoad();
  const value = new ReloadingValue(c.load, options);
  value.invalidate(); // never loaded: nothing to do
  await vi.advanceTimersByTimeAsync(5000);
  expect(c.started).toBe(0);
  const first = value.get();
  await c.finish(1);
  await first;
  value.invalidate();
  value.invalidate();
  await vi.advanceTimersByTimeAsync(999);
  expect(c.started).toBe(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(c.started).toBe(2);
  expect(await value.get()).toEqual({ n: 1 }); // the old value meanwhile
  // A change while that load runs: it may have read the listings before the change, so load again after it.
  value.invalidate();
  await vi.advanceTimersByTimeAsync(5000);
  expect(c.started).toBe(2);
  await c.finish(2);
  expect(await value.get()).toEqual({ n: 2 });
  await vi.advanceTimersByTimeAsync(0);
  expect(c.started).toBe(3);
  await c.finish(3);
  expect(await value.get()).toEqual({ n: 3 });
});

it("keeps the old value when a reload fails, and rejects a first load that fails", async () => {
  const c = controlledLoad();
  const value = new ReloadingValue(c.load, options);
  const failing = value.get();
  const rejected = expect(failing).rejects.toThrow("database gone");
  await c.fail();
  await rejected;
  const first = value.get();
  await c.finish(1);
  expect(await first).toEqual({ n: 1 });
  value.invalidate();
  await vi.advanceTimersByTimeAsync(1000);
  expect(c.started).toBe(3);
  await c.fail();
  expect(await value.get()).toEqual({ n: 1 });
  expect(c.started).toBe(3);
});

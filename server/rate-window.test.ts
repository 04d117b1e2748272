import { describe, expect, it } from "vitest";
import { counterStore, FixedWindow, memoryCounters, type RedisCounterClient } from "./rate-window.ts";

const testClock = (start = Date.UTC(2026, 10, 26, 12, 0, 0)) => {
  let now = start;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
};

describe("FixedWindow", () => {
  it("counts events within the clock's window and starts afresh in the next", async () => {
    const { clock, advance } = testClock();
    const window = new FixedWindow(memoryCounters(clock), clock, "t", 3, 1);
    expect((await window.consume("a")).remaining).toBe(2);
    await window.consume("a");
    expect((await window.consume("a")).remaining).toBe(0);
    const over = await window.consume("a");
    expect(over.remaining).toBe(-1);
    expect(over.msBeforeNext).toBe(1000);
    expect((await window.consume("b")).remaining).toBe(2); // keys count apart
    advance(999);
    expect((await window.get("a")).remaining).toBe(-1);
    advance(1);
    expect(await window.get("a")).toEqual({ remaining: 3, msBeforeNext: 1000, blocked: false });
  });

  it("a block refuses until it lifts on the clock, then the window starts afresh; reset forgets both", async () => {
    const { clock, advance } = testClock();
    const window = new FixedWindow(memoryCounters(clock), clock, "t", 2, 60);
    await window.consume("a");
    await window.consume("a");
    await window.block("a", 5);
    expect(await window.consume("a")).toEqual({ remaining: 0, msBeforeNext: 5000, blocked: true });
    advance(5000);
    expect((await window.consume("a")).remaining).toBe(1);
    await window.block("a", 5);
    await window.reset("a");
    expect((await window.get("a")).remaining).toBe(2);
  });

  it("counts in memory while Redis fails, instead of refusing or letting everything through", async () => {
    const { clock } = testClock();
    const failing = new Proxy({} as RedisCounterClient, {
      get: () => () => {
        throw new Error("connection is closed");
      },
    });
    const window = new FixedWindow(counterStore(clock, failing), clock, "t", 1, 1);
    expect((await window.consume("a")).remaining).toBe(0);
    expect((await window.consume("a")).remaining).toBe(-1);
  });
});

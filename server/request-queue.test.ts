import { describe, expect, it, vi } from "vitest";
import { RequestQueue } from "./request-queue.ts";

describe("RequestQueue", () => {
  it("runs at most `limit` at once and hands turns over in arrival order", async () => {
    const queue = new RequestQueue(2, 10, 60_000);
    const order: string[] = [];
    const first = (await queue.enter())!;
    const second = (await queue.enter())!;
    const third = queue.enter().then((end) => {
      order.push("third");
      return end!;
    });
    const fourth = queue.enter().then((end) => {
      order.push("fourth");
      return end!;
    });
    await Promise.resolve();
    expect(queue.running).toBe(2);
    expect(queue.waiting).toBe(2);
    expect(order).toEqual([]);
    second();
    const endThird = await third;
    expect(order).toEqual(["third"]);
    expect(queue.running).toBe(2);
    first();
    (await fourth)();
    endThird();
    expect(order).toEqual(["third", "fourth"]);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it("counts a turn ended twice once", async () => {
    const queue = new RequestQueue(1, 10, 60_000);
    const end = (await queue.enter())!;
    end();
    end();
    expect(queue.running).toBe(0);
    const again = (await queue.enter())!;
    expect(queue.running).toBe(1);
    const waiting = queue.enter();
    expect(queue.waiting).toBe(1);
    again();
    (await waiting)!();
    expect(queue.running).toBe(0);
  });

  it("refuses a request when too many wait", async () => {
    const queue = new RequestQueue(1, 2, 60_000);
    const end = (await queue.enter())!;
    const a = queue.enter();
    const b = queue.enter();
    expect(await queue.enter()).toBeNull();
    end();
    (await a)!();
    (await b)!();
    expect(queue.running).toBe(0);
  });

  it("passes the turn on when a request keeps it past maxTurnMs, and ignores that request's late end", async () => {
    vi.useFakeTimers();
    try {
      const queue = new RequestQueue(1, 10, 250);
      const slow = (await queue.enter())!;
      let nextStarted = false;
      const next = queue.enter().then((end) => {
        nextStarted = true;
        return end!;
      });
      await vi.advanceTimersByTimeAsync(249);
      expect(nextStarted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const endNext = await next;
      expect(nextStarted).toBe(true);
      expect(queue.running).toBe(1);
      slow();
      expect(queue.running).toBe(1);
      endNext();
      expect(queue.running).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

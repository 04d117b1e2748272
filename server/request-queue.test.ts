import { describe, expect, it } from "vitest";
import { RequestQueue } from "./request-queue.ts";

describe("RequestQueue", () => {
  it("runs at most `limit` at once and hands turns over in arrival order", async () => {
    const queue = new RequestQueue(2, 10);
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
    const queue = new RequestQueue(1, 10);
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
    const queue = new RequestQueue(1, 2);
    const end = (await queue.enter())!;
    const a = queue.enter();
    const b = queue.enter();
    expect(await queue.enter()).toBeNull();
    end();
    (await a)!();
    (await b)!();
    expect(queue.running).toBe(0);
  });
});

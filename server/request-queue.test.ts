import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isPage, RequestQueue, takesTurn, type Admission, type RequestQueueLimits } from "./request-queue.ts";

const limits = (overrides: Partial<RequestQueueLimits> = {}): RequestQueueLimits => ({
  concurrency: 2,
  maxInFlight: 8,
  maxWaiting: 10,
  maxWaitMs: 60_000,
  maxTurnMs: 60_000,
  ...overrides,
});

function admitted(admission: Admission): () => void {
  if (admission.kind !== "admitted") throw new Error(`expected admitted, got ${admission.kind}`);
  return admission.end;
}

describe("RequestQueue", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs at most `concurrency` at once and hands turns over in arrival order", async () => {
    const queue = new RequestQueue(limits());
    const order: string[] = [];
    const first = admitted(await queue.enter());
    const second = admitted(await queue.enter());
    const third = queue.enter().then((a) => {
      order.push("third");
      return admitted(a);
    });
    const fourth = queue.enter().then((a) => {
      order.push("fourth");
      return admitted(a);
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
    expect(queue.inFlight).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it("counts a request ended twice once", async () => {
    const queue = new RequestQueue(limits({ concurrency: 1, maxInFlight: 1 }));
    const end = admitted(await queue.enter());
    end();
    end();
    expect(queue.running).toBe(0);
    const again = admitted(await queue.enter());
    expect(queue.running).toBe(1);
    const waiting = queue.enter();
    expect(queue.waiting).toBe(1);
    again();
    admitted(await waiting)();
    expect(queue.running).toBe(0);
    expect(queue.inFlight).toBe(0);
  });

  it("refuses a request at once when too many wait", async () => {
    const queue = new RequestQueue(limits({ concurrency: 1, maxInFlight: 1, maxWaiting: 2 }));
    const end = admitted(await queue.enter());
    const a = queue.enter();
    const b = queue.enter();
    expect(await queue.enter()).toEqual({ kind: "full" });
    end();
    admitted(await a)();
    admitted(await b)();
    expect(queue.running).toBe(0);
  });

  it("passes the turn on when a request keeps it past maxTurnMs, and ignores that request's late end", async () => {
    const queue = new RequestQueue(limits({ concurrency: 1, maxInFlight: 4, maxTurnMs: 250 }));
    const slow = admitted(await queue.enter());
    let nextStarted = false;
    const next = queue.enter().then((a) => {
      nextStarted = true;
      return admitted(a);
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(nextStarted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const endNext = await next;
    expect(nextStarted).toBe(true);
    expect(queue.running).toBe(1);
    expect(queue.inFlight).toBe(2);
    slow();
    expect(queue.running).toBe(1);
    expect(queue.inFlight).toBe(1);
    endNext();
    expect(queue.running).toBe(0);
    expect(queue.inFlight).toBe(0);
  });

  it("admits no more than maxInFlight when every request outlives its turn (a slow database)", async () => {
    const queue = new RequestQueue(limits({ concurrency: 2, maxInFlight: 4, maxTurnMs: 250, maxWaitMs: 1_000 }));
    const entered = Array.from({ length: 10 }, () => queue.enter());
    await vi.advanceTimersByTimeAsync(250 * 6);
    // Turns passed on twice, then admission stopped at the cap: nobody finished.
    expect(queue.inFlight).toBe(4);
    expect(queue.peakInFlight).toBe(4);
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
    const answers = await Promise.all(entered);
    // The six that got no turn within maxWaitMs were answered, not left waiting.
    expect(answers.filter((a) => a.kind === "timeout")).toHaveLength(6);
    const running = answers.filter((a) => a.kind === "admitted");
    expect(running).toHaveLength(4);
    for (const a of running) admitted(a)();
    expect(queue.inFlight).toBe(0);
  });

  it("answers a request that waited maxWaitMs with a timeout, and lets the next ones in on time", async () => {
    const queue = new RequestQueue(limits({ concurrency: 1, maxInFlight: 1, maxWaitMs: 500 }));
    const holder = admitted(await queue.enter());
    const late = queue.enter();
    await vi.advanceTimersByTimeAsync(499);
    expect(queue.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await late).toEqual({ kind: "timeout" });
    expect(queue.waiting).toBe(0);
    holder();
    admitted(await queue.enter())();
  });

  it("takes a client that went away out of the queue", async () => {
    const queue = new RequestQueue(limits({ concurrency: 1, maxInFlight: 1 }));
    const holder = admitted(await queue.enter());
    const gone = new AbortController();
    const waiting = queue.enter(gone.signal);
    const next = queue.enter();
    expect(queue.waiting).toBe(2);
    gone.abort();
    expect(await waiting).toEqual({ kind: "left" });
    expect(queue.waiting).toBe(1);
    holder();
    admitted(await next)();
    expect(await queue.enter(gone.signal)).toEqual({ kind: "left" });
    expect(queue.inFlight).toBe(0);
  });
});

describe("takesTurn", () => {
  it("queues pages and search APIs, not media, vendor files, other API reads or requests with a body", () => {
    expect(takesTurn("GET", "/vendita/case/milano/")).toBe(true);
    expect(takesTurn("HEAD", "/annunci/100000001/")).toBe(true);
    expect(takesTurn("GET", "/")).toBe(true);
    expect(takesTurn("GET", "/portal-srp/api/v1/search")).toBe(true);
    expect(takesTurn("GET", "/portal-srp/api/v1/search-map/markers")).toBe(true);
    expect(takesTurn("GET", "/portal-srp/api/v1/apireq/getPaginatorData")).toBe(true);
    expect(takesTurn("GET", "/portal-srp/api/v1/smartsuggest/suggest")).toBe(false);
    expect(takesTurn("GET", "/portal-srp/api/v1/user")).toBe(false);
    expect(takesTurn("GET", "/media/listing/100000001/1.webp")).toBe(false);
    expect(takesTurn("GET", "/vendor/maplibre-gl/6.17.0/maplibre-gl.js")).toBe(false);
    expect(takesTurn("GET", "/mappa/confini.geojson")).toBe(false);
    expect(takesTurn("POST", "/vendita/case/milano/")).toBe(false);
    expect(takesTurn("POST", "/portal-srp/api/v1/search")).toBe(false);
  });
});

describe("isPage", () => {
  it("tells pages (compressed at their own level, decision 154) from APIs and resources", () => {
    for (const page of ["/", "/vendita/case/milano/", "/annunci/100000001/", "/en/sale/houses/milano/"]) expect(isPage(page)).toBe(true);
    for (const other of ["/portal-srp/api/v1/search", "/lh/v2/regione/lombardia", "/media/listing/1/1.webp", "/sitemap.xml", "/robots.txt"])
      expect(isPage(other)).toBe(false);
  });
});

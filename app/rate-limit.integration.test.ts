/**
 * Per-client rate limits over HTTP (issue 14 §4), with the defaults a deployment gets: a bulk client
 * meets 429 with Retry-After in the error shape, a person's map session and typing stay under the
 * limits, families count apart, X-Forwarded-For counts only behind a trusted proxy, and with
 * REDIS_URL two processes share the counters on the real Redis. Limits do not depend on the
 * database, so this runs on PGlite only. Windows are judged by the portal's clock, which these tests
 * move by hand: what lands in one window, and when a limit lifts, does not depend on the machine's speed.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal } from "../test/portal.ts";

const API = "/portal-srp/api/v1";
const MILANO = "IT-03-015146";
/** A clock standing at the start of a second until a test moves it. */
function testClock() {
  let now = Math.ceil(Date.now() / 1000) * 1000;
  return { clock: () => now, advance: (ms: number) => void (now += ms) };
}

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
const post = (portal: Portal, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${portal.url}${API}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("rate limits on their defaults", () => {
  let portal: Portal;
  const { clock, advance } = testClock();
  /** Moves past the previous test's one-second burst window. */
  const freshWindow = () => advance(1000);
  beforeAll(async () => {
    portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { clock });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("a simulated map session (pan and zoom bursts) and typing in the place search stay under the limits", async () => {
    freshWindow();
    const statuses: number[] = [];
    // Each map move sends markers, the list beside the map and the live count; a drag makes a few
    // moves 150 ms apart (the map's idle debounce), then the user looks for a while.
    let bbox: [number, number, number, number] = [9.04, 45.38, 9.28, 45.54];
    for (let gesture = 0; gesture < 6; gesture++) {
      for (let move = 0; move < 5; move++) {
        bbox = [bbox[0] + 0.005, bbox[1] + 0.002, bbox[2] + 0.005, bbox[3] + 0.002];
        const filters = { geobounds: { bbox, zoom: 12 + (move % 3) } };
        const answers = await Promise.all([
          post(portal, "search-map/markers", { filters }),
          post(portal, "search-map/listings", { filters }),
          post(portal, "search/availableresults", { filters }),
        ]);
        statuses.push(...answers.map((a) => a.status));
        advance(150);
      }
      advance(400);
    }
    for (const qs of ["m", "mi", "mil", "mila", "milan", "milano", "milano c", "milano ce"]) {
      statuses.push((await post(portal, "smartsuggest/suggest", { qs })).status);
      advance(120);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(6 * 5 * 3 + 8);
  });

  it("a bulk client gets 429 with Retry-After in the error shape, other families still answer, and the limit lifts", async () => {
    freshWindow();
    // 60 searches at once, as a scraper with parallel connections sends them.
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post(portal, "search", { locations: [MILANO], filters: { page: (i % 5) + 1 } })),
    );
    const statuses = answers.map((r) => r.status);
    const limited = answers.find((r) => r.status === 429);
    expect(limited, `statuses ${statuses.join(",")}`).toBeDefined();
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const retryAfter = Number(limited!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited!.headers.get("content-type")).toContain("application/json");
    expect(await limited!.json()).toEqual({ error: { status: 429, message: expect.stringMatching(/too many requests/) } });
    // Other families have their own budget.
    expect((await post(portal, "smartsuggest/suggest", { qs: "roma" })).status).toBe(200);
    advance(retryAfter * 1000);
    expect((await post(portal, "search/availableresults", {})).status).toBe(200);
  });

  it("ignores X-Forwarded-For without a trusted proxy (a client cannot pick a fresh key)", async () => {
    freshWindow();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(portal, "search/availableresults", {}, { "x-forwarded-for": `203.0.113.${i}` }).then((r) => r.status),
      ),
    );
    expect(statuses).toContain(429);
  });
});

describe("rate limits behind a trusted proxy", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { TRUST_PROXY: "1" }, clock: testClock().clock });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it("counts each forwarded client apart", async () => {
    const a = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(portal, "search/availableresults", {}, { "x-forwarded-for": "203.0.113.7" }).then((r) => r.status),
      ),
    );
    expect(a).toContain(429);
    expect((await post(portal, "search/availableresults", {}, { "x-forwarded-for": "203.0.113.8" })).status).toBe(200);
    // The client cannot prepend a fake address: the proxy's own entry (the rightmost) is the key.
    expect((await post(portal, "search/availableresults", {}, { "x-forwarded-for": "198.51.100.1, 203.0.113.7" })).status).toBe(429);
  });
});

describe("rate limits shared through Redis", () => {
  const prefix = `casa-test:${process.pid}:${Date.now().toString(36)}`;
  const redisUrl = "redis://127.0.0.1:6379";
  let a: Portal;
  let b: Portal;
  const redis = new Redis(redisUrl, { lazyConnect: true });
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_PREFIX: prefix };
    // Both processes on one clock, as two machines kept in time by NTP.
    const { clock } = testClock();
    [a, b] = await Promise.all([
      startTestPortal({ url: undefined, dataDir: "memory://" }, { env, clock }),
      startTestPortal({ url: undefined, dataDir: "memory://" }, { env, clock }),
    ]);
    await redis.connect();
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("requests to one process use up the client's budget on the other", async () => {
    const onA = await Promise.all(Array.from({ length: 20 }, () => post(a, "search/availableresults", {}).then((r) => r.status)));
    expect(onA.every((s) => s === 200)).toBe(true);
    const onB = await Promise.all(Array.from({ length: 20 }, () => post(b, "search/availableresults", {}).then((r) => r.status)));
    expect(onB.filter((s) => s === 200)).toHaveLength(10);
    expect(onB).toContain(429);
    expect((await redis.keys(`${prefix}:search:*`)).length).toBeGreaterThan(0);
  });
});

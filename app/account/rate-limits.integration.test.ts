/** The account rate limits on both stores: memory, and Redis (this machine's 6379, or REDIS_URL) when reachable. */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { AccountLimits, RateLimitedError } from "./rate-limits.server.ts";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
afterAll(() => redis.quit().catch(() => {}));

const rules = {
  loginFailuresByAccount: { points: 3, duration: 60, block: 2, maxBlock: 8 },
  loginByAddress: { points: 3, duration: 60, block: 2, maxBlock: 8 },
  codeRequestsByAccount: { points: 3, duration: 60, block: 2, maxBlock: 8 },
  codeRequestsByAddress: { points: 3, duration: 60, block: 2, maxBlock: 8 },
  registrationsByAddress: { points: 3, duration: 60, block: 2, maxBlock: 8 },
  registrationsWithoutBotCheckByAddress: { points: 3, duration: 60, block: 2, maxBlock: 8 },
  resetRequestsByAccount: { points: 3, duration: 60, block: 2, maxBlock: 8 },
  resetRequestsByAddress: { points: 3, duration: 60, block: 2, maxBlock: 8 },
};

describe.each([["memory", false], ...(redisUp ? [["redis", true] as const] : [])] as const)("account limits in %s", (_name, useRedis) => {
  it("blocks at the last point, backs off doubling, and keeps keys apart", async () => {
    let now = Date.UTC(2026, 10, 26, 12, 0, 0);
    const limits = new AccountLimits(useRedis ? redis : undefined, rules, () => now);
    const key = `acct-${Date.now()}-${Math.random()}`;
    for (let i = 0; i < 3; i++) {
      await limits.assertAllowed("loginFailuresByAccount", key);
      await limits.count("loginFailuresByAccount", key);
    }
    const first = await limits.assertAllowed("loginFailuresByAccount", key).then(
      () => null,
      (e: unknown) => e,
    );
    expect(first).toBeInstanceOf(RateLimitedError);
    expect((first as RateLimitedError).retryAfterSeconds).toBe(2);
    await limits.assertAllowed("loginFailuresByAccount", `${key}-other`); // another account is free
    // After the block the window starts afresh, and the next exhaustion blocks twice as long. Blocks are
    // judged by the limiter's clock in both stores (Redis's expiry only collects old keys).
    now += 1999;
    await expect(limits.assertAllowed("loginFailuresByAccount", key)).rejects.toBeInstanceOf(RateLimitedError);
    now += 1;
    await limits.assertAllowed("loginFailuresByAccount", key);
    for (let i = 0; i < 3; i++) {
      await limits.assertAllowed("loginFailuresByAccount", key);
      await limits.count("loginFailuresByAccount", key);
    }
    const second = await limits.assertAllowed("loginFailuresByAccount", key).then(
      () => null,
      (e: unknown) => e,
    );
    expect((second as RateLimitedError).retryAfterSeconds).toBe(4);
    await limits.reset("loginFailuresByAccount", key);
    await limits.assertAllowed("loginFailuresByAccount", key);
  });
});

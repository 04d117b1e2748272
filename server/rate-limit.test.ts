import { describe, expect, it } from "vitest";
import { clientKey, createRateLimiter, TooManyRequestsError } from "./rate-limit.ts";

describe("createRateLimiter", () => {
  it("refuses past the sustained window even under the burst, with the wait until it resets", async () => {
    // Windows are aligned on the clock: a minute's window that began 2 s ago has 58 s to go.
    const limiter = createRateLimiter({
      prefix: "t",
      multiplier: 1,
      clock: () => Date.UTC(2026, 10, 26, 12, 0, 2),
      families: { test: { burst: 100, burstSeconds: 1, sustained: 5, sustainedSeconds: 60 } },
    });
    for (let i = 0; i < 5; i++) await limiter.consume("test", "a");
    const error = await limiter.consume("test", "a").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).retryAfterSeconds).toBe(58);
    await limiter.consume("test", "b"); // another client has its own budget
  });
  it("scales limits by the multiplier, and 0 turns them off", async () => {
    const doubled = createRateLimiter({
      prefix: "t",
      multiplier: 2,
      families: { test: { burst: 2, burstSeconds: 60, sustained: 100, sustainedSeconds: 60 } },
    });
    for (let i = 0; i < 4; i++) await doubled.consume("test", "a");
    await expect(doubled.consume("test", "a")).rejects.toBeInstanceOf(TooManyRequestsError);
    const off = createRateLimiter({ prefix: "t", multiplier: 0 });
    for (let i = 0; i < 1000; i++) await off.consume("search", "a");
  });
  it("refuses an unknown family (a typo would otherwise be unlimited)", async () => {
    await expect(createRateLimiter({ prefix: "t", multiplier: 1 }).consume("serch", "a")).rejects.toThrow(/unknown rate-limit family/);
  });
});

describe("clientKey", () => {
  it.each([
    ["the socket without a trusted proxy", "10.0.0.1", "1.2.3.4", 0, "10.0.0.1"],
    ["the address the one trusted proxy saw", "10.0.0.1", "9.9.9.9, 1.2.3.4", 1, "1.2.3.4"],
    ["two hops from the right behind two proxies", "10.0.0.1", "9.9.9.9, 1.2.3.4, 10.0.0.2", 2, "1.2.3.4"],
    ["the socket when the header is missing", "10.0.0.1", null, 1, "10.0.0.1"],
  ] as const)("%s", (_name, socket, forwarded, trust, expected) => {
    expect(clientKey(socket, forwarded, trust)).toBe(expected);
  });
});

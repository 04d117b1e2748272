/**
 * Rate limits with back-off for the account endpoints (login, one-time codes, registration, password
 * reset), per account and per address. In memory by default; in Redis when REDIS_URL is set so several
 * instances share the counts. Both count with the API families' fixed windows (server/rate-window.ts).
 */
import { counterStore, FixedWindow, type RedisCounterClient } from "../../server/rate-window.ts";

export class RateLimitedError extends Error {
  override name = "RateLimitedError";
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`rate limited for ${retryAfterSeconds} s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

interface Rule {
  points: number;
  /** Window, seconds. */
  duration: number;
  /** First block, seconds; doubles on every further block within a day (back-off), up to maxBlock. */
  block: number;
  maxBlock: number;
}

export const ACCOUNT_LIMIT_RULES = {
  /** Wrong passwords or codes for one account. */
  loginFailuresByAccount: { points: 5, duration: 15 * 60, block: 60, maxBlock: 60 * 60 },
  /** Login and code attempts from one address (any account). */
  loginByAddress: { points: 30, duration: 15 * 60, block: 5 * 60, maxBlock: 60 * 60 },
  codeRequestsByAccount: { points: 3, duration: 15 * 60, block: 15 * 60, maxBlock: 2 * 60 * 60 },
  codeRequestsByAddress: { points: 10, duration: 15 * 60, block: 15 * 60, maxBlock: 2 * 60 * 60 },
  registrationsByAddress: { points: 5, duration: 60 * 60, block: 60 * 60, maxBlock: 24 * 60 * 60 },
  /** The no-JavaScript registration form, which cannot run the proof-of-work bot check. */
  registrationsWithoutBotCheckByAddress: { points: 2, duration: 60 * 60, block: 60 * 60, maxBlock: 24 * 60 * 60 },
  resetRequestsByAccount: { points: 3, duration: 60 * 60, block: 60 * 60, maxBlock: 24 * 60 * 60 },
  resetRequestsByAddress: { points: 10, duration: 60 * 60, block: 60 * 60, maxBlock: 24 * 60 * 60 },
} satisfies Record<string, Rule>;

export type LimitName = keyof typeof ACCOUNT_LIMIT_RULES;

export class AccountLimits {
  private limiters = new Map<LimitName, { limiter: FixedWindow; strikes: FixedWindow; rule: Rule }>();

  constructor(redis?: RedisCounterClient, rules: Record<LimitName, Rule> = ACCOUNT_LIMIT_RULES, clock: () => number = Date.now) {
    const store = counterStore(clock, redis);
    for (const [name, rule] of Object.entries(rules) as [LimitName, Rule][]) {
      this.limiters.set(name, {
        limiter: new FixedWindow(store, clock, `casa-rl-${name}`, rule.points, rule.duration),
        strikes: new FixedWindow(store, clock, `casa-rl-${name}-strikes`, 1000, 24 * 60 * 60),
        rule,
      });
    }
  }

  /** Throws RateLimitedError while the key is blocked or out of points. */
  async assertAllowed(name: LimitName, key: string): Promise<void> {
    const { limiter } = this.limiters.get(name)!;
    const state = await limiter.get(key);
    if (state.remaining <= 0 && state.msBeforeNext > 0) throw new RateLimitedError(Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
  }

  /** Throws RateLimitedError while any of these keys is blocked or out of points (checked in order). */
  async assertAllAllowed(checks: [LimitName, string][]): Promise<void> {
    for (const [name, key] of checks) await this.assertAllowed(name, key);
  }

  /** Checks every key, then counts each (a request limited per address and per account, whatever its outcome). */
  async takeAll(checks: [LimitName, string][]): Promise<void> {
    await this.assertAllAllowed(checks);
    for (const [name, key] of checks) await this.count(name, key);
  }

  /** Counts one event; the one that uses the last point starts a block that doubles each time. */
  async count(name: LimitName, key: string): Promise<void> {
    const { limiter, strikes, rule } = this.limiters.get(name)!;
    if ((await limiter.consume(key)).remaining > 0) return;
    const strikesToday = 1000 - (await strikes.consume(key)).remaining;
    const seconds = Math.min(rule.maxBlock, rule.block * 2 ** Math.max(0, strikesToday - 1));
    await limiter.block(key, seconds);
  }

  /** Checks then counts (for events limited whatever their outcome). */
  async take(name: LimitName, key: string): Promise<void> {
    await this.assertAllowed(name, key);
    await this.count(name, key);
  }

  /** A success clears an account's failure count (not its strikes, so back-off keeps growing). */
  async reset(name: LimitName, key: string): Promise<void> {
    await this.limiters.get(name)!.limiter.reset(key);
  }
}

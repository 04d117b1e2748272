/**
 * Fixed-window counters judged by an injected clock, in memory or in Redis (docs/decisions/113). The API
 * families (server/rate-limit.ts) and the account limits (app/account/rate-limits.server.ts) both count here.
 *
 * A window is `floor(now / duration)` of the clock the portal runs on, so a test that advances its clock
 * moves every window at once, and processes sharing Redis agree on the window by their clocks, not by when a
 * key happened to be created. Redis's expiry only collects old keys (with a margin, so that a test clock
 * standing still never loses a count to real time). When Redis is unreachable a process counts in memory
 * rather than refusing requests.
 */

/** What ioredis gives, as far as the counters use it; typed loosely so the memory-only path does not load it. */
interface RedisTransaction {
  incr(key: string): RedisTransaction;
  pexpire(key: string, ms: number): RedisTransaction;
  exec(): Promise<[Error | null, unknown][] | null>;
}

export interface RedisCounterClient {
  multi(): RedisTransaction;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, px: "PX", ms: number): Promise<unknown>;
  del(...keys: string[]): Promise<number>;
}

interface CounterStore {
  /** Adds one to `key` and returns the new count; the key may be forgotten after `ttlMs`. */
  increment(key: string, ttlMs: number): Promise<number>;
  read(key: string): Promise<number>;
  write(key: string, value: number, ttlMs: number): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

/** Keys live this long past their window in Redis, so that a frozen test clock does not race real expiry. */
const REDIS_TTL_MARGIN_MS = 10 * 60_000;

export function memoryCounters(clock: () => number): CounterStore {
  const entries = new Map<string, { value: number; expiresAt: number }>();
  let writesSinceSweep = 0;
  // Expired keys are dropped every few thousand writes instead of by timers (nothing to unref or clear).
  const sweep = () => {
    if (++writesSinceSweep < 5_000) return;
    writesSinceSweep = 0;
    const now = clock();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  };
  const live = (key: string) => {
    const entry = entries.get(key);
    return entry && entry.expiresAt > clock() ? entry : undefined;
  };
  return {
    async increment(key, ttlMs) {
      sweep();
      const entry = live(key);
      if (entry) return ++entry.value;
      entries.set(key, { value: 1, expiresAt: clock() + ttlMs });
      return 1;
    },
    async read(key) {
      return live(key)?.value ?? 0;
    },
    async write(key, value, ttlMs) {
      sweep();
      entries.set(key, { value, expiresAt: clock() + ttlMs });
    },
    async remove(keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}

export function redisCounters(redis: RedisCounterClient): CounterStore {
  return {
    async increment(key, ttlMs) {
      const results = await redis
        .multi()
        .incr(key)
        .pexpire(key, ttlMs + REDIS_TTL_MARGIN_MS)
        .exec();
      const [error, count] = results?.[0] ?? [new Error("redis transaction aborted"), null];
      if (error) throw error;
      return Number(count);
    },
    async read(key) {
      return Number((await redis.get(key)) ?? 0);
    },
    async write(key, value, ttlMs) {
      await redis.set(key, String(value), "PX", ttlMs + REDIS_TTL_MARGIN_MS);
    },
    async remove(keys) {
      if (keys.length > 0) await redis.del(...keys);
    },
  };
}

/** Redis first; any Redis error (down, not ready, timeout) counts that call in memory instead. */
function withFallback(primary: CounterStore, fallback: CounterStore): CounterStore {
  const either =
    <A extends unknown[], R>(pick: (store: CounterStore) => (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      pick(primary)(...args).catch(() => pick(fallback)(...args));
  return {
    increment: either((s) => s.increment),
    read: either((s) => s.read),
    write: either((s) => s.write),
    remove: either((s) => s.remove),
  };
}

export function counterStore(clock: () => number, redis?: RedisCounterClient): CounterStore {
  const memory = memoryCounters(clock);
  return redis ? withFallback(redisCounters(redis), memory) : memory;
}

export interface WindowState {
  /** Points left in the current window (0 while blocked). */
  remaining: number;
  /** Until the window ends or the block lifts. */
  msBeforeNext: number;
  blocked: boolean;
}

/** The fixed window of `durationMs` that `now` falls in (windows start on multiples of their length), and the ms left in it. */
export function windowAt(now: number, durationMs: number): { index: number; msBeforeNext: number } {
  const index = Math.floor(now / durationMs);
  return { index, msBeforeNext: (index + 1) * durationMs - now };
}

/** `points` events per `durationSeconds` window per key, with optional blocks (account back-off). */
export class FixedWindow {
  private readonly store: CounterStore;
  private readonly clock: () => number;
  private readonly keyPrefix: string;
  private readonly points: number;
  private readonly durationSeconds: number;

  constructor(store: CounterStore, clock: () => number, keyPrefix: string, points: number, durationSeconds: number) {
    this.store = store;
    this.clock = clock;
    this.keyPrefix = keyPrefix;
    this.points = points;
    this.durationSeconds = durationSeconds;
  }

  private window(key: string) {
    const durationMs = this.durationSeconds * 1000;
    const { index, msBeforeNext } = windowAt(this.clock(), durationMs);
    return { counter: `${this.keyPrefix}:${key}:${index}`, msBeforeNext, durationMs };
  }

  private blockKey(key: string) {
    return `${this.keyPrefix}:${key}:blocked-until`;
  }

  private async blockedFor(key: string): Promise<number> {
    return Math.max(0, (await this.store.read(this.blockKey(key))) - this.clock());
  }

  /** Counts one event and returns the state after it (`remaining` below 0 means over the limit). */
  async consume(key: string): Promise<WindowState> {
    const blocked = await this.blockedFor(key);
    if (blocked > 0) return { remaining: 0, msBeforeNext: blocked, blocked: true };
    const { counter, msBeforeNext, durationMs } = this.window(key);
    const count = await this.store.increment(counter, durationMs);
    return { remaining: this.points - count, msBeforeNext, blocked: false };
  }

  async get(key: string): Promise<WindowState> {
    const blocked = await this.blockedFor(key);
    if (blocked > 0) return { remaining: 0, msBeforeNext: blocked, blocked: true };
    const { counter, msBeforeNext } = this.window(key);
    return { remaining: this.points - (await this.store.read(counter)), msBeforeNext, blocked: false };
  }

  /** Refuses the key for `seconds`; afterwards its window starts afresh. */
  async block(key: string, seconds: number): Promise<void> {
    const until = this.clock() + seconds * 1000;
    await this.store.write(this.blockKey(key), until, seconds * 1000);
    await this.store.remove([this.window(key).counter]);
  }

  /** Forgets the key's count and block. */
  async reset(key: string): Promise<void> {
    await this.store.remove([this.window(key).counter, this.blockKey(key)]);
  }
}

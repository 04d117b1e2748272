/**
 * Per-client rate limits for the JSON API (issue 14 §4; docs/api.md "Rate limits"). Each family of
 * endpoints has a burst window (what a person's map pans, zooms and typing need) and a sustained
 * window (what stops bulk clients). Counters live in memory, or in Redis when REDIS_URL is set so that
 * every process shares them; a Redis outage falls back to memory rather than refusing requests.
 *
 * Routes do not call this directly: the API boundary (app/api/boundary.server.ts) consumes a point
 * for the family a route names. Login and leads add their own family here and name it the same way.
 */
import { Redis } from "ioredis";
import { counterStore, FixedWindow } from "./rate-window.ts";
export interface FamilyLimit {
  /** Requests allowed within one `burstSeconds` window. */
  burst: number;
  burstSeconds: number;
  /** Requests allowed within one `sustainedSeconds` window. */
  sustained: number;
  sustainedSeconds: number;
}

/**
 * The families and their defaults, per client. A map session sends 2–3 search requests per pan or
 * zoom (markers, list, count), a few per second at most while the user drags; typing sends one
 * suggestion request per pause. A client sending a search every second for ten minutes is a bulk
 * client, not a person.
 */
export const RATE_FAMILIES = {
  search: { burst: 30, burstSeconds: 1, sustained: 900, sustainedSeconds: 600 },
  suggest: { burst: 20, burstSeconds: 1, sustained: 900, sustainedSeconds: 600 },
  cards: { burst: 10, burstSeconds: 1, sustained: 120, sustainedSeconds: 600 },
  // Contact (issue 12 "Bad input", docs/decisions/060): a person writes a few leads and reveals a few
  // numbers; a spam flood is stopped per address (the client) and per listing or publisher (the key).
  lead: { burst: 6, burstSeconds: 600, sustained: 20, sustainedSeconds: 86_400 },
  leadTarget: { burst: 30, burstSeconds: 3600, sustained: 100, sustainedSeconds: 86_400 },
  phone: { burst: 20, burstSeconds: 600, sustained: 100, sustainedSeconds: 86_400 },
  // Reveals of one listing's (or publisher page's) number across clients, as leadTarget (docs/decisions/077).
  phoneTarget: { burst: 30, burstSeconds: 3600, sustained: 100, sustainedSeconds: 86_400 },
  /** MyCasa records of a logged-in user: a heart or a hide per click, a sync at login. */
  mycasa: { burst: 20, burstSeconds: 1, sustained: 1200, sustainedSeconds: 600 },
  /**
   * The publishing API, per API key (docs/decisions/096): an agency's program sends its changes in bursts
   * (a morning's price edits); a feed of thousands goes through the feed import, not one call a listing.
   */
  publisher: { burst: 20, burstSeconds: 1, sustained: 3000, sustainedSeconds: 600 },
} as const satisfies Record<string, FamilyLimit>;
export type RateFamily = keyof typeof RATE_FAMILIES;

/** Thrown when a client is over a limit: the API boundary answers 429 with Retry-After. */
export class TooManyRequestsError extends Error {
  override name = "TooManyRequestsError";
  readonly retryAfterSeconds: number;
  constructor(family: string, retryAfterSeconds: number) {
    super(`too many requests to the ${family} API: retry in ${retryAfterSeconds} s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface RateLimiter {
  /** Counts one request of `key` (usually the client address) against `family`; throws TooManyRequestsError when over. */
  consume(family: string, key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  redisUrl?: string;
  prefix: string;
  /** Scales every limit; 0 turns limiting off. */
  multiplier: number;
  /** Families beyond RATE_FAMILIES (login, leads) with their own limits. */
  families?: Record<string, FamilyLimit>;
  /** The clock windows are judged by (the portal's; tests advance it instead of waiting). */
  clock?: () => number;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const families: Record<string, FamilyLimit> = { ...RATE_FAMILIES, ...options.families };
  if (options.multiplier === 0) return { consume: async () => {}, close: async () => {} };
  const clock = options.clock ?? Date.now;
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  // Without this listener an unreachable Redis would be an unhandled 'error' event; memory counts meanwhile.
  redis?.on("error", () => {});
  const store = counterStore(clock, redis ?? undefined);

  const windows = new Map<string, FixedWindow[]>();
  const windowsOf = (family: string): FixedWindow[] => {
    let found = windows.get(family);
    if (found) return found;
    const limit = Object.hasOwn(families, family) ? families[family]! : undefined;
    if (!limit) throw new Error(`unknown rate-limit family "${family}"`);
    const make = (name: string, points: number, seconds: number) =>
      new FixedWindow(store, clock, `${options.prefix}:${family}:${name}`, Math.max(1, Math.round(points * options.multiplier)), seconds);
    found = [make("burst", limit.burst, limit.burstSeconds), make("sustained", limit.sustained, limit.sustainedSeconds)];
    windows.set(family, found);
    return found;
  };

  return {
    async consume(family, key) {
      for (const window of windowsOf(family)) {
        const state = await window.consume(key);
        if (state.remaining < 0) throw new TooManyRequestsError(family, Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
      }
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The client a request counts against: the socket address, or with `trustProxy` hops of proxies in
 * front, the address those proxies saw (X-Forwarded-For read from the right, so a client cannot
 * choose its own key by sending the header itself).
 */
export function clientKey(socketAddress: string | undefined, forwardedFor: string | null, trustProxy: number): string {
  const socket = socketAddress || "unknown";
  if (trustProxy <= 0 || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return hops[hops.length - trustProxy] ?? hops[0] ?? socket;
}

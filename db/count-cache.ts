import { LRUCache } from "lru-cache";

/**
 * Exact totals are the expensive half of a search (an Italy-wide count reads ~600,000 index
 * entries); the same search is counted again for every page and sort a user looks at, and popular
 * searches repeat across users. Totals are kept for a short time, keyed by what decides them, in an
 * LRU cache (lru-cache) that also counts a search once when several requests ask for it at the same time.
 * Any change of a listing forgets them all (`clear`, server/listing-follower.ts); `ttlMs` (30 s by
 * default) only bounds how long an unused entry is kept.
 */
export class CountCache {
  readonly #totals: LRUCache<string, number, () => Promise<number>>;
  readonly #onClear: Array<() => void> = [];

  /** `now` replaces the monotonic clock in tests (milliseconds, never 0). */
  constructor(options: { maxEntries?: number; ttlMs?: number; now?: () => number } = {}) {
    this.#totals = new LRUCache({
      max: options.maxEntries ?? 10_000,
      ttl: options.ttlMs ?? 30_000,
      fetchMethod: (_key, _stale, { context: compute }) => compute(),
      // `clear` aborts the counts in flight: their callers still get the total (the abort is ignored),
      // but the cache does not keep it, since it may predate the change.
      ignoreFetchAbort: true,
      ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    });
  }

  /** The cached total for `key`, else `compute()`'s (shared by concurrent callers, then kept). */
  get(key: string, compute: () => Promise<number>): Promise<number> {
    return this.#totals.forceFetch(key, { context: compute });
  }

  /** Forgets every total (listings changed), and whatever else `onClear` registered. */
  clear(): void {
    this.#totals.clear();
    for (const listener of this.#onClear) listener();
  }

  /**
   * Other values computed from the listings in this process (a province hub's counts) forget themselves with
   * the totals: `listener` runs at each `clear`.
   */
  onClear(listener: () => void): void {
    this.#onClear.push(listener);
  }

  get size(): number {
    return this.#totals.size;
  }
}

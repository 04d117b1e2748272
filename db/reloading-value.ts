import { LRUCache } from "lru-cache";

/**
 * A value derived from the listings that is costly to load (the autocomplete's place counts and street
 * names): loaded on first use, then served while it reloads in the background — once older than
 * `ttlMs`, and after listings change (`invalidate`), at most once per `minReloadMs` so a stream of
 * changes costs one load a second (docs/decisions/050). The one entry of an lru-cache, which serves the
 * old value during a reload, shares a load among callers and keeps the old value when a reload fails.
 */
export class ReloadingValue<T extends {}> {
  readonly #cache: LRUCache<"value", T>;
  readonly #minReloadMs: number;
  readonly #now: () => number;
  /** Settles when the load in progress does: a change during a load may be missed by it, so it reloads once more. */
  #loading: Promise<void> | null = null;
  #lastStart = Number.NEGATIVE_INFINITY;
  #scheduled: NodeJS.Timeout | null = null;

  /** `now` replaces the monotonic clock in tests (milliseconds, never 0). */
  constructor(load: () => Promise<T>, options: { ttlMs: number; minReloadMs: number; now?: () => number }) {
    this.#minReloadMs = options.minReloadMs;
    this.#now = options.now ?? (() => performance.now());
    this.#cache = new LRUCache<"value", T>({
      max: 1,
      ttl: options.ttlMs,
      allowStale: true,
      noDeleteOnFetchRejection: true,
      fetchMethod: () => {
        this.#lastStart = this.#now();
        const loading = load();
        const settled = loading.then(
          () => {},
          () => {},
        );
        this.#loading = settled;
        settled.then(() => {
          if (this.#loading === settled) this.#loading = null;
        });
        return loading;
      },
      ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    });
  }

  /** The value: loaded now the first time (a failure rejects), else the current one, reloading it in the background if old. */
  get(): Promise<T> {
    return this.#cache.forceFetch("value");
  }

  /** The data changed: reload in the background, the old value being served meanwhile. */
  invalidate(): void {
    if (this.#cache.size === 0 || this.#scheduled) return; // never loaded: the first get loads fresh data anyway
    const wait = Math.max(0, this.#lastStart + this.#minReloadMs - this.#now());
    this.#scheduled = setTimeout(() => {
      this.#scheduled = null;
      if (this.#loading) this.#loading.then(() => this.invalidate());
      else this.#cache.fetch("value", { forceRefresh: true }).catch(() => {});
    }, wait);
    this.#scheduled.unref();
  }
}

/**
 * Exact totals are the expensive half of a search (an Italy-wide count reads ~600,000 index
 * entries); the same search is counted again for every page and sort a user looks at, and popular
 * searches repeat across users. Totals are kept for a short time, keyed by what decides them.
 * Any change of a listing forgets them all (`clear`, server/listing-follower.ts); `ttlMs` (30 s by
 * default) only bounds how long an unused entry is kept.
 */
export class CountCache {
  readonly #entries = new Map<string, { value: number; expires: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  /** Bumped by `clear`: a total computed across a clear may predate the change, so it is not kept. */
  #generation = 0;

  constructor(options: { maxEntries?: number; ttlMs?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000;
    this.#ttlMs = options.ttlMs ?? 30_000;
  }

  async get(key: string, compute: () => Promise<number>, now = Date.now()): Promise<number> {
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) {
      // Re-insert so the Map's order stays least-recently-used first.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value;
    }
    const generation = this.#generation;
    const value = await compute();
    if (generation !== this.#generation) return value;
    this.#entries.set(key, { value, expires: now + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }

  /** Forgets every total (listings changed). */
  clear(): void {
    this.#entries.clear();
    this.#generation++;
  }

  get size(): number {
    return this.#entries.size;
  }
}

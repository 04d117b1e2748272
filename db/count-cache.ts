/**
 * Exact totals are the expensive half of a search (an Italy-wide count reads ~600,000 index
 * entries); the same search is counted again for every page and sort a user looks at, and popular
 * searches repeat across users. Totals are kept for a short time, keyed by what decides them.
 * A total may therefore lag new listings by up to `ttlMs` (30 s by default).
 */
export class CountCache {
  readonly #entries = new Map<string, { value: number; expires: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;

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
    const value = await compute();
    this.#entries.set(key, { value, expires: now + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * At most `limit` requests of a kind run at once in this process; the others wait their turn in arrival
 * order, and past `maxWaiting` waiting ones a request is refused (the caller answers 503).
 *
 * Why: a worker given 16 results pages at once interleaves them, so each page's objects outlive many young
 * collections and are promoted; V8's old-generation marking (through the listing facts and place tables)
 * then ran on every helper thread without pause. One worker measured 23.6 ms of CPU per page at 16
 * connections and 8.2 ms at 4; with 4 pages at a time it served 16 connections at 7.5 ms a page
 * (docs/decisions/072, docs/BENCHMARKS.md). Queued requests wait without holding any memory of their own.
 *
 * A turn lasts at most `maxTurnMs`: a request that waits longer on something else (an identity provider, a
 * travel-time service, a slow query) gives its turn to the next one and goes on without it, so a slow
 * service delays only its own requests.
 */
export class RequestQueue {
  readonly #limit: number;
  readonly #maxWaiting: number;
  readonly #maxTurnMs: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(limit: number, maxWaiting: number, maxTurnMs: number) {
    this.#limit = limit;
    this.#maxWaiting = maxWaiting;
    this.#maxTurnMs = maxTurnMs;
  }

  /** Requests running now. */
  get running(): number {
    return this.#running;
  }

  /** Requests waiting for a turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Resolves when the request may run, with the function that ends its turn (call it exactly once, also on
   * failure); resolves null at once when too many wait already.
   */
  enter(): Promise<(() => void) | null> {
    if (this.#running < this.#limit) {
      this.#running++;
      return Promise.resolve(this.#turn());
    }
    if (this.#waiting.length >= this.#maxWaiting) return Promise.resolve(null);
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#turn())));
  }

  #turn(): () => void {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      const next = this.#waiting.shift();
      // The turn passes straight to the next request, so the count of running ones does not change.
      if (next) next();
      else this.#running--;
    };
    const timer = setTimeout(end, this.#maxTurnMs);
    timer.unref();
    return end;
  }
}

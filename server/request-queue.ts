/**
 * Pages and search APIs take turns in each process (docs/decisions/072, 087): at most `concurrency` hold a
 * turn at once, the others wait in arrival order.
 *
 * Why turns: a worker given many results pages at once interleaves them, so each page's objects outlive
 * many young collections and are promoted; V8's old-generation marking then runs without pause and every
 * page costs several times the CPU (docs/BENCHMARKS.md). Queued requests hold no memory of their own.
 *
 * Why more than turns (decision 087): a turn lasts at most `maxTurnMs`, so a request waiting on something
 * slow (an identity provider, a slow query) passes its turn on and goes on without it. Without a bound that
 * admits more work exactly when the database is slow. So:
 * - at most `maxInFlight` admitted requests run at once, turn or not: a slow database stops admission;
 * - a request waits at most `maxWaitMs` for a turn, then is answered "overloaded" (the caller's 503);
 * - past `maxWaiting` waiting ones a request is refused at once;
 * - a client that goes away while waiting leaves the queue (its AbortSignal).
 */
export type Admission =
  /** Runs now: call `end` exactly once when the response is made (also on failure). */
  | { kind: "admitted"; end: () => void }
  /** Too many wait already: refused at once. */
  | { kind: "full" }
  /** Waited `maxWaitMs` without a turn. */
  | { kind: "timeout" }
  /** The client went away while waiting. */
  | { kind: "left" };

export interface RequestQueueLimits {
  /** Requests holding a turn at once (REQUEST_CONCURRENCY). */
  concurrency: number;
  /** Admitted requests running at once, turn or not (REQUEST_MAX_IN_FLIGHT, ≥ concurrency). */
  maxInFlight: number;
  /** Requests that may wait (REQUEST_QUEUE_LIMIT). */
  maxWaiting: number;
  /** The longest a request waits for its turn (REQUEST_QUEUE_WAIT_MS). */
  maxWaitMs: number;
  /** The longest a request holds its turn before passing it on. */
  maxTurnMs: number;
}

interface Waiter {
  admit: () => void;
  leave: (kind: "timeout" | "left") => void;
}

export class RequestQueue {
  readonly #limits: RequestQueueLimits;
  #turns = 0;
  #inFlight = 0;
  readonly #waiting: Waiter[] = [];
  #peakInFlight = 0;

  constructor(limits: RequestQueueLimits) {
    if (limits.maxInFlight < limits.concurrency) throw new RangeError("maxInFlight must be at least the concurrency");
    this.#limits = limits;
  }

  /** Requests holding a turn now. */
  get running(): number {
    return this.#turns;
  }

  /** Admitted requests not finished yet, with a turn or past it. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** The most requests in flight at once since the process started (for /readyz and the overload test). */
  get peakInFlight(): number {
    return this.#peakInFlight;
  }

  /** Requests waiting for a turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves when the request may run, or with why it may not; `signal` aborts the wait when the client leaves. */
  enter(signal?: AbortSignal): Promise<Admission> {
    if (signal?.aborted) return Promise.resolve({ kind: "left" });
    if (this.#waiting.length === 0 && this.#hasRoom()) return Promise.resolve(this.#start());
    if (this.#waiting.length >= this.#limits.maxWaiting) return Promise.resolve({ kind: "full" });
    return new Promise((resolve) => {
      const onAbort = () => waiter.leave("left");
      const timer = setTimeout(() => waiter.leave("timeout"), this.#limits.maxWaitMs);
      timer.unref();
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const waiter: Waiter = {
        admit: () => {
          settle();
          resolve(this.#start());
        },
        leave: (kind) => {
          const at = this.#waiting.indexOf(waiter);
          if (at < 0) return;
          this.#waiting.splice(at, 1);
          settle();
          resolve({ kind });
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  #hasRoom(): boolean {
    return this.#turns < this.#limits.concurrency && this.#inFlight < this.#limits.maxInFlight;
  }

  /** Admits waiting requests, in arrival order, while there is room. */
  #admitWaiting(): void {
    while (this.#waiting.length > 0 && this.#hasRoom()) this.#waiting.shift()!.admit();
  }

  #start(): Admission {
    this.#turns++;
    this.#inFlight++;
    this.#peakInFlight = Math.max(this.#peakInFlight, this.#inFlight);
    let holdsTurn = true;
    let finished = false;
    const releaseTurn = () => {
      if (!holdsTurn) return;
      holdsTurn = false;
      clearTimeout(timer);
      this.#turns--;
    };
    const timer = setTimeout(() => {
      releaseTurn();
      this.#admitWaiting();
    }, this.#limits.maxTurnMs);
    timer.unref();
    const end = () => {
      if (finished) return;
      finished = true;
      releaseTurn();
      this.#inFlight--;
      this.#admitWaiting();
    };
    return { kind: "admitted", end };
  }
}

/** The API paths that search listings: they take turns like pages. Other API reads, media and vendor files do not. */
const QUEUED_API = /^\/portal-srp\/api\/v1\/(search|search-map|apireq|home|agencySearch|cerca-intorno-a-te|agency|agentPro)(\/|$)/;
/** Paths that are not pages: resources and APIs. */
const NOT_A_PAGE = /^\/(portal-srp|lh|client-account|media|vendor|mappa)\/|\.(geojson|json|xml|txt|svg|webp|jpg|png)$/;

/** Whether a path is a page (HTML), not a resource or an API. */
export function isPage(path: string): boolean {
  return !NOT_A_PAGE.test(path);
}

/** Whether a request takes a turn: GET and HEAD of pages and search APIs (a request with a body would hold its turn while a slow client sends it). */
export function takesTurn(method: string | undefined, path: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (QUEUED_API.test(path)) return true;
  return isPage(path);
}

/**
 * A worker that drains due rows of a table in this process (the mail queue, the alert matcher): woken at
 * once by the code that adds work here, and every `pollMs` for work another process added or that came
 * due. One drain runs at a time; a wake during a drain runs one more after it. A drain claims batches
 * (rows leased to this process) until one comes back short; a table that cannot be read is logged once
 * and tried again at the next poll. Handlers read `stopped` between rows, so a stop leaves claimed rows to
 * come due again when their lease ends.
 */
import type { Logger } from "./logger.ts";

export interface PollingWorkerOptions<T> {
  /** What is read, for the log lines ("mail queue", "alerts"). */
  what: string;
  pollMs: number;
  batchSize: number;
  logger: Logger;
  /** Claims up to `limit` due rows for this process. */
  claim: (limit: number) => Promise<T[]>;
  handle: (batch: T[]) => Promise<void>;
}

export class PollingWorker<T> {
  readonly #o: PollingWorkerOptions<T>;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;
  /** The table could not be read at the last try (logged once, not every poll). */
  #unreadable = false;

  constructor(options: PollingWorkerOptions<T>) {
    this.#o = options;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Drain now; cheap to call often. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#running = this.#drain().finally(() => {
      this.#running = null;
      if (this.#stopped) return;
      if (this.#again) {
        this.#again = false;
        this.wake();
        return;
      }
      this.#timer = setTimeout(() => this.wake(), this.#o.pollMs);
      this.#timer.unref();
    });
  }

  /** Stops polling; a batch under way finishes its row. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => {});
  }

  async #drain(): Promise<void> {
    const { what, logger, batchSize } = this.#o;
    for (;;) {
      let batch: T[];
      try {
        batch = await this.#o.claim(batchSize);
      } catch (error) {
        // The database is away or busy: try again at the next poll.
        if (!this.#unreadable) logger.warn({ err: error }, `${what}: could not read the due rows; retrying every poll`);
        this.#unreadable = true;
        return;
      }
      if (this.#unreadable) logger.info(`${what}: reading the due rows again`);
      this.#unreadable = false;
      if (batch.length === 0) return;
      await this.#o.handle(batch);
      if (batch.length < batchSize) return;
    }
  }
}

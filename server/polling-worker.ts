/**
 * The loop of a worker that drains due rows of a table in this process (the mail queue, the alert matcher):
 * woken at once by the code that adds work here, and every `pollMs` for work another process added or that
 * came due. One drain runs at a time; a wake during a drain runs one more after it. Each drain reads
 * `stopped` between rows, so a stop leaves claimed rows to come due again when their lease ends.
 */
export class PollingWorker {
  readonly #drain: () => Promise<void>;
  readonly #pollMs: number;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = true;

  constructor(drain: () => Promise<void>, pollMs: number) {
    this.#drain = drain;
    this.#pollMs = pollMs;
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
      this.#timer = setTimeout(() => this.wake(), this.#pollMs);
      this.#timer.unref();
    });
  }

  /** Stops polling; a drain under way finishes its row. */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => {});
  }
}

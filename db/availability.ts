/**
 * Is the database answering? Failed queries that mean "the server is gone" (refused or dropped
 * connections, shutdown, too many clients) mark it unavailable at once; from then on a `SELECT 1`
 * every second finds out when it is back, and a slower check keeps watch while it is up, so /readyz
 * turns red without traffic too. Recovery needs nothing but the server coming back: the pools
 * reconnect by themselves. (docs/decisions/036)
 */

/** SQLSTATEs and socket codes of a database that cannot be reached or is going away. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down)
  "53300", // too_many_connections
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable|Connection ended/i;

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    yield current as Record<string, unknown>;
    // Node reports a refused connection to "localhost" (IPv4 and IPv6) as an AggregateError.
    if (current instanceof AggregateError)
      for (const inner of current.errors) if (inner && typeof inner === "object") yield inner as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** True when the error says the database server cannot be reached (not a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    const code = typeof e.code === "string" ? e.code : "";
    if (UNAVAILABLE_CODES.has(code) || code.startsWith("08")) return true; // class 08: connection exception
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** True when PostgreSQL cancelled the query at statement_timeout (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  for (const e of causes(error)) if (e.code === "57014") return true;
  return false;
}

/** Either failure the server answers with 503 rather than 500. */
export function isDatabaseFailure(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isStatementTimeout(error);
}

export interface AvailabilityOptions {
  /** Rejects when the database does not answer. */
  ping: () => Promise<void>;
  /** Told about every change, for the log. */
  onChange?: (available: boolean, error?: unknown) => void;
  /** Between checks while the database answers (ms). */
  upIntervalMs?: number;
  /** Between checks while it does not (ms). */
  downIntervalMs?: number;
}

export class DatabaseAvailability {
  #available = true;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #checking = false;
  #stopped = false;
  readonly #options: Required<Omit<AvailabilityOptions, "onChange">> & Pick<AvailabilityOptions, "onChange">;

  constructor(options: AvailabilityOptions) {
    this.#options = { upIntervalMs: 5000, downIntervalMs: 1000, ...options };
  }

  get available(): boolean {
    return this.#available;
  }

  /** Starts the periodic check. */
  start(): this {
    this.#schedule(this.#options.upIntervalMs);
    return this;
  }

  /** A query failed: when it says the server is gone, stop sending work there until a ping answers. */
  report(error: unknown): void {
    if (this.#stopped || !this.#available || !isDatabaseUnavailable(error)) return;
    this.#set(false, error);
    this.#schedule(this.#options.downIntervalMs);
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#check(), ms);
    this.#timer.unref();
  }

  async #check(): Promise<void> {
    if (this.#checking || this.#stopped) return;
    this.#checking = true;
    try {
      await this.#options.ping();
      if (!this.#available) this.#set(true);
    } catch (error) {
      if (this.#available) this.#set(false, error);
    } finally {
      this.#checking = false;
      this.#schedule(this.#available ? this.#options.upIntervalMs : this.#options.downIntervalMs);
    }
  }

  #set(available: boolean, error?: unknown): void {
    if (this.#stopped) return;
    this.#available = available;
    this.#options.onChange?.(available, error);
  }
}

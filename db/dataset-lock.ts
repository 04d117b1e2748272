/**
 * Who may (re)load the demo data into a PostgreSQL database that other portal processes serve.
 * Loading truncates and refills the tables in one transaction, which locks them: every search of a
 * serving instance would wait behind it. So every serving process holds a shared advisory lock for
 * its lifetime, and loading needs the exclusive one: it is refused while anyone serves, and a process
 * that starts during a load waits for it instead of loading again (docs/decisions/036).
 *
 * The lock lives on a connection of its own (session-level advisory locks belong to a session),
 * with no statement timeout, since waiting for a load is expected to take a while.
 */
import pg from "pg";

/** pg_advisory_lock key: the bytes of "casadata" as one 64-bit number, unlikely to meet another application's. */
const DATASET_LOCK_KEY = "7161131744628929633";

type Held = "none" | "shared" | "exclusive";

export class DatasetLock {
  readonly #url: string;
  #client: pg.Client | null = null;
  #held: Held = "none";
  /** The session that held the lock has gone (a database restart), so the lock is no longer held. */
  #lost = false;
  #closed = false;

  private constructor(url: string) {
    this.#url = url;
  }

  static async connect(url: string): Promise<DatasetLock> {
    const lock = new DatasetLock(url);
    await lock.#open();
    return lock;
  }

  async #open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.#url,
      connectionTimeoutMillis: 5000,
      application_name: "casa-portal dataset lock",
    });
    client.on("error", () => {}); // reported through "end"
    client.on("end", () => {
      if (this.#client !== client || this.#closed) return;
      if (this.#held !== "none") this.#lost = true;
      this.#held = "none";
    });
    await client.connect();
    this.#client = client;
    return client;
  }

  async #query(text: string): Promise<pg.QueryResult> {
    if (!this.#client) throw new Error("dataset lock: not connected");
    return this.#client.query(text, [DATASET_LOCK_KEY]);
  }

  get held(): Held {
    return this.#held;
  }

  /** True when the database dropped the lock's session: call `reacquire` once it answers again. */
  get lost(): boolean {
    return this.#lost && !this.#closed;
  }

  /** The right to load: true only when no other process serves or loads this database. */
  async tryExclusive(): Promise<boolean> {
    const { rows } = await this.#query("SELECT pg_try_advisory_lock($1::bigint) AS ok");
    if ((rows[0] as { ok?: boolean } | undefined)?.ok) this.#held = "exclusive";
    return this.#held === "exclusive";
  }

  /** The right to serve: waits while another process loads. */
  async shared(): Promise<void> {
    if (this.#held !== "none") throw new Error(`dataset lock already held (${this.#held})`);
    await this.#query("SELECT pg_advisory_lock_shared($1::bigint)");
    this.#held = "shared";
  }

  /** After loading: serve, without a moment in which another process could start a load. */
  async downgrade(): Promise<void> {
    if (this.#held !== "exclusive") throw new Error("dataset lock: downgrade without the exclusive lock");
    await this.#query("SELECT pg_advisory_lock_shared($1::bigint)");
    await this.#query("SELECT pg_advisory_unlock($1::bigint)");
    this.#held = "shared";
  }

  /** After a database restart: a new session, and the shared lock again (waiting while someone loads). */
  async reacquire(): Promise<void> {
    if (!this.lost) return;
    await this.#client?.end().catch(() => {});
    await this.#open();
    await this.shared();
    this.#lost = false;
  }

  /** Closing the session releases whatever it holds. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#held = "none";
    await this.#client?.end().catch(() => {});
  }
}

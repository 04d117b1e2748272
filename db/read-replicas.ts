/**
 * Reads on streaming replicas (docs/decisions/106): `readDb` runs each query on a replica that answers and
 * whose replay lags less than `maxLagMs`, in turn, else on the primary's read pool. A replica that fails
 * (refused, dropped, shut down) is dropped at once and the query runs again on the primary, so nobody sees
 * the failure; a check every `checkMs` measures each replica's lag and takes it back when it answers and
 * keeps up. A scope (AsyncLocalStorage) sends a request's reads to the primary (read-your-writes, decision
 * 107) or pins a reader to one server (the listing follower, which must never read an older state than it
 * has applied).
 *
 * Lag is measured in time against the primary's own WAL positions: every check samples
 * pg_current_wal_lsn() on the primary, and a replica's lag is how long ago the primary first stood past the
 * position it has replayed (0 when it has replayed everything sampled). recovery_min_apply_delay, a slow
 * disk or a network stall all show up as they are, and an idle primary never looks lagged.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";
import { isDatabaseUnavailable } from "./availability.ts";

export interface ReadTarget {
  /** "primary" or the replica's host:port/database (no credentials): logs and /readyz. */
  readonly name: string;
  readonly replica: boolean;
  readonly pool: pg.Pool;
}

interface ReplicaState {
  /** Answering and keeping up: reads go there. */
  up: boolean;
  /** Replay lag at the last check (ms), null before the first one or while it does not answer. */
  lagMs: number | null;
  /** Its replay position at the last check. */
  replayLsn: bigint | null;
  /** Why it is out of use, if it is. */
  reason: string | null;
}

export interface ReplicaStatus {
  name: string;
  /** up: serving reads; lagging: answers but past maxLagMs; down: does not answer. */
  state: "up" | "lagging" | "down";
  lagMs: number | null;
  reason?: string;
}

/** Thrown to a pinned reader when its replica fails: plain, so the availability monitor does not take it for a primary outage. */
export class ReplicaUnavailableError extends Error {
  override name = "ReplicaUnavailableError";
}

interface Scope {
  /** Reads of this scope go to the primary (a session that just wrote). */
  primary?: boolean;
  /** Every read of this scope goes to this server, with no fallback. */
  target?: ReadTarget;
}

const scopes = new AsyncLocalStorage<Scope>();

/** "16/B374D848" → its 64-bit position. */
export function parseLsn(text: string): bigint {
  const [hi = "0", lo = "0"] = text.split("/");
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** A replica's lag: how long ago the primary first stood past `replayed` (samples oldest first). */
export function lagOf(samples: readonly { at: number; lsn: bigint }[], replayed: bigint, now: number): number {
  for (const s of samples) if (s.lsn > replayed) return Math.max(0, now - s.at);
  return 0;
}

/** Errors after which a query is run again on the primary: the replica is gone, or replay cancelled the query. */
function isReplicaFailure(error: unknown): boolean {
  return isDatabaseUnavailable(error) || (error as { code?: string } | null)?.code === "40001";
}

const SAMPLES_KEPT = 1200;

export interface ReadRouterOptions {
  primary: pg.Pool;
  replicas: { name: string; pool: pg.Pool }[];
  /** A replica lagging more than this is out of use (REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** Between lag checks (REPLICA_CHECK_MS). */
  checkMs: number;
  /** A replica went in or out of use (logs). */
  onChange?: (status: ReplicaStatus) => void;
}

export class ReadRouter {
  readonly primary: ReadTarget;
  readonly replicas: readonly ReadTarget[];
  readonly #state = new Map<ReadTarget, ReplicaState>();
  readonly #options: ReadRouterOptions;
  #samples: { at: number; lsn: bigint }[] = [];
  #turn = 0;
  #timer: NodeJS.Timeout | null = null;
  #checking: Promise<void> | null = null;
  #closed = false;

  constructor(options: ReadRouterOptions) {
    this.#options = options;
    this.primary = { name: "primary", replica: false, pool: options.primary };
    this.replicas = options.replicas.map((r) => ({ name: r.name, replica: true, pool: r.pool }));
    // Out of use until the first check has measured them.
    for (const r of this.replicas) this.#state.set(r, { up: false, lagMs: null, replayLsn: null, reason: "not checked yet" });
  }

  /** Checks now, then every checkMs. */
  async start(): Promise<this> {
    await this.check();
    const tick = () => {
      if (this.#closed) return;
      this.#timer = setTimeout(() => void this.check().finally(tick), this.#options.checkMs);
      this.#timer.unref();
    };
    tick();
    return this;
  }

  /** How long a session that just wrote reads the primary: every replica in use has replayed its write by then. */
  get readYourWritesMs(): number {
    return this.#options.maxLagMs + 2 * this.#options.checkMs;
  }

  /** Runs `work` with its reads on the primary. */
  onPrimary<T>(work: () => T): T {
    return scopes.run({ primary: true }, work);
  }

  /** Runs `work` with every read on `target`, failing instead of falling back (ReplicaUnavailableError). */
  pin<T>(target: ReadTarget, work: () => T): T {
    return scopes.run({ target }, work);
  }

  /** Whether reads may go to this replica now. */
  usable(target: ReadTarget): boolean {
    return !target.replica || this.#state.get(target)?.up === true;
  }

  /** The next replica in use, in turn; null when none is. */
  nextReplica(): ReadTarget | null {
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.#turn + i) % n]!;
      if (this.#state.get(r)!.up) {
        this.#turn = (this.#turn + i + 1) % n;
        return r;
      }
    }
    return null;
  }

  /** The primary's WAL position now. */
  async primaryLsn(): Promise<bigint> {
    const { rows } = await this.primary.pool.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
    return parseLsn(rows[0]!.lsn);
  }

  /** What a replica has replayed, asked now. */
  async replayLsn(target: ReadTarget): Promise<bigint> {
    const { rows } = await target.pool.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn");
    return rows[0]!.lsn === null ? 2n ** 64n : parseLsn(rows[0]!.lsn);
  }

  /** Each replica's state and lag (/readyz). */
  status(): ReplicaStatus[] {
    return this.replicas.map((r) => this.#statusOf(r));
  }

  #statusOf(r: ReadTarget): ReplicaStatus {
    const s = this.#state.get(r)!;
    const state = s.up ? "up" : s.lagMs !== null ? "lagging" : "down";
    return { name: r.name, state, lagMs: s.lagMs, ...(s.reason && !s.up ? { reason: s.reason } : {}) };
  }

  /** Takes a replica out of use until a check finds it answering (a read on it failed). */
  drop(target: ReadTarget, error: unknown): void {
    const s = this.#state.get(target);
    if (!s) return;
    const was = s.up;
    s.up = false;
    s.lagMs = null;
    s.reason = (error as Error)?.message ?? String(error);
    if (was) this.#options.onChange?.(this.#statusOf(target));
  }

  /** One round of checks: the primary's position, then each replica's replay and lag. */
  check(): Promise<void> {
    this.#checking ??= this.#check().finally(() => {
      this.#checking = null;
    });
    return this.#checking;
  }

  async #check(): Promise<void> {
    try {
      const lsn = await this.primaryLsn();
      this.#samples.push({ at: Date.now(), lsn });
      if (this.#samples.length > SAMPLES_KEPT) this.#samples.splice(0, this.#samples.length - SAMPLES_KEPT);
    } catch {
      // The primary is down: the availability monitor says so; replicas are judged on what was sampled.
    }
    await Promise.all(
      this.replicas.map(async (r) => {
        const s = this.#state.get(r)!;
        const was = s.up;
        try {
          const replayed = await this.replayLsn(r);
          s.replayLsn = replayed;
          s.lagMs = lagOf(this.#samples, replayed, Date.now());
          s.up = s.lagMs <= this.#options.maxLagMs;
          s.reason = s.up ? null : `replay lag ${s.lagMs} ms > REPLICA_MAX_LAG_MS ${this.#options.maxLagMs}`;
        } catch (error) {
          s.up = false;
          s.lagMs = null;
          s.reason = (error as Error).message;
        }
        if (was !== s.up && !this.#closed) this.#options.onChange?.(this.#statusOf(r));
      }),
    );
  }

  /** A pool-shaped object for Kysely's PostgresDialect: each connection goes where the scope says. */
  pool(): PostgresPool {
    return {
      options: (this.primary.pool as unknown as { options: object }).options,
      connect: () => this.#connect(),
      end: () => this.close(),
    };
  }

  async #connect(): Promise<PostgresPoolClient> {
    const scope = scopes.getStore();
    if (scope?.target) {
      const target = scope.target;
      const client = await target.pool.connect().catch((error: unknown) => {
        if (!target.replica) throw error;
        this.drop(target, error);
        throw new ReplicaUnavailableError(`replica ${target.name} does not answer: ${(error as Error).message}`);
      });
      return this.#wrap(client, target, true);
    }
    const target = scope?.primary ? this.primary : (this.nextReplica() ?? this.primary);
    if (target.replica) {
      try {
        return this.#wrap(await target.pool.connect(), target, false);
      } catch (error) {
        this.drop(target, error);
      }
    }
    return this.#wrap(await this.primary.pool.connect(), this.primary, false);
  }

  /**
   * The client Kysely queries through: a statement that fails on a replica because the replica went away
   * (or replay cancelled it) runs again on the primary, unless inside a transaction or pinned.
   */
  #wrap(client: pg.PoolClient, target: ReadTarget, pinned: boolean): PostgresPoolClient {
    let current = client;
    let onReplica = target.replica;
    let inTransaction = false;
    const primary = this.primary.pool;
    const router = this;
    // A server shutting down (FATAL 57P01) between two statements, while Kysely holds the client, is an 'error'
    // event with no query to fail: without a listener it would end the process (the pool listens only while idle).
    const onError = (error: unknown) => {
      if (onReplica) router.drop(target, error);
    };
    current.on("error", onError);
    const wrapped = {
      get processID() {
        return (current as unknown as { processID?: number }).processID;
      },
      release(destroy?: boolean) {
        current.removeListener("error", onError);
        current.release(destroy);
      },
      query(text: unknown, params?: readonly unknown[]): unknown {
        if (typeof text !== "string") return (current.query as (q: unknown) => unknown)(text);
        const values = params ? [...params] : [];
        const head = text.trimStart().slice(0, 20).toLowerCase();
        const run = async () => {
          try {
            return await current.query(text, values);
          } catch (error) {
            if (!onReplica || inTransaction || !isReplicaFailure(error)) throw error;
            if (isDatabaseUnavailable(error)) router.drop(target, error);
            if (pinned) throw new ReplicaUnavailableError(`replica ${target.name} failed: ${(error as Error).message}`);
            current.removeListener("error", onError);
            current.release(true);
            onReplica = false;
            current = await primary.connect();
            current.on("error", onError);
            return await current.query(text, values);
          }
        };
        return run().then((result) => {
          if (head.startsWith("begin") || head.startsWith("start transaction")) inTransaction = true;
          else if (head.startsWith("commit") || head.startsWith("rollback")) inTransaction = false;
          return result;
        });
      },
    };
    return wrapped as unknown as PostgresPoolClient;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#checking?.catch(() => {});
    await Promise.all([this.primary, ...this.replicas].map((t) => t.pool.end().catch(() => {})));
  }
}

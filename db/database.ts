/**
 * Opens the database: PGlite (PostgreSQL in WASM, data in a local folder) by default, or a
 * PostgreSQL server when a URL is given. The same Kysely dialect and migrations serve both.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { ReadRouter, type ReplicaStatus } from "./read-replicas.ts";
import type { Database } from "./schema.ts";

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  kind: DatabaseKind;
  /** Writes and maintenance (migrations, loading): no statement timeout, as loading runs long. */
  db: Kysely<Database>;
  /**
   * Every query pages and the API run, with `statementTimeoutMs`: on a replica in use when replicas are
   * given (DATABASE_REPLICA_URL, db/read-replicas.ts), else (or while none is in use) its own pool on the
   * primary; on PGlite, the same single connection as `db`.
   */
  readDb: Kysely<Database>;
  /**
   * Reads on the primary through its read pool, prepared as `readDb`'s are (docs/decisions/149), never on a replica:
   * for work that must see the latest commits and reads the same statements again and again (the alert matcher's
   * per-event reads). On PGlite, the same single connection as `db`.
   */
  primaryReads: Kysely<Database>;
  /** Where `readDb` reads: replicas, their lag, read-your-writes and pinning scopes. Absent without replicas. */
  replicas?: ReadRouter;
  /** SELECT 1 on every pool; rejects when one does not answer. */
  ping(): Promise<void>;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` (a dedicated connection on PostgreSQL, reconnecting
   * after a failure; PGlite's own notifications in process). Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** PGlite only: its whole data directory as a tarball (the tests' seeded copy is unpacked from it). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when absent the embedded PGlite in `dataDir` is used. */
  url?: string;
  /** Streaming replicas of `url` that `readDb` reads from (docs/decisions/106). */
  replicaUrls?: string[];
  /** A replica lagging more than this (ms) is not read from until it catches up (REPLICA_MAX_LAG_MS). */
  replicaMaxLagMs?: number;
  /** How often each replica's lag is measured (ms). */
  replicaCheckMs?: number;
  /** A replica went in or out of use. */
  onReplicaChange?: (status: ReplicaStatus) => void;
  /** Called after each statement that writes on the primary (INSERT, UPDATE, DELETE, MERGE): read-your-writes. */
  onWrite?: () => void;
  dataDir: string;
  /** Pool size for the server (PGlite always has one connection). */
  poolSize?: number;
  /**
   * statement_timeout of the read pool's connections on a PostgreSQL server, in ms (0 or absent: none).
   * A query that outlives it fails with SQLSTATE 57014 and the request answers 503 (docs/decisions/036).
   */
  statementTimeoutMs?: number;
  /** Called with every failed query (Kysely's log hook): the server's availability monitor listens here. */
  onQueryError?: (error: unknown) => void;
}

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

// bigint and numeric come back from pg as strings; our ids and prices fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// A calendar date stays a "YYYY-MM-DD" string: a JS Date would shift it by the server's time zone.
pg.types.setTypeParser(1082, (v) => v);

/**
 * Per-session settings: enough work_mem for map-cell aggregation to hash in memory, and no JIT —
 * on these short queries its compile time costs more than it saves (measured, docs/BENCHMARKS.md).
 */
const SESSION_SETTINGS = "-c work_mem=32MB -c jit=off";

const WRITE = /^\s*(insert|update|delete|merge)\b/i;
const WITH = /^\s*with\b/i;
const WRITE_IN_WITH = /\b(insert\s+into|update\s+"?\w|delete\s+from)\b/i;

/** Whether a statement writes (a CTE counts when one of its parts does). */
export function isWriteStatement(text: string): boolean {
  return WRITE.test(text) || (WITH.test(text) && WRITE_IN_WITH.test(text));
}

function kysely(
  pool: ConstructorParameters<typeof PostgresDialect>[0]["pool"],
  onQueryError?: (error: unknown) => void,
  onWrite?: () => void,
): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log:
      onQueryError || onWrite
        ? (event) => {
            if (event.level === "error") onQueryError?.(event.error);
            else if (onWrite && isWriteStatement(event.query.sql)) onWrite();
          }
        : undefined,
  });
}

/**
 * A server shutting down (FATAL 57P01) while a client is checked out and between two statements is an 'error'
 * event with no query to fail; the pool listens only while a client is idle, so without this listener the event
 * would end the process. The client is then not queryable: its next query fails, and the pool drops it on release.
 */
function listenForErrorsWhileCheckedOut(client: pg.PoolClient): void {
  client.on("error", () => {});
}

/** Distinct statements a read connection keeps prepared; past this, new ones are planned each time as before. */
const MAX_PREPARED_PER_CONNECTION = 500;

/**
 * Reads are prepared once per connection and executed by name afterwards (docs/decisions/149): PostgreSQL then
 * keeps their plans, and a results page's cards query cost 1.5–2 ms to plan against 0.2–0.8 ms to run. Only SELECTs
 * from Kysely (text and parameters) on the read pools; a statement's name is a hash of its text, so the same text
 * is the same statement on every connection and two texts never share a name.
 */
function prepareReads(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const prepared = new Set<string>();
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config === "string" && Array.isArray(values) && /^\s*select\b/i.test(config)) {
      const name = `r${createHash("sha1").update(config).digest("base64url").slice(0, 22)}`;
      if (prepared.has(name) || prepared.size < MAX_PREPARED_PER_CONNECTION) {
        prepared.add(name);
        return query({ name, text: config, values }, callback);
      }
    }
    return query(config, values, callback);
  };
}

function onReadConnect(client: pg.PoolClient): void {
  listenForErrorsWhileCheckedOut(client);
  prepareReads(client);
}

/** A pool whose connections are made when first needed: a replica may be down when the portal starts. */
function openLazyPool(url: string, size: number, statementTimeoutMs = 0): pg.Pool {
  const options = statementTimeoutMs > 0 ? `${SESSION_SETTINGS} -c statement_timeout=${statementTimeoutMs}` : SESSION_SETTINGS;
  const pool = new pg.Pool({ connectionString: url, max: size, connectionTimeoutMillis: 2000, options });
  pool.on("error", () => {});
  pool.on("connect", onReadConnect);
  return pool;
}

/** host:port/database of a URL, without credentials. */
export function serverName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
}

async function openServerPool(url: string, size: number, statementTimeoutMs = 0, reads = false): Promise<pg.Pool> {
  const options = statementTimeoutMs > 0 ? `${SESSION_SETTINGS} -c statement_timeout=${statementTimeoutMs}` : SESSION_SETTINGS;
  const pool = new pg.Pool({ connectionString: url, max: size, connectionTimeoutMillis: 5000, options });
  pool.on("error", () => {}); // idle-client errors surface on the next query instead of crashing the process
  pool.on("connect", reads ? onReadConnect : listenForErrorsWhileCheckedOut);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const where = url.replace(/\/\/[^@/]*@/, "//***@");
    throw new DatabaseUnavailableError(`cannot connect to ${where}: ${(error as Error).message}`);
  }
  return pool;
}

/** LISTEN on a client of its own, outside the pool; on error it reconnects after a second. */
async function listenOnServer(url: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on("notification", (n) => {
      if (n.channel === channel) onNotify();
    });
    c.on("error", () => reconnect(c));
    c.on("end", () => reconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = c;
      if (stopped) await c.end().catch(() => {});
      // Whatever was notified while disconnected: the caller catches up by reading its log.
      else onNotify();
    } catch {
      reconnect(c);
    }
  };
  const reconnect = (c: pg.Client) => {
    if (stopped || retry || (client !== null && client !== c)) return;
    client = null;
    c.end().catch(() => {});
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<Blob>;
}

async function openPglite(dataDir: string): Promise<pg.Pool & { pglite?: PgliteLike }> {
  const [{ PGlite }, { createPgConfig }, ext] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/node-postgres"),
    Promise.all([
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("@electric-sql/pglite/contrib/unaccent"),
      import("@electric-sql/pglite/contrib/cube"),
      import("@electric-sql/pglite/contrib/earthdistance"),
      import("@electric-sql/pglite/contrib/btree_gist"),
    ]),
  ]);
  const [trgm, unaccent, cube, earthdistance, btreeGist] = ext;
  if (dataDir !== "memory://") mkdirSync(dataDir, { recursive: true });
  let pglite;
  try {
    pglite = await PGlite.create(dataDir, {
      extensions: {
        pg_trgm: trgm.pg_trgm,
        unaccent: unaccent.unaccent,
        cube: cube.cube,
        earthdistance: earthdistance.earthdistance,
        btree_gist: btreeGist.btree_gist,
      },
    });
  } catch (error) {
    throw new DatabaseUnavailableError(
      `the embedded database in ${dataDir} cannot be opened (${(error as Error).message}); ` +
        `if it is corrupt, delete that folder and start again to rebuild it`,
    );
  }
  await pglite.exec("SET work_mem = '32MB'");
  const pool = new pg.Pool(createPgConfig(pglite) as pg.PoolConfig);
  const end = pool.end.bind(pool);
  // The pool does not own the PGlite instance: close it after the pool.
  (pool as { end: () => Promise<void> }).end = async () => {
    await end();
    await pglite.close();
  };
  return Object.assign(pool, { pglite: pglite as PgliteLike });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { onQueryError } = options;
  if (options.url) {
    const size = options.poolSize ?? 10;
    // Writes are rare today (loading): a small pool. Searches get the rest, each query bounded in time.
    const pool = await openServerPool(options.url, Math.max(2, Math.ceil(size / 4)));
    const readPool = await openServerPool(options.url, size, options.statementTimeoutMs, true).catch(async (error) => {
      await pool.end().catch(() => {});
      throw error;
    });
    const db = kysely(pool, onQueryError, options.onWrite);
    const replicaUrls = options.replicaUrls ?? [];
    let replicas: ReadRouter | undefined;
    if (replicaUrls.length > 0) {
      replicas = new ReadRouter({
        primary: readPool,
        replicas: replicaUrls.map((u) => ({ name: serverName(u), pool: openLazyPool(u, size, options.statementTimeoutMs) })),
        maxLagMs: options.replicaMaxLagMs ?? 1000,
        checkMs: options.replicaCheckMs ?? 500,
        onChange: options.onReplicaChange,
      });
      await replicas.start();
    }
    const readDb = kysely(replicas ? replicas.pool() : readPool, onQueryError);
    // Over the same pool as readDb without replicas; with them, the router ends that pool when readDb is destroyed.
    const primaryReads = replicas ? kysely(readPool, onQueryError) : readDb;
    const url = options.url;
    return {
      kind: "postgres",
      db,
      readDb,
      primaryReads,
      replicas,
      async ping() {
        await Promise.all([sql`SELECT 1`.execute(db), sql`SELECT 1`.execute(readDb)]);
      },
      listen: (channel, onNotify) => listenOnServer(url, channel, onNotify),
      async close() {
        await Promise.all([db.destroy(), readDb.destroy()]);
      },
    };
  }
  const pool = await openPglite(options.dataDir);
  const db = kysely(pool, onQueryError);
  return {
    kind: "pglite",
    db,
    readDb: db,
    primaryReads: db,
    ping: async () => {
      await sql`SELECT 1`.execute(db);
    },
    async listen(channel, onNotify) {
      const unlisten = await pool.pglite!.listen(channel, () => onNotify());
      return async () => {
        await unlisten().catch(() => {});
      };
    },
    dumpDataDir: () => pool.pglite!.dumpDataDir("none"),
    close: () => db.destroy(),
  };
}

/**
 * Opens the database: PGlite (PostgreSQL in WASM, data in a local folder) by default, or a
 * PostgreSQL server when a URL is given. The same Kysely dialect and migrations serve both.
 */
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { mkdirSync } from "node:fs";
import type { Database } from "./schema.ts";

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  kind: DatabaseKind;
  /** Reads and writes. */
  db: Kysely<Database>;
  /** Read-only search queries: a replica when DATABASE_READ_URL is set, otherwise `db`. */
  readDb: Kysely<Database>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; when absent the embedded PGlite in `dataDir` is used. */
  url?: string;
  readUrl?: string;
  dataDir: string;
  /** Pool size for the server (PGlite always has one connection). */
  poolSize?: number;
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

function kysely(pool: pg.Pool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}

async function openServerPool(url: string, size: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url, max: size, connectionTimeoutMillis: 5000, options: SESSION_SETTINGS });
  pool.on("error", () => {}); // idle-client errors surface on the next query instead of crashing the process
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

async function openPglite(dataDir: string): Promise<pg.Pool> {
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
        pg_trgm: trgm.pg_trgm, unaccent: unaccent.unaccent, cube: cube.cube,
        earthdistance: earthdistance.earthdistance, btree_gist: btreeGist.btree_gist,
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
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = await openServerPool(options.url, options.poolSize ?? 10);
    const readPool = options.readUrl ? await openServerPool(options.readUrl, options.poolSize ?? 10) : null;
    const db = kysely(pool);
    const readDb = readPool ? kysely(readPool) : db;
    return {
      kind: "postgres", db, readDb,
      async close() {
        await db.destroy();
        if (readPool) await readDb.destroy();
      },
    };
  }
  const pool = await openPglite(options.dataDir);
  const db = kysely(pool);
  return { kind: "pglite", db, readDb: db, close: () => db.destroy() };
}

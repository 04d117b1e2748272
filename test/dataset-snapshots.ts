/**
 * The test dataset (TEST_DATASET) migrated and loaded once per test run instead of once per test file
 * and database target (docs/decisions/082):
 * - PGlite: the seeded data directory, unpacked from PGlite's dump into a folder (in memory, /dev/shm, where
 *   there is one); a portal that startTestPortal starts on an in-memory PGlite with the test dataset starts
 *   on a copy of that folder instead. Copying the folder and opening it costs a fraction of the CPU of
 *   unpacking the 94 MB dump into PGlite's in-memory file system at every start (docs/decisions/114).
 * - PostgreSQL (TEST_DATABASE_URL): a seeded template database; a database that provisionDatabase
 *   created is re-created from it (CREATE DATABASE … TEMPLATE) when a portal with the test dataset is
 *   started on it while it is still untouched.
 * The global setups (test/pglite-snapshot.ts, test/postgres-target.ts) make them and tell the test
 * files where through environment variables. Without them (a script, a file run by hand elsewhere)
 * every portal migrates and loads as before; either way startup sees the same database.
 */
import { accessSync, chmodSync, constants, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadDataset } from "../etl/load.ts";

/** Seed, size and reference date of the portal that tests start (test/portal.ts). */
export const TEST_DATASET = { seed: "test", count: 3000, referenceDate: "2026-11-01" } as const;

/** The portal settings that ask for TEST_DATASET (a portal started with them finds the seeded copies). */
export const TEST_DATASET_ENV = {
  DEMO_SEED: TEST_DATASET.seed,
  DEMO_COUNT: String(TEST_DATASET.count),
  DEMO_REFERENCE_DATE: TEST_DATASET.referenceDate,
} as const;

/** The folder holding the seeded PGlite data directory (`data/`) and its copies, set by the global setup. */
export const PGLITE_SNAPSHOT_ENV = "CASA_TEST_PGLITE_SNAPSHOT";
/** The name of the seeded template database on TEST_DATABASE_URL's server, set by the global setup. */
export const TEMPLATE_DATABASE_ENV = "CASA_TEST_TEMPLATE_DATABASE";

/** TEST_DATASET as `loadDataset` takes it. */
export const testDatasetLoadOptions = () => ({
  seed: TEST_DATASET.seed,
  count: TEST_DATASET.count,
  referenceDate: new Date(`${TEST_DATASET.referenceDate}T00:00:00Z`),
});

/** Whether a portal's settings ask for exactly the dataset the snapshots hold. */
export function asksForTestDataset(env: Record<string, string | undefined>): boolean {
  return (
    env.DEMO_SEED === TEST_DATASET.seed &&
    env.DEMO_COUNT === String(TEST_DATASET.count) &&
    env.DEMO_REFERENCE_DATE === TEST_DATASET.referenceDate &&
    env.DEMO_RELOAD !== "1"
  );
}

/** Migrates an empty in-memory PGlite, loads the test dataset and returns its data directory as a tarball. */
export async function makePgliteSnapshot(): Promise<Blob> {
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    await migrateToLatest(handle.db);
    await loadDataset(handle.db, testDatasetLoadOptions());
    // The load leaves ~100 MB of write-ahead log, more than the data: every portal start would unpack it.
    // After a checkpoint only the segments from its redo point on are needed to start.
    await sql`CHECKPOINT`.execute(handle.db);
    const dump = new Uint8Array(await (await handle.dumpDataDir!()).arrayBuffer());
    const { rows } = await sql<{ redo: string; current: string }>`
      SELECT (pg_control_checkpoint()).redo_wal_file AS redo, pg_walfile_name(pg_current_wal_lsn()) AS current`.execute(handle.db);
    return new Blob([withoutWalBefore(dump, rows[0]!.redo, rows[0]!.current)]);
  } finally {
    await handle.close();
  }
}

const BLOCK = 512;
const WAL_SEGMENT = /(^|\/)pg_wal\/([0-9A-F]{24})$/;

interface TarEntry {
  name: string;
  /** "0" a file, "5" a folder (the only kinds PGlite's dump holds). */
  type: string;
  mode: number;
  /** The whole entry: header and padded contents. */
  raw: Uint8Array;
  contents: Uint8Array;
}

/** The entries of a ustar tarball, as PGlite's dumpDataDir writes it. */
function* tarEntries(tar: Uint8Array): Generator<TarEntry> {
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const text = (from: number, length: number) => new TextDecoder().decode(header.subarray(from, from + length)).replace(/\0.*$/s, "");
    const name = [text(345, 155), text(0, 100)].filter(Boolean).join("/");
    const size = Number.parseInt(text(124, 12).trim() || "0", 8);
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    yield {
      name,
      type: text(156, 1) || "0",
      mode: Number.parseInt(text(100, 8).trim() || "0", 8),
      raw: tar.subarray(at, end),
      contents: tar.subarray(at + BLOCK, at + BLOCK + size),
    };
    at = end;
  }
}

/**
 * The tarball without the WAL segments a start from it cannot need: those before the last checkpoint's redo
 * segment, and spare ones recycled past the current one (PostgreSQL makes new ones as it goes).
 */
export function withoutWalBefore(tar: Uint8Array, redoSegment: string, currentSegment: string): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [];
  for (const entry of tarEntries(tar)) {
    const segment = WAL_SEGMENT.exec(entry.name)?.[2];
    if (!segment || (segment >= redoSegment && segment <= currentSegment)) kept.push(entry.raw);
  }
  kept.push(new Uint8Array(2 * BLOCK));
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Unpacks PGlite's dump into `dir`: the data directory a PGlite opened on that folder starts from. */
export function unpackPgliteDump(tar: Uint8Array, dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const entry of tarEntries(tar)) {
    const path = join(dir, entry.name);
    if (!path.startsWith(`${dir}/`)) throw new Error(`PGlite dump: ${entry.name} is outside the data directory`);
    if (entry.type === "5") mkdirSync(path, { recursive: true, mode: entry.mode || 0o700 });
    else if (entry.type === "0") {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, entry.contents, { mode: entry.mode || 0o600 });
    } else throw new Error(`PGlite dump: ${entry.name} is neither a file nor a folder (type ${entry.type})`);
  }
  // PostgreSQL refuses a data directory that others can read.
  chmodSync(dir, 0o700);
}

/** Where the global setup keeps the seeded data directory: in memory (/dev/shm) where there is one. */
export function pgliteSnapshotParent(): string {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return tmpdir();
  }
}

/**
 * A copy of this run's seeded PGlite data directory, for one database that starts from it, removed by
 * `dispose` (the global setup removes any copy left behind); undefined outside the global setup.
 */
export function pgliteSnapshotCopy(): { dataDir: string; dispose: () => void } | undefined {
  const snapshot = process.env[PGLITE_SNAPSHOT_ENV];
  if (!snapshot) return undefined;
  const copies = join(snapshot, "copies");
  mkdirSync(copies, { recursive: true });
  const dataDir = join(mkdtempSync(join(copies, "db-")), "data");
  cpSync(join(snapshot, "data"), dataDir, { recursive: true });
  return { dataDir, dispose: () => rmSync(dirname(dataDir), { recursive: true, force: true }) };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the seeded template database `name` on the server of `adminUrl`: migrated, test dataset loaded. */
export async function makeTemplateDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const handle = await openDatabase({ url: databaseUrl(adminUrl, name), dataDir: "", poolSize: 4 });
  try {
    await migrateToLatest(handle.db);
    await loadDataset(handle.db, testDatasetLoadOptions());
  } finally {
    await handle.close();
  }
}

export async function dropTemplateDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Databases provisionDatabase created empty, not yet handed to a portal (by name). */
const untouched = new Set<string>();

export function noteUntouchedDatabase(name: string): void {
  untouched.add(name);
}

/**
 * Replaces the database at `url` with a copy of the seeded template, when provisionDatabase made it
 * and nothing has used it yet (no connection, no table). Returns whether it did.
 */
export async function copyTemplateInto(url: string): Promise<boolean> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!template || !adminUrl || !untouched.delete(name)) return false;
  const tables = await admin(url, (client) =>
    client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace"),
  );
  if (tables.rows[0]!.n > 0) return false;
  return admin(adminUrl, async (client) => {
    try {
      // Refused while anyone is connected to it: then the test uses it as it is.
      await client.query(`DROP DATABASE ${name}`);
    } catch {
      return false;
    }
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    return true;
  });
}

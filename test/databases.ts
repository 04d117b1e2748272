/**
 * The databases integration tests run on: embedded PGlite always, and a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL when it is set (created per test file, dropped after).
 * The Vitest projects split the two (vitest.config.ts: `integration` is PGlite, `postgres` the server, so
 * CI runs them side by side); run outside a project's setting (`TEST_TARGET` unset), a file runs on both.
 * Both start empty; startTestPortal fills them from the run's seeded copy when it can (test/dataset-snapshots.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadDataset } from "../etl/load.ts";
import { copyTemplateInto, noteUntouchedDatabase, pgliteSnapshotCopy, testDatasetLoadOptions } from "./dataset-snapshots.ts";

export type DatabaseTarget = "pglite" | "postgres";

const available: DatabaseTarget[] = ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];
const only = process.env.TEST_TARGET as DatabaseTarget | undefined;
export const databaseTargets: DatabaseTarget[] = only ? available.filter((t) => t === only) : available;

export interface ProvisionedDatabase {
  /** DATABASE_URL for the server target, undefined for PGlite. */
  url: string | undefined;
  /** DATA_DIR for PGlite (in memory). */
  dataDir: string;
  dispose(): Promise<void>;
}

export async function provisionDatabase(target: DatabaseTarget): Promise<ProvisionedDatabase> {
  if (target === "pglite") return { url: undefined, dataDir: "memory://", dispose: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `casa_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  noteUntouchedDatabase(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir: "memory://",
    async dispose() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * provisionTestDataset's database, opened: for data-layer tests whose subject is not the load itself. Close the
 * handle, then dispose of `provisioned`.
 */
export async function openTestDataset(target: DatabaseTarget): Promise<{ handle: DatabaseHandle; provisioned: ProvisionedDatabase }> {
  const provisioned = await provisionTestDataset(target);
  const handle = await openDatabase({ url: provisioned.url, dataDir: provisioned.dataDir });
  return { handle, provisioned };
}

/**
 * A database of `target` holding the run's test dataset that outlives the handles opened on it, for tests that write
 * fixtures into it and then start portals on it: on PGlite a folder (a copy of the seeded data directory), on the
 * server a copy of the seeded template (test/dataset-snapshots.ts); migrated and loaded here when the run has neither
 * (a script outside the global setup). `dispose` removes it.
 */
export async function provisionTestDataset(target: DatabaseTarget): Promise<ProvisionedDatabase> {
  const provisioned = await provisionDatabase(target);
  const copy = target === "pglite" ? pgliteSnapshotCopy() : undefined;
  const folder = target === "pglite" && !copy ? mkdtempSync(join(tmpdir(), "casa-test-dataset-")) : undefined;
  const database: ProvisionedDatabase = {
    url: provisioned.url,
    dataDir: copy?.dataDir ?? folder ?? provisioned.dataDir,
    async dispose() {
      await provisioned.dispose();
      copy?.dispose();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
  const copied = provisioned.url ? await copyTemplateInto(provisioned.url) : copy !== undefined;
  if (!copied) {
    const handle = await openDatabase({ url: database.url, dataDir: database.dataDir });
    try {
      await migrateToLatest(handle.db);
      await loadDataset(handle.db, testDatasetLoadOptions());
    } finally {
      await handle.close();
    }
  }
  return database;
}

/**
 * The test dataset on `target` for a describe block: opened before its tests, closed and dropped after them. It is
 * read through the returned function (it exists once the block's tests run).
 */
export function useTestDataset(target: DatabaseTarget): () => { handle: DatabaseHandle; provisioned: ProvisionedDatabase } {
  let opened: Awaited<ReturnType<typeof openTestDataset>> | undefined;
  beforeAll(async () => {
    opened = await openTestDataset(target);
  });
  afterAll(async () => {
    await opened?.handle.close();
    await opened?.provisioned.dispose();
  });
  return () => opened!;
}

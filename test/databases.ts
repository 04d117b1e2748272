/**
 * The databases integration tests run on: embedded PGlite always, and a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL when it is set (created per test file, dropped after).
 * Both start empty; startTestPortal fills them from the run's seeded copy when it can (test/dataset-snapshots.ts).
 */
import pg from "pg";
import { noteUntouchedDatabase } from "./dataset-snapshots.ts";

export type DatabaseTarget = "pglite" | "postgres";

export const databaseTargets: DatabaseTarget[] = ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];

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

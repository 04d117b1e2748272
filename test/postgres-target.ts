/**
 * Vitest global setup for integration tests: say which databases they run on. Without
 * TEST_DATABASE_URL they run on PGlite only, which one clear line says (and CI, which always sets
 * it, refuses); with it, an unreachable server fails once here instead of in every test file, and
 * the seeded template database that test databases are copied from is made (test/dataset-snapshots.ts).
 */
import pg from "pg";
import { dropTemplateDatabase, makeTemplateDatabase, TEMPLATE_DATABASE_ENV } from "./dataset-snapshots.ts";

const POSTGRES_HINT = "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres";

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (process.env.CI && process.env.CI !== "false")
      throw new Error(`integration tests: TEST_DATABASE_URL is not set, and CI runs them on PostgreSQL too (${POSTGRES_HINT})`);
    console.warn(
      `integration tests: PGlite only, the PostgreSQL target is skipped: TEST_DATABASE_URL is not set (${POSTGRES_HINT} adds it)`,
    );
    return undefined;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`integration tests: TEST_DATABASE_URL=${url} does not answer: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
  // One per run (runs of other checkouts may share the server): dropped when the run ends.
  const template = `casa_template_${process.pid}_${Date.now().toString(36)}`;
  try {
    await makeTemplateDatabase(url, template);
  } catch (error) {
    await dropTemplateDatabase(url, template).catch(() => {});
    throw error;
  }
  process.env[TEMPLATE_DATABASE_ENV] = template;
  return async () => {
    delete process.env[TEMPLATE_DATABASE_ENV];
    await dropTemplateDatabase(url, template);
  };
}

/**
 * Vitest global setup for integration tests: say which databases they run on. Without
 * TEST_DATABASE_URL they run on PGlite only, which one clear line says (and CI, which always sets
 * it, refuses); with it, an unreachable server fails once here instead of in every test file.
 */
import pg from "pg";

const POSTGRES_HINT = "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres";

export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (process.env.CI && process.env.CI !== "false")
      throw new Error(`integration tests: TEST_DATABASE_URL is not set, and CI runs them on PostgreSQL too (${POSTGRES_HINT})`);
    console.warn(
      `integration tests: PGlite only, the PostgreSQL target is skipped: TEST_DATABASE_URL is not set (${POSTGRES_HINT} adds it)`,
    );
    return;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`integration tests: TEST_DATABASE_URL=${url} does not answer: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

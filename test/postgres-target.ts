/**
 * Vitest global setup of the `postgres` project (vitest.config.ts leaves the project out, with one clear
 * line, when TEST_DATABASE_URL is not set): an unreachable server fails once here instead of in every test
 * file, and the seeded template database that test databases are copied from is made (test/dataset-snapshots.ts).
 */
import pg from "pg";
import { dropTemplateDatabase, makeTemplateDatabase, TEMPLATE_DATABASE_ENV } from "./dataset-snapshots.ts";

export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("the postgres project needs TEST_DATABASE_URL");
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

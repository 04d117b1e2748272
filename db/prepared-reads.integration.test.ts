/**
 * Reads on a PostgreSQL server are prepared statements (docs/decisions/149): the first run of a SELECT on a read
 * connection prepares it by a name made from its text, later runs execute that statement with their own parameters.
 * Writes (the primary's pool) are not prepared, and the embedded database prepares nothing. `primaryReads` (the alert
 * matcher's per-event reads) prepares as the read pool does, on the primary.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { openDatabase, type DatabaseHandle } from "./database.ts";

describe.each(databaseTargets)("reads as prepared statements on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    // One read connection, so that what it prepared is what pg_prepared_statements shows.
    handle = await openDatabase({ url: provisioned.url, dataDir: provisioned.dataDir, poolSize: 1 });
  });
  afterAll(async () => {
    await handle?.close();
    await provisioned?.dispose();
  });

  const preparedLike = async (db: DatabaseHandle["db"], pattern: string) =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE ${pattern}`.execute(db)).rows[0]!
      .n;

  it("prepares a read once and runs it again with other parameters, with their own answers", async () => {
    const square = (n: number) => sql<{ v: number }>`SELECT ${n}::int * ${n}::int AS v /* prepared-reads test */`.execute(handle.readDb);
    expect((await square(3)).rows[0]!.v).toBe(9);
    expect((await square(12)).rows[0]!.v).toBe(144);
    expect(await preparedLike(handle.readDb, "%prepared-reads test%")).toBe(target === "postgres" ? 1 : 0);
  });

  it("prepares the primary's reads (the alert matcher's) as it prepares readDb's", async () => {
    const cube = (n: number) =>
      sql<{ v: number }>`SELECT ${n}::int * ${n}::int * ${n}::int AS v /* primary reads test */`.execute(handle.primaryReads);
    expect((await cube(2)).rows[0]!.v).toBe(8);
    expect((await cube(3)).rows[0]!.v).toBe(27);
    expect(await preparedLike(handle.primaryReads, "%primary reads test%")).toBe(target === "postgres" ? 1 : 0);
    if (target === "pglite") expect(handle.primaryReads).toBe(handle.db);
  });

  it("does not prepare statements on the primary's pool", async () => {
    await sql`SELECT 1 AS one /* primary read test */`.execute(handle.db);
    expect(await preparedLike(handle.db, "%primary read test%")).toBe(0);
  });
});

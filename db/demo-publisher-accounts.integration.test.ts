/**
 * The demo agencies' accounts are made at start by every process that finds them missing: processes starting together
 * on one fresh database (a primary and its replicas' nodes, server/scale-out.integration.test.ts) insert the same
 * rows at once, and a start that lost that race once failed on users_email. Several at once make each account once.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDataset } from "../test/databases.ts";
import { createDemoPublisherAccounts } from "./users.ts";

describe.each(databaseTargets)("demo agency accounts made by processes at once on %s", (target) => {
  const dataset = useTestDataset(target);

  it("makes each missing account once, and no start fails", async () => {
    await sql`DELETE FROM users WHERE publisher_id IS NOT NULL`.execute(dataset().handle.db);
    const agencies = await sql<{ n: number }>`SELECT count(*)::int AS n FROM publishers WHERE kind = 'agency'`.execute(dataset().handle.db);
    const now = new Date();
    const made = await Promise.all(Array.from({ length: 4 }, () => createDemoPublisherAccounts(dataset().handle.db, "hash", now)));
    expect(made.reduce((a, b) => a + b, 0)).toBe(agencies.rows[0]!.n);
    const accounts = await sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE publisher_id IS NOT NULL`.execute(
      dataset().handle.db,
    );
    expect(accounts.rows[0]!.n).toBe(agencies.rows[0]!.n);
  });
});

// PGlite has one connection: two processes' statements cannot overlap there.
describe.each(databaseTargets.filter((t) => t === "postgres"))("demo agency accounts when two starts overlap on %s", (target) => {
  const dataset = useTestDataset(target);

  it("lets a start whose insert waited on another's finish without an error", async () => {
    await sql`DELETE FROM users WHERE publisher_id IS NOT NULL`.execute(dataset().handle.db);
    // Two connections open in the pool: the transaction's, and the other start's.
    await Promise.all([sql`SELECT pg_sleep(0.05)`.execute(dataset().handle.db), sql`SELECT pg_sleep(0.05)`.execute(dataset().handle.db)]);
    const now = new Date();
    let second: Promise<number> | undefined;
    await dataset()
      .handle.db.transaction()
      .execute(async (trx) => {
        expect(await createDemoPublisherAccounts(trx, "hash", now)).toBeGreaterThan(0);
        // The other process checks before this one commits: it sees no account and waits on the same keys.
        second = createDemoPublisherAccounts(dataset().handle.db, "hash", now);
        await expect
          .poll(
            async () =>
              (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`.execute(trx))
                .rows[0]!.n,
            { timeout: 10_000 },
          )
          .toBeGreaterThan(0);
      });
    expect(await second).toBe(0);
  });
});

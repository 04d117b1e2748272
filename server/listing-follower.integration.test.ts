/**
 * A failed load of the listing facts is tried again: a process whose first load failed (a statement
 * timeout on a cold, busy server, as bench:processes met at 1.2 M listings) used to count in SQL and
 * report itself cold until restarted.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { CountCache } from "../db/count-cache.ts";
import { type DatabaseHandle } from "../db/database.ts";
import { listingFacts, type ListingFacts } from "../db/listing-facts.ts";
import { databaseTargets, openTestDataset, type ProvisionedDatabase } from "../test/databases.ts";
import { TEST_DATASET } from "../test/dataset-snapshots.ts";
import { ListingFollower } from "./listing-follower.ts";
import { createLogger } from "./logger.ts";

describe.each(databaseTargets)("listing facts that fail to load, on %s", (target) => {
  let provisioned: ProvisionedDatabase | undefined;
  let database: DatabaseHandle | undefined;
  let follower: ListingFollower | undefined;

  afterEach(async () => {
    await follower?.stop();
    await database?.close();
    await provisioned?.dispose();
  });

  it("are loaded again after the failure, and the server is told", async () => {
    ({ handle: database, provisioned } = await openTestDataset(target));
    // The first load fails: the table is not where the facts read it.
    await sql`ALTER TABLE listings RENAME TO listings_away`.execute(database.db);
    const lines: string[] = [];
    const loaded: ListingFacts[] = [];
    follower = new ListingFollower({
      database,
      facts: true,
      counts: new CountCache(),
      logger: createLogger("error", { write: (line) => lines.push(line) }),
      retryMs: 200,
      onFactsLoaded: (facts) => loaded.push(facts),
    });
    await follower.start();
    expect(await follower.factsReady).toBeNull();
    expect(lines.join("")).toContain("listing facts failed to load");
    expect(listingFacts(database.readDb)).toBeUndefined();

    await sql`ALTER TABLE listings_away RENAME TO listings`.execute(database.db);
    await expect.poll(() => loaded.length, { timeout: 60_000, interval: 50 }).toBe(1);
    expect(listingFacts(database.readDb)).toBe(loaded[0]);
    expect(loaded[0]!.size).toBe(TEST_DATASET.count);
  }, 120_000);
});

/**
 * A failed load of the listing facts is tried again: a process whose first load failed (a statement
 * timeout on a cold, busy server, as bench:processes met at 1.2 M listings) used to count in SQL and
 * report itself cold until restarted.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { CountCache } from "../db/count-cache.ts";
import { openDatabase, type DatabaseHandle } from "../db/database.ts";
import { listingFacts, type ListingFacts } from "../db/listing-facts.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadDataset } from "../etl/load.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
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
    provisioned = await provisionDatabase(target);
    database = await openDatabase({ url: provisioned.url, dataDir: provisioned.dataDir });
    await migrateToLatest(database.db);
    await loadDataset(database.db, { seed: "follower-retry", count: 300, referenceDate: new Date("2026-11-01T00:00:00Z") });
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
    const deadline = performance.now() + 10_000;
    while (loaded.length === 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(loaded).toHaveLength(1);
    expect(listingFacts(database.readDb)).toBe(loaded[0]);
    expect(loaded[0]!.size).toBe(300);
  }, 120_000);
});

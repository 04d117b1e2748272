/** Loads the real gazetteer and a small demo dataset into each database and checks what landed. */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlaceLevel } from "../core/places.ts";
import { openDatabase, type DatabaseHandle } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { countPlacesByLevel, findPlaceBySlug, listChildren } from "../db/places.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { DATASET_VERSION, loadDataset, readDatasetInfo } from "./load.ts";

const demo = { seed: "integration", count: 2500, referenceDate: new Date("2026-11-01T00:00:00Z") };

describe.each(databaseTargets)("dataset on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    handle = await openDatabase({ url: provisioned.url, dataDir: provisioned.dataDir });
    await migrateToLatest(handle.db);
    await loadDataset(handle.db, demo);
  });
  afterAll(async () => {
    await handle?.close();
    await provisioned?.dispose();
  });

  it("records the complete dataset in meta", async () => {
    const info = await readDatasetInfo(handle.db);
    expect(info).toMatchObject({ version: DATASET_VERSION, seed: "integration", count: 2500, listings: 2500 });
  });

  it("holds 20 regions, 107 provinces, every municipality, the zones and the metro", async () => {
    const counts = await countPlacesByLevel(handle.db);
    expect(counts[PlaceLevel.region]).toBe(20);
    expect(counts[PlaceLevel.province]).toBe(107);
    expect(counts[PlaceLevel.town]).toBe(7896);
    expect(counts[PlaceLevel.zone]).toBe(88 + 15);
    expect(counts[PlaceLevel.block]).toBe(63);
    expect(counts[PlaceLevel.metroLine]).toBe(10);
    expect(counts[PlaceLevel.metroStop]).toBe(232);
    const withoutPolygon = await handle.db
      .selectFrom("places")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("level", "in", [PlaceLevel.town, PlaceLevel.zone, PlaceLevel.block])
      .where("geometry", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(withoutPolygon.n)).toBe(0);
  });

  it("keeps every listing inside its town's bounding box and its keys consistent", async () => {
    const outside = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM listings l JOIN places t ON t.id = l.town_id
      WHERE l.lat NOT BETWEEN t.bbox_min_lat AND t.bbox_max_lat OR l.lon NOT BETWEEN t.bbox_min_lon AND t.bbox_max_lon
         OR l.province_id <> t.parent_id OR l.place_hkey NOT LIKE t.hkey || '%'`.execute(handle.db);
    expect(outside.rows[0]!.n).toBe(0);
  });

  it("counts a province's listings as the sum over its towns", async () => {
    const milano = await findPlaceBySlug(handle.db, PlaceLevel.province, "milano");
    const towns = await listChildren(handle.db, milano!.id, { levels: [PlaceLevel.town] });
    expect(towns).toHaveLength(133);
    expect(towns.reduce((s, t) => s + t.count, 0)).toBe(milano!.count);
    expect(milano!.count).toBeGreaterThan(0);
  });

  it("reloads from scratch without duplicates", async () => {
    await loadDataset(handle.db, { ...demo, count: 500 });
    const n = await handle.db
      .selectFrom("listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(500);
    expect((await readDatasetInfo(handle.db))?.count).toBe(500);
  });

  it("rolls back a load that fails half-way, keeping the previous dataset", async () => {
    await expect(
      loadDataset(handle.db, { ...demo, count: 300 }, (phase, done) => {
        if (phase === "annunci" && done >= 300) throw new Error("simulated crash");
      }),
    ).rejects.toThrow("simulated crash");
    expect((await readDatasetInfo(handle.db))?.count).toBe(500);
    const n = await handle.db
      .selectFrom("listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(500);
  });
});

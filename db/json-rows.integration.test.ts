/**
 * `selectAsJsonRows` gives what `execute()` gives, on both databases: the same keys (camelCase), the same values and
 * types (integers, doubles to the last digit, nulls), the query's parameters bound, and no rows as an empty list.
 */
import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDataset } from "../test/databases.ts";
import { selectAsJsonRows } from "./json-rows.ts";

const byKey = <T extends Record<string, unknown>>(rows: T[], key: (row: T) => string) =>
  [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

describe.each(databaseTargets)("rows read as one JSON value on %s", (target) => {
  const dataset = useTestDataset(target);

  it("reads every place's directory columns as execute() does", async () => {
    const query = dataset()
      .handle.db.selectFrom("places")
      .select(["id", "level", "name", "nameEn", "parentId", "population", "lat", "lon", "bboxMinLon", "bboxMaxLat", "zoom"]);
    const plain = await query.execute();
    const json = await selectAsJsonRows(dataset().handle.db, query);
    expect(plain.length).toBeGreaterThan(8000);
    expect(byKey(json, (r) => r.id)).toEqual(byKey(plain, (r) => r.id));
    // Both kinds of number and both kinds of missing value are there to compare.
    expect(plain.some((r) => r.population === null) && plain.some((r) => Number.isInteger(r.population))).toBe(true);
    expect(plain.some((r) => r.nameEn === null) && plain.some((r) => !Number.isInteger(r.lat))).toBe(true);
  });

  it("reads the streets, nulls included, as execute() does", async () => {
    const query = dataset().handle.db.selectFrom("streets").select(["townId", "streetKey", "name", "lat", "lon"]);
    const plain = await query.execute();
    const json = await selectAsJsonRows(dataset().handle.db, query);
    const key = (r: { townId: string; streetKey: string }) => `${r.townId}|${r.streetKey}`;
    expect(plain.length).toBeGreaterThan(10_000);
    expect(byKey(json, key)).toEqual(byKey(plain, key));
  });

  it("binds the query's parameters, and answers no rows with an empty list", async () => {
    const towns = (prefix: string) =>
      dataset().handle.db.selectFrom("places").select(["id", "name"]).where("level", "=", 6).where("name", "like", `${prefix}%`);
    const milano = await selectAsJsonRows(dataset().handle.db, towns("Milano"));
    expect(milano.map((r) => r.name)).toContain("Milano");
    expect(byKey(milano, (r) => r.id)).toEqual(byKey(await towns("Milano").execute(), (r) => r.id));
    expect(await selectAsJsonRows(dataset().handle.db, towns("Zzz"))).toEqual([]);
  });
});

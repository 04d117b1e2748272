import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { readsPrimary } from "./http.ts";
import { isWriteStatement } from "../db/database.ts";
import { lagOf, parseLsn } from "../db/read-replicas.ts";

describe("reads on replicas", () => {
  it("reads WAL positions as numbers", () => {
    expect(parseLsn("0/3000148")).toBe(0x3000148n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it("measures a replica's lag from when the primary first stood past its replay position", () => {
    const samples = [
      { at: 1000, lsn: 100n },
      { at: 1500, lsn: 200n },
      { at: 2000, lsn: 300n },
    ];
    expect(lagOf(samples, 300n, 2100)).toBe(0); // replayed everything sampled: an idle primary never looks lagged
    expect(lagOf(samples, 250n, 2100)).toBe(100);
    expect(lagOf(samples, 150n, 2100)).toBe(600);
    expect(lagOf(samples, 50n, 2100)).toBe(1100);
  });

  it("counts INSERT, UPDATE, DELETE, MERGE and writing CTEs as writes, not reads", () => {
    expect(isWriteStatement('insert into "saved_searches" ("user_id") values ($1)')).toBe(true);
    expect(isWriteStatement('  update "users" set "name" = $1')).toBe(true);
    expect(isWriteStatement('delete from "favourites" where "id" = $1')).toBe(true);
    expect(isWriteStatement("with moved as (delete from mail_queue where id = 1 returning *) select * from moved")).toBe(true);
    expect(isWriteStatement('select * from "listings" where "updated_at" > $1')).toBe(false);
    expect(isWriteStatement("with x as (select 1) select * from x")).toBe(false);
    expect(isWriteStatement("begin")).toBe(false);
  });

  it("sends a session's reads to the primary while its cookie's time has not passed", () => {
    expect(readsPrimary("casa_sid=abc; casa_rp=5000", 4999)).toBe(true);
    expect(readsPrimary("casa_rp=5000; x=1", 5000)).toBe(false);
    expect(readsPrimary("xcasa_rp=9999", 0)).toBe(false);
    expect(readsPrimary(undefined, 0)).toBe(false);
  });

  it("takes one or more replica URLs and refuses them without a primary", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://p/casa",
      DATABASE_REPLICA_URL: "postgres://r1/casa, postgres://r2:5433/casa",
    });
    expect(config.replicaUrls).toEqual(["postgres://r1/casa", "postgres://r2:5433/casa"]);
    expect(config.REPLICA_MAX_LAG_MS).toBe(1000);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: "postgres://r1/casa" })).toThrow(/replicas need DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: "postgres://p/casa", DATABASE_REPLICA_URL: "mysql://r1" })).toThrow(/DATABASE_REPLICA_URL/);
  });
});

import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { oncePerDatabase } from "./once-per-database.ts";
import type { Database } from "./schema.ts";

const handle = () => ({}) as Kysely<Database>;

describe("oncePerDatabase", () => {
  it("loads once per database for every caller, concurrent ones included, and apart for another database", async () => {
    let loads = 0;
    const read = oncePerDatabase(async () => ++loads);
    const [a, b] = [handle(), handle()];
    expect(await Promise.all([read(a), read(a)])).toEqual([1, 1]);
    expect(await read(a)).toBe(1);
    expect(await read(b)).toBe(2);
    expect(loads).toBe(2);
  });

  it("forgets a load that failed, so the next call tries again", async () => {
    let calls = 0;
    const read = oncePerDatabase(async () => {
      calls++;
      if (calls === 1) throw new Error("database down");
      return "read";
    });
    const db = handle();
    await expect(read(db)).rejects.toThrow("database down");
    expect(await read(db)).toBe("read");
    expect(await read(db)).toBe("read");
    expect(calls).toBe(2);
  });
});

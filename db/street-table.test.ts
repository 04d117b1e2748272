import { describe, expect, it } from "vitest";
import { Random } from "../core/random.ts";
import { StreetTable, type StreetEntry, type StreetRow } from "./street-table.ts";

/** What the table replaced: every street an object, sorted arrays, linear and binary searches over them. */
function reference(rows: readonly StreetRow[]) {
  const entries: StreetEntry[] = rows.map((r) => ({
    townId: r.townId,
    street: r.street,
    streetKey: r.streetKey,
    key: `${r.streetKey} ${r.townKey}`,
    count: r.count,
    lat: r.lat,
    lon: r.lon,
  }));
  const byKey = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rank = new Map(byKey.map((e, i) => [e, i]));
  const byCount = [...byKey].sort((a, b) => b.count - a.count || rank.get(a)! - rank.get(b)!);
  return {
    withPrefix: (q: string, limit: number) => byCount.filter((e) => e.key.startsWith(q)).slice(0, limit),
    /** The ranked towns' streets first (higher ranks first), then the others, busiest first within a rank. */
    withPrefixRanking: (q: string, limit: number, ranks: ReadonlyMap<string, number>) => {
      const rank = (e: StreetEntry) => ranks.get(e.townId) ?? 0;
      return byCount
        .filter((e) => e.key.startsWith(q))
        .map((e, i) => ({ e, i }))
        .sort((a, b) => rank(b.e) - rank(a.e) || a.i - b.i)
        .map(({ e }) => e)
        .slice(0, limit);
    },
    find: (townId: string, streetKey: string) => byKey.find((e) => e.townId === townId && e.streetKey === streetKey) ?? null,
    atPoint: (lat: number, lon: number) => byCount.find((e) => Math.abs(e.lat - lat) <= 1e-5 && Math.abs(e.lon - lon) <= 1e-5) ?? null,
  };
}

const words = [
  "via",
  "viale",
  "piazza",
  "corso",
  "vicolo",
  "roma",
  "garibaldi",
  "mazzini",
  "dante",
  "verdi",
  "dei",
  "pini",
  "san",
  "marco",
];
const towns = [
  ["IT-03-015146", "milano"],
  ["IT-12-058091", "roma"],
  ["IT-01-001272", "torino"],
  ["IT-09-048017", "firenze"],
] as const;

function randomRows(random: Random, n: number): StreetRow[] {
  const rows: StreetRow[] = [];
  const seen = new Set<string>();
  while (rows.length < n) {
    const name = Array.from({ length: random.int(2, 4) }, () => random.pick(words)).join(" ");
    const [townId, townKey] = random.pick(towns);
    if (seen.has(`${townId} ${name}`)) continue;
    seen.add(`${townId} ${name}`);
    rows.push({
      townId,
      street: name.replace(/\b\w/g, (c) => c.toUpperCase()),
      streetKey: name,
      townKey,
      count: random.int(1, 40),
      lat: 45 + random.int(0, 100_000) / 1e6,
      lon: 9 + random.int(0, 100_000) / 1e6,
    });
  }
  return rows;
}

describe("StreetTable", () => {
  it("answers prefixes, look-ups and points as the object table did", () => {
    const random = new Random("street-table");
    for (const n of [0, 1, 50, 3000]) {
      const rows = randomRows(random, n);
      const table = new StreetTable(rows);
      const plain = reference(rows);
      expect(table.size).toBe(n);
      // Sparse prefixes (sorted range) and dense ones (over 2000 matches: the busiest streets first).
      for (const q of ["via", "via ", "viale", "piazza dante", "corso roma", "v", "", "zzz", "via roma mil", "san marco san"]) {
        for (const limit of [0, 1, 5, 20]) expect(table.withPrefix(q, limit), `${n} "${q}" ${limit}`).toEqual(plain.withPrefix(q, limit));
      }
      for (const row of rows.slice(0, 30)) {
        expect(table.find(row.townId, (k) => k === row.streetKey)).toEqual(plain.find(row.townId, row.streetKey));
        expect(table.atPoint(row.lat, row.lon, 1e-5)).toEqual(plain.atPoint(row.lat, row.lon));
      }
      // A map's towns in view first (a town the table does not know changes nothing).
      const rankings = [
        new Map([["IT-12-058091", 1]]),
        new Map([
          ["IT-01-001272", 1],
          ["IT-09-048017", 2],
        ]),
        new Map([["IT-99-999999", 2]]),
      ];
      for (const ranks of rankings) {
        for (const q of ["via", "via ", "corso roma", "v", "zzz"]) {
          for (const limit of [0, 1, 5, 20]) {
            expect(table.withPrefix(q, limit, ranks), `${n} "${q}" ${limit} ${[...ranks.keys()]}`).toEqual(
              plain.withPrefixRanking(q, limit, ranks),
            );
          }
        }
      }
      expect(table.find("IT-99-999999", () => true)).toBeNull();
      expect(table.atPoint(0, 0, 1e-5)).toBeNull();
    }
  });
});

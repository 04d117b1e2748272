/**
 * The filter registry (core/search/filters.ts) end to end, on PGlite and on the PostgreSQL server:
 * every entry, with random values of its kind, survives the raw form and the URL, and counts the
 * same in SQL, in the in-memory facts and by brute force over the listings (each condition evaluated
 * here on plain rows, with SQL's NULL rules). Then a filter defined only in this test, in one place,
 * works through parsing, the URL, SQL, the facts and the form. And one place count for every level.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { PlaceLevel } from "../core/places.ts";
import { Random } from "../core/random.ts";
import {
  flagFilter,
  rangeFilter,
  searchFilters,
  withForm,
  type AnyFilter,
  type Condition,
  type FilterRegistry,
  type RawSpec,
  type SearchColumn,
} from "../core/search/filters.ts";
import { matches, type MatchListing } from "../core/search/match.ts";
import { parseSearch, type SearchQuery } from "../core/search/query.ts";
import { decodeSearchUrl, encodeSearchUrl, toRawFilters } from "../core/search/url.ts";
import { groupsByChannel, type Channel } from "../core/search/vocabulary.ts";
import { databaseTargets, openTestDataset, type ProvisionedDatabase } from "../test/databases.ts";
import { type DatabaseHandle } from "./database.ts";
import { ListingFacts } from "./listing-facts.ts";
import { sqlSearchBackend } from "./search-backend.ts";
import { readMatchListings } from "./match-listings.ts";
import type { SearchCriteria } from "./search-criteria.ts";
import { getPlaceDirectory } from "./place-directory.ts";
import { countListingsIn, listChildren } from "./places.ts";

const now = new Date("2026-11-01T00:00:00Z");
/** No place in the path: the codec needs a lookup, and these searches are Italy-wide. */
const noPlaces = { get: () => undefined, bySlug: () => undefined };

type Row = MatchListing;

/** The oracle: the listings the one predicate of core/search/match.ts puts on the search's results. */
function bruteCount(rows: Row[], criteria: SearchCriteria): number {
  return rows.filter((r) => matches(r, criteria)).length;
}

/** The first column a condition compares with a number, and its scale. */
function comparedColumn(c: Condition): { column: SearchColumn; scale: number } | null {
  if (c.op === "and" || c.op === "or") {
    for (const part of c.of) {
      const found = comparedColumn(part);
      if (found) return found;
    }
    return null;
  }
  return "value" in c && typeof c.value === "number" ? { column: c.column, scale: ("scale" in c && c.scale) || 1 } : null;
}

/**
 * A random raw value for one raw key, from what the key accepts. Numbers are half the time a value
 * some listing has in the column the filter compares (so ids and sparse values match), else
 * log-uniform, to reach both small (rooms, payments) and large (prices) scales.
 */
function rawValue(entry: AnyFilter, spec: RawSpec, random: Random, rows: Row[]): unknown {
  const probe = spec.type === "range" ? { min: spec.min } : spec.type === "int" ? spec.min : undefined;
  const compared = probe === undefined ? null : comparedColumn(entry.where(probe, { now }));
  const number = (min: number, max: number) => {
    if (compared && random.chance(0.5)) {
      const v = random.pick(rows)[compared.column];
      if (typeof v === "number") return Math.min(max, Math.max(min, Math.round(v * compared.scale)));
    }
    const lo = Math.max(min, 1);
    const hi = Math.min(max, 10_000_000);
    return Math.max(min, Math.round(Math.exp(Math.log(lo) + random.next() * (Math.log(hi) - Math.log(lo)))));
  };
  switch (spec.type) {
    case "flag":
      return true;
    case "literal":
      return spec.value;
    case "int":
      return number(spec.min, spec.max);
    case "range": {
      const [a, b] = [number(spec.min, spec.max), number(spec.min, spec.max)].sort((x, y) => x - y);
      const which = random.int(0, 2);
      return which === 0 ? { min: a } : which === 1 ? { max: b } : { min: a, max: b };
    }
    case "enum":
      return random.pick(spec.values);
    case "list": {
      const chosen = spec.values.filter(() => random.chance(0.4)).slice(0, 4);
      return chosen.length > 0 ? chosen : [random.pick(spec.values)];
    }
  }
}

/** Raw filters setting one entry to a random value: through its write() for tristates (its keys exclude each other). */
function rawFor(entry: AnyFilter, random: Random, rows: Row[]): Record<string, unknown> {
  if (entry.kind === "tristate") return entry.write(random.pick(["only", "exclude"]));
  const [key, spec] = random.pick(Object.entries(entry.schema).filter(([, s]) => s.type !== "flag" || entry.kind === "flag"));
  return { [key]: rawValue(entry, spec, random, rows) };
}

/** Channel and group: mostly homes; or, to reach the rarer groups, those of a random listing. */
function frame(random: Random, rows?: Row[]): { channel: Channel; propertyTypeGroup: string } {
  if (rows) {
    const row = random.pick(rows);
    return { channel: row.channel as Channel, propertyTypeGroup: row.propertyTypeGroup as string };
  }
  const channel = random.weighted([
    ["vendita", 55],
    ["affitto", 35],
    ["affitto-breve", 10],
  ] as const) as Channel;
  return { channel, propertyTypeGroup: random.chance(0.8) ? "case" : random.pick(groupsByChannel[channel]) };
}

describe.each(databaseTargets)("the filter registry on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let handle: DatabaseHandle;
  let facts: ListingFacts;
  let rows: Row[];

  beforeAll(async () => {
    ({ handle, provisioned } = await openTestDataset(target));
    facts = await ListingFacts.load(handle.db);
    rows = await readMatchListings(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await provisioned?.dispose();
  });

  /** The search through the URL and back, then its count in SQL, in the facts and by brute force. */
  async function check(raw: Record<string, unknown>, registry: FilterRegistry): Promise<number | null> {
    let query: SearchQuery;
    try {
      query = parseSearch(raw, [], registry);
    } catch {
      return null;
    }
    expect(parseSearch(toRawFilters(query, registry), [], registry), JSON.stringify(raw)).toEqual(query);
    const url = encodeSearchUrl(query, noPlaces, registry);
    const [path, search = ""] = url.split("?");
    expect(decodeSearchUrl(path!, search ? `?${search}` : "", noPlaces, registry), url).toEqual({ kind: "search", query, canonical: url });
    const criteria: SearchCriteria = { query, places: [], lineStops: new Map(), area: null, now, registry };
    const expected = bruteCount(rows, criteria);
    expect(await sqlSearchBackend(handle.db).count(criteria), `SQL ${url}`).toBe(expected);
    expect(facts.count(criteria), `facts ${url}`).toBe(expected);
    return expected;
  }

  it("every entry round-trips through the URL and counts alike in SQL, the facts and by brute force", async () => {
    const random = new Random(`registry-${target}`);
    const neverMatched: string[] = [];
    for (const entry of searchFilters.entries) {
      let matched = 0;
      let tried = 0;
      // Random values until one matches some listings (a filter that never matches proves little).
      for (let trial = 0; trial < 80 && (trial < 6 || matched === 0); trial++) {
        const n = await check({ ...frame(random, trial % 2 ? rows : undefined), ...rawFor(entry, random, rows) }, searchFilters);
        if (n === null) continue;
        tried++;
        if (n > 0) matched++;
      }
      expect(tried, `${entry.key}: valid samples`).toBeGreaterThan(3);
      if (matched === 0) neverMatched.push(entry.key);
    }
    expect(neverMatched, "filters that matched no listing in any sample").toEqual([]);
  });

  it("counts combinations of filters alike", async () => {
    const random = new Random(`registry-mix-${target}`);
    let nonZero = 0;
    let valid = 0;
    for (let i = 0; i < 150; i++) {
      const raw: Record<string, unknown> = frame(random);
      for (let k = random.int(2, 4); k > 0; k--) Object.assign(raw, rawFor(random.pick(searchFilters.entries), random, rows));
      const n = await check(raw, searchFilters);
      if (n === null) continue;
      valid++;
      if (n > 0) nonZero++;
    }
    expect(valid).toBeGreaterThan(100);
    expect(nonZero).toBeGreaterThan(30);
  });

  it("takes a new filter defined in one place through parsing, the URL, SQL, the facts and the form", async () => {
    // Declared here and nowhere else: no line of query.ts, url.ts, db/ or the form knows them.
    const registry = searchFilters.extend(
      withForm(rangeFilter("totalFloors", { column: "totalFloors", base: "piani", min: 0, max: 200 }), {
        group: "features",
        control: "number-pair",
        max: 200,
      }),
      flagFilter("newBuild", { raw: "solo_nuovo", column: "isNewConstruction" }),
    );
    const raw = { channel: "vendita", piani_min: "4", solo_nuovo: "true", price_max: 400000 };
    expect(() => parseSearch(raw)).toThrow(/piani|solo_nuovo|unrecognized/i);

    const query = parseSearch(raw, [], registry);
    expect(query.filters).toMatchObject({ totalFloors: { min: 4 }, newBuild: true, price: { max: 400000 } });
    const url = encodeSearchUrl(query, noPlaces, registry);
    expect(url).toBe("/vendita/case/?price_max=400000&piani_min=4&solo_nuovo=true");
    expect(decodeSearchUrl("/vendita/case/", "?PIANI_MIN=4&solo_nuovo=1&price_max=400000", noPlaces, registry)).toEqual({
      kind: "search",
      query,
      canonical: url,
    });

    const criteria: SearchCriteria = { query, places: [], lineStops: new Map(), area: null, now, registry };
    const expected = rows.filter(
      (r) =>
        r.channel === "vendita" &&
        r.propertyTypeGroup === "case" &&
        r.isNewConstruction === true &&
        r.totalFloors !== null &&
        (r.totalFloors as number) >= 4 &&
        r.price !== null &&
        (r.price as number) <= 400000 &&
        r.isPrivateNegotiation === false,
    ).length; // a price filter never matches a hidden price
    expect(expected).toBeGreaterThan(0);
    expect(await sqlSearchBackend(handle.db).count(criteria)).toBe(expected);
    expect(facts.count(criteria)).toBe(expected);
    // Without the new filter the same search finds more: the condition did apply.
    const without = await sqlSearchBackend(handle.db).count({ ...criteria, query: parseSearch({ channel: "vendita", price_max: 400000 }) });
    expect(without).toBeGreaterThan(expected);

    const fields = registry.formFields({ channel: "vendita", group: "case" }).find((g) => g.group === "features")!.fields;
    const field = fields.find((f) => f.entry.key === "totalFloors")!;
    expect(field.form.control).toBe("number-pair");
    expect(field.entry.urlKeys.map((k) => k.key)).toEqual(["piani_min", "piani_max"]);
  });

  it("counts listings in places of every level the same way, sub-zones included", async () => {
    const db = handle.db;
    // The non-administrative area with the most listings.
    const busiest = await sql<{ id: string; n: number }>`
      SELECT k.id, count(*)::int AS n FROM listings, unnest(nonadmin_zone_ids) AS k(id) GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`.execute(db);
    const zone = (await getPlaceDirectory(db)).get(busiest.rows[0]!.id)!;
    expect(zone.level).toBe(PlaceLevel.nonAdminZone);
    // A sub-zone of that area, holding some of its listings (the gazetteer has none yet).
    const subZoneId = `${zone.id}-S1`;
    await sql`INSERT INTO places (id, level, type, name, name_en, name_alt, slug, qslug, hkey, parent_hkey, parent_id, region_code,
        province_code, istat_code, short, population, lat, lon, bbox_min_lon, bbox_min_lat, bbox_max_lon, bbox_max_lat, zoom, geometry, extra, search_name)
      SELECT ${subZoneId}, ${PlaceLevel.nonAdminSubZone}, 'nonadminsubzone', 'Sottoarea di prova', NULL, NULL, 'sottoarea-di-prova',
        qslug || '-sottoarea-di-prova', hkey || '.s1', hkey, id, region_code, province_code, NULL, NULL, NULL, lat, lon,
        bbox_min_lon, bbox_min_lat, bbox_max_lon, bbox_max_lat, zoom, NULL, '{}', 'sottoarea di prova'
      FROM places WHERE id = ${zone.id}`.execute(db);
    const tagged = await sql<{ id: number }>`
      UPDATE listings SET nonadmin_zone_ids = nonadmin_zone_ids || ${subZoneId}::text
      WHERE id IN (SELECT id FROM listings WHERE ${zone.id} = ANY(nonadmin_zone_ids) ORDER BY id LIMIT 7) RETURNING id`.execute(db);
    try {
      expect(tagged.rows.length).toBeGreaterThan(0);
      const children = await listChildren(db, zone.id);
      expect(children.find((c) => c.id === subZoneId)?.count).toBe(tagged.rows.length);
      const counts = await countListingsIn(db, [
        { id: subZoneId, level: PlaceLevel.nonAdminSubZone },
        { id: zone.id, level: PlaceLevel.nonAdminZone },
      ]);
      expect(counts.get(subZoneId)).toBe(tagged.rows.length);
      expect(counts.get(zone.id)).toBe(busiest.rows[0]!.n);
    } finally {
      await sql`UPDATE listings SET nonadmin_zone_ids = array_remove(nonadmin_zone_ids, ${subZoneId})`.execute(db);
      await sql`DELETE FROM places WHERE id = ${subZoneId}`.execute(db);
    }
  });
});

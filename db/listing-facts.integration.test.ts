/**
 * The in-memory totals against the database's own count, on random searches over every filter key,
 * place level and area kind, on PGlite and on the PostgreSQL server.
 */
import { describe, expect, it } from "vitest";
import { insideRingAsPostgres } from "../core/geo.ts";
import { PlaceLevel } from "../core/places.ts";
import { poiTypeIds } from "../core/poi.ts";
import { Random } from "../core/random.ts";
import { matches } from "../core/search/match.ts";
import { parseSearch } from "../core/search/query.ts";
import { sortKeys } from "../core/search/vocabulary.ts";
import { placeKeyColumn } from "../core/search/filters.ts";
import {
  availabilities,
  buildingConditions,
  energyClasses,
  floorLevels,
  furnitureValues,
  groupsByChannel,
  licenseTypeGroups,
  propertyTypeGroups,
  type Channel,
} from "../core/search/vocabulary.ts";
import { buildCriteria } from "./search-criteria.ts";
import { databaseTargets, useTestDataset } from "../test/databases.ts";
import { TEST_DATASET } from "../test/dataset-snapshots.ts";
import type { Database } from "./schema.ts";
import { forgetListingFacts, ListingFacts, loadListingFacts } from "./listing-facts.ts";
import { sql, type Kysely } from "kysely";
import { readMatchListings } from "./match-listings.ts";
import { searchListings } from "./listings-search.ts";
import { sqlSearchBackend } from "./search-backend.ts";
import { applySort, criteriaCondition, distanceSql } from "./search-sql.ts";
import { getPlaceDirectory } from "./place-directory.ts";
import { countListingsInBySql } from "./places.ts";

/** A drawn area that never crosses itself: 5–12 vertices at rising angles, 0.5–8 km from the centre, as [lat, lon]. */
function starPolygon(random: Random, lat: number, lon: number): number[][] {
  const n = random.int(5, 12);
  return Array.from({ length: n }, (_, k) => {
    const angle = ((k + random.next() * 0.8) / n) * 2 * Math.PI;
    const km = 0.5 + random.next() * 7.5;
    return [lat + (km / 111) * Math.sin(angle), lon + (km / (111 * Math.cos((lat * Math.PI) / 180))) * Math.cos(angle)];
  });
}

/** The towns with the most listings, busiest first. */
async function busiestTowns(db: Kysely<Database>, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("listings")
    .select("townId")
    .groupBy("townId")
    .orderBy((eb) => eb.fn.countAll(), "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.townId);
}

describe.each(databaseTargets)("in-memory totals on %s", (target) => {
  const dataset = useTestDataset(target);

  it("equal the database's count and the match predicate's for 400 random searches", async () => {
    const db = dataset().handle.db;
    const facts = await ListingFacts.load(db);
    expect(facts.size).toBe(TEST_DATASET.count);
    const listings = await readMatchListings(db);
    const directory = await getPlaceDirectory(db);
    const busyTowns = await busiestTowns(db, 30);
    const samplePlaces = [
      ...busyTowns,
      ...directory
        .atLevel(PlaceLevel.zone)
        .slice(0, 20)
        .map((p) => p.id),
      ...directory
        .atLevel(PlaceLevel.block)
        .slice(0, 10)
        .map((p) => p.id),
      ...directory.atLevel(PlaceLevel.metroLine).map((p) => p.id),
      ...directory
        .atLevel(PlaceLevel.metroStop)
        .slice(0, 20)
        .map((p) => p.id),
      ...directory
        .atLevel(PlaceLevel.nonAdminZone)
        .slice(0, 10)
        .map((p) => p.id),
      ...directory
        .atLevel(PlaceLevel.province)
        .slice(0, 15)
        .map((p) => p.id),
      ...directory.atLevel(PlaceLevel.region).map((p) => p.id),
    ];
    const random = new Random(`facts-${target}`);
    const subset = <T>(values: readonly T[]) => values.filter(() => random.chance(0.4)).slice(0, 4);
    let nonZero = 0;
    for (let i = 0; i < 400; i++) {
      const channel = random.weighted([
        ["vendita", 60],
        ["affitto", 35],
        ["affitto-breve", 5],
      ] as const) as Channel;
      const group = random.chance(0.7) ? "case" : random.pick(groupsByChannel[channel]);
      const f: Record<string, unknown> = { channel, propertyTypeGroup: group };
      if (random.chance(0.2)) f.propertyTypes = subset(propertyTypeGroups[group]).join(",") || "all";
      if (random.chance(0.4)) f.price_max = channel === "vendita" ? random.int(50, 600) * 1000 : random.int(3, 30) * 100;
      if (random.chance(0.2))
        f.price_min = Math.min(
          Number(f.price_max ?? Infinity),
          channel === "vendita" ? random.int(10, 200) * 1000 : random.int(1, 8) * 100,
        );
      if (random.chance(0.1)) f.payment_max = random.int(300, 2000);
      if (random.chance(0.1)) f.mqprice_max = random.int(1000, 6000);
      if (random.chance(0.3)) f.mq_min = random.int(20, 120);
      if (random.chance(0.3)) f.numRooms_min = random.int(1, 4);
      if (random.chance(0.1)) f.numRooms_max = random.int(4, 6);
      if (random.chance(0.1)) f.bedrooms_min = random.int(0, 3);
      if (random.chance(0.1)) f.buildingYear_min = random.int(1950, 2010);
      if (random.chance(0.1)) f.numBaths = random.int(1, 3);
      if (random.chance(0.1)) f.numParkingSpaces = 1;
      if (random.chance(0.1)) f.level = subset(floorLevels).join(",") || "terra";
      for (const flag of [
        "lift",
        "balcony",
        "terrace",
        "has_swimming_pool",
        "has_reception",
        "has_virtual_tour",
        "air_conditioned",
        "is_lux",
        "exclude_under_construction",
        "includes_property_ownership",
        "photo",
      ]) {
        if (random.chance(0.03)) f[flag] = true;
      }
      if (random.chance(0.05)) f.balconyAndTerrace = true;
      if (random.chance(0.05)) f.lift_level = random.int(0, 3);
      if (random.chance(0.1)) f.garden = random.pick(["comune", "privato", "any"]);
      if (random.chance(0.1)) f.heatingType = random.pick(["autonomo", "centralizzato"]);
      if (random.chance(0.1)) f.energyClass = subset(energyClasses).join(",") || "G";
      if (random.chance(0.1)) f.buildingCondition = subset(buildingConditions).join(",") || "abitabile";
      if (random.chance(0.1)) f.availability = subset(availabilities).join(",") || "libero";
      if (random.chance(0.1)) f.sellerType = random.pick(["privato", "agenzia"]);
      if (random.chance(0.1)) f.furniture = subset(furnitureValues).join(",") || "full";
      if (random.chance(0.1)) f.publication_date = random.pick(["2d", "7d", "30d"]);
      if (random.chance(0.1)) f[random.pick(["only_auction", "exclude_auction"])] = true;
      else if (
        random.chance(0.1) &&
        f.price_max === undefined &&
        f.price_min === undefined &&
        f.payment_max === undefined &&
        f.mqprice_max === undefined
      ) {
        f[random.pick(["only_private_negotiation", "exclude_private_negotiation"])] = true;
      }
      if (random.chance(0.05)) f.license_type_groups = subset(licenseTypeGroups).join(",") || "commercio";
      if (random.chance(0.05)) f.firstMedia = "floorplan";
      if (random.chance(0.15)) f.poi = subset(poiTypeIds).join(",") || "supermarket";
      const locations = random.chance(0.6) ? Array.from({ length: random.int(1, 3) }, () => random.pick(samplePlaces)) : [];
      if (locations.length === 0 && random.chance(0.3)) {
        const town = directory.get(random.pick(busyTowns))!;
        const shape = random.next();
        if (shape < 0.35) f.geobounds = { bbox: [town.lon - 0.1, town.lat - 0.07, town.lon + 0.1, town.lat + 0.07] };
        else if (shape < 0.7) f.geopolygon = { polygon: starPolygon(random, town.lat, town.lon) };
        else f.geocircle = { circle: [{ distance: random.int(500, 20_000), center: [town.lat, town.lon] }] };
      }
      const query = parseSearch(f, [...new Set(locations)]);
      const built = (await buildCriteria(db, query)).criteria;
      // As the fill-in asks: around the places, but not in them.
      const criteria =
        locations.length > 0 && random.chance(0.2)
          ? {
              ...built,
              places: [],
              excludePlaces: built.places,
              area: { kind: "circle" as const, lat: built.places[0]!.lat, lon: built.places[0]!.lon, radius: 30_000 },
            }
          : built;
      const expected = await sqlSearchBackend(db).count(criteria);
      expect(facts.count(criteria), JSON.stringify({ f, locations })).toBe(expected);
      // The one predicate of a listing against a search (alerts use it) lists the same listings.
      expect(listings.filter((l) => matches(l, criteria)).length, `match ${JSON.stringify({ f, locations })}`).toBe(expected);
      if (expected > 0) nonZero++;
    }
    // The comparison means something only if many searches find listings.
    expect(nonZero).toBeGreaterThan(120);
  });

  it("counts each rooms and bathrooms choice of a search in one pass as counting each alone does", async () => {
    const db = dataset().handle.db;
    const facts = await ListingFacts.load(db);
    const directory = await getPlaceDirectory(db);
    const towns = await busiestTowns(db, 10);
    const places = [...towns, ...directory.atLevel(PlaceLevel.region).map((p) => p.id)];
    const random = new Random(`count-each-${target}`);
    let nonZero = 0;
    for (let n = 0; n < 40; n++) {
      const f: Record<string, unknown> = {};
      if (random.chance(0.4)) f.channel = random.pick(["affitto", "vendita"]);
      if (random.chance(0.6)) f.price_max = random.int(5, 90) * 10_000;
      // As the guided flow asks: each rooms choice with the bathrooms chosen (if any), and the other way round.
      const chosen = {
        numRooms_min: random.chance(0.3) ? random.int(1, 4) : undefined,
        numBaths: random.chance(0.3) ? random.int(1, 2) : undefined,
      };
      const locations = random.chance(0.9) ? [random.pick(places)] : [];
      const criteriaOf = async (extra: Record<string, unknown>) =>
        (await buildCriteria(db, parseSearch({ ...f, ...extra }, locations))).criteria;
      const base = await criteriaOf({});
      const variants = await Promise.all([
        ...[1, 2, 3, 4, 5].map((rooms) => criteriaOf({ ...chosen, numRooms_min: rooms })),
        ...[1, 2, 3].map((baths) => criteriaOf({ ...chosen, numBaths: baths })),
      ]);
      const each = await Promise.all(variants.map((v) => sqlSearchBackend(db).count(v)));
      const what = JSON.stringify({ f, locations });
      expect(facts.countEach(base, variants), what).toEqual(each);
      expect(await sqlSearchBackend(db).countEach(base, variants), what).toEqual(each);
      if (each[0]! > 0) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(20);
  });

  it("groups map cells as the database does, for views from Italy down to a neighbourhood", async () => {
    const db = dataset().handle.db;
    const facts = await ListingFacts.load(db);
    const views: Array<{ filters: Record<string, unknown>; bbox: [number, number, number, number]; zoom: number }> = [
      { filters: {}, bbox: [6, 36, 19, 47.5], zoom: 6 },
      { filters: { channel: "affitto", numRooms_min: 2 }, bbox: [7.5, 44, 11.2, 46.9], zoom: 8 },
      { filters: { price_max: 300000, lift: true }, bbox: [9.0, 45.35, 9.35, 45.56], zoom: 11 },
      { filters: { channel: "vendita", mq_min: 60 }, bbox: [12.3, 41.8, 12.6, 42.0], zoom: 12 },
    ];
    let cellsSeen = 0;
    for (const view of views) {
      const query = parseSearch(view.filters);
      const { criteria } = await buildCriteria(db, query);
      const cell = 360 / 2 ** view.zoom / 4;
      const [w, s, e, n] = view.bbox;
      const expected = await db
        .selectFrom("listings")
        .select([
          sql<number>`floor(listings.lon / ${cell}::float8)`.as("cx"),
          sql<number>`floor(listings.lat / ${cell}::float8)`.as("cy"),
          (eb) => eb.fn.countAll<number>().as("count"),
          sql<number>`avg(listings.lat)`.as("lat"),
          sql<number>`avg(listings.lon)`.as("lon"),
          sql<number | null>`min(listings.price) FILTER (WHERE NOT listings.is_private_negotiation)`.as("minPrice"),
        ])
        .where((eb) =>
          eb.and([
            criteriaCondition(eb, criteria),
            sql<boolean>`listings.lat BETWEEN ${s} AND ${n} AND listings.lon BETWEEN ${w} AND ${e}`,
          ]),
        )
        .groupBy(["cx", "cy"])
        .execute();
      const actual = facts.cells(criteria, view.bbox, cell)!;
      const key = (c: { cx: number; cy: number }) => `${Number(c.cx)}:${Number(c.cy)}`;
      const byKey = new Map(actual.map((c) => [key(c), c]));
      expect(actual.length).toBe(expected.length);
      for (const row of expected) {
        const got = byKey.get(key(row))!;
        expect(got, key(row)).toBeDefined();
        expect(got.count).toBe(Number(row.count));
        expect(got.minPrice).toBe(row.minPrice === null ? null : Number(row.minPrice));
        expect(got.lat).toBeCloseTo(Number(row.lat), 9);
        expect(got.lon).toBeCloseTo(Number(row.lon), 9);
      }
      cellsSeen += expected.length;
      // The map's pins and an area's page: the matches in view in each sort's order, as SQL sorts them.
      for (const sort of sortKeys) {
        const ids = await applySort(
          db
            .selectFrom("listings")
            .select("id")
            .where((eb) =>
              eb.and([
                criteriaCondition(eb, criteria),
                sql<boolean>`listings.lat BETWEEN ${s} AND ${n} AND listings.lon BETWEEN ${w} AND ${e}`,
              ]),
            ),
          sort,
        ).execute();
        expect(facts.sortedIds(criteria, view.bbox, sort, 10_000), sort).toEqual(ids.map((r) => Number(r.id)));
        if (ids.length > 1) expect(facts.sortedIds(criteria, view.bbox, sort, ids.length - 1)).toBeNull();
      }
    }
    expect(cellsSeen).toBeGreaterThan(50);
  });

  it("orders the fill-in as the database does: neighbouring towns first, then by distance", async () => {
    const db = dataset().handle.db;
    const facts = await ListingFacts.load(db);
    const directory = await getPlaceDirectory(db);
    const towns = (await busiestTowns(db, 12)).map((id) => directory.get(id)!);
    for (const [index, town] of towns.entries()) {
      const query = parseSearch(index % 2 ? { channel: "affitto", numRooms_min: 3 } : { price_max: 200000 }, [town.id]);
      const { criteria } = await buildCriteria(db, query);
      const origin = { lat: town.lat, lon: town.lon, radius: 40_000 };
      const neighbours = towns
        .filter((t) => t.id !== town.id)
        .slice(0, 3)
        .map((t) => t.id);
      const around = {
        ...criteria,
        excludePlaces: criteria.places,
        places: [],
        area: { kind: "circle" as const, lat: origin.lat, lon: origin.lon, radius: origin.radius },
      };
      const expected = await db
        .selectFrom("listings")
        .select("id")
        .where((eb) => criteriaCondition(eb, around))
        .orderBy(sql`(listings.town_id = ANY(${neighbours}::text[]))`, "desc")
        .orderBy(distanceSql(origin.lat, origin.lon), "asc")
        .orderBy("listings.id", "asc")
        .limit(25)
        .execute();
      expect(facts.nearest(around, origin, neighbours, 25)).toEqual(expected.map((r) => Number(r.id)));
    }
  });

  it("counts the listings of regions, provinces, towns, zones and blocks by channel as the database does", async () => {
    const db = dataset().handle.db;
    const facts = await ListingFacts.load(db);
    const random = new Random("place-counts");
    const directory = await getPlaceDirectory(db);
    const towns = (await db.selectFrom("listings").select("townId").distinct().execute()).map((r) => r.townId);
    let compared = 0;
    for (let k = 0; k < 40; k++) {
      const town = directory.get(random.pick(towns))!;
      const sets = [
        directory.children(town.id).filter((c) => c.level === PlaceLevel.zone || c.level === PlaceLevel.block),
        directory.children(town.parentId!).filter((c) => c.level === PlaceLevel.town),
        [town, ...directory.children(town.id).flatMap((z) => [z, ...directory.children(z.id)])].filter(
          (p) => placeKeyColumn[p.level] !== undefined,
        ),
        directory.ancestors(town.id).filter((p) => p.level > PlaceLevel.country),
        directory.children(directory.ancestors(town.id).find((p) => p.level === PlaceLevel.region)!.id),
      ];
      for (const places of sets) {
        if (places.length === 0) continue;
        const channel = random.pick([undefined, "vendita", "affitto", "affitto-breve"] as const);
        const sqlCounts = await countListingsInBySql(db, places, { channel });
        const factCounts = facts.countByPlace(places, channel)!;
        expect(
          places.map((p) => factCounts.get(p.id) ?? 0),
          town.id,
        ).toEqual(places.map((p) => sqlCounts.get(p.id) ?? 0));
        compared += places.filter((p) => (sqlCounts.get(p.id) ?? 0) > 0).length;
      }
    }
    expect(compared).toBeGreaterThan(50);
    const metroStop = directory.atLevel(PlaceLevel.metroStop)[0];
    if (metroStop) expect(facts.countByPlace([metroStop], "vendita")).toBeNull();
  });

  it("gives an area search the same page whether the facts list its matches or PostgreSQL finds them", async () => {
    const db = dataset().handle.db;
    const random = new Random("area-pages");
    const directory = await getPlaceDirectory(db);
    const busy = (
      await db
        .selectFrom("listings")
        .select("townId")
        .groupBy("townId")
        .orderBy((eb) => eb.fn.countAll(), "desc")
        .limit(10)
        .execute()
    ).map((r) => directory.get(r.townId)!);
    const sorts = sortKeys;
    const cases = [];
    for (let k = 0; k < 60; k++) {
      const town = random.pick(busy);
      const f: Record<string, unknown> = { channel: random.pick(["vendita", "affitto"]), sortType: random.pick(sorts) };
      const shape = random.next();
      if (shape < 0.4) f.geopolygon = { polygon: starPolygon(random, town.lat, town.lon) };
      else if (shape < 0.7) f.geocircle = { circle: [{ distance: random.int(1000, 15_000), center: [town.lat, town.lon] }] };
      else f.geobounds = { bbox: [town.lon - 0.05, town.lat - 0.04, town.lon + 0.05, town.lat + 0.04] };
      if (random.chance(0.3)) f.price_max = random.pick([150_000, 300_000, 900]);
      const { criteria } = await buildCriteria(db, parseSearch(f));
      const withHidden = random.chance(0.3) ? { ...criteria, excludeListings: [1, 2, 3, 5, 8, 13] } : criteria;
      cases.push({ f, criteria: withHidden, page: { number: random.chance(0.2) ? 2 : 1, size: 25 } });
    }
    // Every case through PostgreSQL first, then through the facts (loaded once: a load per case cost ~20 s).
    forgetListingFacts(db);
    const bySql = [];
    for (const c of cases) bySql.push(await searchListings(db, c.criteria, c.page));
    await loadListingFacts(db);
    let nonEmpty = 0;
    for (const [i, c] of cases.entries()) {
      const byFacts = await searchListings(db, c.criteria, c.page);
      expect(
        byFacts.listings.map((l) => l.id),
        JSON.stringify(c.f),
      ).toEqual(bySql[i]!.listings.map((l) => l.id));
      expect(byFacts.total).toBe(bySql[i]!.total);
      if (bySql[i]!.listings.length > 0) nonEmpty++;
    }
    forgetListingFacts(db);
    expect(nonEmpty).toBeGreaterThan(25);
  });

  it("decides points on, near and off a drawn area's edges as PostgreSQL's polygon @> point does", async () => {
    const random = new Random("edges");
    const rings: Array<Array<[number, number]>> = [
      [
        [9.1, 45.4],
        [9.1, 45.5],
        [9.3, 45.5],
      ],
      ...Array.from({ length: 6 }, () => starPolygon(random, 45.46, 9.19).map(([lat, lon]) => [lon, lat] as [number, number])),
    ];
    for (const ring of rings) {
      const points: Array<[number, number]> = [];
      ring.forEach(([x1, y1], k) => {
        const [x2, y2] = ring[(k + 1) % ring.length]!;
        points.push([x1, y1]);
        for (const t of [0.5, random.next()]) {
          const [mx, my] = [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
          // Across the edge, at distances around PostgreSQL's 1e-6 tolerance.
          const length = Math.hypot(x2 - x1, y2 - y1);
          const [nx, ny] = [-(y2 - y1) / length, (x2 - x1) / length];
          for (const d of [0, 4e-7, -4e-7, 1e-6, -1e-6, 1.2e-6, -1.2e-6, 3e-6, -3e-6, 1e-4, -1e-4]) points.push([mx + nx * d, my + ny * d]);
        }
      });
      for (let k = 0; k < 100; k++) points.push([9 + random.next() * 0.4, 45.3 + random.next() * 0.3]);
      const literal = `(${ring.map(([x, y]) => `(${x},${y})`).join(",")})`;
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      const { rows } = await sql<{ inside: boolean }>`
        SELECT ${literal}::polygon @> point(x, y) AS inside
        FROM unnest(${xs}::float8[], ${ys}::float8[]) WITH ORDINALITY AS p(x, y, n) ORDER BY n`.execute(dataset().handle.db);
      const expected = rows.map((r) => r.inside);
      expect(expected.some(Boolean) && expected.some((v) => !v)).toBe(true);
      expect(points.map(([x, y]) => insideRingAsPostgres(ring, x, y))).toEqual(expected);
    }
  });
});

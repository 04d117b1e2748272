/**
 * Search over HTTP against an independent brute-force check: the test regenerates the portal's
 * deterministic dataset in memory and filters and sorts it in plain JavaScript, for every filter
 * key, every geo mode and every sort, on PGlite and on the PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containsPoint, distanceMeters, type Geometry } from "../core/geo.ts";
import { PlaceLevel, type Place } from "../core/places.ts";
import { DemoContext, type ListingRow } from "../etl/demo/generator.ts";
import { buildGazetteer } from "../etl/gazetteer.ts";
import { PAYMENT_PER_EURO } from "../db/listings-search.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { BULK_CLIENT, startTestPortal, TEST_DATASET } from "../test/portal.ts";

type L = ListingRow & Record<string, any>;

let places: Place[];
let listings: L[];
const place = (predicate: (p: Place) => boolean) => {
  const found = places.find(predicate);
  if (!found) throw new Error("test place not found");
  return found;
};

beforeAll(() => {
  places = buildGazetteer();
  const context = new DemoContext(places, {
    seed: TEST_DATASET.seed,
    count: TEST_DATASET.count,
    referenceDate: new Date(`${TEST_DATASET.referenceDate}T00:00:00Z`),
  });
  context.generatePois(places);
  context.generateAgencies();
  listings = [];
  for (const batch of context.generateListings()) listings.push(...(batch.listings as L[]));
});

const sale = (l: L) => l.channel === "vendita" && l.property_type_group === "case";
// A private-negotiation price is never shown, so no price filter matches it (decision 039).
const priced = (l: L) => !l.is_private_negotiation;
const rent = (l: L) => l.channel === "affitto" && l.property_type_group === "case";

type Comparator = (a: L, b: L) => number;
const by =
  (key: (l: L) => number, dir: 1 | -1, idDir: 1 | -1 = dir): Comparator =>
  (a, b) =>
    dir * (key(a) - key(b)) || idDir * (a.id - b.id);
const relevance = by((l) => l.relevance, -1);

interface Case {
  name: string;
  body: { locations?: string[]; filters?: Record<string, unknown> };
  expected: (l: L) => boolean;
  order?: Comparator;
  /** Cases whose expected set may legitimately be empty in a 3,000-listing sample. */
  mayBeEmpty?: boolean;
}

function filterCases(): Case[] {
  const milano = place((p) => p.level === PlaceLevel.town && p.istatCode === "015146");
  const roma = place((p) => p.level === PlaceLevel.town && p.istatCode === "058091");
  const now = Date.now();
  const cutoff = (days: number) => Math.floor(now / 60_000) * 60_000 - days * 86_400_000;
  return [
    { name: "defaults: houses for sale in Italy", body: {}, expected: sale },
    { name: "channel affitto", body: { filters: { channel: "affitto" } }, expected: rent },
    { name: "tr affitti", body: { filters: { tr: "affitti" } }, expected: rent },
    {
      name: "short rent with category case-vacanza",
      body: { filters: { channel: "affitto-breve", category: "case-vacanza" } },
      expected: (l) => l.channel === "affitto-breve",
    },
    {
      name: "group nuove-costruzioni",
      body: { filters: { propertyTypeGroup: "nuove-costruzioni" } },
      expected: (l) => sale(l) && l.is_new_construction,
    },
    {
      name: "group uffici for rent",
      body: { filters: { channel: "affitto", propertyTypeGroup: "uffici" } },
      expected: (l) => l.channel === "affitto" && l.property_type_group === "uffici",
    },
    {
      name: "group stanze for rent",
      body: { filters: { channel: "affitto", propertyTypeGroup: "stanze" } },
      expected: (l) => l.channel === "affitto" && l.property_type === "stanza",
    },
    {
      name: "group box-posti-auto alias",
      body: { filters: { propertyTypeGroup: "box-posti-auto" } },
      expected: (l) => l.channel === "vendita" && l.property_type_group === "garage-posti-auto",
    },
    {
      name: "propertyTypes villa + loft",
      body: { filters: { propertyTypes: ["villa", "loft"] } },
      expected: (l) => sale(l) && ["villa", "loft"].includes(l.property_type),
    },
    {
      name: "price range",
      body: { filters: { price_min: 100000, price_max: 250000 } },
      expected: (l) => sale(l) && priced(l) && l.price >= 100000 && l.price <= 250000,
    },
    {
      name: "payment max (mortgage)",
      body: { filters: { payment_max: 600 } },
      expected: (l) => sale(l) && priced(l) && l.price * PAYMENT_PER_EURO <= 600,
    },
    {
      name: "mqprice range",
      body: { filters: { mqprice_min: 1500, mqprice_max: 3000 } },
      expected: (l) => sale(l) && priced(l) && l.price / l.surface >= 1500 && l.price / l.surface <= 3000,
    },
    { name: "mq range", body: { filters: { mq_min: 60, mq_max: 90 } }, expected: (l) => sale(l) && l.surface >= 60 && l.surface <= 90 },
    { name: "numRooms becomes rooms", body: { filters: { numRooms_min: 3, numRooms_max: 3 } }, expected: (l) => sale(l) && l.rooms === 3 },
    { name: "bedrooms", body: { filters: { bedrooms_min: 2 } }, expected: (l) => sale(l) && l.bedrooms !== null && l.bedrooms >= 2 },
    {
      name: "buildingYear",
      body: { filters: { buildingYear_min: 1990, buildingYear_max: 2010 } },
      expected: (l) => sale(l) && l.building_year !== null && l.building_year >= 1990 && l.building_year <= 2010,
    },
    { name: "numBaths", body: { filters: { numBaths: 2 } }, expected: (l) => sale(l) && (l.baths ?? 0) >= 2 },
    { name: "numParkingSpaces", body: { filters: { numParkingSpaces: 1 } }, expected: (l) => sale(l) && l.parking_spaces >= 1 },
    {
      name: "level terra + ultimo",
      body: { filters: { level: ["terra", "ultimo"] } },
      expected: (l) => sale(l) && l.floor !== null && (l.floor <= 0 || (l.floor > 0 && l.floor === l.total_floors)),
    },
    {
      name: "level intermedi",
      body: { filters: { level: "intermedi" } },
      expected: (l) => sale(l) && l.floor !== null && l.total_floors !== null && l.floor > 0 && l.floor < l.total_floors,
    },
    { name: "lift", body: { filters: { lift: true } }, expected: (l) => sale(l) && l.has_lift },
    {
      name: "lift_level 1",
      body: { filters: { lift_level: 1 } },
      expected: (l) => sale(l) && (l.has_lift || (l.floor !== null && l.floor <= 1)),
    },
    { name: "balcony", body: { filters: { balcony: true } }, expected: (l) => sale(l) && l.has_balcony },
    { name: "terrace", body: { filters: { terrace: "true" } }, expected: (l) => sale(l) && l.has_terrace },
    {
      name: "balconyAndTerrace",
      body: { filters: { balconyAndTerrace: true } },
      expected: (l) => sale(l) && l.has_balcony && l.has_terrace,
    },
    { name: "garden privato", body: { filters: { garden: "privato" } }, expected: (l) => sale(l) && l.garden === "privato" },
    { name: "garden any", body: { filters: { garden: "any" } }, expected: (l) => sale(l) && l.garden !== null },
    { name: "heatingType", body: { filters: { heatingType: "autonomo" } }, expected: (l) => sale(l) && l.heating === "autonomo" },
    {
      name: "energyClass list",
      body: { filters: { energyClass: ["A4", "A3", "B"] } },
      expected: (l) => sale(l) && l.energy_class !== null && ["A4", "A3", "B"].includes(l.energy_class),
    },
    {
      name: "buildingCondition",
      body: { filters: { buildingCondition: "da-ristrutturare" } },
      expected: (l) => sale(l) && l.building_condition === "da-ristrutturare",
    },
    {
      name: "availability nuda-proprieta",
      body: { filters: { availability: ["nuda-proprieta"] } },
      expected: (l) => sale(l) && l.availability === "nuda proprieta",
    },
    { name: "sellerType privato", body: { filters: { sellerType: "privato" } }, expected: (l) => sale(l) && l.seller_type === "privato" },
    {
      name: "furniture full (rent)",
      body: { filters: { channel: "affitto", furniture: "full" } },
      expected: (l) => rent(l) && l.furniture === "full",
    },
    {
      name: "publication_date 30d",
      body: { filters: { publication_date: "30d" } },
      expected: (l) => sale(l) && Date.parse(l.published_at) >= cutoff(30),
      mayBeEmpty: true,
    },
    {
      name: "publication_date 7d",
      body: { filters: { publication_date: "7d" } },
      expected: (l) => sale(l) && Date.parse(l.published_at) >= cutoff(7),
      mayBeEmpty: true,
    },
    { name: "only_auction", body: { filters: { only_auction: true } }, expected: (l) => sale(l) && l.is_auction },
    { name: "is_auction false excludes auctions", body: { filters: { is_auction: false } }, expected: (l) => sale(l) && !l.is_auction },
    { name: "exclude_auction", body: { filters: { exclude_auction: true } }, expected: (l) => sale(l) && !l.is_auction },
    {
      name: "only_private_negotiation",
      body: { filters: { only_private_negotiation: true } },
      expected: (l) => sale(l) && l.is_private_negotiation,
    },
    {
      name: "exclude_private_negotiation",
      body: { filters: { exclude_private_negotiation: true } },
      expected: (l) => sale(l) && !l.is_private_negotiation,
    },
    { name: "has_swimming_pool", body: { filters: { has_swimming_pool: true } }, expected: (l) => sale(l) && l.has_pool },
    { name: "has_reception", body: { filters: { has_reception: true } }, expected: (l) => sale(l) && l.has_reception },
    { name: "has_virtual_tour", body: { filters: { has_virtual_tour: true } }, expected: (l) => sale(l) && l.has_virtual_tour },
    { name: "air_conditioned", body: { filters: { air_conditioned: true } }, expected: (l) => sale(l) && l.has_air_conditioning },
    { name: "is_lux", body: { filters: { is_lux: true } }, expected: (l) => sale(l) && l.is_luxury },
    {
      name: "exclude_under_construction",
      body: { filters: { propertyTypeGroup: "nuove-costruzioni", exclude_under_construction: true } },
      expected: (l) => sale(l) && l.is_new_construction && !l.is_under_construction,
    },
    {
      name: "includes_property_ownership",
      body: { filters: { propertyTypeGroup: "commerciale", includes_property_ownership: true } },
      expected: (l) => l.channel === "vendita" && l.property_type_group === "commerciale" && l.includes_property_ownership === true,
    },
    {
      name: "commercial_building_location",
      body: { filters: { propertyTypeGroup: "commerciale", commercial_building_location: ["strada"] } },
      expected: (l) => l.channel === "vendita" && l.property_type_group === "commerciale" && l.commercial_building_location === "strada",
    },
    {
      name: "license_type_groups",
      body: { filters: { propertyTypeGroup: "commerciale", license_type_groups: ["ristorazione", "servizi"] } },
      expected: (l) =>
        l.channel === "vendita" &&
        l.property_type_group === "commerciale" &&
        l.license_type_group !== null &&
        ["ristorazione", "servizi"].includes(l.license_type_group),
    },
    { name: "priceType", body: { filters: { priceType: "ribassato" } }, expected: (l) => sale(l) && l.price_type === "ribassato" },
    { name: "firstMedia floorplan", body: { filters: { firstMedia: "floorplan" } }, expected: (l) => sale(l) && l.has_floor_plan },
    { name: "photo", body: { filters: { photo: true } }, expected: (l) => sale(l) && l.photo_count > 0 },
    {
      name: "poi subway + supermarket",
      body: { filters: { poi: ["subway", "supermarket"] } },
      expected: (l) =>
        sale(l) && l.dist_subway !== null && l.dist_subway <= 800 && l.dist_supermarket !== null && l.dist_supermarket <= 500,
    },
    {
      name: "poi as a map",
      body: { filters: { poi: { nursery_school: true } } },
      expected: (l) => sale(l) && l.dist_nursery_school !== null && l.dist_nursery_school <= 1000,
    },
    {
      name: "utm and all are ignored",
      body: { filters: { utm_source: "newsletter", garden: "all", price_max: 300000 } },
      expected: (l) => sale(l) && priced(l) && l.price <= 300000,
    },
    { name: "town Milano", body: { locations: [milano.id] }, expected: (l) => sale(l) && l.town_id === milano.id },
    {
      name: "two towns",
      body: { locations: [milano.id, roma.id] },
      expected: (l) => sale(l) && (l.town_id === milano.id || l.town_id === roma.id),
    },
    { name: "zones key", body: { filters: { zones: [roma.id] } }, expected: (l) => sale(l) && l.town_id === roma.id },
  ];
}

function placeCases(): Case[] {
  const lombardia = place((p) => p.level === PlaceLevel.region && p.name === "Lombardia");
  const provinceMilano = place((p) => p.level === PlaceLevel.province && p.short === "MI");
  const municipioI = place((p) => p.level === PlaceLevel.zone && p.qslug === "roma-municipio-i");
  const nilDuomo = place((p) => p.level === PlaceLevel.zone && p.qslug === "milano-duomo");
  const rione = place((p) => p.level === PlaceLevel.block && p.extra.zoneType === "rione" && p.name === "Esquilino");
  const m1 = place((p) => p.level === PlaceLevel.metroLine && p.qslug === "milano-m1");
  const m1Stops = places.filter((p) => p.parentId === m1.id).map((p) => p.id);
  const stop = place((p) => p.level === PlaceLevel.metroStop && p.qslug === "milano-m1-duomo");
  const coast = place((p) => p.level === PlaceLevel.nonAdminZone && p.qslug === "mare-napoli");
  const centro = place((p) => p.level === PlaceLevel.nonAdminZone && p.qslug === "roma-centro-storico");
  // Place keys are given from the home's own point; geo shapes match the public point (decision 038).
  const inside = (p: Place) => (l: L) => containsPoint(p.geometry as Geometry, l.exact_lon, l.exact_lat);
  return [
    { name: "region (polygon)", body: { locations: [lombardia.id] }, expected: (l) => sale(l) && inside(lombardia)(l) },
    { name: "province (polygon)", body: { locations: [provinceMilano.id] }, expected: (l) => sale(l) && inside(provinceMilano)(l) },
    {
      name: "zone: Roma municipio I (polygon)",
      body: { locations: [municipioI.id] },
      expected: (l) => sale(l) && inside(municipioI)(l),
      mayBeEmpty: true,
    },
    {
      name: "zone: Milano NIL Duomo",
      body: { locations: [nilDuomo.id], filters: { channel: "affitto" } },
      expected: (l) => rent(l) && inside(nilDuomo)(l),
      mayBeEmpty: true,
    },
    { name: "block: rione Esquilino", body: { locations: [rione.id] }, expected: (l) => sale(l) && inside(rione)(l), mayBeEmpty: true },
    {
      name: "metro line M1 (stops within 1 km)",
      body: { locations: [m1.id] },
      expected: (l) => sale(l) && places.some((s) => m1Stops.includes(s.id) && distanceMeters(l.lat, l.lon, s.lat, s.lon) <= 1000),
    },
    {
      name: "metro stop Duomo",
      body: { locations: [stop.id], filters: { channel: "affitto" } },
      expected: (l) => rent(l) && distanceMeters(l.lat, l.lon, stop.lat, stop.lon) <= 1000,
      mayBeEmpty: true,
    },
    {
      name: "non-admin zone: Napoli coast",
      body: { locations: [coast.id] },
      expected: (l) => sale(l) && String(coast.extra.towns).split(",").includes(l.town_id.slice(-6)),
    },
    {
      name: "non-admin zone: Roma centro storico",
      body: { locations: [centro.id], filters: { channel: "affitto" } },
      expected: (l) => rent(l) && inside(centro)(l),
      mayBeEmpty: true,
    },
  ];
}

function geoCases(): Case[] {
  // Off the 0.002° grid of approximate points, so no point lies on an edge (where the two tests of "inside" may differ).
  const square = [
    [45.4005, 9.1005],
    [45.4005, 9.2805],
    [45.5205, 9.2805],
    [45.5205, 9.1005],
  ] as Array<[number, number]>;
  const ring = { type: "Polygon", coordinates: [square.map(([lat, lon]) => [lon, lat])] } as Geometry;
  return [
    {
      name: "geobounds",
      body: { filters: { geobounds: { bbox: [12.3, 41.8, 12.6, 42.0] } } },
      expected: (l) => sale(l) && l.lon >= 12.3 && l.lon <= 12.6 && l.lat >= 41.8 && l.lat <= 42.0,
    },
    {
      name: "geopolygon",
      body: { filters: { geopolygon: { polygon: square } } },
      expected: (l) => sale(l) && containsPoint(ring, l.lon, l.lat),
    },
    {
      name: "geocircle",
      body: { filters: { geocircle: { circle: [{ distance: 15000, center: [40.85, 14.27] }] } } },
      expected: (l) => sale(l) && distanceMeters(l.lat, l.lon, 40.85, 14.27) <= 15000,
    },
    {
      name: "nearby by car (estimate)",
      body: { filters: { nearby: { lat: 45.07, lon: 7.68, vehicle: "car", time: 15 } } },
      expected: (l) => sale(l) && distanceMeters(l.lat, l.lon, 45.07, 7.68) <= Math.round((35_000 * 15) / 60),
    },
    {
      name: "nearby on foot (estimate)",
      body: { filters: { channel: "affitto", nearby: { lat: 41.9, lon: 12.5, vehicle: "walk", time: 30 } } },
      expected: (l) => rent(l) && distanceMeters(l.lat, l.lon, 41.9, 12.5) <= Math.round((4_500 * 30) / 60),
      mayBeEmpty: true,
    },
  ];
}

function sortCases(): Case[] {
  const filters = { price_max: 500000 };
  const expected = (l: L) => sale(l) && priced(l) && l.price <= 500000;
  return [
    { name: "sort rilevanza", body: { filters: { ...filters, sortType: "rilevanza" } }, expected, order: relevance },
    {
      name: "sort prezzo-crescente",
      body: { filters: { ...filters, sortType: "prezzo-crescente" } },
      expected,
      order: by((l) => l.price, 1),
    },
    {
      name: "sort prezzo_decrescente",
      body: { filters: { ...filters, sortType: "prezzo_decrescente" } },
      expected,
      order: by((l) => l.price, -1),
    },
    {
      name: "sort prezzo-mq-crescente",
      body: { filters: { ...filters, sortType: "prezzo-mq-crescente" } },
      expected,
      order: by((l) => l.price / l.surface, 1),
    },
    {
      name: "sort prezzo-mq-decrescente",
      body: { filters: { ...filters, sortType: "prezzo-mq-decrescente" } },
      expected,
      order: by((l) => l.price / l.surface, -1),
    },
    {
      name: "sort superficie-crescente",
      body: { filters: { ...filters, sortType: "superficie-crescente" } },
      expected,
      order: by((l) => l.surface, 1),
    },
    {
      name: "sort superficie-decrescente",
      body: { filters: { ...filters, sortType: "superficie-decrescente" } },
      expected,
      order: by((l) => l.surface, -1),
    },
    {
      name: "sort data-decrescente",
      body: { filters: { ...filters, sortType: "data-decrescente" } },
      expected,
      order: by((l) => Date.parse(l.published_at), -1),
    },
    {
      name: "sort data-crescente",
      body: { filters: { ...filters, sortType: "data-crescente" } },
      expected,
      order: by((l) => Date.parse(l.published_at), 1),
    },
  ];
}

// Once with totals, map cells and fill-in from SQL, once from the in-memory listing facts (SEARCH_FACTS=on).
const modes = databaseTargets.flatMap((target) => (["off", "on"] as const).map((facts) => [target, facts] as const));

describe.each(modes)("search against brute force on %s, listing facts %s", (target, facts) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${portal.url}/portal-srp/api/v1/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as any };
  };

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, { searchFacts: facts, ...BULK_CLIENT });
    // Wait until the server's listing facts are in memory (readyz says warm).
    for (let tries = 0; facts === "on" && !(await (await fetch(`${portal.url}/readyz`)).json()).warm; tries++) {
      if (tries > 600) throw new Error("listing facts did not load in 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  /** Checks the total, the first page and the last page against the brute-force result. */
  async function check(c: Case) {
    const expected = listings
      .filter(c.expected)
      .sort(c.order ?? relevance)
      .map((l) => l.id);
    if (!c.mayBeEmpty) expect(expected.length, `${c.name}: the sample has matches`).toBeGreaterThan(0);
    const size = 50;
    const first = await post("search", { ...c.body, size });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.total, c.name).toBe(expected.length);
    expect(
      first.json.listings.map((l: { id: number }) => l.id),
      c.name,
    ).toEqual(expected.slice(0, size));
    const lastPage = Math.max(1, Math.ceil(expected.length / size));
    if (lastPage > 1) {
      const last = await post("search", { ...c.body, size, filters: { ...(c.body.filters ?? {}), page: lastPage } });
      expect(
        last.json.listings.map((l: { id: number }) => l.id),
        `${c.name} last page`,
      ).toEqual(expected.slice((lastPage - 1) * size));
    }
    const count = await post("search/availableresults", c.body);
    expect(count.json.total, `${c.name} availableresults`).toBe(expected.length);
  }

  it("matches on every filter key", async () => {
    for (const c of filterCases()) await check(c);
  });
  it("matches on every kind of place", async () => {
    for (const c of placeCases()) await check(c);
  });
  it("matches on every geo mode", async () => {
    for (const c of geoCases()) await check(c);
  });
  it("matches on every sort", async () => {
    for (const c of sortCases()) await check(c);
  });

  it("counts POIs near the results", async () => {
    const { json } = await post("search/availableresults", { filters: { channel: "affitto" } });
    const rows = listings.filter(rent);
    expect(json.availablePoi.subway).toBe(rows.filter((l) => l.dist_subway !== null && l.dist_subway <= 800).length);
    expect(json.availablePoi.supermarket).toBe(rows.filter((l) => l.dist_supermarket !== null && l.dist_supermarket <= 500).length);
  });

  it("aggregates markers at low zoom and pins when zoomed in, counting only what is in view", async () => {
    const italy = await post("search-map/markers", { filters: { geobounds: { bbox: [6, 36, 19, 47.5], zoom: 6 } } });
    expect(italy.json.aggregated).toBe(true);
    expect(italy.json.markers.reduce((s: number, m: { count: number }) => s + m.count, 0)).toBe(listings.filter(sale).length);
    const bbox = [9.15, 45.44, 9.22, 45.49];
    const inView = listings.filter((l) => sale(l) && l.lon >= bbox[0]! && l.lon <= bbox[2]! && l.lat >= bbox[1]! && l.lat <= bbox[3]!);
    const city = await post("search-map/markers", { filters: { geobounds: { bbox, zoom: 16 } } });
    expect(city.json.aggregated).toBe(false);
    expect(city.json.markers.map((m: { id: number }) => m.id).sort()).toEqual(inView.map((l) => l.id).sort());
  });

  it("adds nearby listings when a search has few results, neighbouring towns first", async () => {
    const town = place((p) => p.level === PlaceLevel.town && p.istatCode === "015146");
    const body = { locations: [town.id], filters: { channel: "affitto", mq_min: 150 } };
    const own = listings.filter((l) => rent(l) && l.surface >= 150 && l.town_id === town.id);
    const { json } = await post("search", body);
    expect(json.total).toBe(own.length);
    expect(own.length).toBeLessThan(10);
    expect(json.fillin.total).toBeGreaterThan(0);
    for (const l of json.fillin.listings) {
      expect(l.town.id).not.toBe(town.id);
      expect(l.features.surface).toBeGreaterThanOrEqual(150);
    }
  });

  it("returns what the card needs, formatted in Italian", async () => {
    const { json } = await post("search", { filters: { channel: "affitto" } });
    const card = json.listings[0];
    expect(card.uri).toBe(`/annunci/${card.id}/`);
    expect(card.features.price.text).toMatch(/^[\d.]+\u00a0€\/mese$/);
    expect(["Contatta l'agente", "Contatta l'agenzia", "Contatta l'inserzionista"]).toContain(card.contact.label);
    expect([1, 2]).toContain(card.geoInfos.geo_visibility_level);
    expect(json.totalPages).toBe(Math.ceil(json.total / 25));
  });

  it("never reveals the street number or the exact point of a listing whose pin is approximate", async () => {
    const byId = new Map(listings.map((l) => [l.id, l]));
    const { json } = await post("search", { filters: { channel: "vendita" }, size: 150 });
    const approximate = json.listings.filter((c: { geoInfos: { geo_visibility_level: number } }) => c.geoInfos.geo_visibility_level !== 1);
    expect(approximate.length).toBeGreaterThan(10);
    for (const card of approximate) {
      const l = byId.get(card.id)!;
      expect(card.title).not.toContain(`${l.street} ${l.street_number}`);
      expect(card.address).toBe(`${l.street}, ${card.town.name}`);
      expect([card.geoInfos.lat, card.geoInfos.lon]).not.toEqual([l.exact_lat, l.exact_lon]);
      expect(distanceMeters(card.geoInfos.lat, card.geoInfos.lon, l.exact_lat, l.exact_lon)).toBeLessThan(250);
    }
    const exact = json.listings.find((c: { geoInfos: { geo_visibility_level: number } }) => c.geoInfos.geo_visibility_level === 1);
    const l = byId.get(exact.id)!;
    expect(exact.address).toBe(`${l.street} ${l.street_number}, ${exact.town.name}`);
    expect([exact.geoInfos.lat, exact.geoInfos.lon]).toEqual([l.lat, l.lon]);
    // Map pins too.
    const markers = await post("search-map/markers", { filters: { geobounds: { bbox: [9.05, 45.38, 9.3, 45.54], zoom: 16 } } });
    expect(markers.json.markers.length).toBeGreaterThan(5);
    for (const m of markers.json.markers) {
      const listing = byId.get(m.id)!;
      if (listing.geo_visibility !== 1) expect([m.lat, m.lon]).not.toEqual([listing.exact_lat, listing.exact_lon]);
    }
  });
});

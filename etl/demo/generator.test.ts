import { beforeAll, describe, expect, it, vi } from "vitest";
import { containsPoint, distanceMeters, type Geometry } from "../../core/geo.ts";
import { propertyTypeLabels } from "../../core/listing/labels.ts";
import { APPROXIMATE_GRID, approximatePoint } from "../../core/listing/location.ts";
import { PlaceLevel, type Place } from "../../core/places.ts";
import { TEST_DATASET } from "../../test/portal.ts";
import { buildGazetteer } from "../gazetteer.ts";
import { MILANO_ISTAT, readStreetData } from "../streets.ts";
import { DemoContext, type ListingRow, type PoiRow, type PublisherRow } from "./generator.ts";
import { streetNames } from "./vocabulary.ts";

// Generating thousands of listings several times takes seconds on a loaded machine: no timing is asserted here.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const options = { seed: "unit", count: 4000, referenceDate: new Date("2026-11-01T00:00:00Z") };
let places: Place[];
let placeById: Map<string, Place>;
let listings: ListingRow[];
let pois: PoiRow[];
let publishers: PublisherRow[];

function generate(count: number, seed = options.seed, batchSize = 700) {
  const context = new DemoContext(places, { ...options, count, seed });
  const poiRows = context.generatePois(places);
  const agencies = context.generateAgencies();
  const rows: ListingRow[] = [];
  const sellers: PublisherRow[] = [];
  for (const batch of context.generateListings(batchSize)) {
    rows.push(...batch.listings);
    sellers.push(...batch.publishers);
  }
  return { listings: rows, pois: poiRows, publishers: [...agencies, ...sellers] };
}

beforeAll(() => {
  places = buildGazetteer();
  placeById = new Map(places.map((p) => [p.id, p]));
  ({ listings, pois, publishers } = generate(options.count));
});

describe("determinism", () => {
  it("gives the same rows for the same seed, whatever the batch size", () => {
    const again = generate(options.count, options.seed, 1234);
    expect(again.listings).toEqual(listings);
    expect(again.pois).toEqual(pois);
    expect(again.publishers).toEqual(publishers);
  });
  it("gives other rows for another seed", () => {
    expect(generate(50, "other").listings.map((l) => l.price)).not.toEqual(listings.slice(0, 50).map((l) => l.price));
  });
});

describe("geography", () => {
  it("puts every listing inside its municipality, zone and block", () => {
    for (const l of listings) {
      const town = placeById.get(l.town_id as string)!;
      expect(
        containsPoint(town.geometry as Geometry, l.exact_lon as number, l.exact_lat as number),
        `listing ${l.id} outside ${town.name}`,
      ).toBe(true);
      for (const key of ["zone_id", "block_id"] as const) {
        if (l[key])
          expect(containsPoint(placeById.get(l[key] as string)!.geometry!, l.exact_lon as number, l.exact_lat as number)).toBe(true);
      }
      expect(l.province_id).toBe(town.parentId);
    }
  });
  it("stores a public point: the exact one, or for approximate listings the grid vertex near the home", () => {
    let approximate = 0;
    const supermarkets = pois.filter((p) => p.type === "supermarket");
    for (const l of listings) {
      const [lat, lon, exactLat, exactLon] = [l.lat, l.lon, l.exact_lat, l.exact_lon] as number[];
      if (l.geo_visibility === 1) {
        expect([lat, lon]).toEqual([exactLat, exactLon]);
        continue;
      }
      approximate++;
      expect(approximatePoint(exactLat!, exactLon!)).toEqual({ lat, lon });
      expect(Math.abs(lat! - exactLat!)).toBeLessThanOrEqual(APPROXIMATE_GRID / 2 + 1e-9);
      expect(Math.abs(lon! - exactLon!)).toBeLessThanOrEqual(APPROXIMATE_GRID / 2 + 1e-9);
      // Searchable distances come from the public point, so they cannot locate the home either.
      // (a sample of 500 approximate listings: the nearest-POI scan is quadratic)
      if (approximate > 500) continue;
      const nearestSupermarket = Math.min(...supermarkets.map((p) => distanceMeters(lat!, lon!, p.lat, p.lon)));
      if (l.dist_supermarket !== null) expect(Math.abs((l.dist_supermarket as number) - nearestSupermarket)).toBeLessThanOrEqual(1);
    }
    expect(approximate).toBeGreaterThan(listings.length * 0.2);
  });
  it("assigns Milano listings to their NIL", () => {
    const milano = listings.filter((l) => l.town_id === "IT-03-015146");
    expect(milano.length).toBeGreaterThan(20);
    expect(milano.every((l) => typeof l.zone_id === "string" && (l.zone_id as string).startsWith("IT-03-015146-NIL"))).toBe(true);
  });
  it("spreads listings over many municipalities in proportion to population", () => {
    expect(new Set(listings.map((l) => l.town_id)).size).toBeGreaterThan(800);
    const roma = listings.filter((l) => l.town_id === "IT-12-058091").length;
    const smallTown = listings.filter((l) => placeById.get(l.town_id as string)!.population! < 1000).length;
    expect(roma).toBeGreaterThan(smallTown / 10);
  });
  it("computes the distance to the nearest POI of each type", () => {
    const withSupermarket = listings.filter((l) => l.dist_supermarket !== null);
    expect(withSupermarket.length / listings.length).toBeGreaterThan(0.9);
    const milanoCentre = listings.filter((l) => l.zone_id === "IT-03-015146-NIL01");
    for (const l of milanoCentre) expect(l.dist_subway).not.toBeNull();
    expect(pois.filter((p) => p.type === "subway")).toHaveLength(places.filter((p) => p.level === PlaceLevel.metroStop).length);
  });
});

describe("plausibility", () => {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const perSqm = (rows: ListingRow[]) => rows.map((l) => (l.price as number) / (l.surface as number));
  const homesForSale = () => listings.filter((l) => l.channel === "vendita" && l.property_type === "appartamento" && !l.is_auction);

  it("prices Milano homes well above the Italian median and Calabria below it", () => {
    const italy = median(perSqm(homesForSale()));
    expect(median(perSqm(homesForSale().filter((l) => l.town_id === "IT-03-015146")))).toBeGreaterThan(italy * 2);
    expect(median(perSqm(homesForSale().filter((l) => l.region_id === "IT-18")))).toBeLessThan(italy);
  });

  it("makes court auctions about 3 % of sales, short rents holiday homes, attics top floors", () => {
    const sales = listings.filter((l) => l.channel === "vendita");
    const auctionShare = sales.filter((l) => l.is_auction).length / sales.length;
    expect(auctionShare).toBeGreaterThan(0.015);
    expect(auctionShare).toBeLessThan(0.05);
    for (const l of listings.filter((r) => r.channel === "affitto-breve")) expect(l.category).toBe("case-vacanza");
    for (const l of listings.filter((r) => r.property_type === "attico-mansarda")) expect(l.floor).toBe(l.total_floors);
  });

  it("gives every listing a publisher and unique ids", () => {
    const publisherIds = new Set(publishers.map((p) => p.id));
    for (const l of listings) expect(publisherIds.has(l.publisher_id as number)).toBe(true);
    expect(new Set(listings.map((l) => l.id)).size).toBe(listings.length);
    expect(publishers.some((p) => p.kind === "agent" && p.is_agent_pro)).toBe(true);
  });

  it("names every agency differently", () => {
    // At the demo's default size, where the pattern list alone gave duplicates.
    const names = new DemoContext(places, { ...options, count: 30_000 })
      .generateAgencies()
      .filter((p) => p.kind === "agency")
      .map((p) => p.name);
    expect(names.length).toBeGreaterThan(500);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it("titles every listing by its type and rooms: room names only for apartments, with their number of rooms", () => {
    // Written out here, not taken from the generator, so the test checks the rule rather than repeating it.
    const roomWords: Record<string, number> = { Monolocale: 1, Bilocale: 2, Trilocale: 3, Quadrilocale: 4 };
    const disagreeing = (rows: ListingRow[]) =>
      rows.flatMap((l) => {
        const title = l.title as string;
        const type = l.property_type as string;
        const rooms = l.rooms as number | null;
        const first = title.split(" ")[0]!;
        const agrees =
          first in roomWords
            ? type === "appartamento" && rooms === roomWords[first]
            : title.startsWith(`${propertyTypeLabels[type]} `) && !(type === "appartamento" && rooms !== null && rooms <= 4);
        return agrees ? [] : [`${l.id} ${type} ${rooms}: ${title}`];
      });
    expect(disagreeing(listings)).toEqual([]);
    // Every type shows up, so every branch above was used.
    expect(new Set(listings.map((l) => l.property_type)).size).toBeGreaterThan(15);
    // And the dataset the HTTP and browser tests run on (test/portal.ts), all of it.
    const portalData = new DemoContext(places, { ...TEST_DATASET, referenceDate: new Date(`${TEST_DATASET.referenceDate}T00:00:00Z`) });
    portalData.generatePois(places);
    portalData.generateAgencies();
    const portalListings = [...portalData.generateListings(1000)].flatMap((batch) => batch.listings);
    expect(portalListings).toHaveLength(TEST_DATASET.count);
    expect(disagreeing(portalListings)).toEqual([]);
  });

  it("dates publications within the year before the reference date", () => {
    for (const l of listings) {
      const t = Date.parse(l.published_at as string);
      expect(t).toBeLessThanOrEqual(options.referenceDate.getTime());
      expect(t).toBeGreaterThan(options.referenceDate.getTime() - 366 * 86_400_000);
    }
  });
});

describe("real streets (data/streets, docs/decisions/111)", () => {
  it("puts the six cities' listings on real streets, Milano's at real house numbers, others on generated names", () => {
    const data = readStreetData();
    const housesAt = new Map(data.houseNumbers.map((h) => [`${h.street}|${h.number}`, h]));
    const town = (l: ListingRow) => placeById.get(l.town_id as string)!;
    const milano = listings.filter((l) => town(l).istatCode === MILANO_ISTAT);
    expect(milano.length).toBeGreaterThan(30);
    for (const l of milano) {
      const house = housesAt.get(`${l.street}|${l.street_number}`);
      expect(house, `${l.id} ${l.street} ${l.street_number}`).toBeDefined();
      // The home is at the house number; its public point is that or the approximate grid's vertex.
      expect([l.exact_lat, l.exact_lon]).toEqual([house!.lat, house!.lon]);
      expect(distanceMeters(l.lat as number, l.lon as number, house!.lat, house!.lon)).toBeLessThan(APPROXIMATE_GRID * 111_000);
    }
    const cities = ["058091", "001272", "063049", "037006", "048017"];
    const others = listings.filter((l) => cities.includes(town(l).istatCode!));
    expect(others.length).toBeGreaterThan(30);
    for (const l of others) expect(data.namesByTown.get(town(l).istatCode!)).toContain(l.street);
    const elsewhere = listings.filter((l) => ![MILANO_ISTAT, ...cities].includes(town(l).istatCode!));
    for (const l of elsewhere.slice(0, 500)) expect(streetNames).toContain(l.street);
  });
});

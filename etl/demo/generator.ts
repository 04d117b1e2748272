/**
 * Deterministic demo data: points of interest, agencies with agents, private sellers and listings
 * spread over the real municipalities. The same seed, count and reference date give the same rows
 * (each listing draws from its own seeded stream, so rows do not depend on batch sizes).
 * Rows use the database's snake_case column names; see docs/decisions/006-demo-data.md.
 */
import { bboxContains, containsPoint, distanceMeters, type Geometry } from "../../core/geo.ts";
import { centreFactor, RENT_YIELD, townPricePerSqm } from "../../core/market.ts";
import { PlaceLevel, type Place } from "../../core/places.ts";
import { POI_DISTANCE_RADIUS_M, POI_GRID_CELL_DEGREES, poiTypeIds, poiTypes, type PoiTypeId } from "../../core/poi.ts";
import { Random, WeightedIndex } from "../../core/random.ts";
import { relevanceScore } from "../../core/search/relevance.ts";
import { slugify } from "../../core/text.ts";
import { PointGrid } from "../../core/point-grid.ts";
import { samplePointIn, type Area } from "./spatial.ts";
import {
  agencyNamePatterns,
  auctionAgencyPattern,
  colours,
  commercialLocations,
  descriptionClosings,
  descriptionOpenings,
  firstNames,
  licenseTypes,
  poiNames,
  streetNames,
  surnames,
} from "./vocabulary.ts";
import { titleLabel } from "../../core/listing/labels.ts";
import { listingPoints } from "../../core/listing/location.ts";
import type { JsonInsertRow } from "../../db/schema.ts";
import { readStreetData, type HouseNumber, type StreetData } from "../streets.ts";

export interface DemoOptions {
  seed: string;
  count: number;
  /** Publication dates fall in the year before this day. */
  referenceDate: Date;
}

/** Rows as the loader inserts them (db/schema.ts), with what the generator knows more precisely. */
export type PoiRow = JsonInsertRow<"pois"> & { type: PoiTypeId; town_id: string };
export type PublisherRow = JsonInsertRow<"publishers"> & { kind: "agency" | "agent" | "private"; created_at: string };
export type ListingRow = JsonInsertRow<"listings"> & { published_at: string };
/** Columns measured from the listing's public point once the rest is drawn. */
type PointColumns = "lat" | "lon" | "exact_lat" | "exact_lon" | "metro_stop_ids" | `dist_${PoiTypeId}` | "relevance";

interface Town extends Area {
  place: Place;
  price: number;
  coastal: boolean;
}

const LISTING_ID_BASE = 100_000_000;
const AGENCY_ID_BASE = 1_000_000;
const PRIVATE_ID_BASE = 50_000_000;
const METRO_RADIUS_M = 1_000;
const DAY_MS = 86_400_000;
/** A Milano listing sits at the real house number nearest to its drawn point, if one is this close. */
const HOUSE_NUMBER_RADIUS_M = 1_500;

/** Everything the per-listing draw needs, built once from the places. */
export class DemoContext {
  readonly towns: Town[];
  readonly #townIndex: WeightedIndex;
  readonly #shortRentIndex: WeightedIndex;
  readonly #townsById: Map<string, Town>;
  readonly #provinces: Map<string, Place>;
  readonly #regions: Map<string, Place>;
  readonly #zonesByTown: Map<string, Place[]>;
  readonly #blocksByZone: Map<string, Place[]>;
  readonly #nonAdminByTown: Map<string, Place[]>;
  readonly #metroStops: PointGrid<Place>;
  #poiGrids = new Map<PoiTypeId, PointGrid<PoiRow>>();
  #agenciesByProvince = new Map<string, PublisherRow[]>();
  #auctionAgencyByRegion = new Map<string, PublisherRow>();
  #agentsByAgency = new Map<number, PublisherRow[]>();
  #allAgencies: PublisherRow[] = [];
  /** Real street names by town ISTAT code (the six cities of data/streets). */
  readonly #realStreets: Map<string, string[]>;
  /** Real house numbers with their points, by town ISTAT code (Milano). */
  readonly #houseNumbers: Map<string, PointGrid<HouseNumber>>;

  readonly options: DemoOptions;

  constructor(places: readonly Place[], options: DemoOptions, streets: StreetData = readStreetData()) {
    this.options = options;
    this.#realStreets = streets.namesByTown;
    const houseNumbersByTown = new Map<string, HouseNumber[]>();
    for (const h of streets.houseNumbers) {
      const list = houseNumbersByTown.get(h.istatCode);
      if (list) list.push(h);
      else houseNumbersByTown.set(h.istatCode, [h]);
    }
    this.#houseNumbers = new Map([...houseNumbersByTown].map(([istat, list]) => [istat, new PointGrid(list, 0.01)]));
    this.#provinces = new Map(places.filter((p) => p.level === PlaceLevel.province).map((p) => [p.id, p]));
    this.#regions = new Map(places.filter((p) => p.level === PlaceLevel.region).map((p) => [p.id, p]));
    const coastalTowns = new Set<string>();
    this.#nonAdminByTown = new Map();
    for (const zone of places.filter((p) => p.level === PlaceLevel.nonAdminZone)) {
      const towns = String(zone.extra.towns ?? "")
        .split(",")
        .filter(Boolean);
      for (const istat of towns) coastalTowns.add(istat);
      const holders = zone.istatCode ? [zone.istatCode] : towns;
      for (const istat of holders) this.#nonAdminByTown.set(istat, [...(this.#nonAdminByTown.get(istat) ?? []), zone]);
    }
    this.towns = places
      .filter((p) => p.level === PlaceLevel.town && p.geometry)
      .map((place) => {
        const coastal = coastalTowns.has(place.istatCode!);
        const price = townPricePerSqm({
          istatCode: place.istatCode!,
          regionCode: place.regionCode,
          population: place.population ?? 0,
          isProvinceCapital: place.extra.isProvinceCapital === true,
          isCoastal: coastal,
        });
        return { place, lat: place.lat, lon: place.lon, bbox: place.bbox, geometry: place.geometry as Geometry, price, coastal };
      });
    this.#townsById = new Map(this.towns.map((t) => [t.place.id, t]));
    this.#townIndex = new WeightedIndex(this.towns.map((t) => Math.max(50, t.place.population ?? 0)));
    this.#shortRentIndex = new WeightedIndex(
      this.towns.map((t) => Math.max(50, t.place.population ?? 0) * (t.coastal ? 8 : 1) * (t.price > 4000 ? 6 : 1)),
    );
    this.#zonesByTown = groupBy(
      places.filter((p) => p.level === PlaceLevel.zone && p.geometry),
      (p) => p.istatCode!,
    );
    this.#blocksByZone = groupBy(
      places.filter((p) => p.level === PlaceLevel.block && p.geometry),
      (p) => p.parentId!,
    );
    this.#metroStops = new PointGrid(
      places.filter((p) => p.level === PlaceLevel.metroStop),
      0.02,
    );
  }

  /** Points of interest near towns, in proportion to population; subway stops are the real metro stations. */
  generatePois(places: readonly Place[]): PoiRow[] {
    const random = new Random(`${this.options.seed}:pois`);
    const rows: PoiRow[] = [];
    let id = 1;
    for (const stop of places.filter((p) => p.level === PlaceLevel.metroStop)) {
      const town =
        this.towns.find((t) => t.place.istatCode === stop.extra.stationTownIstat) ??
        this.#townsById.get(`IT-${stop.regionCode}-${stop.istatCode}`)!;
      rows.push({
        id: id++,
        type: "subway",
        name: `Metro ${stop.extra.line} ${stop.name}`,
        lat: stop.lat,
        lon: stop.lon,
        town_id: town.place.id,
      });
    }
    const perPeople: Record<Exclude<PoiTypeId, "subway">, number> = {
      bus_station: 25_000,
      electric_charging: 6_000,
      elementary_school: 3_500,
      high_school: 15_000,
      secondary_school: 7_000,
      nursery_school: 4_000,
      supermarket: 3_500,
    };
    for (const town of this.towns) {
      const population = town.place.population ?? 0;
      for (const type of poiTypeIds) {
        if (type === "subway") continue;
        const expected = population / perPeople[type];
        const n = Math.floor(expected) + (random.chance(expected - Math.floor(expected)) ? 1 : 0);
        const names = poiNames[type]!;
        for (let k = 0; k < n; k++) {
          const point = samplePointIn(town, random, 0.15);
          rows.push({ id: id++, type, name: `${random.pick(names)} ${town.place.name}`, ...point, town_id: town.place.id });
        }
      }
    }
    for (const type of poiTypeIds)
      this.#poiGrids.set(
        type,
        new PointGrid(
          rows.filter((r) => r.type === type),
          POI_GRID_CELL_DEGREES,
        ),
      );
    return rows;
  }

  /** Agencies (about one per 50 listings, where people live) with their agents, plus one auction house per region. */
  generateAgencies(): PublisherRow[] {
    const random = new Random(`${this.options.seed}:agencies`);
    const rows: PublisherRow[] = [];
    const agencyCount = Math.max(20, Math.round(this.options.count / 50));
    let id = AGENCY_ID_BASE;
    const addAgency = (town: Town, name: string): PublisherRow => {
      const agency = publisher(id++, "agency", name, town, random, this.options.referenceDate);
      rows.push(agency);
      this.#allAgencies.push(agency);
      const agents: PublisherRow[] = [];
      const agentCount = random.weighted([
        [0, 2],
        [1, 3],
        [2, 3],
        [3, 2],
        [4, 1],
        [6, 1],
      ] as const);
      for (let a = 0; a < agentCount; a++) {
        const agentName = `${random.pick(firstNames)} ${random.pick(surnames)}`;
        const agent = publisher(id++, "agent", agentName, town, random, this.options.referenceDate);
        agent.parent_id = agency.id;
        agent.is_agent_pro = random.chance(0.12);
        agent.website = null;
        agent.email = `${slugify(agentName).replace(/-/g, ".")}@${agency.slug}.it`;
        rows.push(agent);
        agents.push(agent);
      }
      this.#agentsByAgency.set(agency.id, agents);
      return agency;
    };
    const usedNames = new Set<string>();
    for (let i = 0; i < agencyCount; i++) {
      const town = this.towns[this.#townIndex.draw(random)]!;
      let name = random.pick(agencyNamePatterns).replace("{surname}", random.pick(surnames)).replace("{town}", town.place.name);
      // Two agencies with one name confuse people: redraw from a stream of its own, so the main
      // stream (and every other generated value) stays as it was.
      const again = new Random(`${this.options.seed}:agency-name:${i}`);
      for (let tries = 0; usedNames.has(name) && tries < 20; tries++) {
        name = again.pick(agencyNamePatterns).replace("{surname}", again.pick(surnames)).replace("{town}", town.place.name);
      }
      if (usedNames.has(name)) name = `${name} ${again.pick(surnames)}`;
      usedNames.add(name);
      const agency = addAgency(town, name);
      const province = town.place.parentId!;
      this.#agenciesByProvince.set(province, [...(this.#agenciesByProvince.get(province) ?? []), agency]);
    }
    for (const region of this.#regions.values()) {
      const capital =
        this.towns.find((t) => t.place.name === region.extra.capital && t.place.regionCode === region.regionCode) ??
        this.towns.find((t) => t.place.regionCode === region.regionCode)!;
      const agency = addAgency(capital, auctionAgencyPattern.replace("{province}", region.name));
      // Some auction houses turn off contact on their auctions (seed 001 §6): drawn from the id alone.
      agency.disable_auctions = new Random(`${this.options.seed}:auctions:${agency.id}`).chance(0.25);
      this.#auctionAgencyByRegion.set(region.id, agency);
    }
    return rows;
  }

  /** Listings in batches, each with the private sellers it introduces. Call after generatePois and generateAgencies. */
  *generateListings(batchSize = 2000): Generator<{ publishers: PublisherRow[]; listings: ListingRow[] }> {
    if (this.#allAgencies.length === 0 || this.#poiGrids.size === 0) throw new Error("generate POIs and agencies first");
    let batch: ListingRow[] = [];
    let sellers: PublisherRow[] = [];
    for (let i = 0; i < this.options.count; i++) {
      const { listing, seller } = this.#listing(i);
      batch.push(listing);
      if (seller) sellers.push(seller);
      if (batch.length === batchSize) {
        yield { publishers: sellers, listings: batch };
        batch = [];
        sellers = [];
      }
    }
    if (batch.length > 0) yield { publishers: sellers, listings: batch };
  }

  #listing(i: number): { listing: ListingRow; seller: PublisherRow | null } {
    const random = new Random(`${this.options.seed}:listing:${i}`);
    const channel = random.weighted([
      ["vendita", 62],
      ["affitto", 30],
      ["affitto-breve", 8],
    ] as const);
    const town = this.towns[(channel === "affitto-breve" ? this.#shortRentIndex : this.#townIndex).draw(random)]!;
    const population = town.place.population ?? 0;
    // In cities divided into zones, keep drawing until the point falls in one: the zone layers and
    // the municipal boundary come from different sources and leave slivers between them.
    const cityZones = this.#zonesByTown.get(town.place.istatCode!);
    let point = samplePointIn(town, random, population > 100_000 ? 0.22 : 0.15);
    let zone = cityZones ? findContaining(cityZones, point) : null;
    for (let attempt = 0; cityZones && !zone && attempt < 50; attempt++) {
      point = samplePointIn(town, random, 0.22);
      zone = findContaining(cityZones, point);
    }
    // Where the data has house numbers (Milano), the listing is at the nearest real one (docs/decisions/111).
    const houseNumber = this.#houseNumbers.get(town.place.istatCode!)?.nearest(point.lat, point.lon, HOUSE_NUMBER_RADIUS_M)?.point;
    const houseZone = houseNumber && cityZones ? findContaining(cityZones, houseNumber) : null;
    const atHouse = houseNumber && (houseZone || !cityZones) ? houseNumber : null;
    if (atHouse) {
      point = { lat: atHouse.lat, lon: atHouse.lon };
      zone = houseZone;
    }
    const { group, type } = drawType(channel, random);
    const category = channel === "affitto-breve" ? "case-vacanza" : ["case", "stanze"].includes(group) ? "residenziale" : "commerciale";
    const residential = group === "case" || group === "stanze";
    const isNew = channel === "vendita" && group === "case" && random.chance(0.08);
    const isAuction =
      channel === "vendita" && !isNew && ["case", "commerciale", "capannoni", "terreni"].includes(group) && random.chance(0.035);

    // Size and layout.
    const rooms = residential ? (type === "stanza" ? 1 : drawRooms(type, random)) : group === "uffici" ? random.int(1, 8) : null;
    const surface = drawSurface(type, rooms, random);
    const totalFloors = ["appartamento", "attico-mansarda", "loft", "ufficio", "stanza"].includes(type)
      ? random.int(population > 200_000 ? 4 : 2, population > 200_000 ? 12 : 6)
      : ["villa", "casa-indipendente", "villetta-a-schiera", "casa-bi-trifamiliare", "rustico-casale"].includes(type)
        ? random.int(1, 3)
        : null;
    const floor =
      totalFloors === null
        ? null
        : type === "attico-mansarda"
          ? totalFloors
          : ["appartamento", "loft", "ufficio", "stanza"].includes(type)
            ? random.int(0, totalFloors)
            : 0;
    const buildingYear = isNew ? random.int(2025, 2028) : group === "terreni" ? null : drawBuildingYear(random);
    const condition = isNew
      ? "nuovo"
      : group === "terreni"
        ? null
        : random.weighted([
            ["abitabile", 55],
            ["nuovo-ristrutturato", 25],
            ["da-ristrutturare", 20],
          ] as const);
    const energyClass =
      group === "terreni" || ["box", "posto-auto", "cantina-solaio"].includes(type)
        ? null
        : drawEnergyClass(buildingYear ?? 1970, condition, random);
    const luxury = residential && (town.price > 4500 || ["villa", "attico-mansarda"].includes(type)) && random.chance(0.12);

    // Price.
    const distanceKm = distanceMeters(point.lat, point.lon, town.lat, town.lon) / 1000;
    let perSqm = town.price * centreFactor(distanceKm, population) * typeFactor(type) * conditionFactor(condition) * (luxury ? 1.5 : 1);
    perSqm *= Math.exp(random.normal(0, 0.15));
    let price: number;
    let unit: "total" | "month" | "week";
    if (channel === "vendita") {
      price = roundTo(perSqm * surface * (isAuction ? 0.65 : 1), 1000);
      unit = "total";
    } else if (channel === "affitto") {
      const monthly = type === "stanza" ? (perSqm * 25 * RENT_YIELD) / 12 + 150 : (perSqm * surface * RENT_YIELD) / 12;
      price = roundTo(monthly, 10);
      unit = "month";
    } else {
      price = roundTo(((perSqm * surface * RENT_YIELD) / 12) * 0.5 * (town.coastal ? 1.4 : 1.1), 10);
      unit = "week";
    }
    price = Math.max(unit === "total" ? 5000 : 100, price);
    const priceType = random.weighted([
      ["fisso", 60],
      ["trattabile", 30],
      ["ribassato", 10],
    ] as const);
    const originalPrice = priceType === "ribassato" ? roundTo(price * (1.05 + random.next() * 0.15), unit === "total" ? 1000 : 10) : null;
    const priceMax = isNew && random.chance(0.5) ? roundTo(price * (1.2 + random.next() * 0.6), 1000) : null;

    // Place keys.
    const block = zone ? findContaining(this.#blocksByZone.get(zone.id) ?? [], point) : null;
    const nonAdmin = (this.#nonAdminByTown.get(town.place.istatCode!) ?? [])
      .filter((z) => z.istatCode === null || (z.geometry !== null && containsPoint(z.geometry, point.lon, point.lat)))
      .map((z) => z.id);

    // Publisher.
    const isPrivate = !isAuction && !isNew && random.chance(channel === "vendita" ? 0.22 : 0.3);
    let seller: PublisherRow | null = null;
    let publisherId: number;
    let agentId: number | null = null;
    if (isPrivate) {
      const name = `${random.pick(firstNames)} ${random.pick(surnames)}`;
      seller = publisher(PRIVATE_ID_BASE + i, "private", name, town, random, this.options.referenceDate);
      seller.website = null;
      seller.street = null;
      seller.logo_color = null;
      publisherId = seller.id;
    } else {
      const agency = isAuction
        ? this.#auctionAgencyByRegion.get(`IT-${town.place.regionCode}`)!
        : random.pick(this.#agenciesByProvince.get(town.place.parentId!) ?? this.#allAgencies);
      publisherId = agency.id;
      const agents = this.#agentsByAgency.get(agency.id) ?? [];
      if (agents.length > 0 && random.chance(0.8)) agentId = random.pick(agents).id;
    }

    // The six cities of data/streets use their real street names; other towns keep generated ones.
    const street = atHouse?.street ?? random.pick(this.#realStreets.get(town.place.istatCode!) ?? streetNames);
    const streetNumber = atHouse?.number ?? String(random.int(1, 180));
    const publishedAt = new Date(this.options.referenceDate.getTime() - random.int(0, (364 * DAY_MS) / 60_000) * 60_000);
    const label = titleLabel(type, rooms);
    const channelWords =
      channel === "vendita" ? (isAuction ? "all'asta" : "in vendita") : channel === "affitto" ? "in affitto" : "per vacanze";
    const title = `${label} ${channelWords} in ${street} ${streetNumber}, ${town.place.name}`;
    const license = type === "attivita-licenza-commerciale" ? random.pick(licenseTypes) : null;
    const gardenKind =
      residential &&
      (["villa", "villetta-a-schiera", "casa-indipendente", "casa-bi-trifamiliare", "rustico-casale"].includes(type)
        ? random.chance(0.85)
        : floor === 0 && random.chance(0.35))
        ? ["villa", "villetta-a-schiera", "casa-indipendente"].includes(type)
          ? "privato"
          : random.pick(["comune", "privato"] as const)
        : null;

    const drawn: Omit<ListingRow, PointColumns> = {
      id: LISTING_ID_BASE + i,
      channel,
      category,
      property_type_group: group,
      property_type: type,
      is_new_construction: isNew,
      price,
      price_unit: unit,
      price_type: priceType,
      original_price: originalPrice,
      price_max: priceMax,
      surface,
      rooms,
      bedrooms: rooms === null || !residential ? null : rooms === 1 ? (type === "stanza" ? 1 : 0) : Math.min(rooms - 1, 5),
      baths: residential || group === "uffici" ? Math.max(1, Math.min(4, Math.round(surface / 70 + random.next() * 0.6))) : null,
      parking_spaces: ["box", "posto-auto"].includes(type)
        ? 1
        : residential && random.chance(type === "appartamento" ? 0.3 : 0.65)
          ? random.int(1, 2)
          : 0,
      floor,
      total_floors: totalFloors,
      has_lift: totalFloors !== null && (totalFloors >= 4 || isNew) && random.chance(0.85),
      has_balcony: residential && random.chance(["appartamento", "attico-mansarda"].includes(type) ? 0.6 : 0.25),
      has_terrace: residential && random.chance(type === "attico-mansarda" ? 0.9 : 0.2),
      garden: gardenKind,
      heating:
        energyClass === null
          ? null
          : random.weighted([
              ["autonomo", 60],
              ["centralizzato", 35],
            ] as const),
      energy_class: energyClass,
      energy_index: energyClass ? energyIndex(energyClass, random) : null,
      building_condition: condition,
      building_year: buildingYear,
      availability:
        channel === "affitto-breve" || group === "terreni"
          ? null
          : channel === "vendita"
            ? random.weighted([
                ["libero", 85],
                ["occupato", 5],
                ["nuda proprieta", 4],
                ["affittato", 6],
              ] as const)
            : random.weighted([
                ["libero", 92],
                ["occupato", 8],
              ] as const),
      seller_type: isPrivate ? "privato" : "agenzia",
      furniture: !residential
        ? null
        : channel === "vendita"
          ? random.weighted([
              ["none", 70],
              ["partially", 20],
              ["full", 10],
            ] as const)
          : channel === "affitto-breve"
            ? "full"
            : random.weighted([
                ["full", 55],
                ["partially", 25],
                ["none", 20],
              ] as const),
      published_at: publishedAt.toISOString(),
      is_auction: isAuction,
      auction_date: isAuction
        ? new Date(this.options.referenceDate.getTime() + random.int(7, 150) * DAY_MS).toISOString().slice(0, 10)
        : null,
      is_private_negotiation: channel === "vendita" && !isAuction && random.chance(0.02),
      has_pool: residential && random.chance(type === "villa" ? (luxury ? 0.6 : 0.15) : luxury ? 0.1 : 0.01),
      has_reception:
        ["appartamento", "attico-mansarda", "ufficio"].includes(type) && population > 200_000 && random.chance(luxury ? 0.6 : 0.1),
      has_virtual_tour: random.chance(0.15),
      has_air_conditioning: group !== "terreni" && random.chance(Number(town.place.regionCode) >= 12 ? 0.5 : 0.3),
      is_luxury: luxury,
      is_under_construction: isNew && random.chance(0.4),
      license_type_group: license?.[0] ?? null,
      license_type: license?.[1] ?? null,
      includes_property_ownership: license ? random.chance(0.3) : null,
      commercial_building_location: ["negozio-locale-commerciale", "ufficio", "attivita-licenza-commerciale"].includes(type)
        ? random.pick(commercialLocations)
        : null,
      photo_count: random.chance(0.05) ? 0 : random.int(3, 20),
      has_floor_plan: group !== "terreni" && random.chance(0.6),
      title,
      description: describe(label, channelWords, surface, rooms, town.place.name, random),
      street,
      street_number: streetNumber,
      postal_code: (town.place.extra.postalCode as string | null) ?? null,
      geo_visibility: random.chance(0.7) ? 1 : 2,
      region_id: `IT-${town.place.regionCode}`,
      province_id: town.place.parentId!,
      town_id: town.place.id,
      zone_id: zone?.id ?? null,
      block_id: block?.id ?? null,
      nonadmin_zone_ids: nonAdmin,
      place_hkey: block?.hkey ?? zone?.hkey ?? town.place.hkey,
      publisher_id: publisherId,
      agent_id: agentId,
    };
    // The public point (the grid vertex for approximate listings) is what search, maps and pages use;
    // metro stops and POI distances are searchable, so they are measured from it too, or they would
    // locate the home (docs/decisions/038).
    const points = listingPoints(point.lat, point.lon, drawn.geo_visibility);
    const distances = {} as Record<`dist_${PoiTypeId}`, number | null>;
    for (const t of poiTypes) {
      const hit = this.#poiGrids.get(t.id)!.nearest(points.lat, points.lon, POI_DISTANCE_RADIUS_M);
      distances[`dist_${t.id}`] = hit ? Math.round(hit.meters) : null;
    }
    const listing: ListingRow = Object.assign(drawn, {
      lat: points.lat,
      lon: points.lon,
      exact_lat: points.exactLat,
      exact_lon: points.exactLon,
      metro_stop_ids: this.#metroStops
        .within(points.lat, points.lon, METRO_RADIUS_M)
        .map((s) => s.id)
        .sort(),
      ...distances,
      relevance: relevanceScore({
        publishedAt: publishedAt,
        photoCount: drawn.photo_count,
        hasFloorPlan: drawn.has_floor_plan,
        hasVirtualTour: drawn.has_virtual_tour,
        priceType,
      }),
    });
    return { listing, seller };
  }
}

function findContaining(areas: readonly Place[], point: { lat: number; lon: number }): Place | null {
  return areas.find((a) => bboxContains(a.bbox, point.lon, point.lat) && containsPoint(a.geometry!, point.lon, point.lat)) ?? null;
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

/** Second sentences of agency descriptions: long descriptions are cut with "espandi" on the agency page. */
const agencyDescriptionMore = [
  "Il nostro team segue ogni cliente dalla prima visita al rogito, con valutazioni gratuite, servizio fotografico professionale e assistenza per mutui e pratiche catastali.",
  "Siamo specializzati in case di pregio, nuove costruzioni e immobili commerciali; collaboriamo con notai, architetti e banche del territorio per offrirti un servizio completo.",
  "Ogni settimana organizziamo visite guidate e open house; chiedici una valutazione del tuo immobile, la facciamo in 48 ore senza impegno.",
] as const;

function publisher(id: number, kind: PublisherRow["kind"], name: string, town: Town, random: Random, reference: Date): PublisherRow {
  const slug = slugify(name);
  // Page flags draw from their own stream per id, so adding them left every other generated value unchanged.
  const flags = new Random(`flags:${id}`);
  return {
    show_phone_number: kind !== "agency" || flags.chance(0.85),
    has_cross_subscription: kind !== "private" && flags.chance(0.4),
    disable_auctions: false,
    has_photo: kind === "agent" && flags.chance(0.5),
    id,
    kind,
    is_agent_pro: false,
    parent_id: null,
    name,
    slug,
    phone: `${random.pick(["02", "06", "011", "081", "055", "051", "3"])}${String(random.int(1_000_000, 99_999_999))}`,
    email: kind === "agency" ? `info@${slug}.it` : `${slug.replace(/-/g, ".")}${random.int(1, 99)}@esempio.it`,
    website: kind === "agency" ? `https://www.${slug}.it` : null,
    street: `${random.pick(streetNames)} ${random.int(1, 120)}`,
    town_id: town.place.id,
    postal_code: (town.place.extra.postalCode as string | null) ?? null,
    description:
      kind === "agency"
        ? `${name} opera a ${town.place.name} e provincia dal ${random.int(1975, 2020)}: compravendite, locazioni e consulenza per famiglie e imprese.${flags.chance(0.6) ? ` ${flags.pick(agencyDescriptionMore)}` : ""}`
        : null,
    logo_color: random.pick(colours),
    created_at: new Date(reference.getTime() - random.int(400, 4000) * DAY_MS).toISOString(),
  };
}

function drawType(channel: string, random: Random): { group: string; type: string } {
  const group =
    channel === "affitto-breve"
      ? "case"
      : channel === "vendita"
        ? random.weighted([
            ["case", 80],
            ["garage-posti-auto", 4],
            ["cantine-solai", 1],
            ["edifici-palazzi", 1],
            ["uffici", 3],
            ["commerciale", 5],
            ["capannoni", 2],
            ["terreni", 4],
          ] as const)
        : random.weighted([
            ["case", 78],
            ["stanze", 8],
            ["garage-posti-auto", 3],
            ["uffici", 5],
            ["commerciale", 5],
            ["capannoni", 1],
          ] as const);
  const type = (() => {
    switch (group) {
      case "case":
        return channel === "affitto-breve"
          ? random.weighted([
              ["appartamento", 60],
              ["villa", 12],
              ["casa-indipendente", 12],
              ["rustico-casale", 8],
              ["baita-bungalow-chalet-trullo", 8],
            ] as const)
          : random.weighted([
              ["appartamento", 58],
              ["attico-mansarda", 6],
              ["casa-indipendente", 9],
              ["casa-bi-trifamiliare", 4],
              ["villa", 8],
              ["villetta-a-schiera", 7],
              ["rustico-casale", 5],
              ["loft", 1.5],
              ["baita-bungalow-chalet-trullo", 1.5],
            ] as const);
      case "stanze":
        return "stanza";
      case "garage-posti-auto":
        return random.weighted([
          ["box", 70],
          ["posto-auto", 30],
        ] as const);
      case "cantine-solai":
        return "cantina-solaio";
      case "edifici-palazzi":
        return random.weighted([
          ["palazzo", 40],
          ["edificio", 60],
        ] as const);
      case "uffici":
        return "ufficio";
      case "commerciale":
        return random.weighted([
          ["negozio-locale-commerciale", 70],
          ["attivita-licenza-commerciale", 30],
        ] as const);
      case "capannoni":
        return "capannone";
      default:
        return random.weighted([
          ["terreno-edificabile", 45],
          ["terreno-agricolo", 55],
        ] as const);
    }
  })();
  return { group, type };
}

function drawRooms(type: string, random: Random): number {
  if (["villa", "rustico-casale"].includes(type)) return random.int(4, 9);
  if (["casa-indipendente", "casa-bi-trifamiliare", "villetta-a-schiera"].includes(type)) return random.int(3, 7);
  if (type === "loft") return random.int(1, 3);
  return random.weighted([
    [1, 10],
    [2, 27],
    [3, 33],
    [4, 20],
    [5, 8],
    [6, 2],
  ] as const);
}

function drawSurface(type: string, rooms: number | null, random: Random): number {
  const base: Record<string, [number, number]> = {
    box: [12, 25],
    "posto-auto": [10, 15],
    "cantina-solaio": [5, 30],
    palazzo: [400, 2500],
    edificio: [250, 2000],
    "negozio-locale-commerciale": [30, 300],
    "attivita-licenza-commerciale": [40, 400],
    capannone: [300, 5000],
    "terreno-edificabile": [400, 5000],
    "terreno-agricolo": [2000, 60000],
    stanza: [10, 22],
  };
  const range = base[type];
  if (range) return random.int(range[0], range[1]);
  const perRoom = type === "ufficio" ? 22 : ["villa", "rustico-casale"].includes(type) ? 38 : 27;
  return Math.max(20, Math.round((rooms ?? 2) * perRoom * Math.exp(random.normal(0.1, 0.18)) + 8));
}

function drawBuildingYear(random: Random): number {
  const decade = random.weighted([
    [1900, 6],
    [1930, 5],
    [1950, 10],
    [1960, 18],
    [1970, 20],
    [1980, 13],
    [1990, 10],
    [2000, 10],
    [2010, 6],
    [2020, 2],
  ] as const);
  return Math.min(2025, decade + random.int(0, 9));
}

const energyClasses = ["A4", "A3", "A2", "A1", "B", "C", "D", "E", "F", "G"] as const;

function drawEnergyClass(year: number, condition: string | null, random: Random): string {
  if (condition === "nuovo")
    return random.weighted([
      ["A4", 35],
      ["A3", 25],
      ["A2", 15],
      ["A1", 15],
      ["B", 10],
    ] as const);
  const centre = year < 1960 ? 9 : year < 1980 ? 8.5 : year < 2000 ? 7.5 : year < 2010 ? 6 : 4.5;
  const shift = condition === "nuovo-ristrutturato" ? -2 : condition === "da-ristrutturare" ? 0.5 : 0;
  const index = Math.round(Math.min(9, Math.max(0, random.normal(centre + shift, 1.3))));
  return energyClasses[index]!;
}

/** kWh/m² per year: each class's band of the Italian APE scale, drawn inside the band. */
function energyIndex(energyClass: string, random: Random): number {
  const bands: Record<string, [number, number]> = {
    A4: [5, 15],
    A3: [15, 30],
    A2: [30, 45],
    A1: [45, 60],
    B: [60, 80],
    C: [80, 110],
    D: [110, 150],
    E: [150, 200],
    F: [200, 260],
    G: [260, 420],
  };
  const [lo, hi] = bands[energyClass]!;
  return Math.round((lo + random.next() * (hi - lo)) * 10) / 10;
}

function typeFactor(type: string): number {
  const factors: Record<string, number> = {
    villa: 1.15,
    "attico-mansarda": 1.2,
    loft: 1.05,
    "rustico-casale": 0.75,
    "baita-bungalow-chalet-trullo": 0.9,
    box: 1.0,
    "posto-auto": 0.6,
    "cantina-solaio": 0.35,
    palazzo: 0.9,
    edificio: 0.75,
    ufficio: 0.85,
    "negozio-locale-commerciale": 0.9,
    "attivita-licenza-commerciale": 0.55,
    capannone: 0.25,
    "terreno-edificabile": 0.08,
    "terreno-agricolo": 0.004,
    stanza: 1,
  };
  return factors[type] ?? 1;
}

function conditionFactor(condition: string | null): number {
  return condition === "nuovo" ? 1.25 : condition === "nuovo-ristrutturato" ? 1.12 : condition === "da-ristrutturare" ? 0.72 : 1;
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

function describe(label: string, channelWords: string, surface: number, rooms: number | null, town: string, random: Random): string {
  const size = rooms ? `${rooms} ${rooms === 1 ? "locale" : "locali"} per ${surface} m²` : `${surface} m²`;
  return `${random.pick(descriptionOpenings)} ${label.toLowerCase()} ${channelWords} a ${town}, di ${size}. ${random.pick(descriptionClosings)}`;
}

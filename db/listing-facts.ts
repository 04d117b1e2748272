/**
 * Exact search totals from a columnar copy of the listings' filter columns held in memory.
 *
 * Why: an Italy-wide total reads ~600,000 index entries in PostgreSQL (~85 ms on 2 cores, the
 * slowest part of a search; docs/decisions/032-in-memory-totals.md). The same count over typed
 * arrays takes a few milliseconds. Listings change only when the dataset is (re)loaded, and the
 * loader calls `forgetListingFacts`, so the copy is never stale; a future writer of listings must
 * do the same. Searches the copy cannot answer exactly (drawn polygons) return
 * null and are counted by SQL, as is every search until the copy has loaded.
 *
 * Every condition here mirrors one in `criteriaCondition` (db/listings-search.ts), with SQL's NULL
 * rules: a null number is NaN (every comparison false), a null text is code -1.
 */
import { sql, type Kysely } from "kysely";
import { PlaceLevel } from "../core/places.ts";
import { poiType } from "../core/poi.ts";
import { publicationDates } from "../core/search/vocabulary.ts";
import { distanceMeters } from "../core/geo.ts";
import { circleBBox, PAYMENT_PER_EURO, type SearchCriteria } from "./listings-search.ts";
import type { Database } from "./schema.ts";

const NUMBER_COLUMNS = [
  "price", "price_per_mq", "surface", "rooms", "bedrooms", "baths", "parking_spaces", "floor", "total_floors", "building_year",
  "photo_count", "published_ms", "lat", "lon", "publisher_id", "agent_id",
  "dist_bus_station", "dist_subway", "dist_electric_charging", "dist_elementary_school", "dist_high_school",
  "dist_secondary_school", "dist_nursery_school", "dist_supermarket",
] as const;
const FLAG_COLUMNS = [
  "is_new_construction", "has_lift", "has_balcony", "has_terrace", "is_auction", "is_private_negotiation", "has_pool",
  "has_reception", "has_virtual_tour", "has_air_conditioning", "is_luxury", "is_under_construction",
  "includes_property_ownership", "has_floor_plan",
] as const;
const TEXT_COLUMNS = [
  "channel", "property_type_group", "property_type", "price_unit", "garden", "heating", "energy_class", "building_condition",
  "availability", "seller_type", "furniture", "commercial_building_location", "license_type_group", "price_type",
  "region_id", "province_id", "town_id", "zone_id", "block_id",
] as const;
type NumberColumn = (typeof NUMBER_COLUMNS)[number];
type FlagColumn = (typeof FLAG_COLUMNS)[number];
type TextColumn = (typeof TEXT_COLUMNS)[number];

const BATCH = 50_000;

/** One map cell of listings: grid coordinates, how many, where on average, from what price. */
export interface MapCell { cx: number; cy: number; count: number; lat: number; lon: number; minPrice: number }
type Predicate = (row: number) => boolean;

export class ListingFacts {
  readonly size: number;
  readonly #ids: Float64Array;
  readonly #numbers = new Map<NumberColumn, Float64Array>();
  /** 1 true, 0 false, 2 null. */
  readonly #flags = new Map<FlagColumn, Uint8Array>();
  readonly #texts = new Map<TextColumn, Int32Array>();
  readonly #codes = new Map<string, number>();
  /** Rows of each channel and group, and of each town: the candidates a count walks. */
  readonly #byChannelGroup = new Map<string, Uint32Array>();
  readonly #byTown = new Map<number, Uint32Array>();
  /** Rows near each metro stop and inside each non-administrative zone (array columns). */
  readonly #byArrayPlace = new Map<string, Uint32Array>();

  /** Row keys as they come back (camelCase, CamelCasePlugin) paired with their arrays, for the load loop. */
  readonly #numberFields: Array<[string, Float64Array]>;
  readonly #flagFields: Array<[string, Uint8Array]>;
  readonly #textFields: Array<[string, Int32Array]>;

  private constructor(size: number) {
    this.size = size;
    this.#ids = new Float64Array(size);
    const camel = (c: string) => c.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
    for (const c of NUMBER_COLUMNS) this.#numbers.set(c, new Float64Array(size));
    for (const c of FLAG_COLUMNS) this.#flags.set(c, new Uint8Array(size));
    for (const c of TEXT_COLUMNS) this.#texts.set(c, new Int32Array(size));
    this.#numberFields = NUMBER_COLUMNS.map((c) => [camel(c), this.#numbers.get(c)!]);
    this.#flagFields = FLAG_COLUMNS.map((c) => [camel(c), this.#flags.get(c)!]);
    this.#textFields = TEXT_COLUMNS.map((c) => [camel(c), this.#texts.get(c)!]);
  }

  /** Reads every listing in id order, in batches so memory stays flat. */
  static async load(db: Kysely<Database>): Promise<ListingFacts> {
    const { n } = await db.selectFrom("listings").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const facts = new ListingFacts(Number(n));
    const arrayPlaces = new Map<string, number[]>();
    let row = 0;
    let lastId = -1;
    while (row < facts.size) {
      const result = await sql<Record<string, unknown>>`
        SELECT id, ${sql.raw(NUMBER_COLUMNS.filter((c) => c !== "published_ms").join(", "))},
          (extract(epoch from published_at) * 1000)::float8 AS published_ms,
          ${sql.raw([...FLAG_COLUMNS, ...TEXT_COLUMNS].join(", "))}, metro_stop_ids, nonadmin_zone_ids
        FROM listings WHERE id > ${lastId} ORDER BY id LIMIT ${BATCH}`.execute(db);
      if (result.rows.length === 0) break;
      for (const r of result.rows) {
        if (row >= facts.size) break;
        facts.#fill(row, r);
        facts.#ids[row] = Number(r.id);
        for (const id of [...(r.metroStopIds as string[]), ...(r.nonadminZoneIds as string[])]) {
          let rows = arrayPlaces.get(id);
          if (!rows) arrayPlaces.set(id, (rows = []));
          rows.push(row);
        }
        row++;
        lastId = Number(r.id);
      }
    }
    // Rows beyond what was read (listings deleted while loading) are left out of every group.
    const limit = row;
    const groups = new Map<string, number[]>();
    const towns = new Map<number, number[]>();
    const channel = facts.#texts.get("channel")!;
    const group = facts.#texts.get("property_type_group")!;
    const town = facts.#texts.get("town_id")!;
    for (let i = 0; i < limit; i++) {
      const key = `${channel[i]}|${group[i]}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = []));
      g.push(i);
      let t = towns.get(town[i]!);
      if (!t) towns.set(town[i]!, (t = []));
      t.push(i);
    }
    for (const [key, rows] of groups) facts.#byChannelGroup.set(key, Uint32Array.from(rows));
    for (const [key, rows] of towns) facts.#byTown.set(key, Uint32Array.from(rows));
    for (const [key, rows] of arrayPlaces) facts.#byArrayPlace.set(key, Uint32Array.from(rows));
    return facts;
  }

  #code(value: string): number {
    let code = this.#codes.get(value);
    if (code === undefined) this.#codes.set(value, (code = this.#codes.size));
    return code;
  }

  #fill(row: number, r: Record<string, unknown>): void {
    for (const [key, a] of this.#numberFields) {
      const v = r[key];
      a[row] = v === null || v === undefined ? Number.NaN : Number(v);
    }
    for (const [key, a] of this.#flagFields) {
      const v = r[key];
      a[row] = v === null || v === undefined ? 2 : v ? 1 : 0;
    }
    for (const [key, a] of this.#textFields) {
      const v = r[key];
      a[row] = v === null || v === undefined ? -1 : this.#code(String(v));
    }
  }

  /** The exact number of listings matching the criteria, or null when only SQL can tell. */
  count(c: SearchCriteria): number | null {
    let n = 0;
    return this.#scan(c, null, () => void n++) === null ? null : n;
  }

  /**
   * Visits every row matching the criteria, inside `bbox` when one is given; `visit` returns false
   * to stop early (then so does this). Null when only SQL can tell (drawn polygons).
   */
  #scan(c: SearchCriteria, bbox: readonly [number, number, number, number] | null, visit: (row: number) => boolean | void): boolean | null {
    if (c.area?.kind === "polygon") return null;
    const { lists, channelGroupOnly } = this.#candidates(c);
    const predicates = this.#predicates(c, channelGroupOnly);
    if (!predicates) return true;
    if (bbox) {
      const [w, s, e, n] = bbox;
      const lat = this.#numbers.get("lat")!;
      const lon = this.#numbers.get("lon")!;
      // First: the view rules out most rows of a channel.
      predicates.unshift((i) => lat[i]! >= s && lat[i]! <= n && lon[i]! >= w && lon[i]! <= e);
    }
    const k = predicates.length;
    for (const list of lists) {
      rows: for (let j = 0; j < list.length; j++) {
        const i = list[j]!;
        for (let p = 0; p < k; p++) if (!predicates[p]!(i)) continue rows;
        if (visit(i) === false) return false;
      }
    }
    return true;
  }

  /**
   * Map cells for the markers of a view, as `listingMarkers` groups them in SQL: listings matching the
   * criteria inside the bbox, grouped by floor(lon / cell), floor(lat / cell), with the count, the mean
   * position and the lowest price. Null when only SQL can tell.
   */
  cells(c: SearchCriteria, bbox: [number, number, number, number], cell: number): MapCell[] | null {
    const lat = this.#numbers.get("lat")!;
    const lon = this.#numbers.get("lon")!;
    const price = this.#numbers.get("price")!;
    const byCell = new Map<number, MapCell & { sumLat: number; sumLon: number }>();
    // Cell coordinates fit in ±2^20 at any zoom we serve, so one number keys a cell.
    const SPAN = 2 ** 21;
    const scanned = this.#scan(c, bbox, (i) => {
      const y = lat[i]!;
      const x = lon[i]!;
      const cx = Math.floor(x / cell);
      const cy = Math.floor(y / cell);
      const key = (cx + SPAN) * 2 * SPAN + (cy + SPAN);
      const found = byCell.get(key);
      if (found) {
        found.count++;
        found.sumLat += y;
        found.sumLon += x;
        if (price[i]! < found.minPrice) found.minPrice = price[i]!;
      } else {
        byCell.set(key, { cx, cy, count: 1, sumLat: y, sumLon: x, minPrice: price[i]!, lat: 0, lon: 0 });
      }
    });
    if (scanned === null) return null;
    return [...byCell.values()].map(({ sumLat, sumLon, ...cellData }) => ({ ...cellData, lat: sumLat / cellData.count, lon: sumLon / cellData.count }));
  }

  /**
   * Ids of the listings matching the criteria inside the bbox (for map pins), or null when only SQL
   * can tell or when there are more than `max` of them.
   */
  idsInView(c: SearchCriteria, bbox: [number, number, number, number], max: number): number[] | null {
    const ids: number[] = [];
    const complete = this.#scan(c, bbox, (i) => {
      if (ids.length === max) return false;
      ids.push(this.#ids[i]!);
    });
    return complete ? ids : null;
  }

  /**
   * The fill-in's order (db/listings-search.ts nearbyListings): the first `limit` matching listings,
   * those in the given towns first, then by distance from the point, then by id. Null when only SQL can tell.
   */
  nearest(c: SearchCriteria, origin: { lat: number; lon: number }, firstTownIds: string[], limit: number): number[] | null {
    const lat = this.#numbers.get("lat")!;
    const lon = this.#numbers.get("lon")!;
    const town = this.#texts.get("town_id")!;
    const first = new Set(firstTownIds.map((id) => this.#codes.get(id)).filter((v): v is number => v !== undefined));
    const found: Array<{ id: number; first: boolean; distance: number }> = [];
    const scanned = this.#scan(c, null, (i) => {
      found.push({ id: this.#ids[i]!, first: first.has(town[i]!), distance: distanceMeters(origin.lat, origin.lon, lat[i]!, lon[i]!) });
    });
    if (scanned === null) return null;
    found.sort((a, b) => Number(b.first) - Number(a.first) || a.distance - b.distance || a.id - b.id);
    return found.slice(0, limit).map((f) => f.id);
  }

  /** The channel-and-group rows, or only the rows of the searched towns when every place lies in a town. */
  #candidates(c: SearchCriteria): { lists: Uint32Array[]; channelGroupOnly: boolean } {
    const { query } = c;
    const group = query.group === "nuove-costruzioni" ? "case" : query.group;
    const channelGroup = this.#byChannelGroup.get(`${this.#codes.get(query.channel) ?? -2}|${this.#codes.get(group) ?? -2}`) ?? new Uint32Array(0);
    const places = c.places;
    if (places.length === 0 || places.some((p) => p.level === PlaceLevel.country)) return { lists: [channelGroup], channelGroupOnly: true };
    const townIds = new Set<string>();
    for (const p of places) {
      // Place ids below a town start with the town's id (docs/decisions/004-place-keys.md).
      const townId = p.level === PlaceLevel.town ? p.id : p.level === PlaceLevel.zone || p.level === PlaceLevel.block ? p.id.split("-").slice(0, 3).join("-") : undefined;
      if (!townId) return { lists: [channelGroup], channelGroupOnly: true };
      townIds.add(townId);
    }
    const lists: Uint32Array[] = [];
    for (const id of townIds) {
      const code = this.#codes.get(id);
      const rows = code === undefined ? undefined : this.#byTown.get(code);
      if (rows) lists.push(rows);
    }
    return { lists, channelGroupOnly: false };
  }

  /** One predicate per condition; null when a condition can match nothing (a value no listing has). */
  #predicates(c: SearchCriteria, channelGroupOnly: boolean): Predicate[] | null {
    const { query } = c;
    const f = query.filters;
    const num = (col: NumberColumn) => this.#numbers.get(col)!;
    const flag = (col: FlagColumn) => this.#flags.get(col)!;
    const text = (col: TextColumn) => this.#texts.get(col)!;
    const out: Predicate[] = [];
    const codesOf = (values: readonly string[]) => new Set(values.map((v) => this.#codes.get(v)).filter((v): v is number => v !== undefined));
    const isIn = (col: TextColumn, values: readonly string[]) => {
      const codes = codesOf(values);
      const a = text(col);
      out.push((i) => codes.has(a[i]!));
    };
    const isTrue = (col: FlagColumn) => {
      const a = flag(col);
      out.push((i) => a[i] === 1);
    };
    const range = (a: Float64Array, r: { min?: number; max?: number } | undefined) => {
      if (!r) return;
      const { min, max } = r;
      if (min !== undefined) out.push((i) => a[i]! >= min);
      if (max !== undefined) out.push((i) => a[i]! <= max);
    };

    // Channel and group are the candidate lists; the rest below.
    const channel = text("channel");
    const channelCode = this.#codes.get(query.channel);
    if (channelCode === undefined) return null;
    const groupCode = this.#codes.get(query.group === "nuove-costruzioni" ? "case" : query.group);
    if (groupCode === undefined) return null;
    const groupColumn = text("property_type_group");
    // Rows of the channel-and-group list need no check; rows of a town's list do.
    if (!channelGroupOnly) out.push((i) => channel[i] === channelCode && groupColumn[i] === groupCode);
    if (query.group === "nuove-costruzioni") isTrue("is_new_construction");
    if (query.propertyTypes.length > 0) isIn("property_type", query.propertyTypes);

    const places = this.#placePredicate(c.places, c.lineStops);
    if (places) out.push(places);
    const excluded = c.excludePlaces?.length ? this.#placePredicate(c.excludePlaces, c.lineStops) : null;
    if (excluded) out.push((i) => !excluded(i));
    const area = c.area;
    if (area?.kind === "bounds" || area?.kind === "circle") {
      const [w, s, e, n] = area.kind === "bounds" ? area.bbox : circleBBox(area.lat, area.lon, area.radius);
      const lat = num("lat");
      const lon = num("lon");
      out.push((i) => lat[i]! >= s && lat[i]! <= n && lon[i]! >= w && lon[i]! <= e);
      if (area.kind === "circle") {
        const { lat: clat, lon: clon, radius } = area;
        out.push((i) => distanceMeters(clat, clon, lat[i]!, lon[i]!) <= radius);
      }
    }

    range(num("price"), f.price);
    if (f.payment) {
      const price = num("price");
      const payment = f.payment;
      if (payment.min !== undefined) out.push((i) => price[i]! * PAYMENT_PER_EURO >= payment.min!);
      if (payment.max !== undefined) out.push((i) => price[i]! * PAYMENT_PER_EURO <= payment.max!);
      isIn("price_unit", ["total"]);
    }
    range(num("price_per_mq"), f.mqprice);
    range(num("surface"), f.mq);
    range(num("rooms"), f.rooms);
    range(num("bedrooms"), f.bedrooms);
    range(num("building_year"), f.buildingYear);
    if (f.baths) range(num("baths"), { min: f.baths });
    if (f.parkingSpaces) range(num("parking_spaces"), { min: f.parkingSpaces });
    if (f.floorLevels) {
      const floor = num("floor");
      const total = num("total_floors");
      const levels = f.floorLevels;
      out.push((i) => levels.some((level) =>
        level === "terra" ? floor[i]! <= 0 : level === "ultimo" ? floor[i]! > 0 && floor[i] === total[i] : floor[i]! > 0 && floor[i]! < total[i]!));
    }
    if (f.lift) isTrue("has_lift");
    if (f.liftLevel !== undefined) {
      const lift = flag("has_lift");
      const floor = num("floor");
      const level = f.liftLevel;
      out.push((i) => lift[i] === 1 || floor[i]! <= level);
    }
    if (f.balconyAndTerrace) { isTrue("has_balcony"); isTrue("has_terrace"); }
    if (f.balcony) isTrue("has_balcony");
    if (f.terrace) isTrue("has_terrace");
    if (f.garden === "any") {
      const garden = text("garden");
      out.push((i) => garden[i] !== -1);
    } else if (f.garden) isIn("garden", [f.garden]);
    if (f.heating) isIn("heating", [f.heating]);
    if (f.energyClasses) isIn("energy_class", f.energyClasses);
    if (f.buildingConditions) isIn("building_condition", f.buildingConditions);
    if (f.availability) isIn("availability", f.availability);
    if (f.sellerType) isIn("seller_type", [f.sellerType]);
    if (f.furniture) isIn("furniture", f.furniture);
    if (f.publicationDate) range(num("published_ms"), { min: c.now.getTime() - publicationDates[f.publicationDate] * 86_400_000 });
    if (f.auction !== "include") {
      const a = flag("is_auction");
      const want = f.auction === "only" ? 1 : 0;
      out.push((i) => a[i] === want);
    }
    if (f.privateNegotiation !== "include") {
      const a = flag("is_private_negotiation");
      const want = f.privateNegotiation === "only" ? 1 : 0;
      out.push((i) => a[i] === want);
    }
    if (f.pool) isTrue("has_pool");
    if (f.reception) isTrue("has_reception");
    if (f.virtualTour) isTrue("has_virtual_tour");
    if (f.airConditioned) isTrue("has_air_conditioning");
    if (f.luxury) isTrue("is_luxury");
    if (f.excludeUnderConstruction) {
      const a = flag("is_under_construction");
      out.push((i) => a[i] === 0);
    }
    if (f.includesPropertyOwnership) isTrue("includes_property_ownership");
    if (f.commercialBuildingLocations) isIn("commercial_building_location", f.commercialBuildingLocations);
    if (f.licenseTypeGroups) isIn("license_type_group", f.licenseTypeGroups);
    if (f.priceType) isIn("price_type", [f.priceType]);
    if (f.floorPlan) isTrue("has_floor_plan");
    if (f.photo) range(num("photo_count"), { min: 1 });
    for (const id of f.poi ?? []) {
      const t = poiType(id);
      const column = t.distanceColumn.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`) as NumberColumn;
      range(num(column), { max: t.maxDistance });
    }
    if (f.publisherId) {
      const publisher = num("publisher_id");
      const agent = num("agent_id");
      const id = f.publisherId;
      out.push((i) => publisher[i] === id || agent[i] === id);
    }
    return out;
  }

  /** Inside any of the places, as `placeCondition` in db/listings-search.ts. */
  #placePredicate(places: SearchCriteria["places"], lineStops: SearchCriteria["lineStops"]): Predicate | null {
    if (places.length === 0 || places.some((p) => p.level === PlaceLevel.country)) return null;
    const column: Partial<Record<number, TextColumn>> = {
      [PlaceLevel.region]: "region_id", [PlaceLevel.province]: "province_id", [PlaceLevel.town]: "town_id",
      [PlaceLevel.zone]: "zone_id", [PlaceLevel.block]: "block_id",
    };
    const byColumn = new Map<TextColumn, Set<number>>();
    const arrayRows = new Set<number>();
    for (const p of places) {
      const col = column[p.level];
      if (col) {
        let codes = byColumn.get(col);
        if (!codes) byColumn.set(col, (codes = new Set()));
        const code = this.#codes.get(p.id);
        if (code !== undefined) codes.add(code);
        continue;
      }
      const ids = p.level === PlaceLevel.metroLine ? (lineStops.get(p.id) ?? []) : [p.id];
      for (const id of ids) for (const row of this.#byArrayPlace.get(id) ?? []) arrayRows.add(row);
    }
    const checks = [...byColumn].map(([col, codes]) => ({ a: this.#texts.get(col)!, codes }));
    return (i) => arrayRows.has(i) || checks.some(({ a, codes }) => codes.has(a[i]!));
  }
}

const loaded = new WeakMap<Kysely<Database>, ListingFacts>();
const loading = new WeakMap<Kysely<Database>, Promise<ListingFacts>>();

/** Starts loading the facts for this database (once); resolves when they are ready. */
export function loadListingFacts(db: Kysely<Database>): Promise<ListingFacts> {
  let promise = loading.get(db);
  if (!promise) {
    promise = ListingFacts.load(db).then((facts) => {
      if (loading.get(db) === promise) loaded.set(db, facts);
      return facts;
    });
    promise.catch(() => loading.delete(db));
    loading.set(db, promise);
  }
  return promise;
}

/** The facts if they have been loaded for this database (the server decides: SEARCH_FACTS); else count with SQL. */
export function listingFacts(db: Kysely<Database>): ListingFacts | undefined {
  return loaded.get(db);
}

/** After listings change (the loader), so the next search reloads them. */
export function forgetListingFacts(db: Kysely<Database>): void {
  loaded.delete(db);
  loading.delete(db);
}

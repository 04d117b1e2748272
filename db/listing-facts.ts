/**
 * Exact search totals from a columnar copy of the listings' filter columns held in memory.
 *
 * Why: an Italy-wide total reads every matching index entry in PostgreSQL, the slowest part of a
 * search at a million listings; the same count over typed arrays is an order of magnitude faster
 * (docs/decisions/032-in-memory-totals.md, docs/BENCHMARKS.md). Listings that change after the load are applied one by one
 * (`refresh`, driven by db/listing-changes.ts, which follows the database's change log); a bulk
 * reload replaces the copy. Until the copy has loaded, searches are counted by SQL. Drawn areas are
 * tested with PostgreSQL's own point-in-polygon rule (core/geo.ts), so both count the same listings.
 *
 * The filters' conditions come from core/search/filters.ts and are compiled here into predicates, as
 * db/listings-search.ts compiles them into SQL, with SQL's NULL rules: a null number is NaN (every
 * comparison false), a null flag is 2, a null text is code -1. The columns held are core's
 * `searchColumns`, so a new filter on a listed column needs nothing here.
 */
import { sql, type Kysely, type RawBuilder } from "kysely";
import { PlaceLevel } from "../core/places.ts";
import {
  placeArrayColumn,
  placeKeyColumn,
  searchColumns,
  searchFilters,
  type Condition,
  type SearchColumn,
} from "../core/search/filters.ts";
import { bboxOf, circleBBox, distanceMeters, insideRingAsPostgres } from "../core/geo.ts";
import { sortOrders, type SortKey } from "../core/search/vocabulary.ts";
import { frameConditions, storedGroup, type ResolvedSearch } from "../core/search/match.ts";
import { sqlColumnName, type Database } from "./schema.ts";

type ColumnOf<S> = { [C in SearchColumn]: (typeof searchColumns)[C] extends S ? C : never }[SearchColumn];
/** Numbers, and instants as milliseconds since the epoch. */
type NumberColumn = ColumnOf<"number" | "time">;
type FlagColumn = ColumnOf<"flag">;
type TextColumn = ColumnOf<"text">;
const columnsOf = <C extends SearchColumn>(...kinds: string[]) =>
  (Object.keys(searchColumns) as SearchColumn[]).filter((c) => kinds.includes(searchColumns[c])) as C[];
const NUMBER_COLUMNS = columnsOf<NumberColumn>("number", "time");
const FLAG_COLUMNS = columnsOf<FlagColumn>("flag");
const TEXT_COLUMNS = columnsOf<TextColumn>("text");
/**
 * The held columns as SQL selects them: instants as milliseconds, every other column as stored; each under
 * the name the copy reads (`"propertyTypeGroup"`), so rows need no renaming on the way in (below).
 */
const SELECT_COLUMNS = (Object.keys(searchColumns) as SearchColumn[])
  .map((c) => `${searchColumns[c] === "time" ? `(extract(epoch from ${sqlColumnName(c)}) * 1000)::float8` : sqlColumnName(c)} AS "${c}"`)
  .join(", ");

const BATCH = 50_000;
/** The listing columns naming a listing's administrative places, region to block. */
const PLACE_KEY_COLUMNS = Object.values(placeKeyColumn) as TextColumn[];
/** The channel slot of `placeCountKey` that counts every channel. */
const ALL_CHANNELS = -1;
/** One number per (place, channel) pair: text codes are non-negative integers below 2^26, far more than held. */
const placeCountKey = (place: number, channel: number): number => (channel + 1) * 2 ** 26 + place;

/** One map cell of listings: grid coordinates, how many, where on average, from what shown price (null: all hidden). */
export interface MapCell {
  cx: number;
  cy: number;
  count: number;
  lat: number;
  lon: number;
  minPrice: number | null;
}
type Predicate = (row: number) => boolean;

export class ListingFacts {
  /** Rows allocated; rows [0, #sortedCount) were loaded in id order, later ones were added by `refresh`. */
  #capacity: number;
  #sortedCount = 0;
  #next = 0;
  #liveCount = 0;
  #ids: Float64Array;
  /** 1 for a row holding a listing, 0 for a free or withdrawn one (it is in no candidate list). */
  #alive: Uint8Array;
  /** Rows added after the load, by listing id, and rows freed for reuse. */
  readonly #added = new Map<number, number>();
  readonly #free: number[] = [];
  /**
   * The metro stops and non-administrative zones of each row (for moving it between lists). Loaded rows keep
   * them as codes in one typed array (row i's are #loadedPlaces[#loadedPlaceStart[i] … #loadedPlaceStart[i + 1]]):
   * as an array of strings per row they were ~1.3 M of a worker's heap objects at 1.2 M listings, which every
   * old-generation marking walks (docs/decisions/072). Rows changed or added since keep theirs in #changedPlaces.
   */
  #loadedPlaceStart = new Uint32Array(1);
  #loadedPlaces = new Uint32Array(0);
  readonly #placeIds: string[] = [];
  readonly #changedPlaces = new Map<number, readonly string[]>();
  readonly #numbers = new Map<NumberColumn, Float64Array>();
  /** 1 true, 0 false, 2 null. */
  readonly #flags = new Map<FlagColumn, Uint8Array>();
  readonly #texts = new Map<TextColumn, Int32Array>();
  readonly #codes = new Map<string, number>();
  /** Rows of each channel and group, and of each town: the candidates a count walks. */
  readonly #byChannelGroup = new Map<string, Uint32Array>();
  readonly #byTown = new Map<number, Uint32Array>();
  /**
   * Rows of each region and of each province, by channel (`areaKey`): the candidates of a search in one of them,
   * a few times fewer than the channel's whole list (a guided flow's region-wide count, docs/decisions/138).
   */
  readonly #byArea = new Map<string, Uint32Array>();
  /** Rows near each metro stop and inside each non-administrative zone (array columns). */
  readonly #byArrayPlace = new Map<string, Uint32Array>();
  /** Rows in each grid cell of CELL_DEGREES (any channel): the candidates of a search in an area or a view. */
  readonly #byCell = new Map<number, Uint32Array>();
  /**
   * Live listings per administrative place (region to block), of each channel and of all (`placeCountKey`):
   * kept as rows are loaded, changed and removed, so a page's related places cost a look-up each.
   */
  readonly #placeCounts = new Map<number, number>();

  /** Row keys as they come back (camelCase, CamelCasePlugin) paired with their arrays, for the load loop. */
  #numberFields: Array<[string, Float64Array]> = [];
  #flagFields: Array<[string, Uint8Array]> = [];
  #textFields: Array<[string, Int32Array]> = [];

  private constructor(size: number) {
    this.#capacity = size;
    this.#ids = new Float64Array(size);
    this.#alive = new Uint8Array(size);
    for (const c of NUMBER_COLUMNS) this.#numbers.set(c, new Float64Array(size));
    for (const c of FLAG_COLUMNS) this.#flags.set(c, new Uint8Array(size));
    for (const c of TEXT_COLUMNS) this.#texts.set(c, new Int32Array(size));
    this.#bindFields();
  }

  /** How many listings the copy holds. */
  get size(): number {
    return this.#liveCount;
  }

  #bindFields(): void {
    this.#numberFields = NUMBER_COLUMNS.map((c) => [c, this.#numbers.get(c)!]);
    this.#flagFields = FLAG_COLUMNS.map((c) => [c, this.#flags.get(c)!]);
    this.#textFields = TEXT_COLUMNS.map((c) => [c, this.#texts.get(c)!]);
  }

  /** The filter columns of listings, as the copy stores them (`#fill`), for a load batch or a refresh. */
  static #selectRows(db: Kysely<Database>, condition: RawBuilder<unknown>) {
    // Without Kysely's camel-case plugin, which copied every row to rename its keys: 70 % of a load's time at
    // 1.2 M listings (CPU profile); the columns come already named as the copy reads them.
    return sql<Record<string, unknown>>`
        SELECT id, ${sql.raw(SELECT_COLUMNS)}, metro_stop_ids AS "metroStopIds", nonadmin_zone_ids AS "nonadminZoneIds"
        FROM listings WHERE ${condition}`.execute(db.withoutPlugins());
  }

  /** Reads every listing in id order, in batches so memory stays flat. */
  static async load(db: Kysely<Database>): Promise<ListingFacts> {
    const { n } = await db
      .selectFrom("listings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const facts = new ListingFacts(Number(n));
    const arrayPlaces = new Map<string, number[]>();
    const placeCodes = new Map<string, number>();
    const loadedPlaces: number[] = [];
    const loadedPlaceStart = new Uint32Array(facts.#capacity + 1);
    let row = 0;
    let lastId = -1;
    while (row < facts.#capacity) {
      const result = await ListingFacts.#selectRows(db, sql`id > ${lastId} ORDER BY id LIMIT ${BATCH}`);
      if (result.rows.length === 0) break;
      for (const r of result.rows) {
        if (row >= facts.#capacity) break;
        facts.#fill(row, r);
        facts.#ids[row] = Number(r.id);
        facts.#alive[row] = 1;
        loadedPlaceStart[row] = loadedPlaces.length;
        for (const id of [...(r.metroStopIds as string[]), ...(r.nonadminZoneIds as string[])]) {
          let rows = arrayPlaces.get(id);
          if (!rows) arrayPlaces.set(id, (rows = []));
          rows.push(row);
          let code = placeCodes.get(id);
          if (code === undefined) placeCodes.set(id, (code = facts.#placeIds.push(id) - 1));
          loadedPlaces.push(code);
        }
        row++;
        lastId = Number(r.id);
      }
    }
    // Rows beyond what was read (listings deleted while loading) are left out of every group, free for refresh.
    const limit = row;
    loadedPlaceStart.fill(loadedPlaces.length, limit);
    facts.#loadedPlaceStart = loadedPlaceStart;
    facts.#loadedPlaces = Uint32Array.from(loadedPlaces);
    facts.#sortedCount = facts.#next = facts.#liveCount = limit;
    const groups = new Map<string, number[]>();
    const towns = new Map<number, number[]>();
    const areas = new Map<string, number[]>();
    const region = facts.#texts.get("regionId")!;
    const province = facts.#texts.get("provinceId")!;
    const cells = new Map<number, number[]>();
    const lat = facts.#numbers.get("lat")!;
    const lon = facts.#numbers.get("lon")!;
    const channel = facts.#texts.get("channel")!;
    const group = facts.#texts.get("propertyTypeGroup")!;
    const town = facts.#texts.get("townId")!;
    for (let i = 0; i < limit; i++) {
      facts.#countPlaces(i, 1);
      const key = `${channel[i]}|${group[i]}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = []));
      g.push(i);
      let t = towns.get(town[i]!);
      if (!t) towns.set(town[i]!, (t = []));
      t.push(i);
      for (const place of [region[i]!, province[i]!]) {
        if (place === -1) continue;
        const k = areaKey(place, channel[i]!);
        let a = areas.get(k);
        if (!a) areas.set(k, (a = []));
        a.push(i);
      }
      const cell = cellKey(lat[i]!, lon[i]!);
      if (cell !== null) {
        let c = cells.get(cell);
        if (!c) cells.set(cell, (c = []));
        c.push(i);
      }
    }
    for (const [key, rows] of groups) facts.#byChannelGroup.set(key, Uint32Array.from(rows));
    for (const [key, rows] of towns) facts.#byTown.set(key, Uint32Array.from(rows));
    for (const [key, rows] of areas) facts.#byArea.set(key, Uint32Array.from(rows));
    for (const [key, rows] of cells) facts.#byCell.set(key, Uint32Array.from(rows));
    for (const [key, rows] of arrayPlaces) facts.#byArrayPlace.set(key, Uint32Array.from(rows));
    return facts;
  }

  #code(value: string): number {
    let code = this.#codes.get(value);
    if (code === undefined) this.#codes.set(value, (code = this.#codes.size));
    return code;
  }

  /** Adds (1) or takes away (-1) a row from the counts of its places, for its channel and for all. */
  #countPlaces(row: number, delta: 1 | -1): void {
    const channel = this.#texts.get("channel")![row]!;
    const counts = this.#placeCounts;
    for (const column of PLACE_KEY_COLUMNS) {
      const place = this.#texts.get(column)![row]!;
      if (place === -1) continue;
      const ofChannel = placeCountKey(place, channel);
      const ofAll = placeCountKey(place, ALL_CHANNELS);
      counts.set(ofChannel, (counts.get(ofChannel) ?? 0) + delta);
      counts.set(ofAll, (counts.get(ofAll) ?? 0) + delta);
    }
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

  /**
   * Brings these listings up to date with the database: re-reads each one and updates, adds or removes
   * its row (a listing no longer there is removed). Safe to repeat: the result depends only on what
   * the database holds now. The arrays change in one synchronous step, so a search never sees half of it.
   */
  async refresh(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const { rows } = await ListingFacts.#selectRows(db, sql`id = ANY(${[...ids]}::bigint[])`);
    this.applyRows(ids, rows);
  }

  /** CPU time spent in `applyRows` (ms): the main thread's share of following changes. */
  applyMs = 0;

  /** `refresh`'s synchronous half: `rows` hold the current state of those of `ids` that still exist. */
  applyRows(ids: readonly number[], rows: readonly Record<string, unknown>[]): void {
    const started = process.cpuUsage();
    const current = new Map(rows.map((r) => [Number(r.id), r]));
    const edits = new ListEdits();
    for (const id of new Set(ids)) {
      const r = current.get(id);
      let row = this.#rowOf(id);
      // The lists the row is in now; those it stays in are not touched (a price change moves nothing).
      const before = row !== undefined && this.#alive[row] === 1 ? this.#listsOf(row) : [];
      if (row !== undefined && this.#alive[row] === 1) {
        this.#countPlaces(row, -1);
        this.#alive[row] = 0;
        this.#liveCount--;
      }
      if (!r) {
        for (const [kind, key] of before) edits.remove.add(kind, key, row!);
        if (row !== undefined && row >= this.#sortedCount) {
          this.#added.delete(id);
          this.#free.push(row);
          this.#changedPlaces.delete(row);
        }
        continue;
      }
      row ??= this.#allocate(id);
      this.#fill(row, r);
      this.#changedPlaces.set(row, [...((r.metroStopIds as string[] | null) ?? []), ...((r.nonadminZoneIds as string[] | null) ?? [])]);
      this.#alive[row] = 1;
      this.#liveCount++;
      this.#countPlaces(row, 1);
      const after = this.#listsOf(row);
      const same = (a: readonly [ListKind, string | number], b: readonly [ListKind, string | number]) => a[0] === b[0] && a[1] === b[1];
      for (const old of before) if (!after.some((k) => same(k, old))) edits.remove.add(old[0], old[1], row);
      for (const now of after) if (!before.some((k) => same(k, now))) edits.add.add(now[0], now[1], row);
    }
    edits.apply(this.#byChannelGroup, "channelGroup", this.#capacity);
    edits.apply(this.#byTown, "town", this.#capacity);
    edits.apply(this.#byArea, "area", this.#capacity);
    edits.apply(this.#byArrayPlace, "arrayPlace", this.#capacity);
    edits.apply(this.#byCell, "cell", this.#capacity);
    const used = process.cpuUsage(started);
    this.applyMs += (used.user + used.system) / 1000;
  }

  /** The row holding (or having held) this listing: a binary search over the loaded rows, then the added ones. */
  #rowOf(id: number): number | undefined {
    let lo = 0;
    let hi = this.#sortedCount - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.#ids[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return this.#added.get(id);
  }

  #allocate(id: number): number {
    let row = this.#free.pop();
    if (row === undefined) {
      if (this.#next === this.#capacity) this.#grow();
      row = this.#next++;
    }
    this.#ids[row] = id;
    this.#added.set(id, row);
    return row;
  }

  /** A quarter more room (at least 1,024 rows), copying every column. */
  #grow(): void {
    const capacity = this.#capacity + Math.max(1024, Math.ceil(this.#capacity / 4));
    const grown = <A extends Float64Array | Uint8Array | Int32Array>(a: A): A => {
      const b = new (a.constructor as new (n: number) => A)(capacity);
      b.set(a);
      return b;
    };
    this.#ids = grown(this.#ids);
    this.#alive = grown(this.#alive);
    for (const [c, a] of this.#numbers) this.#numbers.set(c, grown(a));
    for (const [c, a] of this.#flags) this.#flags.set(c, grown(a));
    for (const [c, a] of this.#texts) this.#texts.set(c, grown(a));
    this.#capacity = capacity;
    this.#bindFields();
  }

  /** The metro stops and non-administrative zones a row is near or in. */
  #arrayPlacesOf(row: number): readonly string[] {
    const changed = this.#changedPlaces.get(row);
    if (changed) return changed;
    if (row >= this.#sortedCount) return [];
    const places: string[] = [];
    for (let i = this.#loadedPlaceStart[row]!; i < this.#loadedPlaceStart[row + 1]!; i++)
      places.push(this.#placeIds[this.#loadedPlaces[i]!]!);
    return places;
  }

  /** The candidate lists a row belongs to, by its current column values. */
  #listsOf(row: number): Array<[ListKind, string | number]> {
    const channel = this.#texts.get("channel")![row]!;
    const group = this.#texts.get("propertyTypeGroup")![row]!;
    const lists: Array<[ListKind, string | number]> = [
      ["channelGroup", `${channel}|${group}`],
      ["town", this.#texts.get("townId")![row]!],
    ];
    for (const column of ["regionId", "provinceId"] as const) {
      const place = this.#texts.get(column)![row]!;
      if (place !== -1) lists.push(["area", areaKey(place, channel)]);
    }
    for (const id of this.#arrayPlacesOf(row)) lists.push(["arrayPlace", id]);
    const cell = cellKey(this.#numbers.get("lat")![row]!, this.#numbers.get("lon")![row]!);
    if (cell !== null) lists.push(["cell", cell]);
    return lists;
  }

  /** The exact number of listings matching the criteria. */
  count(c: ResolvedSearch): number {
    let n = 0;
    this.#scan(c, null, () => void n++);
    return n;
  }

  /**
   * How many listings match each of `variants`, each a narrowing of `base` (every listing a variant matches, base
   * matches): one walk of base's rows, each tested against every variant's whole predicate, so each count is
   * exactly `count(variant)`.
   */
  countEach(base: ResolvedSearch, variants: readonly ResolvedSearch[]): number[] {
    // A variant that differs from base only in its filters is decided, among base's rows, by the filter conditions
    // base does not have (a variant is a narrowing: variant = base ∧ its own conditions); others by their whole chain.
    const registry = (c: ResolvedSearch) => c.registry ?? searchFilters;
    const conditionsOf = (c: ResolvedSearch) => registry(c).conditions(c.query.filters, { now: c.now });
    const baseFrame = frameKey(base);
    const baseConditions = new Set(conditionsOf(base).map((c) => JSON.stringify(c)));
    const chains = variants.map((v) => {
      if (registry(v) !== registry(base) || frameKey(v) !== baseFrame) return this.#predicates(v, false);
      const own: Predicate[] = [];
      for (const condition of conditionsOf(v)) if (!baseConditions.has(JSON.stringify(condition))) this.#add(own, condition);
      return own;
    });
    const counts = variants.map(() => 0);
    this.#scan(base, null, (i) => {
      variants: for (let s = 0; s < chains.length; s++) {
        const chain = chains[s];
        if (!chain) continue;
        for (let p = 0; p < chain.length; p++) if (!chain[p]!(i)) continue variants;
        counts[s]!++;
      }
    });
    return counts;
  }

  /**
   * Visits every row matching the criteria, inside `bbox` when one is given; `visit` returns false
   * to stop early (then so does this).
   */
  #scan(c: ResolvedSearch, bbox: readonly [number, number, number, number] | null, visit: (row: number) => boolean | void): boolean {
    const { lists, channelGroupOnly } = this.#candidates(c, bbox);
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
   * Listings in each of the places, of one channel or all (the related-places list, the locality tree), as
   * db/places.ts `countListingsIn` counts them in SQL. Null for places off the administrative tree (metro
   * stops, non-administrative zones): SQL counts those.
   */
  countByPlace(places: ReadonlyArray<{ id: string; level: number }>, channel?: string): Map<string, number> | null {
    if (places.some((p) => placeKeyColumn[p.level] === undefined)) return null;
    const channelCode = channel === undefined ? ALL_CHANNELS : this.#codes.get(channel);
    const counts = new Map<string, number>();
    for (const p of places) {
      const code = this.#codes.get(p.id);
      counts.set(
        p.id,
        code === undefined || channelCode === undefined ? 0 : (this.#placeCounts.get(placeCountKey(code, channelCode)) ?? 0),
      );
    }
    return counts;
  }

  /**
   * Listings matching each of several searches in each town and zone (a province hub's tabs, docs/decisions/101
   * and 122): one walk over the rows of `towns`, each row tested against every search, tallied by town and zone.
   * Only rows in `towns` are visited, so each search must be confined to them (a hub's searches are confined to
   * its province, and `towns` are all the province's towns). One map per search, with the counts of every town
   * and zone given.
   */
  countEachInTowns(
    searches: readonly ResolvedSearch[],
    towns: ReadonlyArray<{ id: string }>,
    zones: ReadonlyArray<{ id: string }>,
  ): Map<string, number>[] {
    const town = this.#texts.get("townId")!;
    const zone = this.#texts.get("zoneId")!;
    // A search that can match nothing (a value no listing has) walks nothing.
    const chains = searches.map((c) => this.#predicates(c, false));
    const tallies = searches.map(() => new Map<number, number>());
    const active = chains.flatMap((chain, s) => (chain ? [{ chain, tally: tallies[s]! }] : []));
    for (const t of towns) {
      const code = this.#codes.get(t.id);
      const rows = code === undefined ? undefined : this.#byTown.get(code);
      if (!rows) continue;
      for (let j = 0; j < rows.length; j++) {
        const i = rows[j]!;
        const z = zone[i]!;
        searches: for (const { chain, tally } of active) {
          for (let p = 0; p < chain.length; p++) if (!chain[p]!(i)) continue searches;
          const tc = town[i]!;
          tally.set(tc, (tally.get(tc) ?? 0) + 1);
          if (z >= 0) tally.set(z, (tally.get(z) ?? 0) + 1);
        }
      }
    }
    return tallies.map((tally) => {
      const counts = new Map<string, number>();
      for (const p of [...towns, ...zones]) {
        const code = this.#codes.get(p.id);
        counts.set(p.id, code === undefined ? 0 : (tally.get(code) ?? 0));
      }
      return counts;
    });
  }

  /**
   * Map cells for the markers of a view, as `listingMarkers` groups them in SQL: listings matching the
   * criteria inside the bbox, grouped by floor(lon / cell), floor(lat / cell), with the count, the mean
   * position and the lowest price.
   */
  cells(c: ResolvedSearch, bbox: [number, number, number, number], cell: number): MapCell[] {
    const lat = this.#numbers.get("lat")!;
    const lon = this.#numbers.get("lon")!;
    const shownPrice = this.#numbers.get("shownPrice")!;
    const byCell = new Map<number, MapCell & { sumLat: number; sumLon: number }>();
    // Cell coordinates fit in ±2^20 at any zoom we serve, so one number keys a cell.
    const SPAN = 2 ** 21;
    this.#scan(c, bbox, (i) => {
      const y = lat[i]!;
      const x = lon[i]!;
      const cx = Math.floor(x / cell);
      const cy = Math.floor(y / cell);
      const key = (cx + SPAN) * 2 * SPAN + (cy + SPAN);
      // A hidden price ('Trattativa riservata') is NaN here, as NULL in SQL: never a cell's minPrice.
      const shown = Number.isNaN(shownPrice[i]!) ? null : shownPrice[i]!;
      const found = byCell.get(key);
      if (found) {
        found.count++;
        found.sumLat += y;
        found.sumLon += x;
        if (shown !== null && (found.minPrice === null || shown < found.minPrice)) found.minPrice = shown;
      } else {
        byCell.set(key, { cx, cy, count: 1, sumLat: y, sumLon: x, minPrice: shown, lat: 0, lon: 0 });
      }
    });
    return [...byCell.values()].map(({ sumLat, sumLon, ...cellData }) => ({
      ...cellData,
      lat: sumLat / cellData.count,
      lon: sumLon / cellData.count,
    }));
  }

  /**
   * Ids of the listings matching the criteria (inside the bbox, when one is given) in the sort's order, as
   * db/listings-search.ts applySort orders them in SQL (core's `sortOrders`, ties by id); null when more
   * than `max` match.
   */
  sortedIds(c: ResolvedSearch, bbox: readonly [number, number, number, number] | null, sort: SortKey, max: number): number[] | null {
    const rows: number[] = [];
    const complete = this.#scan(c, bbox, (i) => {
      if (rows.length === max) return false;
      rows.push(i);
    });
    if (!complete) return null;
    const { column, direction } = sortOrders[sort];
    const key = this.#numbers.get(column)!;
    const ids = this.#ids;
    const sign = direction === "asc" ? 1 : -1;
    // Every sort column is NOT NULL (db/schema.ts), so no NULL ordering rule is needed.
    rows.sort((a, b) => sign * (key[a]! - key[b]! || ids[a]! - ids[b]!));
    return rows.map((i) => ids[i]!);
  }

  /**
   * The fill-in's order (db/listings-search.ts nearbyListings): the first `limit` matching listings,
   * those in the given towns first, then by distance from the point, then by id.
   */
  nearest(c: ResolvedSearch, origin: { lat: number; lon: number }, firstTownIds: string[], limit: number): number[] {
    const lat = this.#numbers.get("lat")!;
    const lon = this.#numbers.get("lon")!;
    const town = this.#texts.get("townId")!;
    const first = new Set(firstTownIds.map((id) => this.#codes.get(id)).filter((v): v is number => v !== undefined));
    const found: Array<{ id: number; first: boolean; distance: number }> = [];
    this.#scan(c, null, (i) => {
      found.push({ id: this.#ids[i]!, first: first.has(town[i]!), distance: distanceMeters(origin.lat, origin.lon, lat[i]!, lon[i]!) });
    });
    found.sort((a, b) => Number(b.first) - Number(a.first) || a.distance - b.distance || a.id - b.id);
    return found.slice(0, limit).map((f) => f.id);
  }

  /** The channel-and-group rows, or only the rows of the searched towns when every place lies in a town. */
  #candidates(
    c: ResolvedSearch,
    view: readonly [number, number, number, number] | null,
  ): { lists: Uint32Array[]; channelGroupOnly: boolean } {
    const { query } = c;
    const group = storedGroup(query.group);
    const channelGroup =
      this.#byChannelGroup.get(`${this.#codes.get(query.channel) ?? -2}|${this.#codes.get(group) ?? -2}`) ?? new Uint32Array(0);
    const places = c.places;
    if (places.length === 0 || places.some((p) => p.level === PlaceLevel.country)) {
      return this.#cellCandidates(c, view, channelGroup.length) ?? { lists: [channelGroup], channelGroupOnly: true };
    }
    // One region or province: its rows of the channel (the predicates still test group and place).
    const only = places.length === 1 ? places[0]! : null;
    if (only && (only.level === PlaceLevel.region || only.level === PlaceLevel.province)) {
      const place = this.#codes.get(only.id);
      const channel = this.#codes.get(query.channel);
      const rows = place === undefined || channel === undefined ? undefined : this.#byArea.get(areaKey(place, channel));
      return { lists: rows ? [rows] : [], channelGroupOnly: false };
    }
    const townIds = new Set<string>();
    for (const p of places) {
      // Place ids below a town start with the town's id (docs/decisions/004-place-keys.md).
      const townId =
        p.level === PlaceLevel.town
          ? p.id
          : p.level === PlaceLevel.zone || p.level === PlaceLevel.block
            ? p.id.split("-").slice(0, 3).join("-")
            : undefined;
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

  /**
   * The grid cells under the search's area and the view (their intersection), when walking them costs less
   * than walking the channel's `budget` rows; null otherwise (no area, or one too wide).
   */
  #cellCandidates(
    c: ResolvedSearch,
    view: readonly [number, number, number, number] | null,
    budget: number,
  ): { lists: Uint32Array[]; channelGroupOnly: false } | null {
    let box = view ? [...view] : null;
    const area = c.area;
    const areaBox =
      area?.kind === "bounds"
        ? area.bbox
        : area?.kind === "circle"
          ? circleBBox(area.lat, area.lon, area.radius)
          : area?.kind === "polygon"
            ? bboxOf({ type: "MultiPolygon", coordinates: area.rings.map((ring) => [ring]) })
            : null;
    if (areaBox)
      box = box
        ? [Math.max(box[0]!, areaBox[0]!), Math.max(box[1]!, areaBox[1]!), Math.min(box[2]!, areaBox[2]!), Math.min(box[3]!, areaBox[3]!)]
        : [...areaBox];
    if (!box || !box.every(Number.isFinite)) return null;
    const [w, s, e, n] = box as [number, number, number, number];
    if (w > e || s > n) return { lists: [], channelGroupOnly: false };
    const x0 = Math.floor(w / CELL_DEGREES);
    const x1 = Math.floor(e / CELL_DEGREES);
    const y0 = Math.floor(s / CELL_DEGREES);
    const y1 = Math.floor(n / CELL_DEGREES);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS_WALKED) return null;
    const lists: Uint32Array[] = [];
    let rows = 0;
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const list = this.#byCell.get(cellKeyAt(x, y));
        if (!list) continue;
        lists.push(list);
        rows += list.length;
        if (rows > budget) return null;
      }
    }
    return { lists, channelGroupOnly: false };
  }

  /** One predicate per condition; null when a condition can match nothing (a value no listing has). */
  #predicates(c: ResolvedSearch, channelGroupOnly: boolean): Predicate[] | null {
    const { query } = c;
    const out: Predicate[] = [];

    // A channel or group no listing has: nothing matches.
    if (this.#codes.get(query.channel) === undefined || this.#codes.get(storedGroup(query.group)) === undefined) return null;
    for (const condition of frameConditions(query)) {
      // Rows of the channel-and-group list (#candidates) need no check of those two; rows of a town's list or a cell do.
      const impliedByList =
        channelGroupOnly && condition.op === "=" && (condition.column === "channel" || condition.column === "propertyTypeGroup");
      if (!impliedByList) this.#add(out, condition);
    }

    const places = this.#placePredicate(c.places, c.lineStops);
    if (places) out.push(places);
    const excluded = c.excludePlaces?.length ? this.#placePredicate(c.excludePlaces, c.lineStops) : null;
    if (excluded) out.push((i) => !excluded(i));
    const area = c.area;
    if (area?.kind === "bounds" || area?.kind === "circle") {
      const [w, s, e, n] = area.kind === "bounds" ? area.bbox : circleBBox(area.lat, area.lon, area.radius);
      const lat = this.#numbers.get("lat")!;
      const lon = this.#numbers.get("lon")!;
      out.push((i) => lat[i]! >= s && lat[i]! <= n && lon[i]! >= w && lon[i]! <= e);
      if (area.kind === "circle") {
        const { lat: clat, lon: clon, radius } = area;
        out.push((i) => distanceMeters(clat, clon, lat[i]!, lon[i]!) <= radius);
      }
    } else if (area?.kind === "polygon") {
      // As the SQL condition: each ring's bounding box, then PostgreSQL's own point-in-polygon rule.
      const lat = this.#numbers.get("lat")!;
      const lon = this.#numbers.get("lon")!;
      const rings = area.rings.map((ring) => {
        const [w, s, e, n] = bboxOf({ type: "Polygon", coordinates: [ring] });
        return { ring, w, s, e, n };
      });
      out.push((i) => {
        const y = lat[i]!;
        const x = lon[i]!;
        for (const r of rings) if (y >= r.s && y <= r.n && x >= r.w && x <= r.e && insideRingAsPostgres(r.ring, x, y)) return true;
        return false;
      });
    }
    for (const condition of (c.registry ?? searchFilters).conditions(query.filters, { now: c.now })) this.#add(out, condition);
    return out;
  }

  /** Adds a condition's predicates: the parts of an AND one by one, so each can stop a row early. */
  #add(out: Predicate[], c: Condition): void {
    if (c.op === "and") for (const part of c.of) this.#add(out, part);
    else out.push(this.#compile(c));
  }

  /** A filter condition (core/search/filters.ts) as a predicate over the columns, with SQL's NULL rules. */
  #compile(c: Condition): Predicate {
    switch (c.op) {
      case "and":
        return every(c.of.map((x) => this.#compile(x)));
      case "or":
        return some(c.of.map((x) => this.#compile(x)));
      case "in": {
        const a = this.#textColumn(c.column);
        const codes = new Set(c.values.map((v) => this.#codes.get(v)).filter((v): v is number => v !== undefined));
        return (i) => codes.has(a[i]!);
      }
      case "notNull": {
        const kind = searchColumns[c.column];
        if (kind === "text") {
          const a = this.#textColumn(c.column);
          return (i) => a[i] !== -1;
        }
        if (kind === "flag") {
          const a = this.#flags.get(c.column as FlagColumn)!;
          return (i) => a[i] !== 2;
        }
        const a = this.#numbers.get(c.column as NumberColumn)!;
        return (i) => !Number.isNaN(a[i]!);
      }
    }
    const kind = searchColumns[c.column];
    if ("other" in c) return compare(this.#numberColumn(c.column), c.op, this.#numberColumn(c.other));
    if (kind === "text") {
      if (c.op !== "=") throw new Error(`text column ${c.column} compared with ${c.op}`);
      const a = this.#textColumn(c.column);
      const code = this.#codes.get(String(c.value));
      return code === undefined ? () => false : (i) => a[i] === code;
    }
    if (kind === "flag") {
      if (c.op !== "=") throw new Error(`flag column ${c.column} compared with ${c.op}`);
      const a = this.#flags.get(c.column as FlagColumn)!;
      const want = c.value ? 1 : 0;
      return (i) => a[i] === want;
    }
    const a = this.#numberColumn(c.column);
    const value = Number(c.value);
    if (c.scale === undefined) return compare(a, c.op, value);
    const scale = c.scale;
    switch (c.op) {
      case ">=":
        return (i) => a[i]! * scale >= value;
      case "<=":
        return (i) => a[i]! * scale <= value;
      case ">":
        return (i) => a[i]! * scale > value;
      case "<":
        return (i) => a[i]! * scale < value;
      case "=":
        return (i) => a[i]! * scale === value;
    }
  }

  #numberColumn(column: SearchColumn): Float64Array {
    const a = this.#numbers.get(column as NumberColumn);
    if (!a) throw new Error(`${column} is not a number column`);
    return a;
  }

  #textColumn(column: SearchColumn): Int32Array {
    const a = this.#texts.get(column as TextColumn);
    if (!a) throw new Error(`${column} is not a text column`);
    return a;
  }

  /** Inside any of the places, as `placeCondition` in db/listings-search.ts. */
  #placePredicate(places: ResolvedSearch["places"], lineStops: ResolvedSearch["lineStops"]): Predicate | null {
    if (places.length === 0 || places.some((p) => p.level === PlaceLevel.country)) return null;
    const byColumn = new Map<TextColumn, Set<number>>();
    const arrayRows = new Set<number>();
    for (const p of places) {
      const col = placeKeyColumn[p.level];
      if (col) {
        let codes = byColumn.get(col);
        if (!codes) byColumn.set(col, (codes = new Set()));
        const code = this.#codes.get(p.id);
        if (code !== undefined) codes.add(code);
        continue;
      }
      if (!placeArrayColumn[p.level]) continue;
      // A metro line matches through its stops.
      const ids = p.level === PlaceLevel.metroLine ? (lineStops.get(p.id) ?? []) : [p.id];
      for (const id of ids) for (const row of this.#byArrayPlace.get(id) ?? []) arrayRows.add(row);
    }
    const checks = [...byColumn].map(([col, codes]) => ({ a: this.#texts.get(col)!, codes }));
    return (i) => arrayRows.has(i) || checks.some(({ a, codes }) => codes.has(a[i]!));
  }
}

/** All of the predicates; two or three are spelled out, as the scan calls them for every row. */
function every(parts: Predicate[]): Predicate {
  const [a, b, c] = parts;
  if (parts.length === 1) return a!;
  if (parts.length === 2) return (i) => a!(i) && b!(i);
  if (parts.length === 3) return (i) => a!(i) && b!(i) && c!(i);
  return (i) => parts.every((p) => p(i));
}

/** Any of the predicates (an empty OR matches nothing, as in SQL). */
function some(parts: Predicate[]): Predicate {
  const [a, b, c] = parts;
  if (parts.length === 0) return () => false;
  if (parts.length === 1) return a!;
  if (parts.length === 2) return (i) => a!(i) || b!(i);
  if (parts.length === 3) return (i) => a!(i) || b!(i) || c!(i);
  return (i) => parts.some((p) => p(i));
}

/** a[i] op b (a number) or a[i] op b[i] (another column); NaN (null) compares false, as in SQL. */
function compare(a: Float64Array, op: "=" | ">=" | "<=" | ">" | "<", b: number | Float64Array): Predicate {
  if (typeof b === "number") {
    switch (op) {
      case ">=":
        return (i) => a[i]! >= b;
      case "<=":
        return (i) => a[i]! <= b;
      case ">":
        return (i) => a[i]! > b;
      case "<":
        return (i) => a[i]! < b;
      case "=":
        return (i) => a[i] === b;
    }
  }
  switch (op) {
    case ">=":
      return (i) => a[i]! >= b[i]!;
    case "<=":
      return (i) => a[i]! <= b[i]!;
    case ">":
      return (i) => a[i]! > b[i]!;
    case "<":
      return (i) => a[i]! < b[i]!;
    case "=":
      return (i) => a[i] === b[i];
  }
}

type ListKind = "channelGroup" | "town" | "area" | "arrayPlace" | "cell";

/** Everything of a search but its filters: two searches with the same key differ only in the registry's conditions. */
function frameKey(c: ResolvedSearch): string {
  return JSON.stringify([
    frameConditions(c.query),
    c.places.map((p) => p.id),
    [...c.lineStops],
    c.area,
    c.excludePlaces?.map((p) => p.id) ?? null,
    c.excludeListings ?? null,
    c.now.getTime(),
  ]);
}

/** The key of a region's or province's rows of one channel (`#byArea`), from their codes. */
const areaKey = (place: number, channel: number) => `${place}|${channel}`;

/** The grid of the area lists: 0.05° (about 5.5 × 4 km in Italy), some 14,000 cells over the country. */
const CELL_DEGREES = 0.05;
/** Past this many cells a view is wide enough that the channel's list is the cheaper walk. */
const MAX_CELLS_WALKED = 3_000;
const CELL_SPAN = 100_000;

/** The key of the grid cell in column x, row y (x = floor(lon / CELL_DEGREES), y likewise). */
function cellKeyAt(x: number, y: number): number {
  return (x + CELL_SPAN) * 2 * CELL_SPAN + (y + CELL_SPAN);
}

function cellKey(lat: number, lon: number): number | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return cellKeyAt(Math.floor(lon / CELL_DEGREES), Math.floor(lat / CELL_DEGREES));
}

/** Rows to add to or remove from each candidate list, by list kind and key. */
class ListKeys {
  readonly byKind = new Map<ListKind, Map<string | number, number[]>>();
  add(kind: ListKind, key: string | number, row: number): void {
    let lists = this.byKind.get(kind);
    if (!lists) this.byKind.set(kind, (lists = new Map()));
    let rows = lists.get(key);
    if (!rows) lists.set(key, (rows = []));
    rows.push(row);
  }
}

/**
 * A batch of list changes, applied once per touched list (removals first, so a row that moves within
 * a batch ends up in its new lists): one copy of each list per batch, not per listing.
 */
class ListEdits {
  readonly remove = new ListKeys();
  readonly add = new ListKeys();

  apply<K extends string | number>(lists: Map<K, Uint32Array>, kind: ListKind, capacity: number): void {
    const removals = (this.remove.byKind.get(kind) ?? new Map()) as Map<K, number[]>;
    const additions = (this.add.byKind.get(kind) ?? new Map()) as Map<K, number[]>;
    // One mark per row for the removals: a typed-array filter with a Set is far slower on long lists.
    const marks = removals.size > 0 ? new Uint8Array(capacity) : null;
    for (const key of new Set([...removals.keys(), ...additions.keys()])) {
      const old = lists.get(key) ?? new Uint32Array(0);
      const gone = removals.get(key) ?? [];
      const added = additions.get(key) ?? [];
      const next = new Uint32Array(old.length + added.length);
      let n = old.length;
      if (gone.length > 0) {
        for (const r of gone) marks![r] = 1;
        n = 0;
        for (let i = 0; i < old.length; i++) {
          const r = old[i]!;
          if (marks![r] === 0) next[n++] = r;
        }
        for (const r of gone) marks![r] = 0;
      } else next.set(old);
      next.set(added, n);
      const length = n + added.length;
      if (length === 0) lists.delete(key);
      else lists.set(key, length === next.length ? next : next.slice(0, length));
    }
  }
}

/** SEARCH_FACTS=auto loads the in-memory listing facts from this many listings on. */
export const SEARCH_FACTS_AUTO_MIN = 100_000;

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

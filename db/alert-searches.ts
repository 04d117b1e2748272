/**
 * Every alerting saved search, compiled once and held by this process with the keys it is found under
 * (docs/decisions/137): matching an event looks its candidates up here and applies their kept predicates, instead of
 * reading about a thousand candidates from the database and parsing, resolving and compiling each of them per event.
 *
 * What is held follows the database, whichever process or statement changed it: triggers log the id of every saved
 * search whose row, alert settings or keys changed (`saved_search_changes`, migration 2026-11-30-10), read with the
 * listing log's code (db/listing-changes.ts: sequence and transaction ids, nothing missed). `caughtUp()` reads the log
 * and re-reads the searches it names: a caller that awaits it sees every change committed before its call, as the
 * per-event candidate query did. Owners' addresses are held too (a trigger on `users` logs the searches of an owner
 * whose address changed). The keys are the stored ones (db/alert-index.ts writes them); a search is held when
 * some channel alerts (frequency other than 'never'). A search that no longer parses or resolves is held with its
 * reason, reported each time it is a candidate (decision 094).
 */
import type { Kysely } from "kysely";
import { AREA_KEY, listingKeys, type ListingPlaces } from "../core/alerts/candidates.ts";
import type { SearchColumn } from "../core/search/filters.ts";
import {
  boundValue,
  compileMatch,
  conditionBounds,
  readsNow,
  type ColumnBound,
  type MatchListing,
  type SharedConditions,
} from "../core/search/match.ts";
import type { IsochroneProvider } from "../core/search/isochrone.ts";
import type { AlertChannel, AlertFrequency } from "../core/search/saved-search-alerts.ts";
import { deserializeSearch } from "../core/search/saved-search.ts";
import { currentChangePosition, pruneListingChanges, readChanges, type ChangeLog, type ChangePosition } from "./listing-changes.ts";
import type { Database } from "./schema.ts";
import { buildCriteria, type SearchCriteria } from "./search-criteria.ts";

export const SAVED_SEARCH_CHANGES: ChangeLog = { table: "saved_search_changes", idColumn: "saved_search_id" };
/** How long the log keeps a change; a holder that has not read it for half that reloads everything. */
const KEEP_MS = 10 * 60_000;
/** Searches read and compiled at a time: a page is compiled without yielding to I/O (about 25–50 ms). */
const PAGE = 500;
/**
 * The shared conditions' table is started anew once more searches were compiled into it than this many times the
 * searches held (and at least SHARED_RENEW_MIN): edits add the conditions of their new versions, and the old ones
 * would otherwise stay in it for the life of the process.
 */
const SHARED_RENEW_FACTOR = 2;
const SHARED_RENEW_MIN = 200;
/** A held search that failed to resolve is tried again after this long. */
const RETRY_FAILED_MS = 60_000;
/**
 * Area boxes are found through a grid of cells this many degrees wide (about 5.5 × 4 km in Italy): a box is listed in
 * every cell it overlaps, up to WIDE_CELLS of them; wider ones (a map view of a region, a long travel time) are few and
 * are checked one by one. A listing looks at its own cell only.
 */
const CELL_DEG = 0.05;
const WIDE_CELLS = 64;
const cellOf = (lon: number, lat: number) => `${Math.floor(lon / CELL_DEG)}:${Math.floor(lat / CELL_DEG)}`;
type Box = [west: number, south: number, east: number, north: number];

/** The cells a box overlaps; null when it overlaps more than WIDE_CELLS. */
function cellsOf([w, s, e, n]: Box): string[] | null {
  const [x0, x1, y0, y1] = [Math.floor(w / CELL_DEG), Math.floor(e / CELL_DEG), Math.floor(s / CELL_DEG), Math.floor(n / CELL_DEG)];
  if (!(x1 >= x0 && y1 >= y0) || (x1 - x0 + 1) * (y1 - y0 + 1) > WIDE_CELLS) return null;
  const out: string[] = [];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.push(`${x}:${y}`);
  return out;
}

/**
 * Bounds are kept for this many columns (the first met: in practice the shown price, the rooms, the surface, the price
 * per m²); bounds on other columns are left to the predicate. A candidate is then ruled out by comparing numbers laid
 * out side by side in its bucket, without touching the search's own objects (scattered in memory: at about 1,500
 * candidates for a large town, reading them cold cost 5–7 ms, docs/decisions/140).
 */
const SLOTS = 4;
/** Per search in a bucket: lo and hi for each slot, then the area's box (west, south, east, north) for area buckets. */
const STRIDE = 2 * SLOTS + 4;

/**
 * The searches found under one key (or one cell of the area grid) with their slot bounds and boxes in one array:
 * the candidates of a listing are scanned here, and only those within every bound (and box) are visited.
 */
class Bucket {
  readonly searches: HeldSearch[] = [];
  values = new Float64Array(4 * STRIDE);
  readonly #index = new Map<HeldSearch, number>();

  get size(): number {
    return this.searches.length;
  }

  add(search: HeldSearch, box: Box | null): void {
    if (this.#index.has(search)) return;
    const i = this.searches.length;
    if ((i + 1) * STRIDE > this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.searches.push(search);
    this.#index.set(search, i);
    this.values.set(search.slotBounds, i * STRIDE);
    this.values.set(box ?? [-Infinity, -Infinity, Infinity, Infinity], i * STRIDE + 2 * SLOTS);
  }

  /** Removes by moving the last search into its place. */
  delete(search: HeldSearch): void {
    const i = this.#index.get(search);
    if (i === undefined) return;
    this.#index.delete(search);
    const last = this.searches.length - 1;
    const moved = this.searches.pop()!;
    if (i !== last) {
      this.searches[i] = moved;
      this.#index.set(moved, i);
      this.values.copyWithin(i * STRIDE, last * STRIDE, (last + 1) * STRIDE);
    }
  }

  /**
   * Visits the searches whose slot bounds hold the listing's values (`at`: one per slot, NaN when NULL or not a number)
   * and whose box holds its point. `narrow` false: every search (the keys alone, as benchmarks count candidates).
   */
  scan(at: Float64Array, lon: number, lat: number, narrow: boolean, visit: (search: HeldSearch) => void): void {
    const v = this.values;
    const n = this.searches.length;
    next: for (let i = 0, o = 0; i < n; i++, o += STRIDE) {
      const b = o + 2 * SLOTS;
      if (!(v[b]! <= lon && v[b + 2]! >= lon && v[b + 1]! <= lat && v[b + 3]! >= lat)) continue;
      if (narrow)
        for (let k = 0; k < SLOTS; k++) {
          const lo = v[o + 2 * k]!;
          const hi = v[o + 2 * k + 1]!;
          // No bound on this slot: any value (NULL too). A bound: within it (NaN is within none, as NULL in SQL).
          if (lo === -Infinity && hi === Infinity) continue;
          const x = at[k]!;
          if (!(x >= lo && x <= hi)) continue next;
        }
      visit(this.searches[i]!);
    }
  }
}

export interface AlertRoute {
  channel: AlertChannel;
  frequency: AlertFrequency;
}

/** What an alert needs of a saved search and its owner (held with it; the address follows the owner's changes). */
export interface HeldOwner {
  userId: number;
  email: string;
  title: string | null;
  /** The language its alerts speak (the page it was saved from). */
  locale: "it" | "en";
}

/** What `matching` answers for a held search: made once when it is held, not per event. */
export interface HeldMatch {
  id: number;
  owner: HeldOwner;
  routes: readonly AlertRoute[];
  query: SearchCriteria["query"];
}

/** One held search: its owner, keys, routes, and its resolved search with the predicate for one minute's "now". */
interface HeldSearch {
  id: number;
  owner: HeldOwner;
  routes: AlertRoute[];
  keys: Array<{ frame: string; key: string; bbox: Box | null }>;
  /** The last event that met this search as a candidate (`AlertSearches.#stamp`): each candidate decided once. */
  seen: number;
  /**
   * Its predicate and what `matching` answers for it, on the search itself: a candidate is decided from the one object
   * its stamp was read from. Null when the search failed to resolve (`compiled` has the error).
   */
  test: ((listing: MatchListing) => boolean) | null;
  match: HeldMatch | null;
  /** The minute `test` was built for, when its conditions read "now"; null when they do not. */
  minute: number | null;
  /** lo, hi per slot (`AlertSearches.#slots`) from its compiled bounds; unbounded where it has none. */
  slotBounds: Float64Array;
  compiled:
    | {
        criteria: Omit<SearchCriteria, "now">;
        /**
         * Bounds every listed listing meets (price, rooms, surface…: `conditionBounds`), checked before the predicate:
         * most candidates of a large town fail one, at a few comparisons instead of the whole predicate. None when the
         * conditions read "now" (they would move with the minute).
         */
        bounds: readonly ColumnBound[];
      }
    | { error: string; failedAt: number };
}

/** A held search's `compiled` when it resolved. */
type Resolved = Exclude<HeldSearch["compiled"], { error: string }>;

/** "Now" truncated to the minute, as db/search-criteria.ts truncates it. */
const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);

export class AlertSearches {
  readonly #db: Kysely<Database>;
  #isochrones: IsochroneProvider | undefined;
  /** Milliseconds since the epoch: when a failed search is due again, when the log was last read (tests move it). */
  readonly #clock: () => number;
  readonly #held = new Map<number, HeldSearch>();
  /** frame → key → searches (place keys and ANYWHERE_KEY): the searches themselves, no look-up by id per candidate. */
  readonly #byKey = new Map<string, Map<string, Bucket>>();
  /** frame → cell → searches with their boxes (AREA_KEY), and frame → search → box for the wide ones. */
  readonly #areas = new Map<string, Map<string, Bucket>>();
  readonly #wideAreas = new Map<string, Map<HeldSearch, Box>>();
  /** Held searches that failed to resolve (retried after RETRY_FAILED_MS). */
  readonly #failed = new Set<number>();
  /** Counts the events matched: a candidate's `seen` is set to the current one. */
  #stamp = 0;
  /** The columns whose bounds the buckets keep, in slot order (assigned as searches with bounds are first held). */
  readonly #slots: SearchColumn[] = [];
  /** Equal conditions of the held predicates compiled once (a full load starts a new one; "now" conditions stay apart). */
  #shared: SharedConditions = new Map();
  /** Searches compiled into `#shared` since it was started. */
  #compiledIntoShared = 0;
  #position: ChangePosition = { seq: 0, running: [], xmax: "0" };
  #readAt = 0;
  #prunedAt = 0;
  /** Set once a full load began (null: none yet, or the last one failed). */
  #loaded: Promise<void> | null = null;
  /** The read queued and not yet begun (callers arriving meanwhile share it); reads run one after another. */
  #pending: Promise<void> | null = null;
  #tail: Promise<void> = Promise.resolve();

  constructor(db: Kysely<Database>, isochrones?: IsochroneProvider, clock: () => number = Date.now) {
    this.#db = db;
    this.#isochrones = isochrones;
    this.#clock = clock;
  }

  /** How many searches are held. */
  get size(): number {
    return this.#held.size;
  }

  /** How many compiled conditions and lists the held predicates share now (tests watch it stay bounded). */
  get sharedConditions(): number {
    return this.#shared.size;
  }

  #renewShared(): void {
    this.#shared = new Map();
    this.#compiledIntoShared = 0;
  }

  /** Uses this provider for travel-time areas from now on (the portal's; searches already held keep their areas). */
  adoptIsochrones(isochrones: IsochroneProvider | undefined): void {
    if (isochrones) this.#isochrones = isochrones;
  }

  /**
   * Resolves once every change committed before the call is held (the first call loads everything). `reads`: where the
   * change log is read (a prepared read pool on the primary: it is read for every event); the searches themselves are
   * read from the holder's own handle.
   */
  caughtUp(reads: Kysely<Database> = this.#db): Promise<void> {
    if (this.#pending) return this.#pending;
    const read = this.#tail.then(() => {
      if (this.#pending === read) this.#pending = null;
      return this.#read(reads);
    });
    this.#pending = read;
    this.#tail = read.catch(() => {});
    return read;
  }

  async #read(reads: Kysely<Database>): Promise<void> {
    if (!this.#loaded || this.#clock() - this.#readAt > KEEP_MS / 2) return this.#load();
    const batch = await readChanges(reads, SAVED_SEARCH_CHANGES, this.#position);
    this.#readAt = this.#clock();
    if (batch.reset) return this.#load();
    for (let i = 0; i < batch.ids.length; i += PAGE) await this.#reload(batch.ids.slice(i, i + PAGE));
    this.#position = batch.next;
    // A search that failed to resolve may have failed for a while only (a travel-time service that did not answer):
    // tried again a minute later, as the per-event resolution used to try it at every event.
    const retry = [...this.#failed].filter((id) => {
      const compiled = this.#held.get(id)?.compiled;
      return compiled && "error" in compiled && this.#clock() - compiled.failedAt >= RETRY_FAILED_MS;
    });
    if (retry.length > 0) await this.#reload(retry.slice(0, PAGE));
    if (this.#clock() - this.#prunedAt > KEEP_MS / 4) {
      this.#prunedAt = this.#clock();
      await pruneListingChanges(this.#db, KEEP_MS, SAVED_SEARCH_CHANGES);
    }
  }

  /** Everything again; a failed load is tried again by the next call. */
  async #load(): Promise<void> {
    const loading = this.#loadAll();
    this.#loaded = loading;
    try {
      await loading;
    } catch (error) {
      this.#loaded = null;
      throw error;
    }
  }

  /**
   * The position first, then every search in pages: what changes meanwhile is read again after. Searches held from
   * before stay held until their page replaces them (a reload leaves no moment with fewer searches).
   */
  async #loadAll(): Promise<void> {
    this.#position = await currentChangePosition(this.#db, SAVED_SEARCH_CHANGES);
    this.#renewShared();
    this.#readAt = this.#clock();
    const seen = new Set<number>();
    let after = 0;
    for (;;) {
      const ids = (await this.#db.selectFrom("savedSearches").select("id").where("id", ">", after).orderBy("id").limit(PAGE).execute()).map(
        (r) => Number(r.id),
      );
      if (ids.length === 0) break;
      await this.#reload(ids);
      for (const id of ids) seen.add(id);
      after = ids[ids.length - 1]!;
      // Let requests in between pages: a process compiles its searches while it serves.
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const id of [...this.#held.keys()]) if (!seen.has(id)) this.#drop(id);
  }

  /** Reads these searches again (rows, alerts, keys) and holds what alerts; drops the rest. */
  async #reload(ids: number[]): Promise<void> {
    const [rows, alerts, keys] = await Promise.all([
      this.#db
        .selectFrom("savedSearches as s")
        .innerJoin("users as u", "u.id", "s.userId")
        .select(["s.id", "s.serialized", "s.userId", "u.email", "s.title", "s.locale"])
        .where("s.id", "in", ids)
        .execute(),
      this.#db
        .selectFrom("savedSearchAlerts")
        .select(["savedSearchId", "channel", "frequency"])
        .where("savedSearchId", "in", ids)
        .where("frequency", "<>", "never")
        .orderBy("savedSearchId")
        .orderBy("channel")
        .execute(),
      this.#db
        .selectFrom("savedSearchAlertKeys")
        .select(["savedSearchId", "frame", "key", "west", "south", "east", "north"])
        .where("savedSearchId", "in", ids)
        .execute(),
    ]);
    const routesOf = new Map<number, AlertRoute[]>();
    for (const a of alerts) {
      const id = Number(a.savedSearchId);
      routesOf.set(id, [...(routesOf.get(id) ?? []), { channel: a.channel, frequency: a.frequency }]);
    }
    const keysOf = new Map<number, HeldSearch["keys"]>();
    for (const k of keys) {
      const id = Number(k.savedSearchId);
      const bbox = k.key === AREA_KEY ? ([k.west, k.south, k.east, k.north].map(Number) as Box) : null;
      keysOf.set(id, [...(keysOf.get(id) ?? []), { frame: k.frame, key: k.key, bbox }]);
    }
    const now = new Date(this.#clock());
    const fresh: HeldSearch[] = [];
    if (this.#compiledIntoShared > Math.max(SHARED_RENEW_FACTOR * this.#held.size, SHARED_RENEW_MIN)) this.#renewShared();
    for (const row of rows) {
      const id = Number(row.id);
      const routes = routesOf.get(id);
      const searchKeys = keysOf.get(id);
      if (!routes || !searchKeys) continue; // alerts nothing, or is found under no key
      const owner = { userId: Number(row.userId), email: row.email, title: row.title, locale: row.locale };
      let compiled: HeldSearch["compiled"];
      let decide: Pick<HeldSearch, "test" | "match" | "minute"> = { test: null, match: null, minute: null };
      try {
        const { criteria } = await buildCriteria(this.#db, deserializeSearch(row.serialized), { isochrones: this.#isochrones, now });
        const { now: at, ...resolved } = criteria;
        const moving = readsNow(criteria);
        compiled = { criteria: resolved, bounds: moving ? [] : conditionBounds(criteria) };
        if (!moving) this.#compiledIntoShared++;
        decide = {
          // Conditions that read "now" are rebuilt every minute: shared, they would pile up.
          test: compileMatch(criteria, moving ? undefined : this.#shared),
          match: { id, owner, routes, query: resolved.query },
          minute: moving ? minuteOf(at) : null,
        };
      } catch (error) {
        compiled = { error: error instanceof Error ? error.message : String(error), failedAt: this.#clock() };
      }
      fresh.push({ id, owner, routes, keys: searchKeys, seen: 0, ...decide, slotBounds: this.#slotBoundsOf(compiled), compiled });
    }
    // In one step: a match running meanwhile sees each search before or after, never missing.
    for (const id of ids) this.#drop(id);
    for (const search of fresh) this.#hold(search);
  }

  /** A search's compiled bounds laid out by slot (a column without a slot yet gets one while there are free ones). */
  #slotBoundsOf(compiled: HeldSearch["compiled"]): Float64Array {
    const out = new Float64Array(2 * SLOTS);
    for (let k = 0; k < SLOTS; k++) [out[2 * k], out[2 * k + 1]] = [-Infinity, Infinity];
    if ("error" in compiled) return out;
    for (const { column, lo, hi } of compiled.bounds) {
      let k = this.#slots.indexOf(column);
      if (k < 0 && this.#slots.length < SLOTS) k = this.#slots.push(column) - 1;
      if (k >= 0) [out[2 * k], out[2 * k + 1]] = [lo, hi];
    }
    return out;
  }

  #hold(search: HeldSearch): void {
    this.#held.set(search.id, search);
    if ("error" in search.compiled) this.#failed.add(search.id);
    for (const { frame, key, bbox } of search.keys) {
      if (bbox) {
        const cells = cellsOf(bbox);
        if (cells === null) {
          let wide = this.#wideAreas.get(frame);
          if (!wide) this.#wideAreas.set(frame, (wide = new Map()));
          wide.set(search, bbox);
        } else {
          let grid = this.#areas.get(frame);
          if (!grid) this.#areas.set(frame, (grid = new Map()));
          for (const cell of cells) {
            let boxes = grid.get(cell);
            if (!boxes) grid.set(cell, (boxes = new Bucket()));
            boxes.add(search, bbox);
          }
        }
      } else {
        let keys = this.#byKey.get(frame);
        if (!keys) this.#byKey.set(frame, (keys = new Map()));
        let searches = keys.get(key);
        if (!searches) keys.set(key, (searches = new Bucket()));
        searches.add(search, null);
      }
    }
  }

  #drop(id: number): void {
    const search = this.#held.get(id);
    if (!search) return;
    this.#held.delete(id);
    this.#failed.delete(id);
    for (const { frame, key, bbox } of search.keys) {
      if (bbox) {
        const cells = cellsOf(bbox);
        if (cells === null) this.#wideAreas.get(frame)?.delete(search);
        else
          for (const cell of cells) {
            const boxes = this.#areas.get(frame)?.get(cell);
            boxes?.delete(search);
            if (boxes?.size === 0) this.#areas.get(frame)!.delete(cell);
          }
      } else {
        const searches = this.#byKey.get(frame)?.get(key);
        searches?.delete(search);
        if (searches?.size === 0) this.#byKey.get(frame)!.delete(key);
      }
    }
  }

  /**
   * Calls `visit` once for each held search whose keys the listing meets: its frame with one of its places, anywhere,
   * or an area whose box holds its point (as the keys' SQL look-up did: west ≤ lon ≤ east, south ≤ lat ≤ north), and,
   * when `narrow`, whose slot bounds hold the listing's values. In no order. A search met under several keys is visited
   * once (its `seen` stamp; no set built per event).
   */
  #eachCandidate(
    listing: MatchListing & ListingPlaces & { lat: number; lon: number },
    narrow: boolean,
    visit: (search: HeldSearch) => void,
  ): void {
    const { frame, keys } = listingKeys(listing);
    const { lat, lon } = listing;
    const stamp = ++this.#stamp;
    const once = (search: HeldSearch) => {
      if (search.seen === stamp) return;
      search.seen = stamp;
      visit(search);
    };
    // The listing's value for each slot, as bounds compare it.
    const at = new Float64Array(SLOTS).fill(Number.NaN);
    this.#slots.forEach((column, k) => {
      at[k] = boundValue(listing[column]);
    });
    const byKey = this.#byKey.get(frame);
    if (byKey) for (const key of keys) byKey.get(key)?.scan(at, lon, lat, narrow, once);
    this.#areas.get(frame)?.get(cellOf(lon, lat))?.scan(at, lon, lat, narrow, once);
    const inBox = ([w, s, e, n]: Box) => w <= lon && e >= lon && s <= lat && n >= lat;
    const wide = this.#wideAreas.get(frame);
    if (wide) for (const [search, box] of wide) if (inBox(box)) once(search);
  }

  /** The ids of the held searches whose keys the listing meets (benchmarks count them). */
  candidates(listing: MatchListing & ListingPlaces & { lat: number; lon: number }, narrowed = false): number[] {
    const ids: number[] = [];
    this.#eachCandidate(listing, narrowed, (search) => ids.push(search.id));
    return ids;
  }

  /**
   * The held searches that list the listing at `now`, ids ascending: each candidate decided by its kept predicate
   * (rebuilt when the minute moved on, if its conditions read "now"), with the listing excluded for owners who hid it
   * (the same predicate, as their results page decides it). A candidate that no longer parses or resolves is passed to
   * `onSkip` with its reason.
   */
  matching(
    listing: MatchListing & ListingPlaces & { lat: number; lon: number },
    now: Date,
    hidBy: ReadonlySet<number>,
    onSkip?: (search: { id: number }, reason: string) => void,
  ): HeldMatch[] {
    const minute = minuteOf(now);
    const out: HeldMatch[] = [];
    // Narrowed: a candidate outside a slot bound is left out unseen (the predicate, the same conditions, would say no).
    this.#eachCandidate(listing, true, (search) => {
      const { match } = search;
      if (search.test === null || match === null) {
        const { compiled } = search;
        if ("error" in compiled) onSkip?.({ id: search.id }, compiled.error);
        return;
      }
      let listed: boolean;
      if (hidBy.size > 0 && hidBy.has(search.owner.userId)) {
        const { criteria } = search.compiled as Resolved;
        listed = compileMatch({ ...criteria, now: new Date(minute * 60_000), excludeListings: [listing.id] })(listing);
      } else {
        if (search.minute !== null && search.minute !== minute) {
          search.test = compileMatch({ ...(search.compiled as Resolved).criteria, now: new Date(minute * 60_000) });
          search.minute = minute;
        }
        listed = search.test(listing);
      }
      if (listed) out.push(match);
    });
    return out.sort((a, b) => a.id - b.id);
  }
}

/** Per database handle, like the place directory: tests open several databases whose ids overlap. */
const holders = new WeakMap<Kysely<Database>, AlertSearches>();

/** This process's alerting searches of the database (made on first use; `caughtUp()` before reading them). */
export function alertSearchesOf(db: Kysely<Database>, isochrones?: IsochroneProvider): AlertSearches {
  let holder = holders.get(db);
  if (!holder) holders.set(db, (holder = new AlertSearches(db, isochrones)));
  else holder.adoptIsochrones(isochrones);
  return holder;
}

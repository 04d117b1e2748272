/**
 * Every alerting saved search, compiled once and held by this process with the keys it is found under
 * (docs/decisions/137): matching an event looks its candidates up here and applies their kept predicates, instead of
 * reading about a thousand candidates from the database and parsing, resolving and compiling each of them per event.
 *
 * What is held follows the database, whichever process or statement changed it: triggers log the id of every saved
 * search whose row, alert settings or keys changed (`saved_search_changes`, migration 2026-11-30-10), read with the
 * listing log's code (db/listing-changes.ts: sequence and transaction ids, nothing missed). `caughtUp()` reads the log
 * and re-reads the searches it names: a caller that awaits it sees every change committed before its call, as the
 * per-event candidate query did. The keys are the stored ones (db/alert-index.ts writes them); a search is held when
 * some channel alerts (frequency other than 'never'). A search that no longer parses or resolves is held with its
 * reason, reported each time it is a candidate (decision 094).
 */
import type { Kysely } from "kysely";
import { AREA_KEY, listingKeys, type ListingPlaces } from "../core/alerts/candidates.ts";
import { compileMatch, type MatchListing } from "../core/search/match.ts";
import type { IsochroneProvider } from "../core/search/isochrone.ts";
import type { AlertChannel, AlertFrequency } from "../core/search/saved-search-alerts.ts";
import { deserializeSearch } from "../core/search/saved-search.ts";
import { currentChangePosition, pruneListingChanges, readChanges, type ChangeLog, type ChangePosition } from "./listing-changes.ts";
import type { Database } from "./schema.ts";
import { buildCriteria, type SearchCriteria } from "./search-criteria.ts";

export const SAVED_SEARCH_CHANGES: ChangeLog = { table: "saved_search_changes", idColumn: "saved_search_id" };
/** How long the log keeps a change; a holder that has not read it for half that reloads everything. */
const KEEP_MS = 10 * 60_000;
const PAGE = 2000;

export interface AlertRoute {
  channel: AlertChannel;
  frequency: AlertFrequency;
}

/** One held search: its keys, its routes, and its resolved search with the predicate for one minute's "now". */
interface HeldSearch {
  id: number;
  routes: AlertRoute[];
  keys: Array<{ frame: string; key: string; bbox: [number, number, number, number] | null }>;
  compiled: { criteria: Omit<SearchCriteria, "now">; minute: number; test: (listing: MatchListing) => boolean } | { error: string };
}

/** "Now" truncated to the minute, as db/search-criteria.ts truncates it. */
const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);

export class AlertSearches {
  readonly #db: Kysely<Database>;
  #isochrones: IsochroneProvider | undefined;
  readonly #held = new Map<number, HeldSearch>();
  /** frame → key → ids (place keys and ANYWHERE_KEY). */
  readonly #byKey = new Map<string, Map<string, Set<number>>>();
  /** frame → id → box [west, south, east, north] (AREA_KEY). */
  readonly #areas = new Map<string, Map<number, [number, number, number, number]>>();
  #position: ChangePosition = { seq: 0, running: [], xmax: "0" };
  #readAt = 0;
  #prunedAt = 0;
  /** Set once a full load began (null: none yet, or the last one failed). */
  #loaded: Promise<void> | null = null;
  /** The read queued and not yet begun (callers arriving meanwhile share it); reads run one after another. */
  #pending: Promise<void> | null = null;
  #tail: Promise<void> = Promise.resolve();

  constructor(db: Kysely<Database>, isochrones?: IsochroneProvider) {
    this.#db = db;
    this.#isochrones = isochrones;
  }

  /** How many searches are held. */
  get size(): number {
    return this.#held.size;
  }

  /** Uses this provider for travel-time areas from now on (the portal's; searches already held keep their areas). */
  useIsochrones(isochrones: IsochroneProvider | undefined): void {
    if (isochrones) this.#isochrones = isochrones;
  }

  /** Resolves once every change committed before the call is held (the first call loads everything). */
  caughtUp(): Promise<void> {
    if (this.#pending) return this.#pending;
    const read = this.#tail.then(() => {
      if (this.#pending === read) this.#pending = null;
      return this.#read();
    });
    this.#pending = read;
    this.#tail = read.catch(() => {});
    return read;
  }

  async #read(): Promise<void> {
    if (!this.#loaded || Date.now() - this.#readAt > KEEP_MS / 2) return this.#load();
    const batch = await readChanges(this.#db, SAVED_SEARCH_CHANGES, this.#position);
    this.#readAt = Date.now();
    if (batch.reset) return this.#load();
    for (let i = 0; i < batch.ids.length; i += PAGE) await this.#reload(batch.ids.slice(i, i + PAGE));
    this.#position = batch.next;
    if (Date.now() - this.#prunedAt > KEEP_MS / 4) {
      this.#prunedAt = Date.now();
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
    this.#readAt = Date.now();
    const seen = new Set<number>();
    let after = 0;
    for (;;) {
      const ids = (
        await this.#db.selectFrom("savedSearches").select("id").where("id", ">", after).orderBy("id").limit(PAGE).execute()
      ).map((r) => Number(r.id));
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
      this.#db.selectFrom("savedSearches").select(["id", "serialized"]).where("id", "in", ids).execute(),
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
      const bbox = k.key === AREA_KEY ? ([k.west, k.south, k.east, k.north].map(Number) as [number, number, number, number]) : null;
      keysOf.set(id, [...(keysOf.get(id) ?? []), { frame: k.frame, key: k.key, bbox }]);
    }
    const now = new Date();
    const fresh: HeldSearch[] = [];
    for (const row of rows) {
      const id = Number(row.id);
      const routes = routesOf.get(id);
      const searchKeys = keysOf.get(id);
      if (!routes || !searchKeys) continue; // alerts nothing, or is found under no key
      let compiled: HeldSearch["compiled"];
      try {
        const { criteria } = await buildCriteria(this.#db, deserializeSearch(row.serialized), { isochrones: this.#isochrones, now });
        const { now: at, ...resolved } = criteria;
        compiled = { criteria: resolved, minute: minuteOf(at), test: compileMatch(criteria) };
      } catch (error) {
        compiled = { error: error instanceof Error ? error.message : String(error) };
      }
      fresh.push({ id, routes, keys: searchKeys, compiled });
    }
    // In one step: a match running meanwhile sees each search before or after, never missing.
    for (const id of ids) this.#drop(id);
    for (const search of fresh) this.#hold(search);
  }

  #hold(search: HeldSearch): void {
    this.#held.set(search.id, search);
    for (const { frame, key, bbox } of search.keys) {
      if (bbox) {
        let areas = this.#areas.get(frame);
        if (!areas) this.#areas.set(frame, (areas = new Map()));
        areas.set(search.id, bbox);
      } else {
        let keys = this.#byKey.get(frame);
        if (!keys) this.#byKey.set(frame, (keys = new Map()));
        let ids = keys.get(key);
        if (!ids) keys.set(key, (ids = new Set()));
        ids.add(search.id);
      }
    }
  }

  #drop(id: number): void {
    const search = this.#held.get(id);
    if (!search) return;
    this.#held.delete(id);
    for (const { frame, key, bbox } of search.keys) {
      if (bbox) this.#areas.get(frame)?.delete(id);
      else {
        const ids = this.#byKey.get(frame)?.get(key);
        ids?.delete(id);
        if (ids?.size === 0) this.#byKey.get(frame)!.delete(key);
      }
    }
  }

  /** The ids of the held searches whose keys the listing meets: its frame with one of its places, anywhere, or an area holding its point. */
  candidates(listing: ListingPlaces & { lat: number; lon: number }): number[] {
    const { frame, keys } = listingKeys(listing);
    const out = new Set<number>();
    const byKey = this.#byKey.get(frame);
    if (byKey) for (const key of keys) for (const id of byKey.get(key) ?? []) out.add(id);
    for (const [id, [w, s, e, n]] of this.#areas.get(frame) ?? []) {
      if (w <= listing.lon && e >= listing.lon && s <= listing.lat && n >= listing.lat) out.add(id);
    }
    return [...out].sort((a, b) => a - b);
  }

  /** The search's routes (channels and frequencies that alert). */
  routes(id: number): readonly AlertRoute[] {
    return this.#held.get(id)?.routes ?? [];
  }

  /**
   * Whether the held search lists the listing at `now` (its predicate rebuilt when the minute moved on, as the
   * publication-date filter reads "now"); a string: why the search cannot be decided (it no longer parses or resolves).
   * `excludeListings`: the owner's hidden listings, decided by the same predicate.
   */
  decide(id: number, listing: MatchListing, now: Date, excludeListings?: readonly number[]): boolean | string {
    const search = this.#held.get(id);
    if (!search) return false;
    const { compiled } = search;
    if ("error" in compiled) return compiled.error;
    const minute = minuteOf(now);
    if (excludeListings) return compileMatch({ ...compiled.criteria, now: new Date(minute * 60_000), excludeListings })(listing);
    if (compiled.minute !== minute) {
      compiled.test = compileMatch({ ...compiled.criteria, now: new Date(minute * 60_000) });
      compiled.minute = minute;
    }
    return compiled.test(listing);
  }

  /** The held search's query (for the alert's mail). */
  query(id: number) {
    const compiled = this.#held.get(id)?.compiled;
    return compiled && "criteria" in compiled ? compiled.criteria.query : undefined;
  }
}

/** Per database handle, like the place directory: tests open several databases whose ids overlap. */
const holders = new WeakMap<Kysely<Database>, AlertSearches>();

/** This process's alerting searches of the database (made on first use; `caughtUp()` before reading them). */
export function alertSearchesOf(db: Kysely<Database>, isochrones?: IsochroneProvider): AlertSearches {
  let holder = holders.get(db);
  if (!holder) holders.set(db, (holder = new AlertSearches(db, isochrones)));
  else holder.useIsochrones(isochrones);
  return holder;
}

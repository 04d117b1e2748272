/**
 * Which saved searches a listing alerts (issue 23 item 2, docs/decisions/085): candidates through the
 * keys of db/alert-index.ts (never a scan of every saved search), then, for each, the search resolved
 * as the results page resolves it (db/search-criteria.ts) and the one predicate of core/search/match.ts,
 * with the owner's hidden listings left out as the results page leaves them out. No filter is encoded here.
 *
 * Each candidate's predicate is compiled once per process and kept (docs/decisions/137): parsing, resolving and
 * building the conditions of about a thousand candidates per event was the whole cost of matching at the issue's
 * size. A compiled predicate is kept under the search's id with the version its row had (its hash and the row
 * version `xmin`, which every write of the row changes, whichever process or statement made it); the candidate
 * query returns each candidate's current version, so an edited search is compiled again at its next candidacy
 * in every process, a deleted one is no longer a candidate, and a new one is compiled when first met.
 */
import { sql, type Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import { compileMatch, type MatchListing } from "../core/search/match.ts";
import type { IsochroneProvider } from "../core/search/isochrone.ts";
import type { SearchQuery } from "../core/search/query.ts";
import type { AlertChannel, AlertFrequency } from "../core/search/saved-search-alerts.ts";
import { deserializeSearch } from "../core/search/saved-search.ts";
import { candidateAlertRoutes } from "./alert-index.ts";
import { alertCandidateRecords, type AlertSearchRecord } from "./listing-events.ts";
import { readMatchListings } from "./match-listings.ts";
import { getPlaceDirectory, type PlaceDirectory } from "./place-directory.ts";
import type { Database } from "./schema.ts";
import { buildCriteria, type SearchCriteria } from "./search-criteria.ts";

/**
 * How many compiled searches one process keeps (least recently met dropped first). Above the 100,000 alerting
 * searches with room; a search dropped is compiled again when next met. RSS at 100,000: docs/BENCHMARKS.md.
 */
export const ALERT_PREDICATES_MAX = 250_000;

/** A saved search resolved once, and its predicate built for one minute's "now" (the publication-date filter). */
interface CompiledSearch {
  version: string;
  criteria: Omit<SearchCriteria, "now">;
  minute: number;
  test: (listing: MatchListing) => boolean;
}

/** Per database handle, like the place directory: tests open several databases whose ids overlap. */
const predicatesByDb = new WeakMap<Kysely<Database>, LRUCache<number, CompiledSearch>>();

function predicatesOf(db: Kysely<Database>): LRUCache<number, CompiledSearch> {
  let cache = predicatesByDb.get(db);
  if (!cache) {
    cache = new LRUCache({ max: ALERT_PREDICATES_MAX });
    predicatesByDb.set(db, cache);
  }
  return cache;
}

/** "Now" truncated to the minute, as db/search-criteria.ts truncates it. */
const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);

/** The predicate for `now`'s minute (rebuilt from the resolved search when the minute moved on). */
function predicateAt(entry: CompiledSearch, now: Date): (listing: MatchListing) => boolean {
  const minute = minuteOf(now);
  if (entry.minute !== minute) {
    entry.test = compileMatch({ ...entry.criteria, now: new Date(minute * 60_000) });
    entry.minute = minute;
  }
  return entry.test;
}

/** Resolves and compiles a stored search; throws when it no longer parses or its places are gone. */
async function compileStored(
  db: Kysely<Database>,
  version: string,
  serialized: string,
  options: { isochrones?: IsochroneProvider; now: Date },
): Promise<CompiledSearch> {
  const { criteria } = await buildCriteria(db, deserializeSearch(serialized), options);
  const { now, ...resolved } = criteria;
  return { version, criteria: resolved, minute: minuteOf(now), test: compileMatch(criteria) };
}

/**
 * Compiles every saved search that alerts on some channel (a process about to match events: its first events then
 * meet warm predicates). In pages, yielding between them; searches that fail to compile are left for their
 * candidacy, which reports them. Returns how many are held.
 */
export async function warmAlertPredicates(
  db: Kysely<Database>,
  options: { isochrones?: IsochroneProvider; pageSize?: number; stopped?: () => boolean } = {},
): Promise<number> {
  const cache = predicatesOf(db);
  const now = new Date();
  let after = 0;
  for (;;) {
    if (options.stopped?.()) break;
    const { rows } = await sql<{ id: string | number; version: string; serialized: string }>`
      SELECT s.id, s.hash || ':' || s.xmin::text AS version, s.serialized
      FROM saved_searches s
      WHERE s.id > ${after} AND EXISTS (SELECT 1 FROM saved_search_alerts a WHERE a.saved_search_id = s.id AND a.frequency <> 'never')
      ORDER BY s.id LIMIT ${options.pageSize ?? 2000}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const id = Number(row.id);
      if (cache.peek(id)?.version === row.version) continue;
      try {
        cache.set(id, await compileStored(db, row.version, row.serialized, { isochrones: options.isochrones, now }));
      } catch {
        // Reported with its reason when it is a candidate.
      }
    }
    after = Number(rows[rows.length - 1]!.id);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return cache.size;
}

export interface AlertedSearch extends AlertSearchRecord {
  query: SearchQuery;
}

export interface AlertMatchOptions {
  channel: AlertChannel;
  frequency: AlertFrequency;
  isochrones?: IsochroneProvider;
  now?: Date;
  /** A candidate that cannot be resolved any more (a place gone, filters that no longer parse): skipped, with the reason. */
  onSkip?: (search: { id: number }, reason: string) => void;
}

/** The listing (null when it is gone) and the saved searches whose results list it, ids ascending. */
export async function savedSearchesAlertedBy(
  db: Kysely<Database>,
  listingId: number,
  options: AlertMatchOptions,
): Promise<{ listing: MatchListing; searches: AlertedSearch[]; directory: PlaceDirectory | null } | null> {
  const alerted = await alertsOfListing(db, listingId, options);
  return (
    alerted && { listing: alerted.listing, searches: alerted.searches(options.channel, options.frequency), directory: alerted.directory }
  );
}

/**
 * Every channel and frequency at once (the matcher's question for each event): the listing read once, one
 * candidate query, each candidate's kept predicate applied (compiled first when new or changed), and the owners of
 * the matched ones read. Frequency 'never' alerts nothing and is not asked for. Null when the listing is gone.
 */
export async function alertsOfListing(
  db: Kysely<Database>,
  listingId: number,
  options: Omit<AlertMatchOptions, "channel" | "frequency">,
): Promise<{
  listing: MatchListing;
  /** The saved searches alerted on `channel` at `frequency`, ids ascending. */
  searches: (channel: AlertChannel, frequency: AlertFrequency) => AlertedSearch[];
  directory: PlaceDirectory | null;
} | null> {
  const [listing] = await readMatchListings(db, [listingId]);
  if (!listing) return null;
  const routes = await candidateAlertRoutes(db, {
    channel: String(listing.channel),
    propertyTypeGroup: String(listing.propertyTypeGroup),
    regionId: String(listing.regionId),
    provinceId: String(listing.provinceId),
    townId: String(listing.townId),
    zoneId: listing.zoneId === null ? null : String(listing.zoneId),
    blockId: listing.blockId === null ? null : String(listing.blockId),
    metroStopIds: listing.metroStopIds,
    nonadminZoneIds: listing.nonadminZoneIds,
    lat: Number(listing.lat),
    lon: Number(listing.lon),
  });
  const now = options.now ?? new Date();
  const cache = predicatesOf(db);
  const versions = new Map(routes.map((r) => [r.id, r.version]));
  const stale = [...versions].filter(([id, version]) => cache.get(id)?.version !== version).map(([id]) => id);
  if (stale.length > 0) {
    const rows = await db.selectFrom("savedSearches").select(["id", "serialized"]).where("id", "in", stale).execute();
    const serialized = new Map(rows.map((r) => [Number(r.id), r.serialized]));
    for (const id of stale) {
      const text = serialized.get(id);
      if (text === undefined) {
        versions.delete(id); // deleted since the candidate query
        continue;
      }
      try {
        cache.set(id, await compileStored(db, versions.get(id)!, text, { isochrones: options.isochrones, now }));
      } catch (error) {
        // Not kept: a place that comes back or a travel-time service that answers again is tried at the next event.
        versions.delete(id);
        options.onSkip?.({ id }, error instanceof Error ? error.message : String(error));
      }
    }
  }
  const hits: number[] = [];
  for (const id of versions.keys()) {
    const entry = cache.get(id);
    if (entry && predicateAt(entry, now)(listing)) hits.push(id);
  }
  const matched = new Map<number, AlertedSearch>();
  for (const record of await alertCandidateRecords(db, hits, listing.id)) {
    const { ownerHidListing, ...search } = record;
    const entry = cache.peek(record.id);
    if (!entry) continue; // (only if a quarter of a million other searches were compiled meanwhile)
    // The owner's hidden listings are left out of their results (decided by the same predicate, with them excluded).
    const hidden = ownerHidListing && !compileMatch({ ...entry.criteria, now: new Date(minuteOf(now) * 60_000), excludeListings: [listing.id] })(listing);
    if (hidden) continue;
    matched.set(record.id, { ...search, query: entry.criteria.query });
  }
  const directory = matched.size > 0 ? await getPlaceDirectory(db) : null;
  const searches = (channel: AlertChannel, frequency: AlertFrequency) =>
    routes.filter((r) => r.channel === channel && r.frequency === frequency && matched.has(r.id)).map((r) => matched.get(r.id)!);
  return { listing, searches, directory };
}

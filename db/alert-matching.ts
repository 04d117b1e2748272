/**
 * Which saved searches a listing alerts (issue 23 item 2, docs/decisions/085): candidates through the
 * keys of db/alert-index.ts (never a scan of every saved search), then, for each, the search resolved
 * as the results page resolves it (db/search-criteria.ts) and the one predicate `matches` of
 * core/search/match.ts, with the owner's hidden listings left out as the results page leaves them out.
 * No filter is encoded here.
 */
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import { matches, type MatchListing } from "../core/search/match.ts";
import type { IsochroneProvider } from "../core/search/isochrone.ts";
import type { SearchQuery } from "../core/search/query.ts";
import type { AlertChannel, AlertFrequency } from "../core/search/saved-search-alerts.ts";
import { deserializeSearch } from "../core/search/saved-search.ts";
import { candidateAlertRoutes } from "./alert-index.ts";
import { alertCandidateRecords, type AlertSearchRecord } from "./listing-events.ts";
import { readMatchListings } from "./match-listings.ts";
import type { PlaceDirectory } from "./place-directory.ts";
import type { Database } from "./schema.ts";
import { buildCriteria } from "./search-criteria.ts";

/**
 * Saved searches parsed from their stored form, by that form: validating a stored search with zod was 60 % of
 * matching an event (a profile of bench:alerts). The key is the whole serialized search, so an edited search is
 * parsed again, and a parse is a pure function of it: nothing here follows listings or can go stale.
 */
const parsedSearches = new LRUCache<string, SearchQuery>({ max: 50_000 });

function parsedSearch(serialized: string): SearchQuery {
  let query = parsedSearches.get(serialized);
  if (!query) {
    query = deserializeSearch(serialized);
    parsedSearches.set(serialized, query);
  }
  return query;
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
  onSkip?: (search: AlertSearchRecord, reason: string) => void;
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
 * candidate query, each candidate search resolved and matched once. Null when the listing is gone.
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
  const records = await alertCandidateRecords(db, [...new Set(routes.map((r) => r.id))], listing.id);
  const matched = new Map<number, AlertedSearch>();
  let directory: PlaceDirectory | null = null;
  for (const record of records) {
    let query: SearchQuery;
    try {
      query = parsedSearch(record.serialized);
      const built = await buildCriteria(db, query, { isochrones: options.isochrones, now: options.now });
      directory = built.directory;
      const criteria = record.ownerHidListing ? { ...built.criteria, excludeListings: [listing.id] } : built.criteria;
      const { ownerHidListing: _, ...search } = record;
      if (matches(listing, criteria)) matched.set(record.id, { ...search, query });
    } catch (error) {
      options.onSkip?.(record, error instanceof Error ? error.message : String(error));
    }
  }
  const searches = (channel: AlertChannel, frequency: AlertFrequency) =>
    routes.filter((r) => r.channel === channel && r.frequency === frequency && matched.has(r.id)).map((r) => matched.get(r.id)!);
  return { listing, searches, directory };
}

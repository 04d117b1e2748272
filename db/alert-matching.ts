/**
 * Which saved searches a listing alerts (issue 23 item 2, docs/decisions/085): candidates through the
 * keys of db/alert-index.ts (never a scan of every saved search), then, for each, the search resolved
 * as the results page resolves it (db/search-criteria.ts) and the one predicate of core/search/match.ts,
 * with the owner's hidden listings left out as the results page leaves them out. No filter is encoded here.
 *
 * The candidates' keys and compiled predicates are held by this process (db/alert-searches.ts, docs/decisions/137),
 * with their owners, following every change through their change log: an event costs three small reads side by side
 * (the listing, that log, usually empty, and who hid the listing), prepared on the primary when the caller gives its
 * read pool, and the kept predicates of its candidates.
 */
import type { Kysely } from "kysely";
import type { MatchListing } from "../core/search/match.ts";
import type { IsochroneProvider } from "../core/search/isochrone.ts";
import type { SearchQuery } from "../core/search/query.ts";
import type { AlertChannel, AlertFrequency } from "../core/search/saved-search-alerts.ts";
import { alertSearchesOf } from "./alert-searches.ts";
import { ownersWhoHidListings, type AlertSearchRecord } from "./listing-events.ts";
import { readMatchListings } from "./match-listings.ts";
import { getPlaceDirectory, type PlaceDirectory } from "./place-directory.ts";
import type { Database } from "./schema.ts";

export interface AlertedSearch extends Omit<AlertSearchRecord, "serialized"> {
  query: SearchQuery;
}

export interface AlertMatchOptions {
  channel: AlertChannel;
  frequency: AlertFrequency;
  isochrones?: IsochroneProvider;
  now?: Date;
  /** A candidate that cannot be resolved any more (a place gone, filters that no longer parse): skipped, with the reason. */
  onSkip?: (search: { id: number }, reason: string) => void;
  /**
   * Where the per-event reads go (the listings, the saved-search log, who hid them): the primary's prepared reads
   * (`DatabaseHandle.primaryReads`); `db` when absent. The held searches stay those of `db`.
   */
  reads?: Kysely<Database>;
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

/** What a listing alerts, on every channel and frequency (`alertsOfListing`, `alertsOfListings`). */
export interface ListingAlerts {
  listing: MatchListing;
  /** The saved searches alerted on `channel` at `frequency`, ids ascending. */
  searches: (channel: AlertChannel, frequency: AlertFrequency) => AlertedSearch[];
  directory: PlaceDirectory | null;
}

/**
 * Every channel and frequency at once (the matcher's question for each event): the listing read once, the held
 * searches brought up to date, each candidate's kept predicate applied, and the owners of the matched ones read.
 * Frequency 'never' alerts nothing and is not held. Null when the listing is gone.
 */
export async function alertsOfListing(
  db: Kysely<Database>,
  listingId: number,
  options: Omit<AlertMatchOptions, "channel" | "frequency">,
): Promise<ListingAlerts | null> {
  const alerted = await alertsOfListings(db, [listingId], options);
  return alerted.get(listingId)?.() ?? null;
}

/**
 * `alertsOfListing` for a batch of listings (a matcher's batch of events, docs/decisions/147): the same three reads,
 * each ONE statement for the whole batch, side by side (the listings, the held searches brought up to date, who hid
 * them). Returns, per listing still there, a function that decides it in memory when called: the caller decides each
 * listing apart, so a listing whose decision throws fails alone. Listings gone are absent.
 */
export async function alertsOfListings(
  db: Kysely<Database>,
  listingIds: readonly number[],
  options: Omit<AlertMatchOptions, "channel" | "frequency">,
): Promise<Map<number, () => ListingAlerts>> {
  const held = alertSearchesOf(db, options.isochrones);
  const reads = options.reads ?? db;
  const [listings, , hidBy] = await Promise.all([
    readMatchListings(reads, listingIds),
    held.caughtUp(reads),
    ownersWhoHidListings(reads, listingIds),
  ]);
  const now = options.now ?? new Date();
  // Read once for the batch, only if a listing alerts someone (the caller's push texts and the results links need it).
  const directory = listings.length > 0 ? await getPlaceDirectory(db) : null;
  const none = new Set<number>();
  return new Map(
    listings.map((listing) => [
      listing.id,
      () => {
        const matched = held.matching(placesOf(listing), now, hidBy.get(listing.id) ?? none, options.onSkip);
        const searches = (channel: AlertChannel, frequency: AlertFrequency): AlertedSearch[] =>
          matched
            .filter((s) => s.routes.some((r) => r.channel === channel && r.frequency === frequency))
            .map((s) => ({ id: s.id, ...s.owner, query: s.query }));
        return { listing, searches, directory: matched.length > 0 ? directory : null };
      },
    ]),
  );
}

/** The held searches whose keys the listing meets (call after `alertSearchesOf(db).caughtUp()`). */
export function alertCandidates(db: Kysely<Database>, listing: MatchListing): number[] {
  return alertSearchesOf(db).candidates(placesOf(listing));
}

/** The listing with its place columns as the alert keys read them (what `AlertSearches.matching` takes). */
export function placesOf(listing: MatchListing) {
  return {
    ...listing,
    channel: String(listing.channel),
    propertyTypeGroup: String(listing.propertyTypeGroup),
    regionId: String(listing.regionId),
    provinceId: String(listing.provinceId),
    townId: String(listing.townId),
    zoneId: listing.zoneId === null ? null : String(listing.zoneId),
    blockId: listing.blockId === null ? null : String(listing.blockId),
    lat: Number(listing.lat),
    lon: Number(listing.lon),
  };
}

/**
 * Brings this process's held searches up to date, loading them all the first time (a process about to match events:
 * its first events then meet compiled searches). Returns how many are held.
 */
export async function warmAlertSearches(db: Kysely<Database>, isochrones?: IsochroneProvider): Promise<number> {
  const held = alertSearchesOf(db, isochrones);
  await held.caughtUp();
  return held.size;
}

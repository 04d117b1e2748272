import type { Kysely } from "kysely";
import { Migrator, type Migration } from "kysely/migration";
import * as m01 from "./migrations/2026-11-22-01-extensions-and-places.ts";
import * as m02 from "./migrations/2026-11-22-02-publishers-pois-listings.ts";
import * as m03 from "./migrations/2026-11-22-03-search-indexes.ts";
import * as m04 from "./migrations/2026-11-22-04-covering-search-indexes.ts";
import * as m05 from "./migrations/2026-11-23-01-exact-listing-points.ts";
import * as accounts from "./migrations/2026-11-23-02-accounts.ts";
import * as m2303 from "./migrations/2026-11-23-03-publisher-pages-and-leads.ts";
import * as m06 from "./migrations/2026-11-23-04-listing-changes.ts";
import * as savedSearches from "./migrations/2026-11-23-05-saved-searches.ts";
import * as mycasaRecords from "./migrations/2026-11-23-06-mycasa-records.ts";
import * as mailQueue from "./migrations/2026-11-23-07-mail-queue.ts";
import * as revocations from "./migrations/2026-11-23-09-session-revocations.ts";
import * as publisherAccounts from "./migrations/2026-11-23-10-publisher-accounts.ts";
import * as shownPrice from "./migrations/2026-11-26-20-shown-price.ts";
import * as sessionLogoutRevocations from "./migrations/2026-11-26-21-session-logout-revocations.ts";
import * as listingEvents from "./migrations/2026-11-26-30-listing-events.ts";
import * as publisherKeys from "./migrations/2026-11-26-50-publisher-keys.ts";
import * as alertLinks from "./migrations/2026-11-26-40-alert-links.ts";
import * as alertDigests from "./migrations/2026-11-26-41-alert-digests.ts";
import * as alertVisits from "./migrations/2026-11-26-42-alert-visits.ts";
import * as streets from "./migrations/2026-11-26-80-streets.ts";
import * as webPush from "./migrations/2026-11-27-10-web-push.ts";
import * as mailBounces from "./migrations/2026-11-27-11-mail-bounces.ts";
import * as savedSearchLocale from "./migrations/2026-11-27-12-saved-search-locale.ts";
import * as listingPhotos from "./migrations/2026-11-27-20-listing-photos.ts";
import * as homeClusters from "./migrations/2026-11-27-21-home-clusters.ts";
import * as poiPoints from "./migrations/2026-11-27-22-poi-points.ts";
import * as dailyPush from "./migrations/2026-11-28-10-daily-push.ts";
import * as lateBounces from "./migrations/2026-11-28-11-late-bounces.ts";
import * as publisherNewestListing from "./migrations/2026-11-29-10-publisher-newest-listing.ts";
import * as feedSources from "./migrations/2026-11-29-11-feed-sources.ts";
import * as savedSearchChanges from "./migrations/2026-11-30-10-saved-search-changes.ts";
import * as privateSellers from "./migrations/2026-12-01-10-private-sellers.ts";
import * as feedPhotoUrls from "./migrations/2026-12-02-10-feed-photo-urls.ts";
import * as immediateAlertBatches from "./migrations/2026-12-03-10-immediate-alert-batches.ts";
import * as feedPhotoRechecks from "./migrations/2026-12-03-20-feed-photo-rechecks.ts";

/** Listed explicitly (not read from disk) so the bundled server carries them. Names sort by date. */
const migrations: Record<string, Migration> = {
  "2026-11-22-01-extensions-and-places": m01,
  "2026-11-22-02-publishers-pois-listings": m02,
  "2026-11-22-03-search-indexes": m03,
  "2026-11-22-04-covering-search-indexes": m04,
  "2026-11-23-01-exact-listing-points": m05,
  "2026-11-23-02-accounts": accounts,
  "2026-11-23-03-publisher-pages-and-leads": m2303,
  "2026-11-23-04-listing-changes": m06,
  "2026-11-23-05-saved-searches": savedSearches,
  "2026-11-23-06-mycasa-records": mycasaRecords,
  "2026-11-23-07-mail-queue": mailQueue,
  "2026-11-23-09-session-revocations": revocations,
  "2026-11-23-10-publisher-accounts": publisherAccounts,
  "2026-11-26-20-shown-price": shownPrice,
  "2026-11-26-21-session-logout-revocations": sessionLogoutRevocations,
  "2026-11-26-30-listing-events": listingEvents,
  "2026-11-26-50-publisher-keys": publisherKeys,
  "2026-11-26-40-alert-links": alertLinks,
  "2026-11-26-41-alert-digests": alertDigests,
  "2026-11-26-42-alert-visits": alertVisits,
  "2026-11-26-80-streets": streets,
  "2026-11-27-10-web-push": webPush,
  "2026-11-27-11-mail-bounces": mailBounces,
  "2026-11-27-12-saved-search-locale": savedSearchLocale,
  "2026-11-27-20-listing-photos": listingPhotos,
  "2026-11-27-21-home-clusters": homeClusters,
  "2026-11-27-22-poi-points": poiPoints,
  "2026-11-28-10-daily-push": dailyPush,
  "2026-11-28-11-late-bounces": lateBounces,
  "2026-11-29-10-publisher-newest-listing": publisherNewestListing,
  "2026-11-29-11-feed-sources": feedSources,
  "2026-11-30-10-saved-search-changes": savedSearchChanges,
  "2026-12-01-10-private-sellers": privateSellers,
  "2026-12-02-10-feed-photo-urls": feedPhotoUrls,
  "2026-12-03-10-immediate-alert-batches": immediateAlertBatches,
  "2026-12-03-20-feed-photo-rechecks": feedPhotoRechecks,
};

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Unordered: branches developed side by side add migrations dated the same day; a database that ran a
  // later-named one first still gets the others (each migration touches only what it names).
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${(error as Error).message ?? String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * The keys a saved search is found under when a listing changes (core/alerts/candidates.ts, docs/decisions/085),
 * written whenever the search is saved or changed, and the look-up of candidates for one listing.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { AREA_KEY, alertIndexOf, listingKeys, type AlertIndex, type ListingPlaces } from "../core/alerts/candidates.ts";
import type { AlertChannel, AlertFrequency } from "../core/search/saved-search-alerts.ts";
import { deserializeSearch } from "../core/search/saved-search.ts";
import { getPlaceDirectory } from "./place-directory.ts";
import type { Database } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** Replaces the saved search's keys (none: it is never a candidate). */
export async function writeAlertIndex(db: Db, savedSearchId: number, index: AlertIndex): Promise<void> {
  await db.deleteFrom("savedSearchAlertKeys").where("savedSearchId", "=", savedSearchId).execute();
  if (index.keys.length === 0) return;
  await db
    .insertInto("savedSearchAlertKeys")
    .values(
      index.keys.map((key) => ({
        savedSearchId,
        frame: index.frame,
        key,
        west: key === AREA_KEY ? index.bbox![0] : null,
        south: key === AREA_KEY ? index.bbox![1] : null,
        east: key === AREA_KEY ? index.bbox![2] : null,
        north: key === AREA_KEY ? index.bbox![3] : null,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * The index of a stored search (its serialized form), places looked up in the directory. Null when the
 * search no longer parses: such a search is never a candidate. Call outside a transaction on PGlite
 * (the directory may need its first read).
 */
export async function alertIndexOfStored(db: Kysely<Database>, serialized: string): Promise<AlertIndex | null> {
  let query;
  try {
    query = deserializeSearch(serialized);
  } catch {
    return null;
  }
  const directory = await getPlaceDirectory(db);
  return alertIndexOf(
    query,
    (id) => directory.get(id)?.level,
    (id) => directory.children(id).map((p) => p.id),
  );
}

/**
 * The saved searches that may list this listing and alert on `channel` at `frequency`: those under its
 * frame with one of its places, anywhere, or an area whose box holds its point. Ids ascending.
 */
export async function candidateSavedSearches(
  db: Db,
  listing: ListingPlaces & { lat: number; lon: number },
  channel: AlertChannel,
  frequency: AlertFrequency,
): Promise<number[]> {
  return (await candidateAlertRoutes(db, listing)).filter((r) => r.channel === channel && r.frequency === frequency).map((r) => r.id);
}

/** Every (saved search, channel, frequency) whose keys the listing meets, in one query: the matcher asks once an event. */
export async function candidateAlertRoutes(
  db: Db,
  listing: ListingPlaces & { lat: number; lon: number },
): Promise<Array<{ id: number; channel: AlertChannel; frequency: AlertFrequency }>> {
  const { frame, keys } = listingKeys(listing);
  const rows = await sql<{ id: string | number; channel: AlertChannel; frequency: AlertFrequency }>`
    SELECT DISTINCT k.saved_search_id AS id, a.channel, a.frequency
    FROM saved_search_alert_keys k
    JOIN saved_search_alerts a ON a.saved_search_id = k.saved_search_id
    WHERE k.frame = ${frame}
      AND (k.key = ANY(${keys}::text[])
        OR (k.key = ${AREA_KEY} AND k.west <= ${listing.lon} AND k.east >= ${listing.lon} AND k.south <= ${listing.lat} AND k.north >= ${listing.lat}))
    ORDER BY 1, 2, 3`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), channel: r.channel, frequency: r.frequency }));
}

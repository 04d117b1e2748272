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
 * Every (saved search, channel, frequency) whose keys the listing meets and that alerts at all (frequency 'never'
 * alerts nothing), with the search's version (its hash and row version: db/alert-matching.ts keeps compiled
 * predicates by it), in one query: the matcher asks once an event. Ids ascending.
 */
export async function candidateAlertRoutes(
  db: Db,
  listing: ListingPlaces & { lat: number; lon: number },
): Promise<Array<{ id: number; version: string; channel: AlertChannel; frequency: AlertFrequency }>> {
  const { frame, keys } = listingKeys(listing);
  const rows = await sql<{ id: string | number; version: string; channel: AlertChannel; frequency: AlertFrequency }>`
    SELECT k.id, s.hash || ':' || s.xmin::text AS version, a.channel, a.frequency
    FROM (SELECT DISTINCT saved_search_id AS id FROM saved_search_alert_keys
      WHERE frame = ${frame}
        AND (key = ANY(${keys}::text[])
          OR (key = ${AREA_KEY} AND west <= ${listing.lon} AND east >= ${listing.lon} AND south <= ${listing.lat} AND north >= ${listing.lat}))) k
    JOIN saved_search_alerts a ON a.saved_search_id = k.id AND a.frequency <> 'never'
    JOIN saved_searches s ON s.id = k.id
    ORDER BY 1, 3, 4`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), version: r.version, channel: r.channel, frequency: r.frequency }));
}

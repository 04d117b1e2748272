/**
 * The keys a saved search is found under when a listing changes (core/alerts/candidates.ts, docs/decisions/085),
 * written whenever the search is saved or changed. Each matching process holds them with the compiled searches and
 * looks a listing's candidates up there (db/alert-searches.ts, docs/decisions/137).
 */
import type { Kysely, Transaction } from "kysely";
import { AREA_KEY, alertIndexOf, type AlertIndex } from "../core/alerts/candidates.ts";
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

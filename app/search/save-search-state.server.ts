/**
 * The save-search button's state for a results page (seed 001 §4 "Saved-search check"): the search's
 * hash, and for a logged-in user whether it is saved, with its alerts — one indexed read by (user, hash),
 * done on the server so the page renders in the right state without JavaScript. The session comes from
 * the cookie (no user read): a deleted account simply finds nothing. `db` answers the (user, hash) read: the
 * results page passes `readDb`, which reads the primary for a session that just saved (read-your-writes on
 * replicas, docs/decisions/107), so a save just made shows at once; `readDb` serves the place directory.
 */
import type { Kysely } from "kysely";
import type { SearchQuery } from "../../core/search/query.ts";
import { notificationsOf } from "../../core/search/saved-search.ts";
import { proposeSaveSearch } from "../../core/search/saved-search-alerts.ts";
import { decodeSearchUrl, encodeSearchUrl } from "../../core/search/url.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { findSavedSearchByHash } from "../../db/saved-searches.ts";
import type { Database } from "../../db/schema.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { ALERT_DELIVERY, describeSearch, storedSearchOf } from "../mycasa/saved-searches.server.ts";
import type { SaveSearchState } from "../ui/save-search-button.tsx";

export async function saveSearchState(
  db: Kysely<Database>,
  readDb: Kysely<Database>,
  query: SearchQuery,
  userId: number | null,
  locale: Locale,
): Promise<SaveSearchState> {
  const directory = await getPlaceDirectory(readDb);
  const { hash } = storedSearchOf(query, directory);
  const record = userId === null ? null : await findSavedSearchByHash(db, userId, hash);
  return {
    uri: encodeSearchUrl({ ...query, page: 1 }, directory),
    hash,
    loggedIn: userId !== null,
    saved: record
      ? { id: record.id, customTitle: record.title, alerts: record.alerts, notifications: notificationsOf(record.alerts) }
      : null,
    ...describeSearch(query, directory, locale),
    delivery: ALERT_DELIVERY,
  };
}

/**
 * Where the lead's feedback offers to save the search the seeker came from (`from`, a results path), or
 * null: no search behind the page, the proposal switched off, or the search already saved (seed 001 §4).
 * The link is the no-JavaScript save flow, which logs a visitor in first.
 */
export async function saveSearchAfterLead(
  db: Kysely<Database>,
  readDb: Kysely<Database>,
  from: string | null,
  userId: number | null,
  locale: Locale,
  enabled: boolean,
): Promise<string | null> {
  if (!from || !enabled) return null;
  const directory = await getPlaceDirectory(readDb);
  const at = from.indexOf("?");
  const decoded = decodeSearchUrl(localizePath(at < 0 ? from : from.slice(0, at), "it"), at < 0 ? "" : from.slice(at), directory);
  if (decoded.kind !== "search") return null;
  const record = userId === null ? null : await findSavedSearchByHash(db, userId, storedSearchOf(decoded.query, directory).hash);
  const state = record ? { kind: "saved" as const, alarm: false } : { kind: "not-saved" as const };
  if (!proposeSaveSearch({ origin: "lead", state, loggedIn: userId !== null, total: 0, afterLeadEnabled: enabled })) return null;
  return `${localizePath("/mycasa/ricerche/salva/", locale)}?uri=${encodeURIComponent(encodeSearchUrl({ ...decoded.query, page: 1 }, directory))}`;
}

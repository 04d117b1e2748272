/**
 * The guided flow on the server (docs/decisions/102): a state's search (canonical results URL and the exact
 * number of matching listings, through the one count path: listing facts or SQL, with the count cache), the
 * rooms and bathrooms availability of §7 `/cerca-casa/available`, and the where step's place resolution
 * (db/place-search.ts, as the home's place search resolves free text).
 */
import type { Kysely } from "kysely";
import { guidedStateSchema, searchInputOf, type GuidedState } from "../../core/guided/flow.ts";
import { AREA_KEY } from "../../core/guided/steps.ts";
import { parseSearch, type SearchQuery } from "../../core/search/query.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import type { CountCache } from "../../db/count-cache.ts";
import { countListings } from "../../db/listings-search.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { resolvePlaceQuery } from "../../db/place-search.ts";
import { searchBackend } from "../../db/search-backend.ts";
import { buildCriteria } from "../../db/search-criteria.ts";
import type { Database } from "../../db/schema.ts";
import type { AlertFrequency } from "../../core/search/saved-search-alerts.ts";
import { savedSearchesService } from "../mycasa/saved-searches.server.ts";

export interface GuidedSearch {
  query: SearchQuery;
  /** The canonical results URL (no locale prefix): what a results page's save button saves. */
  uri: string;
  count: number;
  /** The searched place and its box (the where step's map opens on it), if the search has one. */
  place: { id: string; name: string; bbox: [number, number, number, number] } | null;
}

/** A state's search, resolved as the results page resolves it. */
async function guidedCriteria(db: Kysely<Database>, state: GuidedState) {
  const { raw, places } = searchInputOf(state);
  const query = parseSearch(raw, places);
  return { query, ...(await buildCriteria(db, query)) };
}

export async function guidedSearch(db: Kysely<Database>, state: GuidedState, counts?: CountCache): Promise<GuidedSearch> {
  const { query, criteria, directory } = await guidedCriteria(db, state);
  const count = await countListings(db, criteria, counts);
  const place = state.luogo ? directory.get(state.luogo) : undefined;
  return {
    query,
    uri: encodeSearchUrl(query, directory),
    count,
    place: place ? { id: place.id, name: place.name, bbox: place.bbox } : null,
  };
}

const roomsChoices = [1, 2, 3, 4, 5];
const bathsChoices = [1, 2, 3];

/**
 * How many listings each rooms choice (1+ … 5+) and each bathrooms choice (1+ … 3+) would find, the rest of the
 * state kept: eight searches, counted in one pass over the state's listings without either choice.
 */
export async function guidedAvailability(
  db: Kysely<Database>,
  state: GuidedState,
): Promise<{ rooms: Array<{ value: number; count: number }>; baths: Array<{ value: number; count: number }> }> {
  const { locali: _rooms, bagni: _baths, ...rest } = state;
  const base = await guidedCriteria(db, rest);
  const variants = await Promise.all([
    ...roomsChoices.map((locali) => guidedCriteria(db, { ...state, locali })),
    ...bathsChoices.map((bagni) => guidedCriteria(db, { ...state, bagni })),
  ]);
  const counts = await searchBackend(db).countEach(
    base.criteria,
    variants.map((v) => v.criteria),
  );
  return {
    rooms: roomsChoices.map((value, i) => ({ value, count: counts[i]! })),
    baths: bathsChoices.map((value, i) => ({ value, count: counts[roomsChoices.length + i]! })),
  };
}

/**
 * The place a typed text names (the best match of the place search) and the point a commute time starts from
 * (a street's point when the text names a located street, else the place's own), or null.
 */
export async function resolveWhere(
  db: Kysely<Database>,
  text: string,
  state: GuidedState,
): Promise<{ id: string; name: string; point: string | null } | null> {
  const trimmed = text.trim().slice(0, 100);
  if (!trimmed) return null;
  const resolved = await resolvePlaceQuery(db, trimmed, { channel: state.contratto });
  if (!resolved) return null;
  const directory = await getPlaceDirectory(db);
  const place = directory.get(resolved.id);
  if (!place) return null;
  const at = resolved.street?.located ? resolved.street : place.lat !== null && place.lon !== null ? place : null;
  const point = at ? `${Number(at.lat).toFixed(6)},${Number(at.lon).toFixed(6)}` : null;
  return { id: resolved.id, name: resolved.street?.located ? resolved.street.label : resolved.name, point };
}

/**
 * The where step's answer: the place, or with a travel mode and time chosen (`commute`), the commute time from
 * the place's point (docs/decisions/102). The other kinds' fields (a drawn area's too, 134) are dropped.
 */
export function answerWhere(
  state: GuidedState,
  place: { id: string; name: string; point: string | null },
  commute: boolean,
): GuidedState | null {
  const none = { luogo: undefined, vicino: undefined, da: undefined, [AREA_KEY]: undefined };
  if (!commute) return { ...state, ...none, mezzo: undefined, minuti: undefined, luogo: place.id };
  if (!place.point || !state.mezzo || state.minuti === undefined) return null;
  return { ...state, ...none, vicino: place.point, da: place.name };
}

/**
 * Saves the search for the user with e-mail alerts (push off) through the service the results page's save
 * button uses, so the stored search and its hash are the ones a results page would save.
 */
export function saveGuidedSearch(db: Kysely<Database>, user: { id: number }, uri: string, frequency: AlertFrequency) {
  return savedSearchesService(db).save(
    user,
    {
      searchData: { uri },
      title: null,
      excludeAuctions: false,
      notifications: { emailFrequency: frequency, hasEmail: frequency !== "never", pushFrequency: "never", hasPush: false },
    },
    new Date(),
  );
}

export { guidedStateSchema };

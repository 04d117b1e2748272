/**
 * Favourites of a visitor without an account (seed 000 §4): a list of listing ids kept in the
 * browser's localStorage under FAVOURITES_STORAGE_KEY as a JSON array, newest first. Pure rules
 * only; the browser store is app/ui/favourites-store.ts.
 */

/** The localStorage key: a JSON array of listing ids, newest first, e.g. `[812,17,2044]`. */
export const FAVOURITES_STORAGE_KEY = "casa:favourites";
/** At most this many ids are kept; the oldest drop out first. */
export const MAX_FAVOURITES = 200;
/**
 * The favourites page shows this many cards at a time, and the cards endpoint gives no more per call:
 * cards carry what a listing page shows, so a bulk client must not read thousands at once (issue 14 §4).
 */
export const CARDS_PER_PAGE = 25;

/** The ids to ask the cards endpoint for, one call each, to show the first `pages` pages. */
export function cardRequests(ids: readonly number[], pages: number): number[][] {
  const wanted = ids.slice(0, Math.max(1, pages) * CARDS_PER_PAGE);
  const calls: number[][] = [];
  for (let i = 0; i < wanted.length; i += CARDS_PER_PAGE) calls.push(wanted.slice(i, i + CARDS_PER_PAGE));
  return calls;
}

const isListingId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;

/** Reads a stored value leniently: anything that is not a list of positive integers is dropped. */
export function parseFavourites(raw: string | null | undefined, cap = MAX_FAVOURITES): number[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return normalise(value.filter(isListingId), cap);
}

/**
 * Deduplicates (first occurrence wins) and caps the list. The cap is MAX_FAVOURITES for a visitor's
 * own list; a logged-in user's list mirrors the account and takes the account's limit (core/mycasa/records.ts).
 */
export function normalise(ids: readonly number[], cap = MAX_FAVOURITES): number[] {
  return [...new Set(ids)].slice(0, cap);
}

export function isFavourite(ids: readonly number[], id: number): boolean {
  return ids.includes(id);
}

/** Puts the id first (moving it if already saved), dropping the oldest beyond the cap. */
export function addFavourite(ids: readonly number[], id: number, cap = MAX_FAVOURITES): number[] {
  if (!isListingId(id)) return [...ids];
  return normalise([id, ...ids.filter((x) => x !== id)], cap);
}

export function removeFavourite(ids: readonly number[], id: number): number[] {
  return ids.filter((x) => x !== id);
}

export function toggleFavourite(ids: readonly number[], id: number, cap = MAX_FAVOURITES): number[] {
  return isFavourite(ids, id) ? removeFavourite(ids, id) : addFavourite(ids, id, cap);
}

export function serializeFavourites(ids: readonly number[], cap = MAX_FAVOURITES): string {
  return JSON.stringify(normalise(ids, cap));
}

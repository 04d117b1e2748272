/**
 * 'Ricerche recenti' (seed 001 §3 and §9): the list kept in the browser's local storage. At most 20,
 * newest first, the same uri replaced, and a new entry dropped when its location text matches an
 * entry's and the first part of its filters text matches too (docs/decisions/028). Pure.
 */

export interface RecentSearch {
  /** Path and query of the search, without the locale prefix. */
  uri: string;
  /** Location text, e.g. "Milano" or "Brera, Navigli". */
  localities: string;
  /** Filters text: parts joined by FILTER_SEPARATOR, the first being what and how ("Case in vendita"). */
  filters: string;
}

export const RECENT_SEARCHES_MAX = 20;
export const RECENT_SEARCHES_KEY = "casa.recentSearches";
export const FILTER_SEPARATOR = " · ";

/** The first part of a filters text, compared case- and space-insensitively. */
export function firstFilterPart(filters: string): string {
  return (filters.split(FILTER_SEPARATOR)[0] ?? "").trim().replace(/\s+/g, " ").toLowerCase();
}

function sameText(a: string, b: string): boolean {
  return a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Adds a search to the list (newest first). The same uri is moved to the top with the new texts;
 * otherwise the new entry is dropped when an entry has the same location text and the same first
 * part of the filters; the list is cut to RECENT_SEARCHES_MAX.
 */
export function addRecentSearch(list: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  const clean: RecentSearch = { uri: entry.uri, localities: entry.localities.trim(), filters: entry.filters.trim() };
  if (list.some((e) => e.uri === clean.uri)) {
    return [clean, ...list.filter((e) => e.uri !== clean.uri)].slice(0, RECENT_SEARCHES_MAX);
  }
  const nearDuplicate = list.some(
    (e) => sameText(e.localities, clean.localities) && firstFilterPart(e.filters) === firstFilterPart(clean.filters),
  );
  if (nearDuplicate) return list.slice(0, RECENT_SEARCHES_MAX);
  return [clean, ...list].slice(0, RECENT_SEARCHES_MAX);
}

function isEntry(v: unknown): v is RecentSearch {
  if (typeof v !== "object" || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.uri === "string" &&
    e.uri.startsWith("/") &&
    !e.uri.startsWith("//") &&
    e.uri.length <= 4000 &&
    typeof e.localities === "string" &&
    e.localities.length <= 500 &&
    typeof e.filters === "string" &&
    e.filters.length <= 1000
  );
}

/** Reads the stored list; anything malformed (another app's data, a hand-edited value) is skipped. */
export function parseRecentSearches(stored: string | null): RecentSearch[] {
  if (!stored) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: RecentSearch[] = [];
  for (const v of raw) {
    if (!isEntry(v) || seen.has(v.uri)) continue;
    seen.add(v.uri);
    out.push({ uri: v.uri, localities: v.localities, filters: v.filters });
    if (out.length === RECENT_SEARCHES_MAX) break;
  }
  return out;
}

export function serializeRecentSearches(list: readonly RecentSearch[]): string {
  return JSON.stringify(list.slice(0, RECENT_SEARCHES_MAX));
}

/**
 * The browser's memory of the account's saved searches (seed 001 §9 local storage "savedsearchesData"): which
 * search hashes are saved, for the save button's label before the account answers (save-search-button.tsx).
 */
/** The browser's memory of the account's saved searches (§9 local storage "savedsearchesData"). */
const CACHE_KEY = "savedsearchesData";
type CacheEntry = { id: number; hash: string };

export function localStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
export function readCache(): CacheEntry[] {
  try {
    const list = JSON.parse(localStore()?.getItem(CACHE_KEY) ?? "[]") as unknown;
    return Array.isArray(list) ? list.filter((e): e is CacheEntry => typeof e?.hash === "string" && typeof e?.id === "number") : [];
  } catch {
    return [];
  }
}
function writeCache(list: CacheEntry[]): void {
  try {
    localStore()?.setItem(CACHE_KEY, JSON.stringify(list.slice(0, 200)));
  } catch {
    // Full or refused storage: the cache only decides the 'Attiva ricerca' label.
  }
}
/** Newest first, deduplicated by hash (§4 "Saved-search save"). */
export function remember(entry: CacheEntry | null, hash: string): void {
  const rest = readCache().filter((e) => e.hash !== hash);
  writeCache(entry ? [entry, ...rest] : rest);
}

/**
 * The browser side of the visitor's favourites: localStorage under FAVOURITES_STORAGE_KEY (a JSON
 * array of listing ids, newest first; see core/listing/favourites.ts), shared by every heart on
 * the page and kept in step with other tabs through the `storage` event.
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { FAVOURITES_STORAGE_KEY, parseFavourites, serializeFavourites, toggleFavourite } from "../../core/listing/favourites.ts";

/** Same-tab writes do not fire `storage`; this event tells the other hearts on the page. */
const CHANGE_EVENT = "casa:favourites-change";

function read(): string {
  try {
    return window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? "";
  } catch {
    return ""; // storage blocked (privacy settings): no favourites, no crash
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === FAVOURITES_STORAGE_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Replaces the stored list; returns false when the browser refuses to store it. */
export function writeFavourites(ids: readonly number[]): boolean {
  try {
    window.localStorage.setItem(FAVOURITES_STORAGE_KEY, serializeFavourites(ids));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return true;
}

/** The saved ids (empty during server rendering and hydration) and a toggle. */
export function useFavourites(): { ids: number[]; toggle: (id: number) => void; ready: boolean } {
  const raw = useSyncExternalStore<string | null>(subscribe, read, () => null);
  const ids = useMemo(() => parseFavourites(raw), [raw]);
  const toggle = useCallback((id: number) => {
    writeFavourites(toggleFavourite(parseFavourites(read()), id));
  }, []);
  return { ids, toggle, ready: raw !== null };
}

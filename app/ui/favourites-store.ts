/**
 * The browser side of favourites: localStorage under FAVOURITES_STORAGE_KEY (a JSON array of listing
 * ids, newest first; see core/listing/favourites.ts), shared by every heart on the page and kept in
 * step with other tabs through the `storage` event. For a visitor it is the list itself; for a
 * logged-in user it mirrors the account's list (FAVOURITES_OWNER_KEY names whose): a heart calls the
 * server first and mirrors its answer (seed 001 §4 "Favourites"), and app/ui/account-sync.tsx refills
 * it from the server after login.
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";
import {
  FAVOURITES_STORAGE_KEY,
  addFavourite,
  isFavourite,
  parseFavourites,
  removeFavourite,
  serializeFavourites,
  toggleFavourite,
} from "../../core/listing/favourites.ts";
import { FAVOURITES_OWNER_KEY, favouritesCap } from "../../core/mycasa/records.ts";

/** Same-tab writes do not fire `storage`; this event tells the other hearts on the page. */
const CHANGE_EVENT = "casa:favourites-change";

function read(): string {
  try {
    return window.localStorage.getItem(FAVOURITES_STORAGE_KEY) ?? "";
  } catch {
    return ""; // storage blocked (privacy settings): no favourites, no crash
  }
}

/** Whose account the stored list mirrors (a user id), or null for a visitor's own list. */
export function favouritesOwner(): string | null {
  try {
    return window.localStorage.getItem(FAVOURITES_OWNER_KEY);
  } catch {
    return null;
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

/** Replaces the stored list (and its owner, when given: null makes it a visitor's list); false when the browser refuses. */
export function writeFavourites(ids: readonly number[], owner?: string | null): boolean {
  try {
    const next = owner === undefined ? favouritesOwner() : owner;
    if (owner !== undefined) {
      if (owner === null) window.localStorage.removeItem(FAVOURITES_OWNER_KEY);
      else window.localStorage.setItem(FAVOURITES_OWNER_KEY, owner);
    }
    window.localStorage.setItem(FAVOURITES_STORAGE_KEY, serializeFavourites(ids, favouritesCap(next)));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return true;
}

/** The stored ids as they are now. */
export function readFavourites(): number[] {
  return parseFavourites(read(), favouritesCap(favouritesOwner()));
}

async function callServer(path: string, body: unknown): Promise<string | null> {
  try {
    const res = await fetch(`/portal-srp/api/v1/mycasa/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    if (res.ok) return null;
    const answer = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    return answer?.error?.message ?? "Errore generico";
  } catch {
    return "Errore generico";
  }
}

/**
 * The saved ids (empty during server rendering and hydration) and a toggle. `userId`: the logged-in
 * user, whose toggles go to the server first; the answer is an error message to show, or null.
 */
/** Dispatched on window when a listing becomes a favourite. */
export const FAVOURITE_ADDED_EVENT = "casa:favourite-added";

export function useFavourites(userId: number | null = null): {
  ids: number[];
  toggle: (id: number) => Promise<string | null>;
  ready: boolean;
} {
  const raw = useSyncExternalStore<string | null>(subscribe, read, () => null);
  const ids = useMemo(() => parseFavourites(raw, favouritesCap(raw === null ? null : favouritesOwner())), [raw]);
  const toggle = useCallback(
    async (id: number): Promise<string | null> => {
      const saved = isFavourite(readFavourites(), id);
      if (userId === null) {
        writeFavourites(toggleFavourite(readFavourites(), id, favouritesCap(favouritesOwner())));
      } else {
        const error = saved
          ? await callServer("listing/remove-bookmark", { ids: [id] })
          : await callServer("listing/upsert", { listingType: "bookmark", listingId: id });
        if (error) return error;
        const now = readFavourites();
        writeFavourites(saved ? removeFavourite(now, id) : addFavourite(now, id, favouritesCap(String(userId))), String(userId));
      }
      // The save-search button may offer to save the search after a favourite (seed 001 §4 "Favourites").
      if (!saved && isFavourite(readFavourites(), id)) window.dispatchEvent(new CustomEvent(FAVOURITE_ADDED_EVENT, { detail: { id } }));
      return null;
    },
    [userId],
  );
  return { ids, toggle, ready: raw !== null };
}

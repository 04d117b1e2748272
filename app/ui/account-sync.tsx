/**
 * Keeps the browser's copies of the account's records in step (seed 001 §4 "User lifecycle", seed 000
 * §4 "Favourites", "Nearby actions"), whatever the way of logging in (modal, page, social, code):
 * - once per tab session and user (sessionStorage 'favouritesLoaded' holds the user id; the login
 *   modal clears it), a visitor's own favourites are merged into the account (nothing lost) and the
 *   browser's list is refilled from the server, which wins over a stale mirror of the same account;
 *   the visitor's commute points are pushed up (nearby/sync) and cleared locally;
 * - a tab that becomes visible again refreshes the mirror from the server (another device may have
 *   changed the account: the server wins), at most every REFRESH_AFTER_MS;
 * - logged out, a mirror of an account is cleared, so the next visitor does not inherit it.
 * Renders nothing.
 */
import { useEffect } from "react";
import { favouritesToMerge } from "../../core/mycasa/records.ts";
import { NEARBY_STORAGE_KEY, toStoredPoint, type ClientCommutePoint } from "../../core/mycasa/commute.ts";
import { favouritesOwner, readFavourites, writeFavourites } from "./favourites-store.ts";

/** §9 session storage: the favourites-loaded flag (here: for which user). */
export const FAVOURITES_LOADED_KEY = "favouritesLoaded";

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`/portal-srp/api/v1/mycasa/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

function readLocalPoints(): ClientCommutePoint[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(NEARBY_STORAGE_KEY) ?? "[]") as unknown;
    return Array.isArray(value) ? (value as ClientCommutePoint[]).filter((p) => p && typeof p === "object" && p.apiData?.location) : [];
  } catch {
    return [];
  }
}

/** The login sync; exported for the tests' understanding, run by AccountSync. */
export async function syncAccount(userId: number): Promise<void> {
  const owner = favouritesOwner();
  const toMerge = favouritesToMerge(readFavourites(), owner);
  const answer =
    toMerge.length > 0
      ? await post<{ list: Array<{ listingId: number }> }>("listings/merge", { ids: toMerge })
      : await post<{ list: Array<{ listingId: number }> }>("listings/get/basic", {});
  writeFavourites(
    answer.list.map((f) => f.listingId),
    String(userId),
  );

  const points = readLocalPoints();
  if (points.length > 0) {
    const now = new Date();
    await post("nearby/sync", { nearbyAll: points.map((p) => toStoredPoint(p, now)) });
    window.localStorage.removeItem(NEARBY_STORAGE_KEY);
  }
  window.sessionStorage.setItem(FAVOURITES_LOADED_KEY, String(userId));
}

/** A tab that comes back (visible again) refreshes the mirror from the server, at most this often. */
export const REFRESH_AFTER_MS = 10_000;

export function AccountSync({ userId }: { userId: number | null }) {
  useEffect(() => {
    try {
      if (userId === null) {
        window.sessionStorage.removeItem(FAVOURITES_LOADED_KEY);
        if (favouritesOwner() !== null) writeFavourites([], null);
        return;
      }
    } catch {
      return; // storage blocked: nothing to keep in step
    }
    let last = 0;
    const sync = () => {
      last = Date.now();
      syncAccount(userId).catch((error: unknown) => console.warn("MyCasa sync failed", error));
    };
    if (window.sessionStorage.getItem(FAVOURITES_LOADED_KEY) !== String(userId)) sync();
    else last = Date.now();
    // §4: a tab coming back re-checks; the account may have changed on another device (the server wins).
    const onVisible = () => {
      if (document.visibilityState === "visible" && Date.now() - last >= REFRESH_AFTER_MS) sync();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [userId]);
  return null;
}

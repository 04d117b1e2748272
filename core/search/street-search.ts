/**
 * Changing place from a search (issue 8 item 7): a place picked in the place search is added to the
 * search's places; a street becomes a circle around the street's centre with the default map radius
 * of seed 000 §9 (500 m), encoded by the existing geocircle filter and URL codec. Filters, sort and
 * property types are kept; the page goes back to 1. See docs/decisions/048.
 */
import { LIMITS, parseSearch, type SearchQuery } from "./query.ts";
import type { Channel } from "./vocabulary.ts";

/** Seed 000 §9 "Default map radius". */
export const DEFAULT_MAP_RADIUS_M = 500;

/** The search around a street's centre: the places and any map shape give way to the circle. */
export function aroundStreet(base: SearchQuery, centre: { lat: number; lon: number }): SearchQuery {
  return { ...base, places: [], geo: { kind: "circle", lat: centre.lat, lon: centre.lon, radius: DEFAULT_MAP_RADIUS_M }, page: 1 };
}

/** The home's street search: a channel and the circle. */
export function streetSearch(centre: { lat: number; lon: number }, channel: Channel): SearchQuery {
  return aroundStreet(parseSearch({ channel }), centre);
}

/** The search with one more place (a map shape gives way to the places); at most LIMITS.maxPlaces, the oldest dropped. */
export function withPlace(base: SearchQuery, placeId: string): SearchQuery {
  const places = base.places.includes(placeId) ? base.places : [...base.places, placeId].slice(-LIMITS.maxPlaces);
  return { ...base, places: [...places].sort(), geo: null, page: 1 };
}

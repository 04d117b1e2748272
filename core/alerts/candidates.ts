/**
 * Which saved searches a listing could alert, found through keys instead of a scan (issue 23 item 2).
 *
 * A saved search is indexed, when it is saved or changed, under its frame (channel and stored property
 * group) and either the places it names, `*` when it names none (anywhere in Italy), or `@area` with the
 * bounding box of its area (polygon, circle, map view, travel time). A listing is looked up under its
 * frame with every place it lies in (region, province, town, zone, block, metro stops, non-administrative
 * zones), `*`, and `@area` searches whose box holds its point. The keys only narrow: the exact decision is
 * `matches` of core/search/match.ts, so a key that is too wide costs a check, never a wrong alert; a key
 * that is too narrow would miss one, which the property test (db/alert-matching.integration.test.ts)
 * guards against. Pure.
 */
import { bboxOf, circleBBox, type BBox } from "../geo.ts";
import { PlaceLevel } from "../places.ts";
import { placeArrayColumn, placeKeyColumn } from "../search/filters.ts";
import { travelModes } from "../search/vocabulary.ts";
import { storedGroup } from "../search/match.ts";
import type { SearchQuery } from "../search/query.ts";

/** The key of a search that names no place and draws no area: every listing of its frame is a candidate. */
export const ANYWHERE_KEY = "*";
/** The key of an area search: candidates by their bounding box. */
export const AREA_KEY = "@area";

/**
 * A travel-time area reaches at most this fast in a straight line, whatever the isochrone provider
 * draws (the built-in estimate uses the typical speed; a routing service may follow a motorway): the
 * box is a bound, and the exact area is checked later.
 */
const TOP_SPEED_FACTOR = 4;

/** What a saved search is indexed under. */
export interface AlertIndex {
  frame: string;
  /** Place ids, or ANYWHERE_KEY, or AREA_KEY (then `bbox` is set). */
  keys: string[];
  bbox: BBox | null;
}

/** The frame key of a channel and stored property group. */
export function alertFrame(channel: string, propertyTypeGroup: string): string {
  return `${channel}|${propertyTypeGroup}`;
}

/** The furthest a travel-time search can reach, in metres (a bound for its box). */
export function maxReachMeters(mode: keyof typeof travelModes, minutes: number): number {
  return Math.ceil((travelModes[mode].kmh * TOP_SPEED_FACTOR * 1000 * minutes) / 60);
}

/** The bounding box of a search's drawn or chosen area, as [west, south, east, north]; null without one. */
export function searchAreaBBox(geo: SearchQuery["geo"]): BBox | null {
  if (!geo) return null;
  switch (geo.kind) {
    case "bounds":
      return [...geo.bbox];
    case "polygon":
      return bboxOf({ type: "Polygon", coordinates: [geo.ring] });
    case "circle":
      return circleBBox(geo.lat, geo.lon, geo.radius);
    case "nearby":
      return circleBBox(geo.lat, geo.lon, maxReachMeters(geo.mode, geo.minutes));
  }
}

/**
 * The keys of a saved search. `stopsOfLine` gives a metro line's stops (a listing stores stops, not
 * lines); `levelOf` a place's level (undefined: unknown place, indexed by its id, which no listing has).
 * Places limit as core/search/match.ts `inPlaces` does: none, or Italy among them, limit nothing.
 */
export function alertIndexOf(
  query: Pick<SearchQuery, "channel" | "group" | "places" | "geo">,
  levelOf: (placeId: string) => number | undefined,
  stopsOfLine: (lineId: string) => readonly string[],
): AlertIndex {
  const frame = alertFrame(query.channel, storedGroup(query.group));
  const keys = new Set<string>();
  let limited = false;
  let everywhere = query.places.length === 0;
  for (const id of query.places) {
    const level = levelOf(id);
    if (level === PlaceLevel.country) everywhere = true;
    else if (level === PlaceLevel.metroLine) {
      limited = true;
      for (const stop of stopsOfLine(id)) keys.add(stop);
    } else if (level === undefined || placeKeyColumn[level] || placeArrayColumn[level]) {
      limited = true;
      keys.add(id);
    }
  }
  if (!everywhere && limited) return { frame, keys: [...keys].sort(), bbox: null };
  const bbox = searchAreaBBox(query.geo);
  return bbox ? { frame, keys: [AREA_KEY], bbox } : { frame, keys: [ANYWHERE_KEY], bbox: null };
}

/** A listing's place columns, as stored. */
export interface ListingPlaces {
  channel: string;
  propertyTypeGroup: string;
  regionId: string;
  provinceId: string;
  townId: string;
  zoneId: string | null;
  blockId: string | null;
  metroStopIds: readonly string[];
  nonadminZoneIds: readonly string[];
}

/** The keys a listing is looked up under (besides `@area` searches by their box): its places and ANYWHERE_KEY. */
export function listingKeys(listing: ListingPlaces): { frame: string; keys: string[] } {
  const keys = [
    ANYWHERE_KEY,
    listing.regionId,
    listing.provinceId,
    listing.townId,
    listing.zoneId,
    listing.blockId,
    ...listing.metroStopIds,
    ...listing.nonadminZoneIds,
  ].filter((k): k is string => typeof k === "string" && k.length > 0);
  return { frame: alertFrame(listing.channel, listing.propertyTypeGroup), keys: [...new Set(keys)] };
}

/**
 * From a validated SearchQuery to the SearchCriteria that db/listings-search.ts and db/listing-facts.ts
 * run: places resolved through the place directory (unknown ids refused), metro lines expanded to their
 * stops, travel times turned into areas by the isochrone provider (core/search/isochrone.ts).
 */
import type { Kysely } from "kysely";
import { PlaceLevel } from "../core/places.ts";
import type { ResolvedArea } from "../core/search/geometry.ts";
import { estimatedIsochrones, type IsochroneProvider } from "../core/search/isochrone.ts";
import { SearchRuleError, type SearchQuery } from "../core/search/query.ts";
import type { FilterRegistry } from "../core/search/filters.ts";
import { getPlaceDirectory, type DirectoryPlace, type PlaceDirectory } from "./place-directory.ts";
import type { Database } from "./schema.ts";

/** A search with its places and area resolved: what db/listings-search.ts and db/listing-facts.ts run. */
export interface SearchCriteria {
  query: SearchQuery;
  /** The query's places, resolved (unknown ids were refused before). */
  places: DirectoryPlace[];
  /** Metro stop ids of any metro line among the places. */
  lineStops: Map<string, string[]>;
  area: ResolvedArea | null;
  /** "Now" for the publication-date filter, truncated to the minute so repeated queries agree. */
  now: Date;
  /** Listings in these places are left out (the fill-in list shows what is around a search). */
  excludePlaces?: DirectoryPlace[];
  /** The filter registry the query was parsed with: the portal's unless a test extends it. */
  registry?: FilterRegistry;
  /** Listing ids left out of the results: the ads a logged-in user hid (MyCasa). */
  excludeListings?: readonly number[];
}

/** Italy with a margin: map views beyond it are clamped so a world-wide box costs no more than Italy. */
const ITALY_BOX: [number, number, number, number] = [5.5, 35, 19.5, 48];

export async function buildCriteria(
  db: Kysely<Database>,
  query: SearchQuery,
  options: { isochrones?: IsochroneProvider; now?: Date } = {},
): Promise<{ criteria: SearchCriteria; directory: PlaceDirectory }> {
  const directory = await getPlaceDirectory(db);
  const places: DirectoryPlace[] = query.places.map((id) => {
    const place = directory.get(id);
    if (!place) throw new SearchRuleError("locations", `unknown place "${id.slice(0, 80)}"`);
    return place;
  });
  const lineStops = new Map<string, string[]>();
  for (const p of places)
    if (p.level === PlaceLevel.metroLine)
      lineStops.set(
        p.id,
        directory.children(p.id).map((s) => s.id),
      );
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / 60_000) * 60_000);
  return {
    criteria: { query, places, lineStops, area: await resolveArea(query, options.isochrones ?? estimatedIsochrones), now },
    directory,
  };
}

async function resolveArea(query: SearchQuery, isochrones: IsochroneProvider): Promise<ResolvedArea | null> {
  const geo = query.geo;
  if (!geo) return null;
  switch (geo.kind) {
    case "bounds": {
      const [w, s, e, n] = geo.bbox;
      return {
        kind: "bounds",
        bbox: [Math.max(w, ITALY_BOX[0]), Math.max(s, ITALY_BOX[1]), Math.min(e, ITALY_BOX[2]), Math.min(n, ITALY_BOX[3])],
      };
    }
    case "polygon":
      return { kind: "polygon", rings: [geo.ring] };
    case "circle":
      return { kind: "circle", lat: geo.lat, lon: geo.lon, radius: geo.radius };
    case "nearby":
      return isochrones.reach(geo.lat, geo.lon, geo.mode, geo.minutes);
  }
}

/** Where the fill-in list looks: around the places' centre, neighbouring towns first. */
export function fillInOrigin(criteria: SearchCriteria, allTowns: DirectoryPlace[]) {
  const area = criteria.area;
  if (area?.kind === "circle") return { lat: area.lat, lon: area.lon, radius: Math.min(area.radius * 3, 50_000), neighbourTownIds: [] };
  const places = criteria.places.filter((p) => p.level !== PlaceLevel.country);
  if (places.length === 0) return null;
  const lat = places.reduce((s, p) => s + p.lat, 0) / places.length;
  const lon = places.reduce((s, p) => s + p.lon, 0) / places.length;
  const [w, s, e, n] = places.reduce<[number, number, number, number]>(
    (b, p) => [Math.min(b[0], p.bbox[0]), Math.min(b[1], p.bbox[1]), Math.max(b[2], p.bbox[2]), Math.max(b[3], p.bbox[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
  const halfDiagonalM = Math.hypot((e - w) * 111_000 * Math.cos((lat * Math.PI) / 180), (n - s) * 111_000) / 2;
  const ids = new Set(places.map((p) => p.id));
  const neighbourTownIds = allTowns
    .filter((t) => !ids.has(t.id) && t.bbox[0] <= e && t.bbox[2] >= w && t.bbox[1] <= n && t.bbox[3] >= s)
    .map((t) => t.id);
  return { lat, lon, radius: Math.min(halfDiagonalM + 15_000, 60_000), neighbourTownIds };
}

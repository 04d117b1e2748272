/** Geometry for search areas: drawn polygons, circles and travel-time estimates. Pure. */
import { travelModes, type TravelMode } from "./vocabulary.ts";

type LonLat = [number, number];

/**
 * A search's area once resolved on the server: the map's bounds, drawn polygons, a circle, or a
 * travel-time area (core/search/isochrone.ts) as a circle or polygons. Listing search compiles it
 * to SQL and predicates (db/listings-search.ts, db/listing-facts.ts); the map draws it (map-view.ts).
 */
export type ResolvedArea =
  | { kind: "bounds"; bbox: [number, number, number, number] }
  | { kind: "polygon"; rings: Array<Array<[number, number]>> }
  | { kind: "circle"; lat: number; lon: number; radius: number };

function orientation(a: LonLat, b: LonLat, c: LonLat): number {
  const v = (b[1] - a[1]) * (c[0] - b[0]) - (b[0] - a[0]) * (c[1] - b[1]);
  return Math.abs(v) < 1e-15 ? 0 : v > 0 ? 1 : 2;
}

function onSegment(a: LonLat, b: LonLat, c: LonLat): boolean {
  return b[0] <= Math.max(a[0], c[0]) && b[0] >= Math.min(a[0], c[0]) && b[1] <= Math.max(a[1], c[1]) && b[1] >= Math.min(a[1], c[1]);
}

function segmentsIntersect(p1: LonLat, q1: LonLat, p2: LonLat, q2: LonLat): boolean {
  const o1 = orientation(p1, q1, p2),
    o2 = orientation(p1, q1, q2),
    o3 = orientation(p2, q2, p1),
    o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, q2, q1)) ||
    (o3 === 0 && onSegment(p2, p1, q2)) ||
    (o4 === 0 && onSegment(p2, q1, q2))
  );
}

/** Drops a closing point equal to the first one. */
export function openRing(ring: LonLat[]): LonLat[] {
  const first = ring[0],
    last = ring[ring.length - 1];
  return first && last && ring.length > 1 && first[0] === last[0] && first[1] === last[1] ? ring.slice(0, -1) : ring;
}

/** A message saying what is wrong with a drawn polygon, or null when it is usable. */
export function validatePolygon(input: LonLat[]): string | null {
  const ring = openRing(input);
  if (new Set(ring.map(([x, y]) => `${x},${y}`)).size < 3) return "a polygon needs at least 3 distinct points";
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue; // neighbouring edges share a vertex
      if (segmentsIntersect(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!))
        return "the polygon's edges cross each other: draw it without crossings";
    }
  }
  if (polygonAreaKm2(ring) < 1e-6) return "the polygon has no area";
  return null;
}

/** Approximate area in km² (equirectangular around the ring's mean latitude; fine for city-sized shapes). */
export function polygonAreaKm2(input: LonLat[]): number {
  const ring = openRing(input);
  const meanLat = ring.reduce((s, p) => s + p[1], 0) / ring.length;
  const kx = 111.32 * Math.cos((meanLat * Math.PI) / 180);
  const ky = 110.57;
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    s += ring[j]![0] * kx * ring[i]![1] * ky - ring[i]![0] * kx * ring[j]![1] * ky;
  return Math.abs(s / 2);
}

/** The sphere the circle search draws on (seed 000 §4): 3963 miles of 1609.344 m. */
const CIRCLE_EARTH_RADIUS_M = 3963 * 1609.344;

/** The point `metres` away from (lat, lng) on `bearing` (radians from north), on the circle search's sphere; [lat, lng]. */
function destination(lat: number, lng: number, metres: number, bearing: number): [number, number] {
  const d = metres / CIRCLE_EARTH_RADIUS_M;
  const la = (lat * Math.PI) / 180;
  const lo = (lng * Math.PI) / 180;
  const plat = Math.asin(Math.sin(la) * Math.cos(d) + Math.cos(la) * Math.sin(d) * Math.cos(bearing));
  const plng = lo + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(la), Math.cos(d) - Math.sin(la) * Math.sin(plat));
  return [(plat * 180) / Math.PI, (plng * 180) / Math.PI];
}

/**
 * The circle's outline as the map draws it (seed 000 §4): 129 points, the radius converted with
 * 1609.344 m per mile on an earth of radius 3963 miles. Returns [lat, lng] pairs.
 */
export function circlePath(lat: number, lng: number, radiusMeters: number): Array<[number, number]> {
  return Array.from({ length: 129 }, (_, i) => destination(lat, lng, radiusMeters, (2 * Math.PI * i) / 128));
}

/** Where the desktop radius handle sits: the circle's east edge, on the outline's own sphere; [lat, lng]. */
export function circleEdgePoint(lat: number, lng: number, radiusMeters: number): [number, number] {
  return destination(lat, lng, radiusMeters, Math.PI / 2);
}

/** Great-circle distance in metres on the circle search's sphere, so a dragged handle and the drawn outline agree. */
export function circleDistance(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * toRad) / 2) ** 2 +
    Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(((lng2 - lng1) * toRad) / 2) ** 2;
  return 2 * CIRCLE_EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Built-in travel-time estimate: the straight-line distance reachable at the mode's typical urban
 * speed (walk 4.5, bike 14, car 35 km/h) in the given minutes, as a radius in metres. It ignores
 * streets, so it is an estimate; a Valhalla-compatible service gives real isochrones when configured.
 */
export function estimatedReachMeters(mode: TravelMode, minutes: number): number {
  return Math.round((travelModes[mode].kmh * 1000 * minutes) / 60);
}

/**
 * The rules of the search map (seed 000 §4 "Map movement", "Map data", §9): when the map's bounds
 * become the search, how a drawn polygon is checked, how markers become map features. Pure: the
 * browser's map class (app/ui/search-map.client.ts) and the tests use the same functions.
 */
import { formatInteger } from "../format.ts";
import { containsPoint, distanceMeters } from "../geo.ts";
import { APPROXIMATE_RADIUS_M, circleRing } from "../listing/location.ts";
import { LIMITS, type GeoArea } from "./filters.ts";
import { circlePath, estimatedReachMeters, openRing, polygonAreaKm2, validatePolygon, type ResolvedArea } from "./geometry.ts";

/** Seed 000 §9. */
export const MAP_IDLE_DEBOUNCE_MS = 150;
export const MAP_DEFAULT_ZOOM = 16;
export const TAP_TOLERANCE_PX = 10;
/** Italy, for a map search with no place and no bounds. */
export const ITALY_VIEW: Bbox = [6.6, 36.6, 18.5, 47.1];

export type Bbox = [west: number, south: number, east: number, north: number];

/** 1e-5° is about a metre: enough for a map view, short in the URL. The box only grows. */
export function roundBounds([w, s, e, n]: Bbox): Bbox {
  const k = 1e5;
  return [Math.floor(w * k) / k, Math.floor(s * k) / k, Math.ceil(e * k) / k, Math.ceil(n * k) / k];
}

/** Whether two views are the same to within a small share of their size (a redraw is not a move). */
export function sameBounds(a: Bbox, b: Bbox, share = 0.01): boolean {
  const dx = Math.max(a[2] - a[0], b[2] - b[0]) * share;
  const dy = Math.max(a[3] - a[1], b[3] - b[1]) * share;
  return Math.abs(a[0] - b[0]) <= dx && Math.abs(a[2] - b[2]) <= dx && Math.abs(a[1] - b[1]) <= dy && Math.abs(a[3] - b[3]) <= dy;
}

export interface IdleState {
  /** The map's first idle after loading: the view is the one the page asked for. */
  firstIdle: boolean;
  /** A drawing tool is in use (polygon or circle being drawn or edited). */
  drawing: boolean;
  /** A pin is active (its card highlighted) or a card is highlighted from the list. */
  markerActive: boolean;
  cardHighlighted: boolean;
  /** The search's area: a drawn shape stays the search while the map moves over it. */
  geo: GeoArea | null;
  /** The view now and the bounds the search holds (null: none yet). */
  view: Bbox;
  searched: Bbox | null;
}

/**
 * After the map goes idle (debounced 150 ms): should its bounds become the search's geobounds?
 * Not on the first idle, while drawing, with an active marker or a highlighted card, when a drawn
 * shape (polygon, circle, travel time) is the search, or when the view has not really moved.
 */
export function boundsSearchOnIdle(state: IdleState): boolean {
  if (state.firstIdle || state.drawing || state.markerActive || state.cardHighlighted) return false;
  if (state.geo && state.geo.kind !== "bounds") return false;
  return state.searched === null || !sameBounds(state.view, state.searched);
}

/** Italian messages for a drawn polygon the search would refuse (the codec's checks, said to a person). */
export const drawMessages = {
  tooFewPoints: "Disegna almeno tre punti per chiudere l'area.",
  crossing: "I lati dell'area si incrociano: ridisegnala senza incroci.",
  tooManyPoints: `L'area ha troppi punti: al massimo ${LIMITS.polygonMaxPoints}.`,
  tooLarge: `L'area è troppo grande: disegnane una di al massimo ${formatInteger(LIMITS.polygonMaxKm2)} km².`,
  noArea: "L'area disegnata non ha superficie: ridisegnala.",
} as const;

/**
 * A drawn ring ([lon, lat], open or closed) rounded to 6 decimals (about 10 cm), open, without a point
 * repeated right after itself (a polygon being drawn holds the pointer's point twice).
 */
export function drawnRing(coordinates: ReadonlyArray<readonly number[]>): Array<[number, number]> {
  const ring: Array<[number, number]> = [];
  for (const [lon, lat] of coordinates) {
    const point: [number, number] = [Math.round(lon! * 1e6) / 1e6, Math.round(lat! * 1e6) / 1e6];
    const last = ring[ring.length - 1];
    if (!last || last[0] !== point[0] || last[1] !== point[1]) ring.push(point);
  }
  return openRing(ring);
}

/** What is wrong with a drawn polygon, in Italian, or null when the search accepts it. */
export function drawnPolygonProblem(ring: Array<[number, number]>): string | null {
  const open = openRing(ring);
  if (open.length < 3) return drawMessages.tooFewPoints;
  if (open.length > LIMITS.polygonMaxPoints) return drawMessages.tooManyPoints;
  const problem = validatePolygon(open);
  if (problem?.includes("cross")) return drawMessages.crossing;
  if (problem?.includes("3 distinct")) return drawMessages.tooFewPoints;
  if (problem) return drawMessages.noArea;
  if (polygonAreaKm2(open) > LIMITS.polygonMaxKm2) return drawMessages.tooLarge;
  return null;
}

/** A marker as the markers endpoint sends it (pins through the public view: public point, no hidden price). */
export type MapMarker =
  | { type: "cluster"; lat: number; lon: number; count: number; minPrice: number | null; bbox: Bbox }
  | { type: "pin"; id: number; lat: number; lon: number; price: number | null; priceUnit: string; geoVisibility: number };

/** "€ 950", "€ 250K", "€ 1,2M", "€ 1.200/mese"; "Tratt. ris." when the price is private. */
export function pinLabel(price: number | null, unit: string): string {
  if (price === null) return "Tratt. ris.";
  const monthly = unit === "month" ? "/mese" : unit === "week" ? "/sett." : "";
  if (price >= 1_000_000) return `€ ${(Math.round(price / 100_000) / 10).toLocaleString("it-IT")}M${monthly}`;
  if (price >= 10_000) return `€ ${Math.round(price / 1000)}K${monthly}`;
  return `€ ${formatInteger(price)}${monthly}`;
}

export interface MarkerFeature {
  type: "Feature";
  id: number;
  properties: Record<string, string | number | boolean>;
  geometry: { type: "Point"; coordinates: [number, number] } | { type: "Polygon"; coordinates: Array<Array<[number, number]>> };
}

/**
 * Markers as GeoJSON for WebGL layers (one source, no DOM node per pin): cells as points with their
 * count; exact pins as points with a price label; an approximate listing as its area (a 250 m disc
 * at its public point, never a point) plus its label point at the same public point.
 */
export function markerFeatures(markers: readonly MapMarker[]): { type: "FeatureCollection"; features: MarkerFeature[] } {
  const features: MarkerFeature[] = [];
  let n = 0;
  for (const m of markers) {
    if (m.type === "cluster") {
      features.push({
        type: "Feature",
        id: 1_000_000_000 + n++,
        properties: { kind: "cell", count: m.count, label: formatInteger(m.count) },
        geometry: { type: "Point", coordinates: [m.lon, m.lat] },
      });
      continue;
    }
    const exact = m.geoVisibility === 1;
    const label = pinLabel(m.price, m.priceUnit);
    if (!exact) {
      features.push({
        type: "Feature",
        id: -m.id,
        properties: { kind: "area", listingId: m.id },
        geometry: { type: "Polygon", coordinates: [circleRing(m.lat, m.lon, APPROXIMATE_RADIUS_M)] },
      });
    }
    features.push({
      type: "Feature",
      id: m.id,
      properties: { kind: "pin", listingId: m.id, exact, label },
      geometry: { type: "Point", coordinates: [m.lon, m.lat] },
    });
  }
  return { type: "FeatureCollection", features };
}

/** The view to open on: the search's shape or bounds, else its places' box, else Italy. */
export function initialView(geo: GeoArea | null, placeBoxes: Bbox[]): Bbox {
  if (geo?.kind === "bounds") return geo.bbox;
  if (geo?.kind === "polygon") return boxOf(geo.ring);
  if (geo?.kind === "circle" || geo?.kind === "nearby") {
    const r = geo.kind === "circle" ? geo.radius : 5_000;
    return boxOf(circleRing(geo.lat, geo.lon, r, 16));
  }
  if (placeBoxes.length > 0) {
    return placeBoxes.reduce<Bbox>(
      (b, p) => [Math.min(b[0], p[0]), Math.min(b[1], p[1]), Math.max(b[2], p[2]), Math.max(b[3], p[3])],
      [Infinity, Infinity, -Infinity, -Infinity],
    );
  }
  return ITALY_VIEW;
}

function boxOf(points: ReadonlyArray<readonly [number, number]>): Bbox {
  const xs = points.map((p) => p[0]),
    ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * The GeoJSON geometry the map draws for a resolved area (a travel-time area from the isochrone
 * provider: the built-in estimate is a circle, drawn with seed 000's 129-point path; a service's
 * answer is one polygon per ring). Bounds are not drawn: they are the view.
 */
export function areaGeometry(area: ResolvedArea): { type: "MultiPolygon"; coordinates: Array<Array<Array<[number, number]>>> } | null {
  switch (area.kind) {
    case "circle":
      return {
        type: "MultiPolygon",
        coordinates: [[circlePath(area.lat, area.lon, area.radius).map(([lat, lon]) => [lon, lat] as [number, number])]],
      };
    case "polygon":
      return { type: "MultiPolygon", coordinates: area.rings.map((ring) => [closeRing(ring)]) };
    default:
      return null;
  }
}

function closeRing(ring: Array<[number, number]>): Array<[number, number]> {
  const first = ring[0],
    last = ring[ring.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
}

/**
 * 'You got away' (seed 000 §4 Map movement): the map's centre has left the drawn shape — outside the
 * polygon, farther than the circle's radius, or than the travel time's estimated reach — or, for
 * bounds, the view no longer meets them. False when the search has no area.
 */
export function leftTheShape(geo: GeoArea | null, view: Bbox): boolean {
  if (!geo) return false;
  const lon = (view[0] + view[2]) / 2,
    lat = (view[1] + view[3]) / 2;
  switch (geo.kind) {
    case "polygon":
      return !containsPoint({ type: "Polygon", coordinates: [[...geo.ring, geo.ring[0]!]] }, lon, lat);
    case "circle":
      return distanceMeters(lat, lon, geo.lat, geo.lon) > geo.radius;
    case "nearby":
      return distanceMeters(lat, lon, geo.lat, geo.lon) > estimatedReachMeters(geo.mode, geo.minutes);
    case "bounds":
      return view[2] < geo.bbox[0] || view[0] > geo.bbox[2] || view[3] < geo.bbox[1] || view[1] > geo.bbox[3];
  }
}

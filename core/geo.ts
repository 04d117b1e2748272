/**
 * Plain-coordinate geometry used by the gazetteer import and the demo generator.
 * Coordinates are GeoJSON order: [lon, lat] in WGS84 degrees.
 */

export type Position = [number, number];
export type Ring = Position[];
export type PolygonCoords = Ring[];
export type Geometry = { type: "Polygon"; coordinates: PolygonCoords } | { type: "MultiPolygon"; coordinates: PolygonCoords[] };

/** [minLon, minLat, maxLon, maxLat] */
export type BBox = [number, number, number, number];

const EARTH_RADIUS_M = 6_371_008.8;

function polygonsOf(geometry: Geometry): PolygonCoords[] {
  return geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
}

/** Even-odd ray casting on one ring. */
function insideRing(lon: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** True when the point lies inside the geometry (outer rings minus holes). */
export function containsPoint(geometry: Geometry, lon: number, lat: number): boolean {
  for (const polygon of polygonsOf(geometry)) {
    const [outer, ...holes] = polygon;
    if (!outer || !insideRing(lon, lat, outer)) continue;
    if (!holes.some((hole) => insideRing(lon, lat, hole))) return true;
  }
  return false;
}

export function bboxOf(geometry: Geometry): BBox {
  let minLon = Infinity,
    minLat = Infinity,
    maxLon = -Infinity,
    maxLat = -Infinity;
  for (const polygon of polygonsOf(geometry)) {
    for (const [lon, lat] of polygon[0] ?? []) {
      if (lon < minLon) minLon = lon;
      if (lon > maxLon) maxLon = lon;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
  }
  return [minLon, minLat, maxLon, maxLat];
}

export function bboxContains(bbox: BBox, lon: number, lat: number): boolean {
  return lon >= bbox[0] && lon <= bbox[2] && lat >= bbox[1] && lat <= bbox[3];
}

export function unionBBox(boxes: BBox[]): BBox {
  return boxes.reduce<BBox>(
    (acc, b) => [Math.min(acc[0], b[0]), Math.min(acc[1], b[1]), Math.max(acc[2], b[2]), Math.max(acc[3], b[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}

/** Great-circle distance in metres. */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The web-map zoom at which the bbox fits a 1024×768 viewport, clamped to 5..16
 * (5 shows Italy whole; 16 is the spec's default map zoom).
 */
export function zoomForBBox(bbox: BBox): number {
  const lonSpan = Math.max(bbox[2] - bbox[0], 1e-6);
  const latRad = ((bbox[1] + bbox[3]) / 2) * (Math.PI / 180);
  const latSpan = Math.max(bbox[3] - bbox[1], 1e-6) / Math.cos(latRad);
  const zoomLon = Math.log2((360 * 1024) / 256 / lonSpan);
  const zoomLat = Math.log2((360 * 768) / 256 / latSpan);
  return Math.max(5, Math.min(16, Math.floor(Math.min(zoomLon, zoomLat))));
}

/** Area-weighted centre of the largest outer ring (good enough for labels and map centres). */
export function centreOf(geometry: Geometry): Position {
  let best: Ring | undefined;
  let bestArea = -1;
  for (const polygon of polygonsOf(geometry)) {
    const ring = polygon[0];
    if (!ring) continue;
    const area = Math.abs(signedArea(ring));
    if (area > bestArea) {
      bestArea = area;
      best = ring;
    }
  }
  if (!best) throw new Error("geometry has no ring");
  let cx = 0,
    cy = 0,
    a = 0;
  for (let i = 0, j = best.length - 1; i < best.length; j = i++) {
    const [x0, y0] = best[j]!;
    const [x1, y1] = best[i]!;
    const f = x0 * y1 - x1 * y0;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
    a += f;
  }
  if (a === 0) return best[0]!;
  return [cx / (3 * a), cy / (3 * a)];
}

function signedArea(ring: Ring): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) s += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  return s / 2;
}

/** Merge polygon geometries into one MultiPolygon (no dissolve: shared edges stay). */
export function collectPolygons(geometries: Geometry[]): Geometry {
  return { type: "MultiPolygon", coordinates: geometries.flatMap(polygonsOf) };
}

/**
 * A point guaranteed to lie inside the geometry, as close as possible to its centre:
 * the centre itself when inside, otherwise the nearest inside point of a fine grid over the bbox.
 */
export function interiorPoint(geometry: Geometry): Position {
  const centre = centreOf(geometry);
  if (containsPoint(geometry, centre[0], centre[1])) return centre;
  const [minLon, minLat, maxLon, maxLat] = bboxOf(geometry);
  let best: Position | null = null;
  let bestD = Infinity;
  const steps = 64;
  for (let i = 0; i <= steps; i++) {
    for (let j = 0; j <= steps; j++) {
      const lon = minLon + ((maxLon - minLon) * (i + 0.5)) / (steps + 1);
      const lat = minLat + ((maxLat - minLat) * (j + 0.5)) / (steps + 1);
      if (!containsPoint(geometry, lon, lat)) continue;
      const d = (lon - centre[0]) ** 2 + (lat - centre[1]) ** 2;
      if (d < bestD) {
        bestD = d;
        best = [lon, lat];
      }
    }
  }
  if (!best) throw new Error("no interior point found");
  return best;
}

/** At most this many map cells in one markers answer (~100 bytes each: about 200 kB). */
export const MAX_MARKER_CELLS = 2_000;

/**
 * The side in degrees of the map cells that group markers: about 64 px at the zoom (a quarter of a
 * 256 px tile), doubled until the box holds at most `maxCells` cells. Doubling keeps the grid aligned
 * with the zoom grids, so panning never reshuffles cells; without it, Italy at zoom 14 gave 2 MB.
 */
export function markerCellSize(bbox: BBox, zoom: number, maxCells = MAX_MARKER_CELLS): number {
  let cell = 360 / 2 ** zoom / 4;
  const cellsAt = (size: number) =>
    (Math.floor(bbox[2] / size) - Math.floor(bbox[0] / size) + 1) * (Math.floor(bbox[3] / size) - Math.floor(bbox[1] / size) + 1);
  while (cellsAt(cell) > maxCells) cell *= 2;
  return cell;
}

/** A bounding box that contains the circle (for the GiST index and the facts' grid), in degrees. */
export function circleBBox(lat: number, lon: number, radius: number): [number, number, number, number] {
  const dLat = (radius / 111_195) * 1.001;
  const dLon = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat];
}

/**
 * Whether a point lies in a ring (or on its edge) exactly as PostgreSQL's `polygon @> point` decides it
 * (point_inside and lseg_crossing in src/backend/utils/adt/geo_ops.c, with its 1e-6 tolerance), so the
 * in-memory listing facts count a drawn area as the database does, to the listing.
 */
export function insideRingAsPostgres(ring: readonly Position[], x: number, y: number): boolean {
  const n = ring.length;
  if (n === 0) return false;
  const x0 = ring[0]![0] - x;
  const y0 = ring[0]![1] - y;
  let prevX = x0;
  let prevY = y0;
  let total = 0;
  for (let i = 1; i <= n; i++) {
    const cx = i < n ? ring[i]![0] - x : x0;
    const cy = i < n ? ring[i]![1] - y : y0;
    const cross = segmentCrossing(cx, cy, prevX, prevY);
    if (cross === ON_EDGE) return true;
    total += cross;
    prevX = cx;
    prevY = cy;
  }
  return total !== 0;
}

const PG_EPSILON = 1e-6;
const ON_EDGE = Number.MAX_SAFE_INTEGER;
const fpZero = (a: number) => Math.abs(a) <= PG_EPSILON;
// geo_decls.h, written the same way so that the rounding is the same.
const fpLt = (a: number, b: number) => a + PG_EPSILON < b;
const fpLe = (a: number, b: number) => a <= b + PG_EPSILON;
const fpGt = (a: number, b: number) => a > b + PG_EPSILON;
const fpGe = (a: number, b: number) => a + PG_EPSILON >= b;

/** PostgreSQL's lseg_crossing: how the segment from (prevX, prevY) to (x, y) crosses the positive X axis. */
function segmentCrossing(x: number, y: number, prevX: number, prevY: number): number {
  if (fpZero(y)) {
    if (fpZero(x)) return ON_EDGE;
    if (fpGt(x, 0)) {
      if (fpZero(prevY)) return fpGt(prevX, 0) ? 0 : ON_EDGE;
      return fpLt(prevY, 0) ? 1 : -1;
    }
    if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : ON_EDGE;
    return 0;
  }
  const ySign = fpGt(y, 0) ? 1 : -1;
  if (fpZero(prevY)) return fpLt(prevX, 0) ? 0 : ySign;
  if ((ySign < 0 && fpLt(prevY, 0)) || (ySign > 0 && fpGt(prevY, 0))) return 0;
  if (fpGe(x, 0) && fpGt(prevX, 0)) return 2 * ySign;
  if (fpLt(x, 0) && fpLe(prevX, 0)) return 0;
  const z = (x - prevX) * y - (y - prevY) * x;
  if (fpZero(z)) return ON_EDGE;
  if ((ySign < 0 && fpLt(z, 0)) || (ySign > 0 && fpGt(z, 0))) return 0;
  return 2 * ySign;
}

/**
 * A line with the points dropped that lie within `toleranceMetres` of the line kept (Douglas–Peucker, in metres
 * of a local equirectangular projection, which is exact enough over a city). The first and last points stay.
 */
export function simplifyLine(line: readonly Position[], toleranceMetres: number): Position[] {
  if (line.length < 3) return [...line];
  const metresPerLon = 111_320 * Math.cos((line[0]![1] * Math.PI) / 180);
  const metresPerLat = 110_540;
  const xy = line.map(([lon, lat]) => [lon * metresPerLon, lat * metresPerLat] as const);
  const keep = new Uint8Array(line.length);
  keep[0] = keep[line.length - 1] = 1;
  const spans: Array<[number, number]> = [[0, line.length - 1]];
  while (spans.length > 0) {
    const [a, b] = spans.pop()!;
    const [ax, ay] = xy[a]!;
    const [bx, by] = xy[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    let farthest = -1;
    let farthestAt = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = xy[i]!;
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
      const d = Math.hypot(px - ax - t * dx, py - ay - t * dy);
      if (d > farthest) {
        farthest = d;
        farthestAt = i;
      }
    }
    if (farthest > toleranceMetres) {
      keep[farthestAt] = 1;
      spans.push([a, farthestAt], [farthestAt, b]);
    }
  }
  return line.filter((_, i) => keep[i] === 1);
}

/** Spatial helpers for the generator: sampling points inside boundaries and nearest-point look-ups. */
import { bboxContains, containsPoint, distanceMeters, type BBox, type Geometry } from "../../core/geo.ts";
import type { Random } from "../../core/random.ts";

export interface Area {
  lat: number;
  lon: number;
  bbox: BBox;
  geometry: Geometry;
}

/**
 * A point inside the area: mostly near its centre (where people live), sometimes anywhere in it.
 * Always returns a point inside the boundary.
 */
export function samplePointIn(area: Area, random: Random, spread = 0.18): { lat: number; lon: number } {
  const [minLon, minLat, maxLon, maxLat] = area.bbox;
  const sdLon = (maxLon - minLon) * spread;
  const sdLat = (maxLat - minLat) * spread;
  if (random.chance(0.8)) {
    for (let i = 0; i < 30; i++) {
      const lon = random.normal(area.lon, sdLon);
      const lat = random.normal(area.lat, sdLat);
      if (bboxContains(area.bbox, lon, lat) && containsPoint(area.geometry, lon, lat)) return { lat: round6(lat), lon: round6(lon) };
    }
  }
  for (let i = 0; i < 5000; i++) {
    const lon = minLon + random.next() * (maxLon - minLon);
    const lat = minLat + random.next() * (maxLat - minLat);
    if (containsPoint(area.geometry, round6(lon), round6(lat))) return { lat: round6(lat), lon: round6(lon) };
  }
  throw new Error(`could not sample a point inside the area at ${area.lat},${area.lon}`);
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** A uniform grid over lat/lon for nearest-neighbour look-ups among many points. */
export class PointGrid<T extends { lat: number; lon: number }> {
  readonly #cells = new Map<number, T[]>();
  readonly #size: number;

  constructor(points: Iterable<T>, cellDegrees = 0.05) {
    this.#size = cellDegrees;
    for (const p of points) {
      const k = this.#key(Math.floor(p.lat / this.#size), Math.floor(p.lon / this.#size));
      const cell = this.#cells.get(k);
      if (cell) cell.push(p);
      else this.#cells.set(k, [p]);
    }
  }

  #key(row: number, col: number): number {
    return row * 100_000 + col;
  }

  /** The nearest point within maxMeters, with its distance, or null. Searches rings of cells outwards. */
  nearest(lat: number, lon: number, maxMeters: number): { point: T; meters: number } | null {
    const cellMeters = this.#size * 111_000 * Math.cos((lat * Math.PI) / 180);
    const maxRing = Math.ceil(maxMeters / cellMeters) + 1;
    const r0 = Math.floor(lat / this.#size);
    const c0 = Math.floor(lon / this.#size);
    let best: T | null = null;
    let bestM = maxMeters;
    for (let ring = 0; ring <= maxRing; ring++) {
      for (let r = r0 - ring; r <= r0 + ring; r++) {
        for (let c = c0 - ring; c <= c0 + ring; c++) {
          if (Math.max(Math.abs(r - r0), Math.abs(c - c0)) !== ring) continue;
          for (const p of this.#cells.get(this.#key(r, c)) ?? []) {
            const m = distanceMeters(lat, lon, p.lat, p.lon);
            if (m <= bestM) {
              bestM = m;
              best = p;
            }
          }
        }
      }
      // Every unvisited cell is at least `ring` whole cells away.
      if (best && bestM <= ring * cellMeters) break;
    }
    return best ? { point: best, meters: bestM } : null;
  }

  /** Every point within maxMeters. */
  within(lat: number, lon: number, maxMeters: number): T[] {
    const rows = Math.ceil(maxMeters / 111_000 / this.#size);
    const cols = Math.ceil(maxMeters / (111_000 * Math.cos((lat * Math.PI) / 180)) / this.#size);
    const r0 = Math.floor(lat / this.#size);
    const c0 = Math.floor(lon / this.#size);
    const out: T[] = [];
    for (let r = r0 - rows; r <= r0 + rows; r++) {
      for (let c = c0 - cols; c <= c0 + cols; c++) {
        for (const p of this.#cells.get(this.#key(r, c)) ?? []) {
          if (distanceMeters(lat, lon, p.lat, p.lon) <= maxMeters) out.push(p);
        }
      }
    }
    return out;
  }
}

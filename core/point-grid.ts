/**
 * Nearest-point look-ups among many points: the demo generator's and the publishing path's (POI distances,
 * metro stops), so a published listing is measured exactly as a generated one.
 */
import { distanceMeters } from "./geo.ts";

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

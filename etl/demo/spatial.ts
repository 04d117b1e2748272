/** Spatial helpers for the generator: sampling points inside boundaries (nearest-point look-ups: core/point-grid.ts). */
import { bboxContains, containsPoint, type BBox, type Geometry } from "../../core/geo.ts";
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

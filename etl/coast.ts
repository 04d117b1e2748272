/**
 * Finds coastal municipalities from the boundaries alone.
 *
 * The municipality polygons share their vertices along common borders (the source was simplified
 * with topology kept), so a vertex that belongs to one municipality only lies on Italy's outer
 * edge: the sea or a land border. Land borders are then removed by region and by the known
 * border stretches (Alps, San Marino, the Vatican, Slovenia's Karst). See
 * docs/decisions/005-non-administrative-zones.md.
 */
import type { Geometry } from "../core/geo.ts";
import type { Place } from "../core/places.ts";

const LANDLOCKED_REGIONS = new Set(["01", "02", "03", "04", "10"]);
const ALPINE_PROVINCES = new Set(["025"]); // Belluno
const MIN_OUTER_VERTICES = 3;

/** Bounding boxes of the land borders inside coastal regions: vertices there do not count as coast. */
const LAND_BORDER_BOXES: ReadonlyArray<readonly [number, number, number, number]> = [
  [12.38, 43.88, 12.53, 44.0], // San Marino
  [12.44, 41.9, 12.46, 41.91], // Città del Vaticano
  [7.45, 43.83, 7.8, 44.2], // Liguria's border with France, inland of Ventimiglia
  [13.0, 45.8, 14.0, 46.8], // Friuli's Alpine and Isonzo borders
  [13.7, 45.68, 13.95, 45.8], // the Karst above Trieste
  [6.5, 43.9, 7.5, 46.0], // guard: any western Alpine vertex
];

function key(lon: number, lat: number): string {
  return `${Math.round(lon * 1e5)},${Math.round(lat * 1e5)}`;
}

function vertices(geometry: Geometry): Set<string> {
  const out = new Set<string>();
  const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons) for (const ring of polygon) for (const [lon, lat] of ring) out.add(key(lon, lat));
  return out;
}

function onLandBorder(k: string): boolean {
  const [x, y] = k.split(",").map((v) => Number(v) / 1e5) as [number, number];
  return LAND_BORDER_BOXES.some(([a, b, c, d]) => x >= a && x <= c && y >= b && y <= d);
}

/** ISTAT codes of the municipalities with a coastline. */
export function findCoastalTowns(
  towns: ReadonlyArray<{ istatCode: string; geometry: Geometry; town: Pick<Place, "regionCode" | "provinceCode"> }>,
): string[] {
  const sets = towns.map((t) => vertices(t.geometry));
  const owners = new Map<string, number>();
  for (const set of sets) for (const k of set) owners.set(k, (owners.get(k) ?? 0) + 1);
  const coastal: string[] = [];
  towns.forEach((t, i) => {
    if (LANDLOCKED_REGIONS.has(t.town.regionCode) || ALPINE_PROVINCES.has(t.town.provinceCode ?? "")) return;
    let outer = 0;
    for (const k of sets[i]!) if (owners.get(k) === 1 && !onLandBorder(k)) outer++;
    if (outer >= MIN_OUTER_VERTICES) coastal.push(t.istatCode);
  });
  return coastal.sort();
}

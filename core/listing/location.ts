/**
 * What may be revealed about where a listing is: the exact point when the publisher allows it (geo
 * visibility 1), otherwise a public point that contains the home's cell without pointing at it.
 * The public point is decided once, when the listing is stored (`listingPoints`): the listings'
 * `lat`/`lon` columns hold it, and the exact point sits in `exact_lat`/`exact_lon`, which no public
 * query reads (docs/decisions/038-approximate-points-at-the-data.md).
 */
import { MAP_COLOURS, portalMapStyle } from "../map/style.ts";

/** Approximate points sit on a 0.002° grid (222 m north–south, 155–180 m east–west in Italy). */
export const APPROXIMATE_GRID = 0.002;
/** Covers any point of a grid cell (half-diagonal ≤ 145 m at Italian latitudes) with a margin. */
export const APPROXIMATE_RADIUS_M = 250;

export type PublicLocation = { exact: true; lat: number; lon: number } | { exact: false; lat: number; lon: number; radius: number };

/** The nearest grid vertex, rounded to 1e-6° so the stored value is stable (snapping twice changes nothing). */
function snap(v: number): number {
  return Math.round(Math.round(v / APPROXIMATE_GRID) * APPROXIMATE_GRID * 1e6) / 1e6;
}

/** The public point of an approximate listing: its grid vertex. Every listing in one cell shares it. */
export function approximatePoint(lat: number, lon: number): { lat: number; lon: number } {
  return { lat: snap(lat), lon: snap(lon) };
}

/**
 * The points a listing is stored with: `lat`/`lon` are public (what search, maps and pages use),
 * `exactLat`/`exactLon` the home itself, for its publisher only.
 */
export function listingPoints(
  exactLat: number,
  exactLon: number,
  geoVisibility: number,
): { lat: number; lon: number; exactLat: number; exactLon: number } {
  const shown = geoVisibility === 1 ? { lat: exactLat, lon: exactLon } : approximatePoint(exactLat, exactLon);
  return { ...shown, exactLat, exactLon };
}

/**
 * The location to show from a listing's stored (public) point. Snapping again is a no-op for stored
 * public points and keeps any unsnapped point from leaking.
 */
export function publicLocation(lat: number, lon: number, geoVisibility: number): PublicLocation {
  if (geoVisibility === 1) return { exact: true, lat, lon };
  return { exact: false, ...approximatePoint(lat, lon), radius: APPROXIMATE_RADIUS_M };
}

/** A circle as a GeoJSON ring (lon, lat pairs, closed), for maps that draw polygons. */
export function circleRing(lat: number, lon: number, radius: number, steps = 48): Array<[number, number]> {
  const dLat = radius / 111_195;
  const dLon = dLat / Math.cos((lat * Math.PI) / 180);
  const ring: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) {
    const a = (2 * Math.PI * (i % steps)) / steps;
    ring.push([Math.round((lon + dLon * Math.cos(a)) * 1e6) / 1e6, Math.round((lat + dLat * Math.sin(a)) * 1e6) / 1e6]);
  }
  return ring;
}

/** The street line shown publicly: no street number unless the pin is exact. */
export function publicAddress(street: string, streetNumber: string, town: string, exact: boolean): string {
  return `${street}${exact && streetNumber ? ` ${streetNumber}` : ""}, ${town}`;
}

/** The generated titles name the street number; drop it when the location is approximate. */
export function publicTitle(title: string, streetNumber: string, exact: boolean): string {
  if (exact || !streetNumber) return title;
  return title.replace(` ${streetNumber},`, ",");
}

/**
 * The same for a card, which knows the public address ("Via Roma, Milano") but not the number:
 * "Bilocale in vendita in Via Roma 12, Milano" → "Bilocale in vendita in Via Roma, Milano".
 */
export function cardTitle(title: string, publicAddressText: string, exact: boolean): string {
  if (exact) return title;
  const street = publicAddressText.slice(0, publicAddressText.lastIndexOf(", "));
  if (!street) return title;
  const at = title.indexOf(`${street} `);
  if (at < 0) return title;
  const rest = title.slice(at + street.length + 1);
  const comma = rest.indexOf(",");
  return comma > 0 && !rest.slice(0, comma).includes(" ") ? `${title.slice(0, at + street.length)}${rest.slice(comma)}` : title;
}

export interface MapFeatureCollection {
  type: "FeatureCollection";
  features: Array<{ type: "Feature"; properties: { role: "town" | "pin" | "area" }; geometry: unknown }>;
}

/** The local GeoJSON the listing map draws: the town's boundary and the pin or the approximate area. */
export function listingMapFeatures(location: PublicLocation, townGeometry: unknown | null): MapFeatureCollection {
  const features: MapFeatureCollection["features"] = [];
  if (townGeometry) features.push({ type: "Feature", properties: { role: "town" }, geometry: townGeometry });
  if (location.exact)
    features.push({ type: "Feature", properties: { role: "pin" }, geometry: { type: "Point", coordinates: [location.lon, location.lat] } });
  else
    features.push({
      type: "Feature",
      properties: { role: "area" },
      geometry: { type: "Polygon", coordinates: [circleRing(location.lat, location.lon, location.radius)] },
    });
  return { type: "FeatureCollection", features };
}

/**
 * The listing map's style: the portal's one style (core/map/style.ts) over the listing's own GeoJSON
 * (the town filled and outlined, the approximate area as a translucent disc, the exact pin as a dot).
 */
export function listingMapStyle(dataUrl: string) {
  const role = (r: string) => ["==", ["get", "role"], r];
  return portalMapStyle({
    boundaries: dataUrl,
    background: "land",
    overlay: [
      {
        id: "area-fill",
        type: "fill",
        source: "boundaries",
        filter: role("area"),
        paint: { "fill-color": MAP_COLOURS.accent, "fill-opacity": 0.25 },
      },
      {
        id: "area-line",
        type: "line",
        source: "boundaries",
        filter: role("area"),
        paint: { "line-color": MAP_COLOURS.accent, "line-width": 2 },
      },
      {
        id: "pin",
        type: "circle",
        source: "boundaries",
        filter: role("pin"),
        paint: { "circle-radius": 9, "circle-color": MAP_COLOURS.accent, "circle-stroke-color": "#ffffff", "circle-stroke-width": 3 },
      },
    ],
  });
}

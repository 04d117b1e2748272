/**
 * Travel-time areas from a Valhalla-compatible isochrone service, used when ISOCHRONE_URL is configured;
 * otherwise the built-in estimate of core/search/isochrone.ts (the interface the search uses).
 */
import { estimatedIsochrones, type IsochroneProvider } from "../core/search/isochrone.ts";
import type { TravelMode } from "../core/search/vocabulary.ts";

const costing: Record<TravelMode, string> = { walk: "pedestrian", bike: "bicycle", car: "auto" };
const MAX_RING_POINTS = 500;

export class IsochroneUnavailableError extends Error {
  override name = "IsochroneUnavailableError";
}

/** The provider a process uses: Valhalla at ISOCHRONE_URL when set, else the built-in estimate. */
export function isochronesFor(config: { ISOCHRONE_URL?: string | undefined }): IsochroneProvider {
  return config.ISOCHRONE_URL ? valhallaIsochrones(config.ISOCHRONE_URL) : estimatedIsochrones;
}

/** Valhalla's /isochrone API: one contour, returned as polygons. Falls back to nothing: errors surface as 503. */
export function valhallaIsochrones(baseUrl: string, timeoutMs = 3000): IsochroneProvider {
  return {
    name: "valhalla",
    async reach(lat, lon, mode, minutes) {
      const body = {
        locations: [{ lat, lon }],
        costing: costing[mode],
        contours: [{ time: minutes }],
        polygons: true,
        denoise: 0.5,
        generalize: 50,
      };
      let response: Response;
      try {
        response = await fetch(new URL("/isochrone", baseUrl), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new IsochroneUnavailableError(`isochrone service unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new IsochroneUnavailableError(`isochrone service answered ${response.status}`);
      const json = (await response.json()) as { features?: Array<{ geometry?: { type: string; coordinates: unknown } }> };
      const rings: Array<Array<[number, number]>> = [];
      for (const feature of json.features ?? []) {
        const g = feature.geometry;
        if (g?.type === "Polygon") rings.push((g.coordinates as Array<Array<[number, number]>>)[0]!);
        else if (g?.type === "MultiPolygon") for (const p of g.coordinates as Array<Array<Array<[number, number]>>>) rings.push(p[0]!);
      }
      const usable = rings
        .filter((r) => r.length >= 4)
        .map((r) => (r.length > MAX_RING_POINTS ? r.filter((_, i) => i % Math.ceil(r.length / MAX_RING_POINTS) === 0) : r));
      if (usable.length === 0) throw new IsochroneUnavailableError("isochrone service returned no polygon");
      return { kind: "polygon", rings: usable };
    },
  };
}

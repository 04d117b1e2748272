/**
 * Travel-time areas ("Cerco a pochi minuti da"): what a search needs from an isochrone provider, and
 * the built-in one. The estimate is a circle whose radius is the straight-line distance at the mode's
 * typical speed (no streets, so an estimate); server/isochrone.ts asks a Valhalla-compatible service
 * when ISOCHRONE_URL is configured.
 */
import { estimatedReachMeters, type ResolvedArea } from "./geometry.ts";
import type { TravelMode } from "./vocabulary.ts";

export interface IsochroneProvider {
  readonly name: string;
  /** The area reachable from the point in `minutes` by `mode`. */
  reach(lat: number, lon: number, mode: TravelMode, minutes: number): Promise<ResolvedArea>;
}

export const estimatedIsochrones: IsochroneProvider = {
  name: "estimate",
  async reach(lat, lon, mode, minutes) {
    return { kind: "circle", lat, lon, radius: estimatedReachMeters(mode, minutes) };
  },
};

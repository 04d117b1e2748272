/**
 * MapLibre for the pages that show a map (the listing page, the search map): never bundled, imported
 * on demand from /vendor/maplibre-gl/ (its dist folder served whole, so its worker loads beside it;
 * docs/decisions/023). Only the types come from the package at build time.
 */
import type * as MapLibre from "maplibre-gl";

export const MAPLIBRE_VERSION = "6.17.0";
const base = `/vendor/maplibre-gl/${MAPLIBRE_VERSION}`;

/**
 * Options every portal map shares: labels and markers appear at once instead of cross-fading for 300 ms. Each frame
 * of a fade repaints the whole map, and a pan or a new set of markers started one, so a map drew about twice the
 * frames it needed on every move; on a phone that is battery, without a GPU it is CPU (docs/decisions/156).
 */
export const PORTAL_MAP_OPTIONS = { fadeDuration: 0 } as const satisfies Partial<MapLibre.MapOptions>;

/** WebGL 2 is what MapLibre 6 needs; without it the static fallback stays. */
export function supportsWebGl(): boolean {
  try {
    return Boolean(document.createElement("canvas").getContext("webgl2"));
  } catch {
    return false;
  }
}

function loadCss(): void {
  if (document.querySelector(`link[data-maplibre]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = `${base}/maplibre-gl.css`;
  link.dataset.maplibre = "";
  document.head.append(link);
}

/** The MapLibre module, with its stylesheet. */
export async function loadMapLibre(): Promise<typeof MapLibre> {
  loadCss();
  return (await import(/* @vite-ignore */ `${base}/maplibre-gl.mjs`)) as typeof MapLibre;
}

/**
 * The listing page's map: one class owns the MapLibre instance (React only hosts it). MapLibre is
 * not bundled: it is imported on demand from /vendor/maplibre-gl/ (its dist folder served whole, so
 * its worker loads beside it), and only once the map's box scrolls into view.
 */
import { listingMapStyle } from "../../core/listing/location.ts";

export const MAPLIBRE_VERSION = "6.17.0";
const base = `/vendor/maplibre-gl/${MAPLIBRE_VERSION}`;

interface MapLibreMap {
  on(event: string, fn: () => void): void;
  remove(): void;
  getZoom(): number;
  getCenter(): { lat: number; lng: number };
}
interface MapLibreModule {
  Map: new (options: Record<string, unknown>) => MapLibreMap;
}

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

export class ListingMap {
  #map: MapLibreMap | null = null;
  #disposed = false;

  /** Loads MapLibre and draws the listing; resolves when the map has loaded its style and data. */
  async mount(container: HTMLElement, options: { dataUrl: string; lat: number; lon: number; exact: boolean; label: string }): Promise<void> {
    loadCss();
    const maplibre = (await import(/* @vite-ignore */ `${base}/maplibre-gl.mjs`)) as MapLibreModule;
    if (this.#disposed) return;
    const map = new maplibre.Map({
      container,
      style: listingMapStyle(options.dataUrl),
      center: [options.lon, options.lat],
      zoom: options.exact ? 14 : 13,
      attributionControl: false,
      cooperativeGestures: true,
      maxZoom: options.exact ? 18 : 14,
    });
    this.#map = map;
    container.querySelector("canvas")?.setAttribute("aria-label", options.label);
    await new Promise<void>((resolve, reject) => {
      map.on("load", () => resolve());
      map.on("error", () => reject(new Error("map error")));
    });
  }

  dispose(): void {
    this.#disposed = true;
    this.#map?.remove();
    this.#map = null;
  }
}

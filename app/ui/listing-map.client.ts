/**
 * The listing page's map: one class owns the MapLibre instance (React only hosts it). MapLibre is
 * imported on demand (app/ui/maplibre.client.ts), only once the map's box scrolls into view.
 */
import { listingMapStyle } from "../../core/listing/location.ts";
import { loadMapLibre, PORTAL_MAP_OPTIONS, supportsWebGl } from "./maplibre.client.ts";

interface MapLibreMap {
  on(event: string, fn: () => void): void;
  remove(): void;
}

export { supportsWebGl };

export class ListingMap {
  #map: MapLibreMap | null = null;
  #disposed = false;

  /** Loads MapLibre and draws the listing; resolves when the map has loaded its style and data. */
  async mount(
    container: HTMLElement,
    options: { dataUrl: string; lat: number; lon: number; exact: boolean; label: string },
  ): Promise<void> {
    const maplibre = await loadMapLibre();
    if (this.#disposed) return;
    const map: MapLibreMap = new maplibre.Map({
      container,
      ...PORTAL_MAP_OPTIONS,
      style: listingMapStyle(options.dataUrl) as never,
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

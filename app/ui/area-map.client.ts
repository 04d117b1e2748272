/**
 * The guided flow's area map (the where step's 'Disegna l'area sulla mappa', docs/decisions/134): one class owns
 * the MapLibre instance and terra-draw's polygon tool, React only hosts it (app/ui/guided-area-map.tsx). Loaded
 * only when that choice is made, as its own chunk; MapLibre comes from /vendor/ (maplibre.client.ts) and the
 * polygon tool and its checks are the results map's (polygon-draw.client.ts), so an area drawn here is one the
 * results map would draw. No markers: the count comes with the next step.
 */
import type * as MapLibre from "maplibre-gl";
import { TerraDraw, TerraDrawRenderMode } from "terra-draw";
import { TerraDrawMapLibreGLAdapter } from "terra-draw-maplibre-gl-adapter";
import { boundaryRequest, placeLabelLayers, portalMapStyle } from "../../core/map/style.ts";
import { MAP_DEFAULT_ZOOM, roundBounds, type Bbox } from "../../core/search/map-view.ts";
import { addLabelImage, placeLabel } from "./map-labels.client.ts";
import { loadMapLibre, PORTAL_MAP_OPTIONS } from "./maplibre.client.ts";
import { DRAW_COLOUR, drawnPolygonValidation, finishedRing, polygonDrawMode } from "./polygon-draw.client.ts";

export { supportsWebGl } from "./maplibre.client.ts";

type Ring = Array<[number, number]>;

export interface AreaMapEvents {
  /** A finished area the search accepts ([lon, lat], open), or null when it was cleared. */
  onArea(ring: Ring | null): void;
  /** The Italian message saying why a drawn area is refused (edges crossing, too large …). */
  onProblem(message: string): void;
  /** Every settled view (for the tests: where the map is). */
  onView(bbox: Bbox): void;
}

export interface AreaMapOptions {
  view: Bbox;
  /** The area drawn before (back from a later step), shown and kept until cleared. */
  ring: Ring | null;
  styleUrl: string | null;
  label: string;
  /** MapLibre's own controls' texts (zoom buttons) in the page's language. */
  controls: Record<string, string>;
}

const BOUNDARIES_URL = "/mappa/confini.geojson";
const EMPTY: GeoJSON.FeatureCollection = { type: "FeatureCollection", features: [] };

export class AreaMap {
  #map: MapLibre.Map | null = null;
  #draw: TerraDraw | null = null;
  #disposed = false;
  #boundariesKey = "";
  #ownStyle = true;
  #events: AreaMapEvents;

  constructor(events: AreaMapEvents) {
    this.#events = events;
  }

  /** Loads MapLibre, opens on the view and starts the polygon tool (or shows the area given); resolves when drawn. */
  async mount(container: HTMLElement, options: AreaMapOptions): Promise<void> {
    const maplibre = await loadMapLibre();
    if (this.#disposed) return;
    this.#ownStyle = options.styleUrl === null;
    const map = new maplibre.Map({
      container,
      ...PORTAL_MAP_OPTIONS,
      style: options.styleUrl ?? (portalMapStyle({ boundaries: EMPTY }) as MapLibre.StyleSpecification),
      bounds: options.view,
      fitBoundsOptions: { padding: 24, maxZoom: MAP_DEFAULT_ZOOM },
      minZoom: 4,
      maxZoom: 19,
      attributionControl: false,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
      locale: options.controls,
    });
    this.#map = map;
    map.getCanvas().setAttribute("aria-label", options.label);
    await new Promise<void>((resolve, reject) => {
      map.once("load", () => resolve());
      map.once("error", (e) => reject(e.error ?? new Error("map error")));
    });
    if (this.#disposed) return;
    if (this.#ownStyle) {
      // Place names over the boundaries, as on the results map.
      for (const layer of placeLabelLayers()) map.addLayer(layer as MapLibre.LayerSpecification);
      map.setMissingStyleImageResolver((id) => {
        const label = placeLabel(id);
        if (label) addLabelImage(map, id, label);
      });
    }
    map.addSource("area", { type: "geojson", data: EMPTY });
    map.addLayer({ id: "area-fill", type: "fill", source: "area", paint: { "fill-color": DRAW_COLOUR, "fill-opacity": 0.12 } });
    map.addLayer({ id: "area-line", type: "line", source: "area", paint: { "line-color": DRAW_COLOUR, "line-width": 2.5 } });
    map.addControl(new maplibre.NavigationControl({ showCompass: false }), "top-right");
    map.addControl(new maplibre.ScaleControl({ unit: "metric", maxWidth: 120 }), "bottom-left");
    // The portal style's sources are named under the map (guided-area-map.tsx), where they cover no part of the
    // area being drawn; a production style names its own here.
    if (!this.#ownStyle) map.addControl(new maplibre.AttributionControl({ compact: true }), "bottom-right");
    map.on("moveend", () => {
      this.#events.onView(this.view());
      void this.#loadBoundaries();
    });

    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: 6 }),
      modes: [
        polygonDrawMode(drawnPolygonValidation((problem) => this.#events.onProblem(problem))),
        new TerraDrawRenderMode({ modeName: "render", styles: {} }),
      ],
    });
    draw.start();
    draw.on("finish", (id, context) => {
      if (context.mode !== "polygon") return;
      const finished = finishedRing(draw.getSnapshotFeature(id));
      if (!finished) return;
      draw.removeFeatures([id]);
      // Refused: the tool stays on for another try, with the message.
      if (finished.problem) return this.#events.onProblem(finished.problem);
      draw.setMode("render");
      this.#show(finished.ring);
      this.#events.onArea(finished.ring);
    });
    this.#draw = draw;
    if (options.ring) this.#show(options.ring);
    draw.setMode(options.ring ? "render" : "polygon");
    this.#events.onView(this.view());
    await this.#loadBoundaries();
  }

  /** Clears the area and starts the polygon tool again. */
  clear(): void {
    this.#draw?.clear();
    this.#draw?.setMode("polygon");
    this.#show(null);
    this.#events.onArea(null);
  }

  /** Shows a box (a place found by the place search). */
  fitBox(bbox: Bbox): void {
    this.#map?.fitBounds(bbox, { padding: 24, maxZoom: MAP_DEFAULT_ZOOM, duration: 0 });
  }

  view(): Bbox {
    const b = this.#map?.getBounds();
    return b ? roundBounds([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]) : [0, 0, 0, 0];
  }

  dispose(): void {
    this.#disposed = true;
    try {
      this.#draw?.stop();
    } catch {
      /* the map may be gone already */
    }
    this.#map?.remove();
    this.#map = null;
  }

  #show(ring: Ring | null): void {
    const source = this.#map?.getSource("area") as MapLibre.GeoJSONSource | undefined;
    source?.setData(ring ? { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[...ring, ring[0]!]] } } : EMPTY);
  }

  /** The portal style's boundaries for the view (a production style draws its own). */
  async #loadBoundaries(): Promise<void> {
    const map = this.#map;
    if (!map || !this.#ownStyle) return;
    const b = map.getBounds();
    const request = boundaryRequest([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom());
    const key = `${request.levels.join(",")}|${request.bbox.join(",")}`;
    if (key === this.#boundariesKey) return;
    this.#boundariesKey = key;
    try {
      const response = await fetch(`${BOUNDARIES_URL}?bbox=${request.bbox.join(",")}&zoom=${Math.floor(map.getZoom())}`);
      if (!response.ok || this.#boundariesKey !== key) return;
      (map.getSource("boundaries") as MapLibre.GeoJSONSource | undefined)?.setData((await response.json()) as GeoJSON.FeatureCollection);
    } catch {
      this.#boundariesKey = "";
    }
  }
}

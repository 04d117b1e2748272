/**
 * The search map: one class owns the MapLibre instance and the drawing tool (React only hosts it,
 * app/ui/search-map.tsx). Loaded only on map pages, as its own chunk; MapLibre itself comes from
 * /vendor/ (app/ui/maplibre.client.ts). Markers are one GeoJSON source drawn by WebGL layers — no DOM
 * node per pin; price and count labels are images drawn once per text (no glyphs, no network).
 * The rules (when bounds become the search, what a drawn polygon may be, marker features) are pure,
 * in core/search/map-view.ts; the style is the portal's one style (core/map/style.ts).
 */
import type * as MapLibre from "maplibre-gl";
import { TerraDraw, TerraDrawRenderMode, TerraDrawSelectMode, type GeoJSONStoreFeatures } from "terra-draw";
import { TerraDrawMapLibreGLAdapter } from "terra-draw-maplibre-gl-adapter";
import { PRICE_MAP_COLOURS, priceClass } from "../../core/map/price-map.ts";
import {
  boundaryRequest,
  MAP_ATTRIBUTION,
  MAP_COLOURS,
  PLACE_LABEL_PREFIX,
  placeLabelLayers,
  POI_COLOURS,
  portalMapStyle,
  type TransitScope,
  transitScopeForZoom,
  transitLayers,
} from "../../core/map/style.ts";
import {
  boundsSearchOnIdle,
  drawnPolygonProblem,
  drawnRing,
  initialView,
  leftTheShape,
  MAP_DEFAULT_ZOOM,
  MAP_IDLE_DEBOUNCE_MS,
  markerFeatures,
  roundBounds,
  sameBounds,
  type Bbox,
  type MapMarker,
} from "../../core/search/map-view.ts";
import { BREAKPOINTS } from "../../core/device.ts";
import { circleDistance, circleEdgePoint, circlePath } from "../../core/search/geometry.ts";
import { CIRCLE_DEFAULT_RADIUS, clampRadius, isTap } from "../../core/search/map-circle.ts";
import type { GeoArea, SearchQuery } from "../../core/search/query.ts";
import { toRawFilters } from "../../core/search/url.ts";
import { loadMapLibre, PORTAL_MAP_OPTIONS } from "./maplibre.client.ts";
import { addLabelImage, labelCanvas, placeLabel, type LabelCanvas } from "./map-labels.client.ts";
import { DRAW_COLOUR, drawnPolygonValidation, finishedRing, polygonDrawMode } from "./polygon-draw.client.ts";

export { supportsWebGl } from "./maplibre.client.ts";

export interface SearchMapEvents {
  /** The user moved the map and its bounds should become the search (already debounced and checked). */
  onBoundsSearch(bbox: Bbox, zoom: number): void;
  /** Every settled view (for the markers count and tests). */
  onView(bbox: Bbox, zoom: number): void;
  onPinClick(listingId: number | null): void;
  /** A finished polygon the search accepts ([lon, lat], open), or the Italian message saying why not. */
  onPolygon(ring: Array<[number, number]>): void;
  onDrawProblem(message: string): void;
  onMarkers(state: { loading: boolean; count: number; total: number | null; failed: boolean; area?: boolean }): void;
  /** A place clicked while the price map shows: its median €/m² and how many listings make it. */
  onPricePlace(place: { name: string; median: number; count: number } | null): void;
  /** The points of interest drawn for the view. */
  onPois(count: number): void;
  /** The circle being made or edited changed (a tap, a dragged centre, a new radius). */
  onCircle(circle: { lat: number; lon: number; radius: number }): void;
  /** The desktop radius handle is being dragged this far (metres) from the centre; the page snaps it (setCircleRadius). */
  onRadiusDrag(distanceMeters: number): void;
}

export interface SearchState {
  query: SearchQuery;
  /** The map's zoom from the URL, if any. */
  zoom: number | null;
  placeBoxes: Bbox[];
}

const TRANSIT_URL = "/mappa/trasporti.geojson";
const BOUNDARIES_URL = "/mappa/confini.geojson";
const MARKERS_URL = "/portal-srp/api/v1/search-map/markers";

export class SearchMap {
  #map: MapLibre.Map | null = null;
  #draw: TerraDraw | null = null;
  #disposed = false;
  #events: SearchMapEvents;
  #search: SearchState | null = null;
  #idleTimer: number | undefined;
  /** The next settled view is the map's own doing (a view restored from the URL): it is not a search. */
  #skipIdle = false;
  #drawing = false;
  /** The polygon being edited (select mode), if any. */
  #editedId: string | null = null;
  /** Circle search: on while the circle tool is open; the circle being made, if any. */
  #prices: { breaks: number[]; places: Record<string, [number, number]> } | null = null;
  #circleMode = false;
  #circle: { lat: number; lon: number; radius: number } | null = null;
  #pressAt: { x: number; y: number } | null = null;
  #draggingCentre = false;
  #draggingHandle = false;
  /** The radius handle shows on desktop layouts only (seed 000 §2 item 8, §9: 1024 px and wider). */
  #desktop: MediaQueryList | null = null;
  #onLayoutChange = () => this.#drawCircle();
  #activeId: number | null = null;
  #hoverId: number | null = null;
  #markersAbort: AbortController | null = null;
  #boundariesKey = "";
  /** What of the transit lines the map has asked for: the metro lines once it first shows a city, the rest once it zooms to the trams (core/map/style.ts). */
  #transitAsked: TransitScope = "none";
  #labelCache = new Set<string>();

  constructor(events: SearchMapEvents) {
    this.#events = events;
  }

  /** Loads MapLibre and opens the map on the search's view; resolves when the style and first markers are drawn. */
  async mount(container: HTMLElement, search: SearchState, options: { styleUrl: string | null; label: string }): Promise<void> {
    const maplibre = await loadMapLibre();
    if (this.#disposed) return;
    this.#search = search;
    const view = initialView(search.query.geo, search.placeBoxes);
    const start =
      search.query.geo?.kind === "bounds" && search.zoom !== null
        ? { center: [(view[0] + view[2]) / 2, (view[1] + view[3]) / 2] as [number, number], zoom: search.zoom }
        : {
            bounds: view as [number, number, number, number],
            fitBoundsOptions: { padding: search.query.geo && search.query.geo.kind !== "bounds" ? 40 : 0, maxZoom: MAP_DEFAULT_ZOOM },
          };
    const map = new maplibre.Map({
      container,
      ...PORTAL_MAP_OPTIONS,
      style:
        options.styleUrl ?? (portalMapStyle({ boundaries: { type: "FeatureCollection", features: [] } }) as MapLibre.StyleSpecification),
      ...start,
      minZoom: 4,
      maxZoom: 19,
      attributionControl: false,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
    });
    this.#map = map;
    map.getCanvas().setAttribute("aria-label", options.label);
    await new Promise<void>((resolve, reject) => {
      map.once("load", () => resolve());
      map.once("error", (e) => reject(e.error ?? new Error("map error")));
    });
    if (this.#disposed) return;
    this.#addLayers(options.styleUrl !== null);
    map.setMissingStyleImageResolver((id) => this.#addLabelImage(id));
    // A scale bar, and every source the map draws from (issue 27 item 3).
    map.addControl(new maplibre.ScaleControl({ unit: "metric", maxWidth: 120 }), "bottom-left");
    // The credits name Italian institutions, in Italian (lang: read as such on English pages too).
    const credits = MAP_ATTRIBUTION.map((credit) => `<span lang="it">${credit}</span>`);
    map.addControl(new maplibre.AttributionControl({ compact: true, customAttribution: credits }), "bottom-right");
    // What the map shows, for people checking it without looking at the pixels (and the browser tests).
    map.on("idle", () => this.#describeRendered(container));
    // Clicking, moving or zooming clears the active marker (seed 000 §4 Map movement).
    map.on("movestart", (e) => {
      if ((e as { originalEvent?: unknown }).originalEvent) this.#setActive(null, true);
    });
    // The first view is the constructor's (no moveend); views the page restores carry `restored`.
    map.on("moveend", (e) => {
      this.#skipIdle = Boolean((e as { restored?: boolean }).restored);
      this.#scheduleIdle();
    });
    map.on("click", (e) => this.#onClick(e));
    for (const layer of ["pins", "pin-dots", "cells", "approx-area"]) {
      map.on("mouseenter", layer, () => (map.getCanvas().style.cursor = this.#drawing ? "" : "pointer"));
      map.on("mouseleave", layer, () => (map.getCanvas().style.cursor = ""));
    }
    this.#startDraw();
    this.#showShape(search.query.geo);
    this.#showPlaces();
    const first = this.view();
    this.#events.onView(first.bbox, first.zoom);
    await this.#refresh();
  }

  /** A new search from the page (after a navigation, back or forward): redraw markers, shape, and the view if it moved elsewhere. */
  update(search: SearchState): void {
    const previous = this.#search;
    this.#search = search;
    const map = this.#map;
    if (!map) return;
    if (JSON.stringify(previous?.query.geo) !== JSON.stringify(search.query.geo)) this.#showShape(search.query.geo);
    this.#showPlaces();
    const here = this.#view();
    const wanted = initialView(search.query.geo, search.placeBoxes);
    const shapeOrBounds = search.query.geo !== null;
    const placesChanged = JSON.stringify(previous?.placeBoxes) !== JSON.stringify(search.placeBoxes);
    // Back to a view the map no longer shows (a previous pan, the place's own view): go there without making it a new search.
    const newShape =
      search.query.geo !== null &&
      search.query.geo.kind !== "bounds" &&
      JSON.stringify(previous?.query.geo) !== JSON.stringify(search.query.geo);
    if (
      (search.query.geo?.kind === "bounds" && !sameBounds(here, search.query.geo.bbox, 0.05)) ||
      (!shapeOrBounds && (placesChanged || previous?.query.geo != null)) ||
      // A new shape the view does not show (a circle confirmed off-centre, a shape from back/forward): show it.
      (newShape && leftTheShape(search.query.geo, here))
    ) {
      if (search.query.geo?.kind === "bounds" && search.zoom !== null) {
        map.jumpTo({ center: [(wanted[0] + wanted[2]) / 2, (wanted[1] + wanted[3]) / 2], zoom: search.zoom }, { restored: true });
      } else {
        map.fitBounds(wanted, { animate: false, maxZoom: MAP_DEFAULT_ZOOM }, { restored: true });
      }
    }
    void this.#refresh();
  }

  /** Back to the search's shape ('you got away'): the view that shows it whole. */
  fitShape(): void {
    const search = this.#search;
    if (!search || !this.#map) return;
    this.#map.fitBounds(initialView(search.query.geo, search.placeBoxes), { padding: 40, maxZoom: MAP_DEFAULT_ZOOM, duration: 0 });
  }

  zoomIn(): void {
    this.#map?.zoomIn();
  }
  zoomOut(): void {
    this.#map?.zoomOut();
  }
  /** Centres on a point at the default zoom (16): 'Cerca intorno a te'. */
  flyTo(lat: number, lon: number): void {
    this.#map?.jumpTo({ center: [lon, lat], zoom: MAP_DEFAULT_ZOOM });
  }

  /** The card under the pointer: its pin stands out. */
  hover(listingId: number | null): void {
    this.#hoverId = listingId;
    this.#applyHighlight();
  }

  /** The active pin (its card is highlighted); null clears it. */
  setActive(listingId: number | null): void {
    this.#setActive(listingId, false);
  }

  /** Polygon tool: draw (click points, click the first point or press Enter to finish). */
  startPolygon(): void {
    if (!this.#draw) return;
    this.#drawing = true;
    this.#draw.clear();
    this.#draw.setMode("polygon");
  }

  /** Leaves the drawing tool, showing the search's shape again. */
  cancelDrawing(): void {
    this.#drawing = false;
    this.#editedId = null;
    this.#draw?.clear();
    this.#draw?.setMode("render");
    this.#showShape(this.#search?.query.geo ?? null);
  }

  /** Edits the search's polygon: its vertices can be dragged, added (midpoints) and deleted; `finishEditing` makes it the search. */
  startEditing(): boolean {
    const geo = this.#search?.query.geo;
    if (!this.#draw || geo?.kind !== "polygon") return false;
    this.#drawing = true;
    this.#draw.clear();
    this.#setShape(null);
    const id = crypto.randomUUID();
    const feature = {
      id,
      type: "Feature",
      properties: { mode: "polygon" },
      geometry: { type: "Polygon", coordinates: [[...geo.ring, geo.ring[0]!]] },
    } as GeoJSONStoreFeatures;
    this.#draw.addFeatures([feature]);
    this.#draw.setMode("select");
    this.#draw.selectFeature(id);
    this.#editedId = id;
    return true;
  }

  /** Ends editing: the edited polygon becomes the search when the search's rules accept it (else the Italian message). */
  finishEditing(): void {
    const draw = this.#draw;
    if (!draw || this.#editedId === null) return;
    const feature = draw.getSnapshotFeature(this.#editedId);
    if (!feature || feature.geometry.type !== "Polygon") return this.cancelDrawing();
    const ring = drawnRing(feature.geometry.coordinates[0] as number[][]);
    const problem = drawnPolygonProblem(ring);
    if (problem) return this.#events.onDrawProblem(problem);
    this.#editedId = null;
    this.#drawing = false;
    draw.clear();
    draw.setMode("render");
    this.#setShape({ kind: "polygon", ring });
    this.#events.onPolygon(ring);
  }

  /**
   * Circle tool (seed 000 §4 Circle search): a tap (moved ≤ 10 px) places the centre, the centre can be
   * dragged, the radius comes from the slider. Starts from the search's circle when it has one.
   */
  startCircle(): void {
    this.#drawing = true;
    this.#circleMode = true;
    const geo = this.#search?.query.geo;
    this.#circle = geo?.kind === "circle" ? { lat: geo.lat, lon: geo.lon, radius: geo.radius } : null;
    this.#setShape(null);
    this.#drawCircle();
    if (this.#circle) this.#events.onCircle(this.#circle);
  }

  /** 'Usa la tua posizione': the circle's centre at a given point (the map goes there at zoom 16). */
  setCircleCentre(lat: number, lon: number): void {
    if (!this.#circleMode) return;
    const round = (v: number) => Math.round(v * 1e6) / 1e6;
    this.#circle = { lat: round(lat), lon: round(lon), radius: this.#circle?.radius ?? CIRCLE_DEFAULT_RADIUS };
    this.#map?.jumpTo({ center: [lon, lat], zoom: MAP_DEFAULT_ZOOM });
    this.#drawCircle();
    this.#events.onCircle(this.#circle);
  }

  setCircleRadius(radius: number): void {
    if (!this.#circle || clampRadius(radius) === this.#circle.radius) return;
    this.#circle = { ...this.#circle, radius: clampRadius(radius) };
    this.#drawCircle();
    this.#events.onCircle(this.#circle);
  }

  /** Leaves the circle tool ('Annulla', or after confirming): the search's own shape shows again. */
  closeCircle(): void {
    this.#circleMode = false;
    this.#circle = null;
    this.#drawCircle();
    this.cancelDrawing();
  }

  /** While a tool asks for a starting point the map moves freely without searching its bounds. */
  setChoosing(on: boolean): void {
    this.#drawing = on;
  }

  /** The map's centre, rounded to 7 decimals as commute points are (seed 001 §3). */
  center(): { lat: number; lon: number } {
    const c = this.#map!.getCenter();
    return { lat: Math.round(c.lat * 1e7) / 1e7, lon: Math.round(c.lng * 1e7) / 1e7 };
  }

  get drawing(): boolean {
    return this.#drawing;
  }

  /** The view now, rounded as the URL keeps it. */
  view(): { bbox: Bbox; zoom: number } {
    return { bbox: roundBounds(this.#view()), zoom: Math.round((this.#map?.getZoom() ?? 0) * 100) / 100 };
  }

  dispose(): void {
    this.#disposed = true;
    this.#desktop?.removeEventListener("change", this.#onLayoutChange);
    window.clearTimeout(this.#idleTimer);
    this.#markersAbort?.abort();
    try {
      this.#draw?.stop();
    } catch {
      /* the map may be gone already */
    }
    this.#map?.remove();
    this.#map = null;
  }

  // ---------- layers ----------

  #addLayers(customStyle: boolean): void {
    const map = this.#map!;
    if (customStyle) {
      // A production style has its own base; the boundaries still come from our data (thin lines only).
      map.addSource("boundaries", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    }
    map.addSource("search-shape", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    map.addSource("markers", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    map.addSource("circle-edit", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    map.addSource("pois", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    map.addSource("transit", { type: "geojson", data: { type: "FeatureCollection", features: [] } });
    const kind = (k: string) => ["==", ["get", "kind"], k] as MapLibre.FilterSpecification;
    const layers: MapLibre.LayerSpecification[] = [
      // The price map (off until setPriceMap): towns, then zones over them.
      {
        id: "price-town",
        type: "fill",
        source: "boundaries",
        filter: ["==", ["get", "level"], -1],
        paint: { "fill-color": "#ffffff", "fill-opacity": 0.75 },
      },
      {
        id: "price-zone",
        type: "fill",
        source: "boundaries",
        filter: ["==", ["get", "level"], -1],
        paint: { "fill-color": "#ffffff", "fill-opacity": 0.75 },
      },
      // The searched places' perimeters (a town, an urban district) from the base map's boundaries.
      {
        id: "place-line",
        type: "line",
        source: "boundaries",
        filter: ["in", ["get", "id"], ["literal", []]],
        paint: { "line-color": "#1c7ed6", "line-width": 3, "line-opacity": 0.8 },
      },
      // Metro and tram lines and stations (a production style draws its own), then place names over the
      // price map and perimeters, under the drawn shape and the markers.
      ...(customStyle ? [] : (transitLayers() as MapLibre.LayerSpecification[])),
      ...(customStyle ? [] : (placeLabelLayers() as MapLibre.LayerSpecification[])),
      { id: "shape-fill", type: "fill", source: "search-shape", paint: { "fill-color": "#1c7ed6", "fill-opacity": 0.08 } },
      { id: "shape-line", type: "line", source: "search-shape", paint: { "line-color": "#1c7ed6", "line-width": 2.5 } },
      {
        // Points of interest of the types the search filters on (seed 000 §3), under the listings.
        id: "poi-dots",
        type: "circle",
        source: "pois",
        paint: {
          "circle-radius": 6,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 2,
          "circle-color": ["match", ["get", "type"], ...Object.entries(POI_COLOURS).flat(), "#495057"] as unknown as string,
        },
      },
      {
        id: "approx-area",
        type: "fill",
        source: "markers",
        filter: kind("area"),
        paint: { "fill-color": MAP_COLOURS.accent, "fill-opacity": 0.14 },
      },
      {
        id: "approx-line",
        type: "line",
        source: "markers",
        filter: kind("area"),
        paint: { "line-color": MAP_COLOURS.accent, "line-width": 1, "line-opacity": 0.6 },
      },
      {
        id: "cells",
        type: "circle",
        source: "markers",
        filter: kind("cell"),
        paint: {
          "circle-color": MAP_COLOURS.accent,
          "circle-opacity": 0.85,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 2,
          "circle-radius": ["interpolate", ["linear"], ["get", "count"], 1, 12, 100, 18, 1000, 26, 10000, 34],
        },
      },
      {
        id: "cell-labels",
        type: "symbol",
        source: "markers",
        filter: kind("cell"),
        layout: { "icon-image": ["concat", "count:", ["get", "label"]], "icon-allow-overlap": true },
      },
      {
        id: "pin-dots",
        type: "circle",
        source: "markers",
        filter: ["all", kind("pin"), ["==", ["get", "exact"], true]] as MapLibre.FilterSpecification,
        paint: { "circle-radius": 4, "circle-color": MAP_COLOURS.accent, "circle-stroke-color": "#ffffff", "circle-stroke-width": 1.5 },
      },
      {
        id: "pins",
        type: "symbol",
        source: "markers",
        filter: kind("pin"),
        layout: {
          "icon-image": ["concat", "price:", ["get", "label"]],
          "icon-anchor": "bottom",
          "icon-offset": [0, -4],
          "icon-allow-overlap": false,
          "icon-padding": 1,
        },
      },
      {
        id: "pins-active",
        type: "symbol",
        source: "markers",
        filter: ["all", kind("pin"), ["==", ["get", "listingId"], -1]] as MapLibre.FilterSpecification,
        layout: {
          "icon-image": ["concat", "active:", ["get", "label"]],
          "icon-anchor": "bottom",
          "icon-offset": [0, -4],
          "icon-allow-overlap": true,
        },
      },
    ];
    layers.push(
      {
        id: "circle-edit-fill",
        type: "fill",
        source: "circle-edit",
        filter: ["==", ["geometry-type"], "Polygon"],
        paint: { "fill-color": "#1c7ed6", "fill-opacity": 0.1 },
      },
      {
        id: "circle-edit-line",
        type: "line",
        source: "circle-edit",
        filter: ["==", ["geometry-type"], "Polygon"],
        paint: { "line-color": "#1c7ed6", "line-width": 2.5, "line-dasharray": [2, 1] },
      },
      {
        id: "circle-centre",
        type: "circle",
        source: "circle-edit",
        filter: ["==", ["get", "kind"], "centre"],
        paint: { "circle-radius": 9, "circle-color": "#1c7ed6", "circle-stroke-color": "#ffffff", "circle-stroke-width": 3 },
      },
      {
        // The desktop radius handle on the circle's east edge: white with a blue ring, unlike the centre.
        id: "circle-handle",
        type: "circle",
        source: "circle-edit",
        filter: ["==", ["get", "kind"], "handle"],
        paint: { "circle-radius": 8, "circle-color": "#ffffff", "circle-stroke-color": "#1c7ed6", "circle-stroke-width": 3 },
      },
    );
    for (const layer of layers) map.addLayer(layer);
    this.#listenForCircle();
  }

  /** Taps place the circle's centre; a press on the centre drags it, one on the desktop handle changes the radius. */
  #listenForCircle(): void {
    const map = this.#map!;
    this.#desktop = window.matchMedia(`(min-width: ${BREAKPOINTS.desktop}px)`);
    this.#desktop.addEventListener("change", this.#onLayoutChange);
    map.on("mouseenter", "circle-handle", () => (map.getCanvas().style.cursor = "ew-resize"));
    map.on("mouseleave", "circle-handle", () => (map.getCanvas().style.cursor = ""));
    const down = (e: MapLibre.MapMouseEvent | MapLibre.MapTouchEvent) => {
      if (!this.#circleMode) return;
      this.#pressAt = { x: e.point.x, y: e.point.y };
      const near: [MapLibre.PointLike, MapLibre.PointLike] = [
        [e.point.x - 6, e.point.y - 6],
        [e.point.x + 6, e.point.y + 6],
      ];
      if (this.#circle && map.getLayer("circle-handle") && map.queryRenderedFeatures(near, { layers: ["circle-handle"] }).length > 0) {
        e.preventDefault();
        this.#followHandle();
      } else if (this.#circle && map.queryRenderedFeatures(e.point, { layers: ["circle-centre"] }).length > 0) {
        this.#draggingCentre = true;
        e.preventDefault();
        map.dragPan.disable();
      }
    };
    const move = (e: MapLibre.MapMouseEvent | MapLibre.MapTouchEvent) => {
      if (!this.#draggingCentre || !this.#circle) return;
      this.#circle = { ...this.#circle, lat: e.lngLat.lat, lon: e.lngLat.lng };
      this.#drawCircle();
    };
    const up = (e: MapLibre.MapMouseEvent | MapLibre.MapTouchEvent) => {
      if (!this.#circleMode) return;
      if (this.#draggingHandle) {
        this.#draggingHandle = false;
        map.dragPan.enable();
      } else if (this.#draggingCentre) {
        this.#draggingCentre = false;
        map.dragPan.enable();
        if (this.#circle) this.#events.onCircle(this.#circle);
      } else if (this.#pressAt && isTap(this.#pressAt, e.point)) {
        const round = (v: number) => Math.round(v * 1e6) / 1e6;
        this.#circle = { lat: round(e.lngLat.lat), lon: round(e.lngLat.lng), radius: this.#circle?.radius ?? CIRCLE_DEFAULT_RADIUS };
        this.#drawCircle();
        this.#events.onCircle(this.#circle);
      }
      this.#pressAt = null;
    };
    map.on("mousedown", down);
    map.on("touchstart", down);
    map.on("mousemove", move);
    map.on("touchmove", move);
    map.on("mouseup", up);
    map.on("touchend", up);
  }

  /**
   * Drags the radius handle: the pointer is followed on the whole window (over the map's buttons, or
   * outside the map, the drag goes on) until it is released.
   */
  #followHandle(): void {
    const map = this.#map!;
    this.#draggingHandle = true;
    map.dragPan.disable();
    const follow = (e: MouseEvent | TouchEvent) => {
      const at = "touches" in e ? e.touches[0] : e;
      if (!at || !this.#circle || !this.#draggingHandle) return;
      const box = map.getCanvas().getBoundingClientRect();
      const point = map.unproject([at.clientX - box.left, at.clientY - box.top]);
      this.#events.onRadiusDrag(circleDistance(this.#circle.lat, this.#circle.lon, point.lat, point.lng));
    };
    const release = () => {
      this.#draggingHandle = false;
      this.#pressAt = null;
      map.dragPan.enable();
      window.removeEventListener("mousemove", follow);
      window.removeEventListener("touchmove", follow);
      window.removeEventListener("mouseup", release);
      window.removeEventListener("touchend", release);
    };
    window.addEventListener("mousemove", follow);
    window.addEventListener("touchmove", follow);
    window.addEventListener("mouseup", release);
    window.addEventListener("touchend", release);
  }

  #drawCircle(): void {
    const source = this.#map?.getSource("circle-edit") as MapLibre.GeoJSONSource | undefined;
    if (!source) return;
    const c = this.#circle;
    const features: GeoJSON.Feature[] = [];
    if (c) {
      features.push(
        {
          type: "Feature",
          properties: { kind: "circle" },
          geometry: { type: "Polygon", coordinates: [circlePath(c.lat, c.lon, c.radius).map(([lat, lon]) => [lon, lat])] },
        },
        { type: "Feature", properties: { kind: "centre" }, geometry: { type: "Point", coordinates: [c.lon, c.lat] } },
      );
      if (this.#desktop?.matches) {
        const [lat, lon] = circleEdgePoint(c.lat, c.lon, c.radius);
        features.push({ type: "Feature", properties: { kind: "handle" }, geometry: { type: "Point", coordinates: [lon, lat] } });
      }
    }
    source.setData({ type: "FeatureCollection", features });
  }

  /** Draws a label image the first time a layer asks for it: "price:€ 250K", "active:…", "count:1.234", "place:Brera". */
  #addLabelImage(id: string): void {
    const map = this.#map;
    const colon = id.indexOf(":");
    if (!map || colon < 0 || this.#labelCache.has(id)) return;
    if (id.startsWith(PLACE_LABEL_PREFIX)) return this.#addPlaceLabelImage(id);
    const kind = id.slice(0, colon);
    const text = id.slice(colon + 1);
    const label = labelCanvas();
    if (!label) return;
    const { canvas, ctx, ratio } = label;
    const font = `600 ${12 * ratio}px system-ui, sans-serif`;
    ctx.font = font;
    const pad = 6 * ratio;
    const w = Math.ceil(ctx.measureText(text).width + pad * 2);
    const h = Math.ceil(20 * ratio);
    canvas.width = kind === "count" ? Math.max(w, h) : w;
    canvas.height = h;
    ctx.font = font;
    if (kind !== "count") {
      ctx.fillStyle = kind === "active" ? MAP_COLOURS.accent : "#ffffff";
      ctx.strokeStyle = MAP_COLOURS.accent;
      ctx.lineWidth = 1.5 * ratio;
      ctx.beginPath();
      ctx.roundRect(ratio, ratio, canvas.width - 2 * ratio, h - 2 * ratio, 8 * ratio);
      ctx.fill();
      ctx.stroke();
    }
    ctx.fillStyle = kind === "price" ? "#1a1a1a" : "#ffffff";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(text, canvas.width / 2, h / 2 + ratio / 2);
    this.#addCanvasImage(id, label);
  }

  /** Adds a drawn label to the map's images, once. */
  #addCanvasImage(id: string, label: LabelCanvas): void {
    this.#labelCache.add(id);
    addLabelImage(this.#map!, id, label);
  }

  /** A place name (map-labels.client.ts). */
  #addPlaceLabelImage(id: string): void {
    const label = placeLabel(id);
    if (label) this.#addCanvasImage(id, label);
  }

  #applyHighlight(): void {
    const map = this.#map;
    if (!map?.getLayer("pins-active")) return;
    const id = this.#activeId ?? this.#hoverId ?? -1;
    map.setFilter("pins-active", ["all", ["==", ["get", "kind"], "pin"], ["==", ["get", "listingId"], id]]);
  }

  #setActive(listingId: number | null, fromMap: boolean): void {
    if (this.#activeId === listingId) return;
    this.#activeId = listingId;
    this.#applyHighlight();
    if (fromMap) this.#events.onPinClick(listingId);
  }

  #onClick(e: MapLibre.MapMouseEvent): void {
    const map = this.#map!;
    if (this.#drawing) return;
    const hit = map.queryRenderedFeatures(e.point, { layers: ["pins-active", "pins", "pin-dots", "cells", "approx-area"] })[0];
    if (!hit && this.#prices) {
      // The count behind a coloured place's value.
      const place = map.queryRenderedFeatures(e.point, { layers: ["price-zone", "price-town"] })[0];
      const value = place ? this.#prices.places[String(place.properties.id)] : undefined;
      this.#events.onPricePlace(place && value ? { name: String(place.properties.name), median: value[0], count: value[1] } : null);
    }
    if (!hit) return this.#setActive(null, true);
    const props = hit.properties as { kind: string; listingId?: number };
    if (props.kind === "cell") {
      const [lon, lat] = (hit.geometry as unknown as { coordinates: [number, number] }).coordinates;
      map.easeTo({ center: [lon, lat], zoom: map.getZoom() + 2, duration: 300 });
      return;
    }
    if (typeof props.listingId === "number") this.#setActive(props.listingId, true);
  }

  // ---------- view, idle, data ----------

  #view(): Bbox {
    const b = this.#map!.getBounds();
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
  }

  /** After the map settles (150 ms debounce): maybe a bounds search, then the markers and boundaries of the view. */
  #scheduleIdle(): void {
    window.clearTimeout(this.#idleTimer);
    this.#idleTimer = window.setTimeout(() => {
      const map = this.#map;
      const search = this.#search;
      if (!map || !search || this.#disposed) return;
      const view = this.#view();
      const firstIdle = this.#skipIdle;
      this.#skipIdle = false;
      const { bbox, zoom } = this.view();
      this.#events.onView(bbox, zoom);
      const searched = search.query.geo?.kind === "bounds" ? search.query.geo.bbox : null;
      if (
        boundsSearchOnIdle({
          firstIdle,
          drawing: this.#drawing,
          markerActive: this.#activeId !== null,
          cardHighlighted: this.#hoverId !== null,
          geo: search.query.geo,
          view,
          searched,
        })
      ) {
        // The page navigates; update() then refreshes the markers for the new search.
        this.#events.onBoundsSearch(bbox, zoom);
        return;
      }
      void this.#refresh();
    }, MAP_IDLE_DEBOUNCE_MS);
  }

  async #refresh(): Promise<void> {
    this.#loadTransit();
    await Promise.all([this.#loadBoundaries(), this.#loadMarkers(), this.#loadPois()]);
  }

  /** The transit lines the zoom draws (one answer for all of Italy each; MapLibre fetches it): metro lines, then everything. */
  #loadTransit(): void {
    const map = this.#map;
    if (!map || this.#transitAsked === "all") return;
    const wanted = transitScopeForZoom(map.getZoom());
    if (wanted === "none" || wanted === this.#transitAsked) return;
    const source = map.getSource("transit") as MapLibre.GeoJSONSource | undefined;
    if (!source) return;
    this.#transitAsked = wanted;
    source.setData(wanted === "metro" ? `${TRANSIT_URL}?linee=metro` : TRANSIT_URL);
  }

  /**
   * The metro lines and zone names drawn in the view, as data attributes of the map's container
   * (data-metro-lines="M1 M3", data-zone-labels="Duomo|Brera"): a check of the drawn map that needs no pixels.
   */
  #describeRendered(container: HTMLElement): void {
    const map = this.#map;
    if (!map || this.#disposed) return;
    const present = (id: string) => map.getLayer(id) !== undefined;
    const lines = present("metro-line") ? map.queryRenderedFeatures({ layers: ["metro-line"] }) : [];
    const zones = present("place-labels-zone") ? map.queryRenderedFeatures({ layers: ["place-labels-zone"] }) : [];
    const names = (features: MapLibre.MapGeoJSONFeature[], key: string) =>
      [...new Set(features.map((f) => String(f.properties?.[key] ?? "")))].filter(Boolean).sort();
    container.dataset.metroLines = names(lines, "line").join(" ");
    container.dataset.zoneLabels = names(zones, "name").join("|");
  }

  /** The POIs of the search's POI filter in view (none without the filter). */
  async #loadPois(): Promise<void> {
    const map = this.#map;
    const types = this.#search?.query.filters.poi ?? [];
    const source = map?.getSource("pois") as MapLibre.GeoJSONSource | undefined;
    if (!map || !source) return;
    if (types.length === 0) {
      source.setData({ type: "FeatureCollection", features: [] });
      this.#events.onPois(0);
      return;
    }
    try {
      const response = await fetch(`/mappa/poi.geojson?bbox=${this.view().bbox.join(",")}&types=${types.join(",")}`);
      if (!response.ok) return;
      const data = (await response.json()) as GeoJSON.FeatureCollection;
      source.setData(data);
      this.#events.onPois(data.features.length);
    } catch {
      /* the POI layer is a help, not the search */
    }
  }

  async #loadBoundaries(): Promise<void> {
    const map = this.#map;
    if (!map) return;
    const request = boundaryRequest(this.#view(), map.getZoom());
    const key = `${request.levels.join(",")}|${request.bbox.join(",")}`;
    if (key === this.#boundariesKey) return;
    this.#boundariesKey = key;
    try {
      const response = await fetch(`${BOUNDARIES_URL}?bbox=${request.bbox.join(",")}&zoom=${Math.floor(map.getZoom())}`);
      if (!response.ok || this.#boundariesKey !== key) return;
      const data = (await response.json()) as GeoJSON.FeatureCollection;
      (map.getSource("boundaries") as MapLibre.GeoJSONSource | undefined)?.setData(data);
    } catch {
      this.#boundariesKey = "";
    }
  }

  async #loadMarkers(): Promise<void> {
    const map = this.#map;
    const search = this.#search;
    if (!map || !search) return;
    this.#markersAbort?.abort();
    const abort = new AbortController();
    this.#markersAbort = abort;
    const { bbox, zoom } = this.view();
    const shape = search.query.geo !== null && search.query.geo.kind !== "bounds";
    // The markers of the view: the view is the search's bounds, or the view over the search's drawn area.
    const raw = toRawFilters({ ...search.query, page: 1 });
    const body = shape
      ? { filters: raw, mapBounds: { bbox, zoom: Math.round(zoom) } }
      : { filters: { ...raw, geobounds: { bbox, zoom: Math.round(zoom) } } };
    this.#events.onMarkers({ loading: true, count: 0, total: null, failed: false });
    try {
      const response = await fetch(MARKERS_URL, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: abort.signal,
      });
      if (!response.ok) throw new Error(`markers: ${response.status}`);
      const answer = (await response.json()) as { total: number; markers: MapMarker[]; area?: GeoJSON.MultiPolygon };
      if (abort.signal.aborted) return;
      (map.getSource("markers") as MapLibre.GeoJSONSource | undefined)?.setData(
        markerFeatures(answer.markers) as unknown as GeoJSON.FeatureCollection,
      );
      // A travel-time area is drawn as the server resolved it (estimate or isochrone service).
      if (search.query.geo?.kind === "nearby" && !this.#drawing) {
        (map.getSource("search-shape") as MapLibre.GeoJSONSource | undefined)?.setData({
          type: "FeatureCollection",
          features: answer.area ? [{ type: "Feature", properties: {}, geometry: answer.area }] : [],
        });
      }
      this.#events.onMarkers({
        loading: false,
        count: answer.markers.length,
        total: answer.total,
        failed: false,
        area: Boolean(answer.area),
      });
    } catch (error) {
      if (abort.signal.aborted) return;
      this.#events.onMarkers({ loading: false, count: 0, total: null, failed: true });
      console.warn("map markers failed", error);
    }
  }

  // ---------- drawing ----------

  #startDraw(): void {
    const map = this.#map!;
    // The search's own rules (core/search/map-view.ts), checked as each point is placed or moved: a point
    // that would make the edges cross, or the area too large, is refused with the Italian message.
    const validation = drawnPolygonValidation((problem) => this.#events.onDrawProblem(problem));
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: 6 }),
      modes: [
        polygonDrawMode(validation),
        new TerraDrawSelectMode({
          flags: {
            polygon: { feature: { draggable: false, validation, coordinates: { draggable: true, midpoints: true, deletable: true } } },
          },
          styles: {
            selectedPolygonColor: DRAW_COLOUR,
            selectedPolygonFillOpacity: 0.12,
            selectedPolygonOutlineColor: DRAW_COLOUR,
            selectedPolygonOutlineWidth: 2.5,
            selectionPointColor: DRAW_COLOUR,
            midPointColor: "#ffffff",
            midPointOutlineColor: DRAW_COLOUR,
          },
        }),
        new TerraDrawRenderMode({ modeName: "render", styles: {} }),
      ],
    });
    draw.start();
    draw.setMode("render");
    draw.on("finish", (id, context) => {
      // Edits in select mode wait for 'Fine' (finishEditing).
      if (context.mode !== "polygon") return;
      const finished = finishedRing(draw.getSnapshotFeature(id));
      if (!finished) return;
      const { ring, problem } = finished;
      if (problem) {
        draw.removeFeatures([id]);
        this.#events.onDrawProblem(problem);
        return;
      }
      this.#drawing = false;
      draw.removeFeatures([id]);
      draw.setMode("render");
      // Shown at once; the page's navigation then makes it the search.
      this.#setShape({ kind: "polygon", ring });
      this.#events.onPolygon(ring);
    });
    this.#draw = draw;
  }

  /**
   * Colours municipalities and zones by median asking €/m² (core/map/price-map.ts); null turns it off.
   * Places without a value (fewer than 5 listings) stay uncoloured.
   */
  setPriceMap(prices: { breaks: number[]; places: Record<string, [number, number]> } | null): void {
    this.#prices = prices;
    const map = this.#map;
    if (!map?.getLayer("price-town")) return;
    if (!prices || Object.keys(prices.places).length === 0) {
      for (const layer of ["price-town", "price-zone"]) map.setFilter(layer, ["==", ["get", "level"], -1]);
      return;
    }
    const ids = Object.keys(prices.places);
    const colour = [
      "match",
      ["get", "id"],
      ...ids.flatMap((id) => [id, PRICE_MAP_COLOURS[priceClass(prices.places[id]![0], prices.breaks)]!]),
      "#ffffff",
    ];
    for (const [layer, level] of [
      ["price-town", 9],
      ["price-zone", 10],
    ] as const) {
      map.setFilter(layer, ["all", ["==", ["get", "level"], level], ["in", ["get", "id"], ["literal", ids]]]);
      map.setPaintProperty(layer, "fill-color", colour as unknown as string);
    }
  }

  /** Outlines the searched places (their boundaries come with the base map at their zoom). */
  #showPlaces(): void {
    const map = this.#map;
    if (!map?.getLayer("place-line")) return;
    map.setFilter("place-line", ["in", ["get", "id"], ["literal", this.#search?.query.places ?? []]]);
  }

  #showShape(geo: GeoArea | null): void {
    if (this.#drawing) return;
    this.#setShape(geo);
  }

  #setShape(geo: GeoArea | null): void {
    const source = this.#map?.getSource("search-shape") as MapLibre.GeoJSONSource | undefined;
    if (!source) return;
    const features: GeoJSON.Feature[] = [];
    if (geo?.kind === "polygon") {
      features.push({ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [[...geo.ring, geo.ring[0]!]] } });
    } else if (geo?.kind === "circle") {
      // The circle's path as seed 000 §4 draws it: 129 points.
      features.push({
        type: "Feature",
        properties: {},
        geometry: { type: "Polygon", coordinates: [circlePath(geo.lat, geo.lon, geo.radius).map(([lat, lon]) => [lon, lat])] },
      });
    }
    source.setData({ type: "FeatureCollection", features });
  }
}

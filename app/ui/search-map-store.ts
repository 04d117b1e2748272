/**
 * The map page's state, owned outside React: the map class (search-map.client.ts, loaded on mount)
 * reports to this store, the store holds one immutable snapshot, and the pane's components read it with
 * `useSyncExternalStore` and call its actions. So the map and React never keep two copies of a state,
 * and no effect has to mirror one into the other. Tools follow core/search/map-tools.ts.
 */
import type { CommutePoint } from "../../core/search/commute-points.ts";
import { CIRCLE_BASE_CEILING, ceilingFor, circlePlace, nextCeiling, radiusFromHandle, radiusSteps } from "../../core/search/map-circle.ts";
import { addressLabel, type MapAddress, type PlaceAtPoint, placesAfterAddressPick } from "../../core/search/map-address.ts";
import { isDrawing, nextTool, type MapTool, type MapToolStep } from "../../core/search/map-tools.ts";
import type { Bbox } from "../../core/search/map-view.ts";
import type { SearchQuery } from "../../core/search/query.ts";
import type { TravelMode } from "../../core/search/vocabulary.ts";
import { poiTypes, type PoiTypeId } from "../../core/poi.ts";
import { localizePath } from "../i18n/locale.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import type { SearchPageData } from "../search/search-page.server.ts";
import { placeLookup } from "./search-url.ts";

type MapClient = import("./search-map.client.ts").SearchMap;
export type MapLoadState = "static" | "loading" | "ready" | "unavailable";
type Circle = { lat: number; lon: number; radius: number };

export interface MapSnapshot {
  state: MapLoadState;
  markers: { loading: boolean; count: number; total: number | null; failed: boolean; area?: boolean };
  view: { bbox: Bbox; zoom: number } | null;
  tool: MapTool;
  /** A problem to show (a refused polygon, no position). */
  message: string | null;
  poiCount: number;
  locating: boolean;
  circle: Circle | null;
  /** The radius slider's ceiling (core/search/map-circle.ts). */
  ceiling: number;
  circleCount: { loading: boolean; count: number | null };
  circleName: string | null;
  nearby: { minutes: number; mode: TravelMode };
  /** Saved commute points (local storage; their rules load with the tool). */
  points: CommutePoint[];
  price: {
    on: boolean;
    legend: { breaks: number[]; count: number } | null;
    failed: boolean;
    place: { name: string; median: number; count: number } | null;
  };
}

export interface MapStoreLinks {
  /** Goes to a path (a new history entry, so back undoes a map action). */
  navigate(path: string): unknown;
  /** A pin was clicked (or the active pin cleared). */
  onActive(id: number | null): void;
}

/** The POI types in the registry's order, so the URL's list is canonical. */
const poiTypeIdsInOrder: PoiTypeId[] = [...poiTypes].sort((a, b) => a.priority - b.priority).map((p) => p.id);

/** The places containing a point (the reverse look-up, most specific first); null when the look-up fails. */
async function placesAt(lat: number, lon: number, signal?: AbortSignal): Promise<PlaceAtPoint[] | null> {
  try {
    const response = await fetch("/portal-srp/api/v1/sharedUtils/reverse", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ coords: { latitude: lat, longitude: lon }, returnAll: true }),
      signal,
    });
    if (!response.ok) return null;
    const { location } = (await response.json()) as { location: PlaceAtPoint[] };
    return location.map(({ id, level, name, slug }) => ({ id, level, name, slug }));
  } catch {
    return null;
  }
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export class SearchMapStore {
  #snapshot: MapSnapshot = {
    state: "static",
    markers: { loading: false, count: 0, total: null, failed: false },
    view: null,
    tool: "off",
    message: null,
    poiCount: 0,
    locating: false,
    circle: null,
    ceiling: CIRCLE_BASE_CEILING,
    circleCount: { loading: false, count: null },
    circleName: null,
    nearby: { minutes: 15, mode: "walk" },
    points: [],
    price: { on: false, legend: null, failed: false, place: null },
  };
  #listeners = new Set<() => void>();
  #data: SearchPageData;
  #links: MapStoreLinks | null = null;
  #map: MapClient | null = null;
  /** Each mount's number: work of an earlier, disposed mount finds it changed. */
  #mounted = 0;
  #shownPath: string | null = null;
  #hoverId: number | null = null;
  #activeId: number | null = null;
  #commute: typeof import("../../core/search/commute-points.ts") | null = null;
  /** An address picked as the circle's centre names the circle ('Entro 500 m. da Via Roma 12, Milano') instead of the reverse look-up. */
  #pickedCentre: { key: string; label: string } | null = null;
  /** A picked address outside the searched places: the next bounds search is on these places instead (issue 21 item 12). */
  #placesAfterPick: PlaceAtPoint[] | null = null;
  #circleWork: AbortController | null = null;
  #circleTimer: ReturnType<typeof setTimeout> | undefined;
  #namedCentre: string | null = null;
  #nameWork: AbortController | null = null;
  #priceWork: AbortController | null = null;
  #priceKey = "";

  constructor(data: SearchPageData) {
    this.#data = data;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
  getSnapshot = (): MapSnapshot => this.#snapshot;

  #set(patch: Partial<MapSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    for (const listener of this.#listeners) listener();
  }
  #setTool(step: MapToolStep): void {
    this.#set({ tool: nextTool(this.#snapshot.tool, step) });
  }

  /** The page's navigation and pin handler (React gives them; they may change between renders). */
  connect(links: MapStoreLinks): void {
    this.#links = links;
  }

  /** Loads the map chunk and MapLibre into the container (when WebGL works); the returned function disposes of it. */
  mount(container: HTMLElement): () => void {
    const mounted = ++this.#mounted;
    const gone = () => mounted !== this.#mounted;
    let made: MapClient | null = null;
    this.#set({ state: "loading" });
    import("./search-map.client.ts")
      .then(async ({ SearchMap, supportsWebGl }) => {
        if (gone()) return;
        if (!supportsWebGl()) return this.#set({ state: "unavailable" });
        const map = new SearchMap({
          onBoundsSearch: (bbox, zoom) => {
            const places = this.#placesAfterPick;
            this.#placesAfterPick = null;
            this.#go(
              (q) => ({ ...q, places: places ? places.map((p) => p.id) : q.places, geo: { kind: "bounds", bbox } }),
              zoom,
              places ?? [],
            );
          },
          onView: (bbox, zoom) => this.#set({ view: { bbox, zoom } }),
          onPinClick: (id) => this.#links?.onActive(id),
          onPolygon: (ring) => {
            this.#set({ tool: nextTool(this.#snapshot.tool, "close"), message: null });
            this.#go((q) => ({ ...q, geo: { kind: "polygon", ring } }), map.view().zoom);
          },
          onDrawProblem: (text) => this.#set({ message: text }),
          onMarkers: (markers) => this.#set({ markers }),
          onCircle: (circle) => this.#circleChanged(circle),
          // The desktop handle: the pointer's distance snapped to the slider's steps, the ceiling by the slider's rule.
          onRadiusDrag: (distance) => {
            const next = radiusFromHandle(distance);
            this.#set({ ceiling: next.ceiling });
            map.setCircleRadius(next.radius);
          },
          onPois: (poiCount) => this.#set({ poiCount }),
          onPricePlace: (place) => this.#set({ price: { ...this.#snapshot.price, place } }),
        });
        made = map;
        this.#map = map;
        const d = this.#data;
        this.#shownPath = d.searchPath;
        await map.mount(
          container,
          { query: d.query, zoom: d.view.zoom, placeBoxes: d.view.placeBoxes },
          { styleUrl: d.view.styleUrl, label: searchMapTexts[d.locale].canvasLabel },
        );
        if (gone()) return;
        map.hover(this.#hoverId);
        map.setActive(this.#activeId);
        this.#set({ state: "ready" });
        // A search that arrived while the map loaded.
        this.follow(this.#data);
      })
      .catch((error) => {
        console.warn("search map failed", error);
        if (!gone()) this.#set({ state: "unavailable" });
      });
    return () => {
      this.#mounted++;
      this.#circleWork?.abort();
      this.#nameWork?.abort();
      this.#priceWork?.abort();
      clearTimeout(this.#circleTimer);
      made?.dispose();
      if (this.#map === made) this.#map = null;
    };
  }

  /** A new search (a map action, the filters, back or forward): the map follows it, and the price map its channel and group. */
  follow(data: SearchPageData): void {
    this.#data = data;
    const map = this.#map;
    if (!map || this.#snapshot.state !== "ready") return;
    if (data.searchPath !== this.#shownPath) {
      this.#shownPath = data.searchPath;
      this.#set({ message: null });
      map.update({ query: data.query, zoom: data.view.zoom, placeBoxes: data.view.placeBoxes });
    }
    if (this.#snapshot.price.on && this.#priceKey !== `${data.query.channel}/${data.query.group}`) this.#loadPrices();
  }

  hover(id: number | null): void {
    this.#hoverId = id;
    this.#map?.hover(id);
  }
  setActive(id: number | null): void {
    this.#activeId = id;
    this.#map?.setActive(id);
  }
  zoomIn(): void {
    this.#map?.zoomIn();
  }
  zoomOut(): void {
    this.#map?.zoomOut();
  }
  fitShape(): void {
    this.#map?.fitShape();
  }
  /** The map's view for the address suggestions (its towns first). */
  currentView = (): Bbox | null => this.#map?.view().bbox ?? null;

  /** Goes to the map URL of a search. The zoom goes with bounds only: a shape or a place decides its own view. */
  #go(change: (q: SearchQuery) => SearchQuery, zoom: number | null, newPlaces: PlaceAtPoint[] = []): void {
    const d = this.#data;
    void import("../../core/search/url.ts").then(({ encodeMapUrl }) => {
      const next = { ...change(d.query), page: 1 };
      const known = [...d.toolPlaces, ...newPlaces.map((p) => ({ id: p.id, level: p.level, qslug: p.slug, name: p.name, parentId: null }))];
      const url = encodeMapUrl(next, { zoom: next.geo?.kind === "bounds" ? zoom : null }, placeLookup(known));
      return this.#links?.navigate(localizePath(url, d.locale));
    });
  }

  // Polygon tool.
  startDrawing(): void {
    this.#set({ message: null });
    this.#setTool("draw");
    this.#map?.startPolygon();
  }
  startEditing(): void {
    this.#set({ message: null });
    if (this.#map?.startEditing()) this.#setTool("edit");
  }
  finishEditing(): void {
    this.#map?.finishEditing();
  }
  cancelDrawing(): void {
    this.#set({ message: null });
    this.#setTool("close");
    this.#map?.cancelDrawing();
  }
  /** Deleting the shape returns to the map-bounds search (seed 000 §4 Circle search 5). */
  deleteShape(): void {
    const here = this.#map?.view();
    this.#go((q) => ({ ...q, geo: here ? { kind: "bounds", bbox: here.bbox } : null }), here?.zoom ?? null);
  }

  // Circle tool (seed 000 §4 Circle search).
  startCircle(): void {
    const current = this.#data.query.geo;
    this.#set({
      message: null,
      circle: null,
      circleName: null,
      ceiling: current?.kind === "circle" ? ceilingFor(current.radius) : CIRCLE_BASE_CEILING,
    });
    this.#namedCentre = null;
    this.#setTool("circle");
    this.#map?.startCircle();
  }
  #closeCircle(): void {
    this.#circleWork?.abort();
    clearTimeout(this.#circleTimer);
    this.#set({ circle: null });
    this.#setTool("close");
    this.#map?.closeCircle();
  }
  /** 'Annulla' deletes the circle: a completed one returns the search to the map's bounds (seed 000 §4 Circle search 5). */
  cancelCircle(): void {
    this.#closeCircle();
    if (this.#data.query.geo?.kind === "circle") this.deleteShape();
  }
  stepRadius(index: number): void {
    const radius = radiusSteps(this.#snapshot.ceiling)[index]!;
    this.#set({ ceiling: nextCeiling(radius, this.#snapshot.ceiling) });
    this.#map?.setCircleRadius(radius);
  }
  confirmCircle(): void {
    const c = this.#snapshot.circle;
    if (!c) return;
    const zoom = this.#map?.view().zoom ?? null;
    this.#closeCircle();
    this.#go((q) => ({ ...q, geo: { kind: "circle", lat: c.lat, lon: c.lon, radius: c.radius } }), zoom);
  }
  /** The circle changed: its count is fetched again after a short pause (seed 000 §4 Circle search 3), its place named when its centre moved. */
  #circleChanged(circle: Circle): void {
    this.#set({ circle, circleCount: { loading: true, count: null } });
    this.#circleWork?.abort();
    clearTimeout(this.#circleTimer);
    const work = new AbortController();
    this.#circleWork = work;
    this.#circleTimer = setTimeout(() => void this.#countCircle(circle, work.signal), 150);
    const centre = `${circle.lat},${circle.lon}`;
    if (centre === this.#namedCentre) return;
    this.#namedCentre = centre;
    this.#nameWork?.abort();
    if (this.#pickedCentre?.key === centre) return this.#set({ circleName: this.#pickedCentre.label });
    const naming = new AbortController();
    this.#nameWork = naming;
    void placesAt(circle.lat, circle.lon, naming.signal).then((places) => {
      if (!places || naming.signal.aborted) return;
      const named = places.filter((p) => p.level >= 9);
      this.#set({ circleName: circlePlace(named[0]?.name ?? null, named[1]?.name ?? null) });
    });
  }
  async #countCircle(circle: Circle, signal: AbortSignal): Promise<void> {
    try {
      const { toRawFilters } = await import("../../core/search/url.ts");
      const filters = toRawFilters({ ...this.#data.query, page: 1, geo: { kind: "circle", ...circle } });
      const response = await fetch("/portal-srp/api/v1/search/availableresults", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ filters }),
        signal,
      });
      if (!response.ok) throw new Error(`availableresults: ${response.status}`);
      const { total } = (await response.json()) as { total: number };
      if (!signal.aborted) this.#set({ circleCount: { loading: false, count: total } });
    } catch {
      if (!signal.aborted) this.#set({ circleCount: { loading: false, count: null } });
    }
  }

  // Travel-time tool.
  startNearby(): void {
    this.#set({ message: null });
    import("../../core/search/commute-points.ts")
      .then((rules) => {
        this.#commute = rules;
        let stored: string | null = null;
        try {
          stored = localStorage.getItem(rules.COMMUTE_STORAGE_KEY);
        } catch {
          /* no storage */
        }
        this.#set({ points: rules.readCommutePoints(stored) });
      })
      .catch(() => {});
    const current = this.#data.query.geo;
    if (current?.kind === "nearby") this.#set({ nearby: { minutes: current.minutes, mode: current.mode } });
    this.#setTool("nearby");
    this.#map?.setChoosing(true);
  }
  closeNearby(): void {
    this.#setTool("close");
    this.#map?.setChoosing(false);
  }
  setNearby(patch: Partial<MapSnapshot["nearby"]>): void {
    this.#set({ nearby: { ...this.#snapshot.nearby, ...patch } });
  }
  searchNearby(): void {
    const map = this.#map;
    if (!map) return;
    const { lat, lon } = map.center();
    const zoom = map.view().zoom;
    const { mode, minutes } = this.#snapshot.nearby;
    this.closeNearby();
    this.#go((q) => ({ ...q, geo: { kind: "nearby", lat, lon, mode, minutes } }), zoom);
  }
  #storePoints(points: CommutePoint[]): void {
    this.#set({ points });
    try {
      localStorage.setItem(this.#commute!.COMMUTE_STORAGE_KEY, JSON.stringify(points));
    } catch {
      /* private mode: the list lives for this page only */
    }
  }
  savePoint(kind: "home" | "work" | "custom"): void {
    const current = this.#data.query.geo;
    const rules = this.#commute;
    if (!rules || current?.kind !== "nearby") return;
    const point = rules.makeCommutePoint(kind, current, current.mode, current.minutes, new Date());
    this.#storePoints(rules.saveCommutePoint(this.#snapshot.points, point));
  }
  removePoint(valueId: string): void {
    if (this.#commute) this.#storePoints(this.#commute.removeCommutePoint(this.#snapshot.points, valueId));
  }
  runPoint(p: CommutePoint): void {
    this.closeNearby();
    const { lat, lon } = p.apiData.location;
    this.#go((q) => ({ ...q, geo: { kind: "nearby", lat, lon, mode: p.apiData.travel_mode, minutes: p.apiData.travel_time } }), null);
  }

  /** A POI distance filter on or off (seed 000 §3: within the type's maxDistance), from the map. */
  togglePoi(id: PoiTypeId, on: boolean): void {
    const zoom = this.#map?.view().zoom ?? null;
    this.#go((q) => {
      const chosen = new Set(q.filters.poi ?? []);
      if (on) chosen.add(id);
      else chosen.delete(id);
      const poi = poiTypeIdsInOrder.filter((t) => chosen.has(t));
      return { ...q, filters: { ...q.filters, poi: poi.length > 0 ? poi : undefined } };
    }, zoom);
  }

  /** The price map of the search's channel and property group (issue 10 item 11). */
  setPriceMap(on: boolean): void {
    this.#set({ price: { on, legend: null, failed: false, place: null } });
    if (on) this.#loadPrices();
    else {
      this.#priceWork?.abort();
      this.#priceKey = "";
      this.#map?.setPriceMap(null);
    }
  }
  #loadPrices(): void {
    const { channel, group } = this.#data.query;
    this.#priceKey = `${channel}/${group}`;
    this.#priceWork?.abort();
    const work = new AbortController();
    this.#priceWork = work;
    this.#set({ price: { ...this.#snapshot.price, failed: false, place: null } });
    fetch(`/mappa/prezzi.json?channel=${channel}&group=${group}`, { signal: work.signal })
      .then(async (r) => {
        if (!r.ok) throw new Error(`prices: ${r.status}`);
        const body = (await r.json()) as { breaks: number[]; places: Record<string, [number, number]> };
        if (work.signal.aborted) return;
        this.#map?.setPriceMap(body);
        this.#set({ price: { ...this.#snapshot.price, legend: { breaks: body.breaks, count: Object.keys(body.places).length } } });
      })
      .catch(() => {
        if (!work.signal.aborted) this.#set({ price: { ...this.#snapshot.price, failed: true } });
      });
  }

  /** The browser's position, or null when it is refused or cannot be found. */
  #findPosition(): Promise<{ lat: number; lon: number } | null> {
    return new Promise((resolve) => {
      if (!("geolocation" in navigator)) return resolve(null);
      this.#set({ locating: true });
      navigator.geolocation.getCurrentPosition(
        (position) => {
          this.#set({ locating: false });
          resolve({ lat: position.coords.latitude, lon: position.coords.longitude });
        },
        () => {
          this.#set({ locating: false });
          resolve(null);
        },
        { timeout: 10_000, maximumAge: 60_000 },
      );
    });
  }
  /** A point for the map: in the circle tool it is the circle's centre; otherwise the map goes there at zoom 16 (in the travel-time tool, the start under the crosshair). */
  #goTo(lat: number, lon: number): void {
    if (this.#snapshot.tool === "circle") this.#map?.setCircleCentre(lat, lon);
    else this.#map?.flyTo(lat, lon);
  }
  /** The browser's position: the map centres on it ('Cerca intorno a te') or, in the circle tool, the circle does ('Usa la tua posizione'); a failure says so (seed 000 §8). */
  async locate(): Promise<void> {
    this.#set({ message: null });
    const here = await this.#findPosition();
    if (here) this.#goTo(here.lat, here.lon);
    else this.#set({ message: searchMapTexts[this.#data.locale].geolocationFailed });
  }
  /** 'Cerca intorno a te' in the address panel, which shows the failure under its button. */
  locateFromPanel = async (): Promise<boolean> => {
    this.#set({ message: null });
    const here = await this.#findPosition();
    if (here) this.#goTo(here.lat, here.lon);
    return here !== null;
  };
  /**
   * An address picked in a panel (issue 10 item 8). Outside a tool the map's move is a bounds search on
   * the searched places: when none of them holds the address, that search moves to the address's town.
   */
  goToAddress = async (a: MapAddress): Promise<void> => {
    this.#pickedCentre = { key: `${round6(a.lat)},${round6(a.lon)}`, label: addressLabel(a) };
    this.#placesAfterPick = null;
    if (!isDrawing(this.#snapshot.tool) && this.#data.query.places.length > 0) {
      const containing = await placesAt(a.lat, a.lon);
      // Not known (the look-up failed): the search keeps its places.
      if (containing) this.#placesAfterPick = placesAfterAddressPick(this.#data.query.places, containing);
    }
    this.#goTo(a.lat, a.lon);
  };
}

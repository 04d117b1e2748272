/**
 * Hosts the search map (app/ui/search-map.client.ts) on the map page. The server renders the overlay
 * bar (the 'Filtri (n)' panel and the link back to the list) and no map; in the browser the map chunk
 * and MapLibre load only here, when WebGL works. `data-map-state` (static → loading → ready, or
 * unavailable), `data-markers`, `data-zoom` and `data-bbox` tell tests what the map shows.
 * Map actions become navigations to the map URL of the new search (history entries: back undoes them).
 */
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import {
  CIRCLE_BASE_CEILING,
  ceilingFor,
  circlePlace,
  confirmState,
  nextCeiling,
  radiusFromHandle,
  radiusSteps,
  stepIndex,
} from "../../core/search/map-circle.ts";
import { addressLabel, type MapAddress, type PlaceAtPoint, placesAfterAddressPick } from "../../core/search/map-address.ts";
import { leftTheShape, type Bbox } from "../../core/search/map-view.ts";
import type { GeoArea, SearchQuery } from "../../core/search/query.ts";
import type { TravelMode } from "../../core/search/vocabulary.ts";
import type { CommutePoint } from "../../core/search/commute-points.ts";
import { formatEuro } from "../../core/format.ts";
import { PRICE_MAP_COLOURS } from "../../core/map/price-map.ts";
import { POI_COLOURS } from "../../core/map/style.ts";
import { poiTypes, type PoiTypeId } from "../../core/poi.ts";
import { localizePath } from "../i18n/locale.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import type { SearchPageData } from "../search/search-page.server.ts";
import { placeLookup } from "./search-url.ts";

type MapState = "static" | "loading" | "ready" | "unavailable";
/** The address panel loads with the map (it shows only once the map is ready), not with the results page. */
const MapAddressPanel = lazy(() => import("./map-address-panel.tsx").then((m) => ({ default: m.MapAddressPanel })));
type MapClient = import("./search-map.client.ts").SearchMap;

/** The places containing a point (the reverse look-up, most specific first); null when the look-up fails. */
async function placesAt(lat: number, lon: number): Promise<PlaceAtPoint[] | null> {
  try {
    const response = await fetch("/portal-srp/api/v1/sharedUtils/reverse", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ coords: { latitude: lat, longitude: lon }, returnAll: true }),
    });
    if (!response.ok) return null;
    const { location } = (await response.json()) as { location: PlaceAtPoint[] };
    return location.map(({ id, level, name, slug }) => ({ id, level, name, slug }));
  } catch {
    return null;
  }
}

export function SearchMapPane({
  data,
  activeId,
  onActive,
  hoverId,
  children,
}: {
  data: SearchPageData;
  activeId: number | null;
  onActive: (id: number | null) => void;
  hoverId: number | null;
  /** The filters panel, whose 'Filtri (n)' button sits on the overlay. */
  children: ReactNode;
}) {
  const t = searchMapTexts[data.locale];
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapClient | null>(null);
  const dataRef = useRef(data);
  dataRef.current = data;
  const [state, setState] = useState<MapState>("static");
  const [markers, setMarkers] = useState<{ loading: boolean; count: number; total: number | null; failed: boolean; area?: boolean }>({
    loading: false,
    count: 0,
    total: null,
    failed: false,
  });
  const [view, setView] = useState<{ bbox: Bbox; zoom: number } | null>(null);
  /** The drawing tool: drawing a new polygon, editing the search's polygon, or off. */
  const [tool, setTool] = useState<"off" | "draw" | "edit" | "circle" | "nearby">("off");
  const [nearby, setNearby] = useState<{ minutes: number; mode: TravelMode }>({ minutes: 15, mode: "walk" });
  /** Saved commute points (local storage; the rules load with the panel, core/search/commute-points.ts). */
  const [points, setPoints] = useState<CommutePoint[]>([]);
  const commute = useRef<typeof import("../../core/search/commute-points.ts") | null>(null);
  const [circle, setCircle] = useState<{ lat: number; lon: number; radius: number } | null>(null);
  const [ceiling, setCeiling] = useState(CIRCLE_BASE_CEILING);
  const [circleCount, setCircleCount] = useState<{ loading: boolean; count: number | null }>({ loading: false, count: null });
  const [circleName, setCircleName] = useState<string | null>(null);
  const drawing = tool !== "off";
  const toolRef = useRef(tool);
  toolRef.current = tool;
  /** An address picked as the circle's centre names the circle ('Entro 500 m. da Via Roma 12, Milano') instead of the reverse look-up. */
  const pickedCentre = useRef<{ key: string; label: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [poiOpen, setPoiOpen] = useState(false);
  const [priceOn, setPriceOn] = useState(false);
  const [prices, setPrices] = useState<{ breaks: number[]; count: number } | null>(null);
  const [priceFailed, setPriceFailed] = useState(false);
  const [pricePlace, setPricePlace] = useState<{ name: string; median: number; count: number } | null>(null);
  const [poiCount, setPoiCount] = useState(0);
  const [locating, setLocating] = useState(false);

  /** A picked address outside the searched places: the next bounds search is on these places instead (issue 21 item 12). */
  const placesAfterPick = useRef<PlaceAtPoint[] | null>(null);

  /** Goes to the map URL of a search (a new history entry, so back undoes the map action). */
  const go = useRef(async (change: (q: SearchQuery) => SearchQuery, zoom: number | null, newPlaces: PlaceAtPoint[] = []) => {
    const d = dataRef.current;
    const { encodeMapUrl } = await import("../../core/search/url.ts");
    const next = { ...change(d.query), page: 1 };
    const known = [...d.toolPlaces, ...newPlaces.map((p) => ({ id: p.id, level: p.level, qslug: p.slug, name: p.name, parentId: null }))];
    // The zoom goes with bounds only: a shape or a place decides its own view.
    const url = encodeMapUrl(next, { zoom: next.geo?.kind === "bounds" ? zoom : null }, placeLookup(known));
    await navigate(localizePath(url, d.locale), { preventScrollReset: true });
  }).current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once per page; later searches reach it through update()
  useEffect(() => {
    let cancelled = false;
    setState("loading");
    import("./search-map.client.ts")
      .then(async ({ SearchMap, supportsWebGl }) => {
        if (cancelled) return;
        if (!supportsWebGl() || !container.current) return setState("unavailable");
        const d = dataRef.current;
        const map = new SearchMap({
          onBoundsSearch: (bbox, zoom) => {
            const places = placesAfterPick.current;
            placesAfterPick.current = null;
            void go(
              (q) => ({ ...q, places: places ? places.map((p) => p.id) : q.places, geo: { kind: "bounds", bbox } }),
              zoom,
              places ?? [],
            );
          },
          onView: (bbox, zoom) => setView({ bbox, zoom }),
          onPinClick: (id) => onActive(id),
          onPolygon: (ring) => {
            setTool("off");
            setMessage(null);
            void go((q) => ({ ...q, geo: { kind: "polygon", ring } }), map.view().zoom);
          },
          onDrawProblem: (text) => setMessage(text),
          onMarkers: (m) => setMarkers(m),
          onCircle: (c) => setCircle(c),
          // The desktop handle: the pointer's distance snapped to the slider's steps, the ceiling by the slider's rule.
          onRadiusDrag: (distance) => {
            const next = radiusFromHandle(distance);
            setCeiling(next.ceiling);
            map.setCircleRadius(next.radius);
          },
          onPois: (n) => setPoiCount(n),
          onPricePlace: (p) => setPricePlace(p),
        });
        mapRef.current = map;
        await map.mount(
          container.current,
          { query: d.query, zoom: d.view.zoom, placeBoxes: d.view.placeBoxes },
          { styleUrl: d.view.styleUrl, label: searchMapTexts[d.locale].canvasLabel },
        );
        if (!cancelled) setState("ready");
      })
      .catch((error) => {
        console.warn("search map failed", error);
        if (!cancelled) setState("unavailable");
      });
    return () => {
      cancelled = true;
      mapRef.current?.dispose();
      mapRef.current = null;
    };
    // The map is made once per page; searches after it arrive through update() below.
  }, []);

  // A new search (a map action, the filters, back or forward): the map follows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows a new search (its path), not each new data object
  useEffect(() => {
    if (state !== "ready") return;
    setMessage(null);
    mapRef.current?.update({ query: data.query, zoom: data.view.zoom, placeBoxes: data.view.placeBoxes });
  }, [data.searchPath, state]);

  // The circle's count, re-fetched after each change (seed 000 §4 Circle search 3), and its place's name.
  useEffect(() => {
    if (!circle) return;
    const abort = new AbortController();
    setCircleCount({ loading: true, count: null });
    const timer = window.setTimeout(async () => {
      try {
        const { toRawFilters } = await import("../../core/search/url.ts");
        const q = dataRef.current.query;
        const filters = toRawFilters({ ...q, page: 1, geo: { kind: "circle", lat: circle.lat, lon: circle.lon, radius: circle.radius } });
        const response = await fetch("/portal-srp/api/v1/search/availableresults", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ filters }),
          signal: abort.signal,
        });
        if (!response.ok) throw new Error(`availableresults: ${response.status}`);
        setCircleCount({ loading: false, count: ((await response.json()) as { total: number }).total });
      } catch {
        if (!abort.signal.aborted) setCircleCount({ loading: false, count: null });
      }
    }, 150);
    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [circle]);
  const circleCentre = circle ? `${circle.lat},${circle.lon}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count is re-fetched when the circle's centre changes
  useEffect(() => {
    if (!circle) return;
    if (pickedCentre.current?.key === circleCentre) return setCircleName(pickedCentre.current.label);
    const abort = new AbortController();
    fetch("/portal-srp/api/v1/sharedUtils/reverse", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ coords: { latitude: circle.lat, longitude: circle.lon }, returnAll: true }),
      signal: abort.signal,
    })
      .then(async (r) => (r.ok ? ((await r.json()) as { location: Array<{ name: string; level: number }> }).location : []))
      .then((places) => {
        const named = places.filter((p) => p.level >= 9);
        setCircleName(circlePlace(named[0]?.name ?? null, named[1]?.name ?? null));
      })
      .catch(() => {});
    return () => abort.abort();
  }, [circleCentre]);

  // The price map of the search's channel and property group (issue 10 item 11).
  const priceKey = `${data.query.channel}/${data.query.group}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the price map follows its channel and group
  useEffect(() => {
    if (state !== "ready") return;
    setPricePlace(null);
    if (!priceOn) {
      mapRef.current?.setPriceMap(null);
      setPrices(null);
      return;
    }
    const abort = new AbortController();
    setPriceFailed(false);
    fetch(`/mappa/prezzi.json?channel=${data.query.channel}&group=${data.query.group}`, { signal: abort.signal })
      .then(async (r) => {
        if (!r.ok) throw new Error(`prices: ${r.status}`);
        const body = (await r.json()) as { breaks: number[]; places: Record<string, [number, number]> };
        mapRef.current?.setPriceMap(body);
        setPrices({ breaks: body.breaks, count: Object.keys(body.places).length });
      })
      .catch(() => {
        if (!abort.signal.aborted) setPriceFailed(true);
      });
    return () => abort.abort();
  }, [priceOn, priceKey, state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: state: the highlight is applied again once the map is ready
  useEffect(() => mapRef.current?.hover(hoverId), [hoverId, state]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: state: the highlight is applied again once the map is ready
  useEffect(() => mapRef.current?.setActive(activeId), [activeId, state]);

  const geo: GeoArea | null = data.query.geo;
  const shape = geo !== null && geo.kind !== "bounds";
  const startDrawing = () => {
    setMessage(null);
    setTool("draw");
    mapRef.current?.startPolygon();
  };
  const startEditing = () => {
    setMessage(null);
    if (mapRef.current?.startEditing()) setTool("edit");
  };
  const startCircle = () => {
    setMessage(null);
    setCircle(null);
    setCircleName(null);
    const current = dataRef.current.query.geo;
    setCeiling(current?.kind === "circle" ? ceilingFor(current.radius) : CIRCLE_BASE_CEILING);
    setTool("circle");
    mapRef.current?.startCircle();
  };
  const closeCircle = () => {
    setTool("off");
    setCircle(null);
    mapRef.current?.closeCircle();
  };
  // 'Annulla' deletes the circle: a completed one returns the search to the map's bounds (seed 000 §4 Circle search 5).
  const cancelCircle = () => {
    closeCircle();
    if (dataRef.current.query.geo?.kind === "circle") deleteShape();
  };
  const onRadiusStep = (index: number) => {
    const radius = radiusSteps(ceiling)[index]!;
    setCeiling(nextCeiling(radius, ceiling));
    mapRef.current?.setCircleRadius(radius);
  };
  const confirmCircle = () => {
    if (!circle) return;
    const zoom = mapRef.current?.view().zoom ?? null;
    const c = circle;
    closeCircle();
    void go((q) => ({ ...q, geo: { kind: "circle", lat: c.lat, lon: c.lon, radius: c.radius } }), zoom);
  };
  /** A POI distance filter on or off (seed 000 §3: within the type's maxDistance), from the map. */
  const togglePoi = (id: PoiTypeId, on: boolean) => {
    const zoom = mapRef.current?.view().zoom ?? null;
    void go((q) => {
      const chosen = new Set(q.filters.poi ?? []);
      if (on) chosen.add(id);
      else chosen.delete(id);
      const poi = poiTypeIdsInOrder.filter((t) => chosen.has(t));
      return { ...q, filters: { ...q.filters, poi: poi.length > 0 ? poi : undefined } };
    }, zoom);
  };
  const storePoints = (next: CommutePoint[]) => {
    setPoints(next);
    try {
      localStorage.setItem(commute.current!.COMMUTE_STORAGE_KEY, JSON.stringify(next));
    } catch {
      /* private mode: the list lives for this page only */
    }
  };
  const savePoint = (kind: "home" | "work" | "custom") => {
    const current = dataRef.current.query.geo;
    const rules = commute.current;
    if (!rules || current?.kind !== "nearby") return;
    storePoints(rules.saveCommutePoint(points, rules.makeCommutePoint(kind, current, current.mode, current.minutes, new Date())));
  };
  const runPoint = (p: CommutePoint) => {
    closeNearby();
    const { lat, lon } = p.apiData.location;
    void go((q) => ({ ...q, geo: { kind: "nearby", lat, lon, mode: p.apiData.travel_mode, minutes: p.apiData.travel_time } }), null);
  };
  const startNearby = () => {
    setMessage(null);
    import("../../core/search/commute-points.ts")
      .then((rules) => {
        commute.current = rules;
        let stored: string | null = null;
        try {
          stored = localStorage.getItem(rules.COMMUTE_STORAGE_KEY);
        } catch {
          /* no storage */
        }
        setPoints(rules.readCommutePoints(stored));
      })
      .catch(() => {});
    const current = dataRef.current.query.geo;
    if (current?.kind === "nearby") setNearby({ minutes: current.minutes, mode: current.mode });
    setTool("nearby");
    mapRef.current?.setChoosing(true);
  };
  const closeNearby = () => {
    setTool("off");
    mapRef.current?.setChoosing(false);
  };
  const searchNearby = () => {
    const map = mapRef.current;
    if (!map) return;
    const { lat, lon } = map.center();
    const zoom = map.view().zoom;
    closeNearby();
    void go((q) => ({ ...q, geo: { kind: "nearby", lat, lon, mode: nearby.mode, minutes: nearby.minutes } }), zoom);
  };
  const cancelDrawing = () => {
    setTool("off");
    setMessage(null);
    mapRef.current?.cancelDrawing();
  };
  // Deleting the shape returns to the map-bounds search (seed 000 §4 Circle search 5).
  const deleteShape = () => {
    const here = mapRef.current?.view();
    void go((q) => ({ ...q, geo: here ? { kind: "bounds", bbox: here.bbox } : null }), here?.zoom ?? null);
  };
  /** The browser's position, or null when it is refused or cannot be found. */
  const findPosition = () =>
    new Promise<{ lat: number; lon: number } | null>((resolve) => {
      if (!("geolocation" in navigator)) return resolve(null);
      setLocating(true);
      navigator.geolocation.getCurrentPosition(
        (position) => {
          setLocating(false);
          resolve({ lat: position.coords.latitude, lon: position.coords.longitude });
        },
        () => {
          setLocating(false);
          resolve(null);
        },
        { timeout: 10_000, maximumAge: 60_000 },
      );
    });
  /** A point for the map: in the circle tool it is the circle's centre; otherwise the map goes there at zoom 16 (in the travel-time tool, the start under the crosshair). */
  const goTo = (lat: number, lon: number) => {
    if (toolRef.current === "circle") mapRef.current?.setCircleCentre(lat, lon);
    else mapRef.current?.flyTo(lat, lon);
  };
  /** The browser's position: the map centres on it ('Cerca intorno a te') or, in the circle tool, the circle does ('Usa la tua posizione'); a failure says so (seed 000 §8). */
  const locate = async () => {
    setMessage(null);
    const here = await findPosition();
    if (here) goTo(here.lat, here.lon);
    else setMessage(t.geolocationFailed);
  };
  /** 'Cerca intorno a te' in the address panel, which shows the failure under its button. */
  const locateFromPanel = async () => {
    setMessage(null);
    const here = await findPosition();
    if (here) goTo(here.lat, here.lon);
    return here !== null;
  };
  /**
   * An address picked in a panel (issue 10 item 8). Outside a tool the map's move is a bounds search on
   * the searched places: when none of them holds the address, that search moves to the address's town.
   */
  const goToAddress = async (a: MapAddress) => {
    const round = (v: number) => Math.round(v * 1e6) / 1e6;
    pickedCentre.current = { key: `${round(a.lat)},${round(a.lon)}`, label: addressLabel(a) };
    placesAfterPick.current = null;
    if (toolRef.current === "off" && dataRef.current.query.places.length > 0) {
      const containing = await placesAt(a.lat, a.lon);
      // Not known (the look-up failed): the search keeps its places.
      if (containing) placesAfterPick.current = placesAfterAddressPick(dataRef.current.query.places, containing);
    }
    goTo(a.lat, a.lon);
  };
  /** The map's view for the address suggestions (its towns first). */
  const currentView = () => mapRef.current?.view().bbox ?? null;

  return (
    <section
      className="search-map"
      aria-label={t.mapRegion}
      data-testid="search-map"
      data-map-state={state}
      data-markers={markers.loading ? "" : String(markers.count)}
      data-markers-total={markers.total ?? ""}
      data-zoom={view?.zoom ?? ""}
      data-pois={poiCount}
      data-area={markers.area ? "true" : "false"}
      data-bbox={view?.bbox.join(",") ?? ""}
      data-drawing={drawing ? "true" : "false"}
    >
      <div className="search-map__canvas" ref={container} hidden={state !== "loading" && state !== "ready"} />
      <div className="search-map__bar">
        {children}
        <Link to={data.view.listHref} className="search-map__switch" preventScrollReset>
          {t.showList}
        </Link>
        {state === "ready" && (
          <Suspense fallback={null}>
            <MapAddressPanel
              id="map-address"
              locale={data.locale}
              placeholder={t.addressSearch}
              onPick={goToAddress}
              onLocate={locateFromPanel}
              view={currentView}
            />
          </Suspense>
        )}
        {state === "ready" &&
          (drawing ? (
            <>
              {tool === "edit" && (
                <button type="button" className="search-map__tool" onClick={() => mapRef.current?.finishEditing()}>
                  {t.done}
                </button>
              )}
              {(tool === "draw" || tool === "edit") && (
                <button type="button" className="search-map__tool" onClick={cancelDrawing}>
                  {t.cancel}
                </button>
              )}
            </>
          ) : (
            <>
              <button type="button" className="search-map__tool" onClick={startDrawing}>
                {t.drawArea}
              </button>
              {geo?.kind === "circle" ? (
                // A completed circle shows its radius label; clicking it re-enters editing (seed 000 §4 Circle search 5).
                <button type="button" className="search-map__tool search-map__circle-label" onClick={startCircle}>
                  {t.circleLabel(geo.radius, null)}
                </button>
              ) : (
                <button type="button" className="search-map__tool" onClick={startCircle}>
                  {t.circleTool}
                </button>
              )}
              <button type="button" className="search-map__tool" onClick={startNearby}>
                {geo?.kind === "nearby"
                  ? t.nearbyLabel(geo.minutes, { walk: t.modeWalk, bike: t.modeBike, car: t.modeCar }[geo.mode])
                  : t.nearbyTool}
              </button>
              {geo?.kind === "polygon" && (
                <button type="button" className="search-map__tool" onClick={startEditing}>
                  {t.editArea}
                </button>
              )}
              {shape && (
                <button type="button" className="search-map__tool" onClick={deleteShape}>
                  {t.deleteArea}
                </button>
              )}
            </>
          ))}
      </div>
      {state === "ready" && (
        <div className="search-map__controls">
          <button type="button" title={t.locate} aria-label={t.locate} onClick={() => void locate()} aria-busy={locating}>
            <LocateIcon />
          </button>
          <div className="search-map__options">
            <button
              type="button"
              title={t.options}
              aria-label={t.options}
              aria-expanded={optionsOpen}
              aria-controls="map-options"
              onClick={() => setOptionsOpen((o) => !o)}
            >
              <LayersIcon />
            </button>
            {optionsOpen && (
              <fieldset id="map-options" className="search-map__types">
                <legend>{t.mapType}</legend>
                <label>
                  <input type="radio" name="map-type" value="roadmap" defaultChecked /> {t.mapTypeRoadmap}
                </label>
                {/* Satellite views need a style that provides them (MAP_STYLE_URL); the built-in style has none. */}
                <p>{t.mapTypeOnlyOffline}</p>
                <label className="search-map__price-toggle">
                  <input type="checkbox" checked={priceOn} onChange={(e) => setPriceOn(e.currentTarget.checked)} /> {t.priceMap}
                </label>
              </fieldset>
            )}
          </div>
          <div className="search-map__options">
            <button
              type="button"
              title={t.poiTool}
              aria-label={t.poiTool}
              aria-expanded={poiOpen}
              aria-controls="map-poi"
              onClick={() => setPoiOpen((o) => !o)}
            >
              <PoiIcon />
            </button>
            {poiOpen && (
              <fieldset id="map-poi" className="search-map__types search-map__poi">
                <legend>{t.poiLegend}</legend>
                {poiTypes
                  .filter((p) => p.enabledOnFilters)
                  .map((p) => (
                    <label key={p.id}>
                      <input
                        type="checkbox"
                        checked={(data.query.filters.poi ?? []).includes(p.id)}
                        onChange={(e) => togglePoi(p.id, e.currentTarget.checked)}
                      />{" "}
                      <svg className="search-map__swatch" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
                        <circle cx="6" cy="6" r="6" fill={POI_COLOURS[p.id]} />
                      </svg>{" "}
                      {p.plural} ({p.maxDistance} m)
                    </label>
                  ))}
              </fieldset>
            )}
          </div>
          <button type="button" title={t.zoomIn} aria-label={t.zoomIn} onClick={() => mapRef.current?.zoomIn()}>
            +
          </button>
          <button type="button" title={t.zoomOut} aria-label={t.zoomOut} onClick={() => mapRef.current?.zoomOut()}>
            −
          </button>
        </div>
      )}
      {state === "ready" && shape && !drawing && view && leftTheShape(geo, view.bbox) && (
        <p className="search-map__away" role="status" data-testid="got-away">
          {t.gotAway}{" "}
          <button type="button" className="search-map__tool" onClick={() => mapRef.current?.fitShape()}>
            {t.backToArea}
          </button>
        </p>
      )}
      {priceOn && prices && (
        <div className="search-map__legend" role="group" aria-label={t.priceLegend} data-testid="price-legend" data-places={prices.count}>
          <p className="search-map__legend-title">{t.priceLegend}</p>
          <ul>
            {PRICE_MAP_COLOURS.slice(0, prices.breaks.length + 1).map((colour, i) => {
              const from = i > 0 ? formatEuro(prices.breaks[i - 1]!, data.locale) : null;
              const to = i < prices.breaks.length ? formatEuro(prices.breaks[i]!, data.locale) : null;
              return (
                <li key={colour}>
                  <svg viewBox="0 0 12 12" width="14" height="14" aria-hidden="true" focusable="false">
                    <rect width="12" height="12" rx="2" fill={colour} />
                  </svg>{" "}
                  {from && to ? t.priceRange(from, to) : to ? t.priceUnder(to) : t.priceFrom(from!)}
                </li>
              );
            })}
          </ul>
          <p className="search-map__legend-note">{t.priceNote}</p>
          {pricePlace && (
            <p className="search-map__legend-place" role="status" data-testid="price-place">
              {t.pricePlace(pricePlace.name, formatEuro(pricePlace.median, data.locale), pricePlace.count)}
            </p>
          )}
        </div>
      )}
      {priceOn && priceFailed && (
        <p className="search-map__message" role="status">
          {t.priceFailed}
        </p>
      )}
      {(tool === "draw" || tool === "edit") && (
        <p className="search-map__hint" role="status">
          {tool === "edit" ? t.editHint : t.drawHint}
        </p>
      )}
      {tool === "nearby" && (
        <>
          <span className="search-map__crosshair" aria-hidden="true" />
          <form
            className="search-map__circle search-map__nearby"
            aria-label={t.nearbyTool}
            onSubmit={(e) => {
              e.preventDefault();
              searchNearby();
            }}
          >
            <p className="search-map__circle-text">{t.nearbyTool}</p>
            <Suspense fallback={null}>
              <MapAddressPanel
                id="nearby-address"
                inline
                locale={data.locale}
                placeholder={t.addressStart}
                onPick={goToAddress}
                view={currentView}
              />
            </Suspense>
            <p className="search-map__nearby-hint">{t.nearbyHint}</p>
            <label>
              {t.nearbyMinutes}{" "}
              <select
                value={nearby.minutes}
                onChange={(e) => {
                  const minutes = Number(e.currentTarget.value);
                  setNearby((n) => ({ ...n, minutes }));
                }}
              >
                {[5, 10, 15, 20, 30, 45, 60].map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
            <fieldset className="search-map__modes">
              <legend>{t.nearbyMode}</legend>
              {(["walk", "bike", "car"] as const).map((mode) => (
                <label key={mode}>
                  <input
                    type="radio"
                    name="nearby-mode"
                    value={mode}
                    checked={nearby.mode === mode}
                    onChange={() => setNearby((n) => ({ ...n, mode }))}
                  />{" "}
                  {{ walk: t.modeWalk, bike: t.modeBike, car: t.modeCar }[mode]}
                </label>
              ))}
            </fieldset>
            <div className="search-map__circle-actions">
              <button type="submit" className="button-primary">
                {t.nearbySearch}
              </button>
              <button type="button" className="search-map__tool" onClick={closeNearby}>
                {t.cancel}
              </button>
            </div>
            {geo?.kind === "nearby" && (
              <div className="search-map__circle-actions">
                <button type="button" className="search-map__tool" onClick={() => savePoint("home")}>
                  {t.saveAsHome}
                </button>
                <button type="button" className="search-map__tool" onClick={() => savePoint("work")}>
                  {t.saveAsWork}
                </button>
                <button type="button" className="search-map__tool" onClick={() => savePoint("custom")}>
                  {t.saveAsCustom}
                </button>
              </div>
            )}
            {points.length > 0 && (
              <section aria-label={t.savedPoints} className="search-map__points">
                <p className="search-map__circle-text">{t.savedPoints}</p>
                <ul>
                  {points.map((p) => {
                    const mode = { walk: t.modeWalk, bike: t.modeBike, car: t.modeCar }[p.apiData.travel_mode];
                    return (
                      <li key={p.valueId}>
                        <button type="button" className="search-map__point" onClick={() => runPoint(p)}>
                          {t.pointLabel(p.valueName, p.apiData.travel_time, mode)}
                        </button>
                        <button
                          type="button"
                          className="search-map__point-delete"
                          aria-label={t.deletePoint(p.valueName)}
                          onClick={() => storePoints(commute.current!.removeCommutePoint(points, p.valueId))}
                        >
                          ×
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
          </form>
        </>
      )}
      {tool === "circle" && !circle && (
        <p className="search-map__hint" role="status">
          {t.circleHint}
        </p>
      )}
      {tool === "circle" && (
        <div
          className="search-map__circle"
          role="group"
          aria-label={t.circleTool}
          data-testid="circle-panel"
          data-circle={circle ? `${circle.lat},${circle.lon},${circle.radius}` : ""}
        >
          {circle && (
            <>
              <p className="search-map__circle-text" data-testid="circle-label">
                {t.circleLabel(circle.radius, circleName)}
              </p>
              <p className="search-map__handle-hint">{t.circleHandle}</p>
              <label className="search-map__radius">
                <span className="visually-hidden">{t.circleRadius}</span>
                <input
                  type="range"
                  min={0}
                  max={9}
                  step={1}
                  value={stepIndex(circle.radius, ceiling)}
                  data-ceiling={ceiling}
                  aria-valuetext={`${circle.radius} m`}
                  onChange={(e) => onRadiusStep(Number(e.currentTarget.value))}
                />
              </label>
            </>
          )}
          <Suspense fallback={null}>
            <MapAddressPanel
              id="circle-address"
              inline
              locale={data.locale}
              placeholder={t.addressStart}
              onPick={goToAddress}
              view={currentView}
            />
          </Suspense>
          {!circle && (
            <>
              <p className="search-map__or">{t.oppure}</p>
              <button type="button" className="search-map__tool" onClick={() => void locate()} aria-busy={locating}>
                {t.useMyPosition}
              </button>
            </>
          )}
          <div className="search-map__circle-actions">
            {circle &&
              (() => {
                const c = confirmState(circleCount.count, circleCount.loading);
                return (
                  <button
                    type="button"
                    className="button-primary"
                    disabled={c.disabled}
                    onClick={confirmCircle}
                    data-testid="circle-confirm"
                  >
                    {c.kind === "loading" ? t.circleLoading : c.kind === "none" ? t.circleNone : t.circleConfirm(circleCount.count!)}
                  </button>
                );
              })()}
            <button type="button" className="search-map__tool" onClick={cancelCircle}>
              {t.cancel}
            </button>
          </div>
        </div>
      )}
      {message && (
        <p className="search-map__message" role="alert">
          {message}
        </p>
      )}
      {markers.failed && (
        <p className="search-map__message" role="status">
          {t.markersFailed}
        </p>
      )}
      {state === "loading" && (
        <p className="search-map__loading" role="status">
          {t.loading}
        </p>
      )}
      {state === "unavailable" && <p className="search-map__unavailable">{t.unavailable}</p>}
    </section>
  );
}

function LocateIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4" fill="currentColor" />
      <path d="M12 2v4M12 18v4M2 12h4M18 12h4" stroke="currentColor" strokeWidth="2" fill="none" />
    </svg>
  );
}
function LayersIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 3 2 8l10 5 10-5-10-5Zm-7.5 9L2 13.2l10 5 10-5-2.5-1.2L12 15.8 4.5 12Z" fill="currentColor" />
    </svg>
  );
}
/** The POI types in the registry's order, so the URL's list is canonical. */
const poiTypeIdsInOrder: PoiTypeId[] = [...poiTypes].sort((a, b) => a.priority - b.priority).map((p) => p.id);

function PoiIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
        fill="currentColor"
      />
    </svg>
  );
}

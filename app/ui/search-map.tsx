/**
 * Hosts the search map (app/ui/search-map.client.ts) on the map page. The server renders the overlay
 * bar (the 'Filtri (n)' panel and the link back to the list) and no map; in the browser the map chunk
 * and MapLibre load only here, when WebGL works. `data-map-state` (static → loading → ready, or
 * unavailable), `data-markers`, `data-zoom` and `data-bbox` tell tests what the map shows.
 * Map actions become navigations to the map URL of the new search (history entries: back undoes them).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { Bbox } from "../../core/search/map-view.ts";
import type { GeoArea, SearchQuery } from "../../core/search/query.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import type { SearchPageData } from "../search/search-page.server.ts";
import { placeLookup } from "./search-url.ts";

type MapState = "static" | "loading" | "ready" | "unavailable";
type MapClient = import("./search-map.client.ts").SearchMap;

export function SearchMapPane({ data, activeId, onActive, hoverId, children }: {
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
  const [markers, setMarkers] = useState({ loading: false, count: 0, total: null as number | null, failed: false });
  const [view, setView] = useState<{ bbox: Bbox; zoom: number } | null>(null);
  /** The drawing tool: drawing a new polygon, editing the search's polygon, or off. */
  const [tool, setTool] = useState<"off" | "draw" | "edit">("off");
  const drawing = tool !== "off";
  const [message, setMessage] = useState<string | null>(null);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [locating, setLocating] = useState(false);

  /** Goes to the map URL of a search (a new history entry, so back undoes the map action). */
  const go = useRef(async (change: (q: SearchQuery) => SearchQuery, zoom: number | null) => {
    const d = dataRef.current;
    const { encodeMapUrl } = await import("../../core/search/url.ts");
    const url = encodeMapUrl({ ...change(d.query), page: 1 }, { zoom }, placeLookup(d.toolPlaces));
    await navigate(localizePath(url, d.locale), { preventScrollReset: true });
  }).current;

  useEffect(() => {
    let cancelled = false;
    setState("loading");
    import("./search-map.client.ts")
      .then(async ({ SearchMap, supportsWebGl }) => {
        if (cancelled) return;
        if (!supportsWebGl() || !container.current) return setState("unavailable");
        const d = dataRef.current;
        const map = new SearchMap({
          onBoundsSearch: (bbox, zoom) => void go((q) => ({ ...q, geo: { kind: "bounds", bbox } }), zoom),
          onView: (bbox, zoom) => setView({ bbox, zoom }),
          onPinClick: (id) => onActive(id),
          onPolygon: (ring) => {
            setTool("off");
            setMessage(null);
            void go((q) => ({ ...q, geo: { kind: "polygon", ring } }), map.view().zoom);
          },
          onDrawProblem: (text) => setMessage(text),
          onMarkers: (m) => setMarkers(m),
        });
        mapRef.current = map;
        await map.mount(container.current, { query: d.query, zoom: d.view.zoom, placeBoxes: d.view.placeBoxes }, { styleUrl: d.view.styleUrl, label: searchMapTexts[d.locale].canvasLabel });
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new search (a map action, the filters, back or forward): the map follows it.
  useEffect(() => {
    if (state !== "ready") return;
    setMessage(null);
    mapRef.current?.update({ query: data.query, zoom: data.view.zoom, placeBoxes: data.view.placeBoxes });
  }, [data.searchPath, state]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => mapRef.current?.hover(hoverId), [hoverId, state]);
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
  const locate = () => {
    setMessage(null);
    if (!("geolocation" in navigator)) return setMessage(t.geolocationFailed);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        mapRef.current?.flyTo(position.coords.latitude, position.coords.longitude);
      },
      () => {
        setLocating(false);
        setMessage(t.geolocationFailed);
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <section
      className="search-map" aria-label={t.mapRegion} data-testid="search-map" data-map-state={state}
      data-markers={markers.loading ? "" : String(markers.count)} data-markers-total={markers.total ?? ""}
      data-zoom={view?.zoom ?? ""} data-bbox={view?.bbox.join(",") ?? ""} data-drawing={drawing ? "true" : "false"}
    >
      <div className="search-map__canvas" ref={container} hidden={state !== "loading" && state !== "ready"} />
      <div className="search-map__bar">
        {children}
        <Link to={data.view.listHref} className="search-map__switch" preventScrollReset>{t.showList}</Link>
        {state === "ready" && (
          drawing ? (
            <>
              {tool === "edit" && <button type="button" className="search-map__tool" onClick={() => mapRef.current?.finishEditing()}>{t.done}</button>}
              <button type="button" className="search-map__tool" onClick={cancelDrawing}>{t.cancel}</button>
            </>
          ) : (
            <>
              <button type="button" className="search-map__tool" onClick={startDrawing}>{t.drawArea}</button>
              {geo?.kind === "polygon" && <button type="button" className="search-map__tool" onClick={startEditing}>{t.editArea}</button>}
              {shape && <button type="button" className="search-map__tool" onClick={deleteShape}>{t.deleteArea}</button>}
            </>
          )
        )}
      </div>
      {state === "ready" && (
        <div className="search-map__controls">
          <button type="button" title={t.locate} aria-label={t.locate} onClick={locate} aria-busy={locating}><LocateIcon /></button>
          <div className="search-map__options">
            <button type="button" title={t.options} aria-label={t.options} aria-expanded={optionsOpen} aria-controls="map-options" onClick={() => setOptionsOpen((o) => !o)}>
              <LayersIcon />
            </button>
            {optionsOpen && (
              <fieldset id="map-options" className="search-map__types">
                <legend>{t.mapType}</legend>
                <label><input type="radio" name="map-type" value="roadmap" defaultChecked /> {t.mapTypeRoadmap}</label>
                {/* Satellite views need a style that provides them (MAP_STYLE_URL); the built-in style has none. */}
                <p>{t.mapTypeOnlyOffline}</p>
              </fieldset>
            )}
          </div>
          <button type="button" title={t.zoomIn} aria-label={t.zoomIn} onClick={() => mapRef.current?.zoomIn()}>+</button>
          <button type="button" title={t.zoomOut} aria-label={t.zoomOut} onClick={() => mapRef.current?.zoomOut()}>−</button>
        </div>
      )}
      {drawing && <p className="search-map__hint" role="status">{tool === "edit" ? t.editHint : t.drawHint}</p>}
      {message && <p className="search-map__message" role="alert">{message}</p>}
      {markers.failed && <p className="search-map__message" role="status">{t.markersFailed}</p>}
      {state === "loading" && <p className="search-map__loading" role="status">{t.loading}</p>}
      {state === "unavailable" && <p className="search-map__unavailable">{t.unavailable}</p>}
    </section>
  );
}

/** The list page's link to the same search on the map. */
export function ShowMapLink({ href, locale }: { href: string; locale: Locale }) {
  return <Link to={href} className="search-view-switch" data-testid="show-map"><MapIcon /> {searchMapTexts[locale].showMap}</Link>;
}

function LocateIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4" fill="currentColor" /><path d="M12 2v4M12 18v4M2 12h4M18 12h4" stroke="currentColor" strokeWidth="2" fill="none" />
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
function MapIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="m9 4-6 2v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 2.1 6 2v11.8l-6-2V6.1Z" fill="currentColor" />
    </svg>
  );
}

/**
 * Hosts the search map (app/ui/search-map.client.ts) on the map page. The server renders the overlay
 * bar (the 'Filtri (n)' panel and the link back to the list) and no map; in the browser the map chunk
 * and MapLibre load only here, when WebGL works. `data-map-state` (static → loading → ready, or
 * unavailable), `data-markers`, `data-zoom` and `data-bbox` tell tests what the map shows.
 * The map's state lives in its store (search-map-store.ts); the pane and its tools read the store's
 * snapshot and call its actions. Map actions become navigations to the map URL of the new search.
 */
import { Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { isDrawing, isPolygonTool } from "../../core/search/map-tools.ts";
import { leftTheShape } from "../../core/search/map-view.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import type { SearchPageData } from "../search/search-page.server.ts";
import { CirclePanel, MapAddressPanel, NearbyPanel } from "./search-map-panels.tsx";
import { SearchMapStore, type MapSnapshot } from "./search-map-store.ts";
import { MapControls, MapToolbar, PriceLegend } from "./search-map-tools.tsx";

/** The store's snapshot, re-rendering on each change. */
export function useMapSnapshot(store: SearchMapStore): MapSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
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
  const [store] = useState(() => new SearchMapStore(data));
  const container = useRef<HTMLDivElement>(null);
  const snap = useMapSnapshot(store);

  useEffect(
    () => store.connect({ navigate: (path) => navigate(path, { preventScrollReset: true }), onActive }),
    [store, navigate, onActive],
  );
  // The map is made once per page; later searches reach it through follow().
  useEffect(() => (container.current ? store.mount(container.current) : undefined), [store]);
  useEffect(() => store.follow(data), [store, data]);
  useEffect(() => store.hover(hoverId), [store, hoverId]);
  useEffect(() => store.setActive(activeId), [store, activeId]);

  const ready = snap.state === "ready";
  const geo = data.query.geo;
  const shape = geo !== null && geo.kind !== "bounds";
  const drawing = isDrawing(snap.tool);
  return (
    <section
      className="search-map"
      aria-label={t.mapRegion}
      data-testid="search-map"
      data-map-state={snap.state}
      data-markers={snap.markers.loading ? "" : String(snap.markers.count)}
      data-markers-total={snap.markers.total ?? ""}
      data-zoom={snap.view?.zoom ?? ""}
      data-pois={snap.poiCount}
      data-area={snap.markers.area ? "true" : "false"}
      data-bbox={snap.view?.bbox.join(",") ?? ""}
      data-drawing={drawing ? "true" : "false"}
    >
      <div className="search-map__canvas" ref={container} hidden={snap.state !== "loading" && !ready} />
      <div className="search-map__bar">
        {children}
        <Link to={data.view.listHref} className="search-map__switch" preventScrollReset>
          {t.showList}
        </Link>
        {ready && (
          <Suspense fallback={null}>
            <MapAddressPanel
              id="map-address"
              locale={data.locale}
              placeholder={t.addressSearch}
              onPick={store.goToAddress}
              onLocate={store.locateFromPanel}
              view={store.currentView}
            />
          </Suspense>
        )}
        {ready && <MapToolbar store={store} tool={snap.tool} geo={geo} locale={data.locale} />}
      </div>
      {ready && <MapControls store={store} snap={snap} data={data} />}
      {ready && shape && !drawing && snap.view && leftTheShape(geo, snap.view.bbox) && (
        <p className="search-map__away" role="status" data-testid="got-away">
          {t.gotAway}{" "}
          <button type="button" className="search-map__tool" onClick={() => store.fitShape()}>
            {t.backToArea}
          </button>
        </p>
      )}
      {snap.price.on && snap.price.legend && <PriceLegend price={snap.price} legend={snap.price.legend} locale={data.locale} />}
      {snap.price.on && snap.price.failed && (
        <p className="search-map__message" role="status">
          {t.priceFailed}
        </p>
      )}
      {isPolygonTool(snap.tool) && (
        <p className="search-map__hint" role="status">
          {snap.tool === "edit" ? t.editHint : t.drawHint}
        </p>
      )}
      {snap.tool === "nearby" && <NearbyPanel store={store} snap={snap} geo={geo} locale={data.locale} />}
      {snap.tool === "circle" && <CirclePanel store={store} snap={snap} locale={data.locale} />}
      {snap.message && (
        <p className="search-map__message" role="alert">
          {snap.message}
        </p>
      )}
      {snap.markers.failed && (
        <p className="search-map__message" role="status">
          {t.markersFailed}
        </p>
      )}
      {snap.state === "loading" && (
        <p className="search-map__loading" role="status">
          {t.loading}
        </p>
      )}
      {snap.state === "unavailable" && <p className="search-map__unavailable">{t.unavailable}</p>}
    </section>
  );
}

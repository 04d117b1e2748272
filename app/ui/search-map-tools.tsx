/**
 * The map page's tool buttons (on the overlay bar), its controls (position, map type and price map,
 * points of interest, zoom) and the price map's legend. They read the map store's snapshot and call
 * its actions (search-map-store.ts).
 */
import { useState } from "react";
import { formatEuro } from "../../core/format.ts";
import { PRICE_MAP_COLOURS } from "../../core/map/price-map.ts";
import { POI_COLOURS } from "../../core/map/style.ts";
import { poiTypes } from "../../core/poi.ts";
import type { MapTool } from "../../core/search/map-tools.ts";
import type { GeoArea } from "../../core/search/query.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import type { SearchPageData } from "../search/search-page.server.ts";
import type { MapSnapshot, SearchMapStore } from "./search-map-store.ts";

/** The tools on the bar: while one is open, its own 'Fatto' and 'Annulla'; otherwise the tools to open. */
export function MapToolbar({ store, tool, geo, locale }: { store: SearchMapStore; tool: MapTool; geo: GeoArea | null; locale: Locale }) {
  const t = searchMapTexts[locale];
  if (tool !== "off")
    return (
      <>
        {tool === "edit" && (
          <button type="button" className="search-map__tool" onClick={() => store.finishEditing()}>
            {t.done}
          </button>
        )}
        {(tool === "draw" || tool === "edit") && (
          <button type="button" className="search-map__tool" onClick={() => store.cancelDrawing()}>
            {t.cancel}
          </button>
        )}
      </>
    );
  const modes = { walk: t.modeWalk, bike: t.modeBike, car: t.modeCar };
  return (
    <>
      <button type="button" className="search-map__tool" onClick={() => store.startDrawing()}>
        {t.drawArea}
      </button>
      {geo?.kind === "circle" ? (
        // A completed circle shows its radius label; clicking it re-enters editing (seed 000 §4 Circle search 5).
        <button type="button" className="search-map__tool" onClick={() => store.startCircle()}>
          {t.circleLabel(geo.radius, null)}
        </button>
      ) : (
        <button type="button" className="search-map__tool" onClick={() => store.startCircle()}>
          {t.circleTool}
        </button>
      )}
      <button type="button" className="search-map__tool" onClick={() => store.startNearby()}>
        {geo?.kind === "nearby" ? t.nearbyLabel(geo.minutes, modes[geo.mode]) : t.nearbyTool}
      </button>
      {geo?.kind === "polygon" && (
        <button type="button" className="search-map__tool" onClick={() => store.startEditing()}>
          {t.editArea}
        </button>
      )}
      {geo !== null && geo.kind !== "bounds" && (
        <button type="button" className="search-map__tool" onClick={() => store.deleteShape()}>
          {t.deleteArea}
        </button>
      )}
    </>
  );
}

/** The map's own controls: 'Cerca intorno a te', map type and price map, points of interest, zoom. */
export function MapControls({ store, snap, data }: { store: SearchMapStore; snap: MapSnapshot; data: SearchPageData }) {
  const t = searchMapTexts[data.locale];
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [poiOpen, setPoiOpen] = useState(false);
  return (
    <div className="search-map__controls">
      <button type="button" title={t.locate} aria-label={t.locate} onClick={() => void store.locate()} aria-busy={snap.locating}>
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
              <input type="checkbox" checked={snap.price.on} onChange={(e) => store.setPriceMap(e.currentTarget.checked)} /> {t.priceMap}
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
                    onChange={(e) => store.togglePoi(p.id, e.currentTarget.checked)}
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
      <button type="button" title={t.zoomIn} aria-label={t.zoomIn} onClick={() => store.zoomIn()}>
        +
      </button>
      <button type="button" title={t.zoomOut} aria-label={t.zoomOut} onClick={() => store.zoomOut()}>
        −
      </button>
    </div>
  );
}

/** The price map's classes of €/m², and the place last clicked. */
export function PriceLegend({
  price,
  legend,
  locale,
}: {
  price: MapSnapshot["price"];
  legend: { breaks: number[]; count: number };
  locale: Locale;
}) {
  const t = searchMapTexts[locale];
  return (
    <div className="search-map__legend" role="group" aria-label={t.priceLegend} data-testid="price-legend" data-places={legend.count}>
      <p className="search-map__legend-title">{t.priceLegend}</p>
      <ul>
        {PRICE_MAP_COLOURS.slice(0, legend.breaks.length + 1).map((colour, i) => {
          const from = i > 0 ? formatEuro(legend.breaks[i - 1]!, locale) : null;
          const to = i < legend.breaks.length ? formatEuro(legend.breaks[i]!, locale) : null;
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
      {price.place && (
        <p className="search-map__legend-place" role="status" data-testid="price-place">
          {t.pricePlace(price.place.name, formatEuro(price.place.median, locale), price.place.count)}
        </p>
      )}
    </div>
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

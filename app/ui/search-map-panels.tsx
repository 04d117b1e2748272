/**
 * The panels of the map's circle and travel-time tools (seed 000 §4 Circle search; travel time). They
 * read the map store's snapshot and call its actions (search-map-store.ts).
 */
import { lazy, Suspense } from "react";
import { confirmState, stepIndex } from "../../core/search/map-circle.ts";
import type { GeoArea } from "../../core/search/query.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import type { MapSnapshot, SearchMapStore } from "./search-map-store.ts";

/** The address panel loads with the map (it shows only once the map is ready), not with the results page. */
export const MapAddressPanel = lazy(() => import("./map-address-panel.tsx").then((m) => ({ default: m.MapAddressPanel })));

/** A tool's starting address: the address panel inside the tool's own panel. */
function ToolAddress({ id, store, locale }: { id: string; store: SearchMapStore; locale: Locale }) {
  return (
    <Suspense fallback={null}>
      <MapAddressPanel
        id={id}
        inline
        locale={locale}
        placeholder={searchMapTexts[locale].addressStart}
        onPick={store.goToAddress}
        view={store.currentView}
      />
    </Suspense>
  );
}

const MINUTES = [5, 10, 15, 20, 30, 45, 60];

/** Travel time: a start under the crosshair (or an address), minutes and mode, saved points. */
export function NearbyPanel({
  store,
  snap,
  geo,
  locale,
}: {
  store: SearchMapStore;
  snap: MapSnapshot;
  geo: GeoArea | null;
  locale: Locale;
}) {
  const t = searchMapTexts[locale];
  const modes = { walk: t.modeWalk, bike: t.modeBike, car: t.modeCar };
  return (
    <>
      <span className="search-map__crosshair" aria-hidden="true" />
      <form
        className="search-map__circle search-map__nearby"
        aria-label={t.nearbyTool}
        onSubmit={(e) => {
          e.preventDefault();
          store.searchNearby();
        }}
      >
        <p className="search-map__circle-text">{t.nearbyTool}</p>
        <ToolAddress id="nearby-address" store={store} locale={locale} />
        <p className="search-map__nearby-hint">{t.nearbyHint}</p>
        <label>
          {t.nearbyMinutes}{" "}
          <select value={snap.nearby.minutes} onChange={(e) => store.setNearby({ minutes: Number(e.currentTarget.value) })}>
            {MINUTES.map((m) => (
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
                checked={snap.nearby.mode === mode}
                onChange={() => store.setNearby({ mode })}
              />{" "}
              {modes[mode]}
            </label>
          ))}
        </fieldset>
        <div className="search-map__circle-actions">
          <button type="submit" className="button-primary">
            {t.nearbySearch}
          </button>
          <button type="button" className="search-map__tool" onClick={() => store.closeNearby()}>
            {t.cancel}
          </button>
        </div>
        {geo?.kind === "nearby" && (
          <div className="search-map__circle-actions">
            <button type="button" className="search-map__tool" onClick={() => store.savePoint("home")}>
              {t.saveAsHome}
            </button>
            <button type="button" className="search-map__tool" onClick={() => store.savePoint("work")}>
              {t.saveAsWork}
            </button>
            <button type="button" className="search-map__tool" onClick={() => store.savePoint("custom")}>
              {t.saveAsCustom}
            </button>
          </div>
        )}
        {snap.points.length > 0 && (
          <section aria-label={t.savedPoints} className="search-map__points">
            <p className="search-map__circle-text">{t.savedPoints}</p>
            <ul>
              {snap.points.map((p) => (
                <li key={p.valueId}>
                  <button type="button" className="search-map__point" onClick={() => store.runPoint(p)}>
                    {t.pointLabel(p.valueName, p.apiData.travel_time, modes[p.apiData.travel_mode])}
                  </button>
                  <button
                    type="button"
                    className="search-map__point-delete"
                    aria-label={t.deletePoint(p.valueName)}
                    onClick={() => store.removePoint(p.valueId)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </form>
    </>
  );
}

/** The circle tool: a tap or an address places it, the slider sets its radius, the button confirms with its count. */
export function CirclePanel({ store, snap, locale }: { store: SearchMapStore; snap: MapSnapshot; locale: Locale }) {
  const t = searchMapTexts[locale];
  const { circle, circleCount } = snap;
  const confirm = confirmState(circleCount.count, circleCount.loading);
  return (
    <>
      {!circle && (
        <p className="search-map__hint" role="status">
          {t.circleHint}
        </p>
      )}
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
              {t.circleLabel(circle.radius, snap.circleName)}
            </p>
            <p className="search-map__handle-hint">{t.circleHandle}</p>
            <label className="search-map__radius">
              <span className="visually-hidden">{t.circleRadius}</span>
              <input
                type="range"
                min={0}
                max={9}
                step={1}
                value={stepIndex(circle.radius, snap.ceiling)}
                data-ceiling={snap.ceiling}
                aria-valuetext={`${circle.radius} m`}
                onChange={(e) => store.stepRadius(Number(e.currentTarget.value))}
              />
            </label>
          </>
        )}
        <ToolAddress id="circle-address" store={store} locale={locale} />
        {!circle && (
          <>
            <p className="search-map__or">{t.oppure}</p>
            <button type="button" className="search-map__tool" onClick={() => void store.locate()} aria-busy={snap.locating}>
              {t.useMyPosition}
            </button>
          </>
        )}
        <div className="search-map__circle-actions">
          {circle && (
            <button
              type="button"
              className="button-primary"
              disabled={confirm.disabled}
              onClick={() => store.confirmCircle()}
              data-testid="circle-confirm"
            >
              {confirm.kind === "loading" ? t.circleLoading : confirm.kind === "none" ? t.circleNone : t.circleConfirm(circleCount.count!)}
            </button>
          )}
          <button type="button" className="search-map__tool" onClick={() => store.cancelCircle()}>
            {t.cancel}
          </button>
        </div>
      </div>
    </>
  );
}

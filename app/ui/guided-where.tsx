/**
 * The guided flow's where step (docs/decisions/102, 123, 134): a place found by the place search; or within a
 * travel time of it; or, with JavaScript and WebGL, an area drawn on a map (guided-area-map.tsx, a lazy chunk
 * with the map behind it). Without JavaScript the map choice is not offered and the other two are plain form
 * fields. In map mode the place text only moves the map, and the step's button is 'Conferma area', enabled once
 * an area is drawn.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent } from "react";
import type { GuidedState } from "../../core/guided/flow.ts";
import { AREA_KEY, commuteMinutes } from "../../core/guided/steps.ts";
import type { Bbox } from "../../core/search/map-view.ts";
import { guidedTexts } from "../i18n/guided.ts";
import type { Locale } from "../i18n/locale.ts";

const GuidedAreaMap = lazy(() => import("./guided-area-map.tsx"));

type WhereMode = "luogo" | "tempo" | "mappa";
const travelModeList = ["walk", "bike", "car"] as const;

export function WhereStep({
  locale,
  state,
  text,
  placeBox,
  invalid,
  errorId,
  count,
  styleUrl,
  back,
}: {
  locale: Locale;
  state: GuidedState;
  /** The place text to show (what was typed, or the place answered before). */
  text: string;
  /** The box of the place answered before (the map opens on it). */
  placeBox: Bbox | null;
  invalid: boolean;
  errorId: string | undefined;
  count: number | null;
  styleUrl: string | null;
  back: string | null;
}) {
  const t = guidedTexts[locale];
  const answered: WhereMode = state[AREA_KEY] !== undefined ? "mappa" : state.vicino !== undefined ? "tempo" : "luogo";
  // The server renders no map choice (it cannot work without JavaScript): it appears once the page runs.
  const [canDraw, setCanDraw] = useState(false);
  const [mode, setMode] = useState<WhereMode>(answered === "mappa" ? "luogo" : answered);
  const [area, setArea] = useState<string | null>(state[AREA_KEY] ?? null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    let gone = false;
    void import("./maplibre.client.ts").then(({ supportsWebGl }) => {
      if (gone || !supportsWebGl()) return;
      setCanDraw(true);
      if (answered === "mappa") setMode("mappa");
    });
    return () => {
      gone = true;
    };
  }, [answered]);
  const onMode = (event: ChangeEvent<HTMLInputElement>) => setMode(event.target.value as WhereMode);
  const map = mode === "mappa";
  return (
    <>
      <div className="form-field">
        <label htmlFor="guided-q">{t.where}</label>
        <input
          id="guided-q"
          ref={input}
          name="q"
          defaultValue={text}
          placeholder={t.wherePlaceholder}
          required={!map}
          autoComplete="off"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={errorId}
          maxLength={100}
        />
      </div>
      <fieldset className="guided-choices">
        <legend>{t.whereMode}</legend>
        <label className="guided-choice">
          <input type="radio" name="modo" value="luogo" checked={mode === "luogo"} onChange={onMode} /> {t.inPlace}
        </label>
        <label className="guided-choice">
          <input type="radio" name="modo" value="tempo" checked={mode === "tempo"} onChange={onMode} /> {t.withinTime}
        </label>
        {canDraw && (
          <label className="guided-choice">
            <input type="radio" name="modo" value="mappa" checked={map} onChange={onMode} /> {t.inMap}
          </label>
        )}
      </fieldset>
      <div className="guided-commute" hidden={map}>
        <div className="form-field">
          <label htmlFor="guided-minuti">{t.travelTime}</label>
          <select id="guided-minuti" name="minuti" defaultValue={String(state.minuti ?? 20)}>
            {commuteMinutes.map((m) => (
              <option key={m} value={m}>
                {t.minutes(m)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="guided-mezzo">{t.travelMode}</label>
          <select id="guided-mezzo" name="mezzo" defaultValue={state.mezzo ?? "car"}>
            {travelModeList.map((m) => (
              <option key={m} value={m}>
                {t.travelBy(m)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {canDraw && map && (
        <Suspense fallback={<p className="guided-area__hint">{t.areaLoading}</p>}>
          <GuidedAreaMap
            locale={locale}
            contract={state.contratto}
            area={area}
            onArea={setArea}
            placeBox={placeBox}
            styleUrl={styleUrl}
            placeText={() => input.current?.value ?? ""}
          />
        </Suspense>
      )}
      {count !== null && (
        <p className="guided-count" aria-live="polite">
          {t.liveCount(count)}
        </p>
      )}
      <div className="guided-actions">
        {back && (
          <a className="button-secondary" href={back}>
            {t.back}
          </a>
        )}
        <button type="submit" className="account-button" disabled={map && !area}>
          {map ? t.areaConfirm : t.next}
        </button>
      </div>
    </>
  );
}

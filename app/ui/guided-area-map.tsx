/**
 * The where step's map area (docs/decisions/134): a map where the person draws the area they search in, loaded
 * only when 'Disegna l'area sulla mappa' is chosen (this component is a lazy chunk; the map class and MapLibre
 * load on mount). The drawn area goes into the form as the results page's own `geopolygon` field and text, so
 * the next step's count, the rooms availability and the saved search use it as a results page would.
 * Keyboard: the place above moves the map ('Mostra il luogo sulla mappa'), 'Cancella area' clears it, and the
 * step's 'Conferma area' (enabled once an area is drawn) goes on. `data-map-state`, `data-bbox` and
 * `data-area` tell tests what the map shows.
 */
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { areaTextOf, readAreaText } from "../../core/guided/flow.ts";
import { AREA_KEY } from "../../core/guided/steps.ts";
import { MAP_ATTRIBUTION } from "../../core/map/style.ts";
import { initialView, type Bbox } from "../../core/search/map-view.ts";
import { guidedTexts } from "../i18n/guided.ts";
import type { Locale } from "../i18n/locale.ts";
import type { AreaMap } from "./area-map.client.ts";

type MapState = "loading" | "ready" | "unavailable";

export default function GuidedAreaMap({
  locale,
  contract,
  area,
  onArea,
  placeBox,
  styleUrl,
  placeText,
}: {
  locale: Locale;
  contract: string;
  /** The area's text now (the state's, or the one drawn here), null when none. */
  area: string | null;
  onArea: (text: string | null) => void;
  /** Where the map opens without an area: the place answered before, if any. */
  placeBox: Bbox | null;
  styleUrl: string | null;
  /** The where step's place text now (it moves the map). */
  placeText: () => string;
}) {
  const t = guidedTexts[locale];
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<AreaMap | null>(null);
  const [state, setState] = useState<MapState>("loading");
  const [bbox, setBbox] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  // The map's callbacks are made once; this one reaches the latest `onArea`.
  const reportArea = useEffectEvent((text: string | null) => onArea(text));

  /** Moves the map to the place the text names (the where step's place search), or says to type one. */
  const locate = async () => {
    const q = placeText().trim();
    if (!q) return setMessage(t.areaTypePlace);
    const res = await fetch("/portal-srp/api/v1/cerca-casa", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ locale, step: "dove", q, queryFilters: { contratto: contract } }),
    }).catch(() => null);
    const answer = res ? ((await res.json().catch(() => null)) as { place?: { bbox?: Bbox }; error?: { message: string } } | null) : null;
    if (answer?.place?.bbox) {
      setMessage(null);
      map.current?.fitBox(answer.place.bbox);
    } else setMessage(answer?.error?.message ?? t.areaTypePlace);
  };

  /** Loads the map code and makes the map in the container; `gone` says the component has unmounted since. */
  const makeMap = useEffectEvent(async (gone: () => boolean, keep: (made: AreaMap) => void) => {
    const { AreaMap, supportsWebGl } = await import("./area-map.client.ts");
    if (gone() || !container.current) return;
    if (!supportsWebGl()) return setState("unavailable");
    const drawn = area ? readAreaText(area) : null;
    const ring = drawn && "ring" in drawn ? drawn.ring : null;
    const made = new AreaMap({
      onArea: (next) => {
        setMessage(null);
        reportArea(next ? areaTextOf(next) : null);
      },
      onProblem: setMessage,
      onView: (view) => setBbox(view.join(",")),
    });
    keep(made);
    map.current = made;
    await made.mount(container.current, {
      view: initialView(ring ? { kind: "polygon", ring } : null, placeBox ? [placeBox] : []),
      ring,
      styleUrl,
      label: t.areaCanvas,
      controls: { "NavigationControl.ZoomIn": t.areaZoomIn, "NavigationControl.ZoomOut": t.areaZoomOut },
    });
    if (gone()) return;
    setState("ready");
    // A place typed before choosing the map: the map goes there.
    if (!ring && !placeBox && placeText().trim()) void locate();
  });

  // The map is made once per mount; later changes reach it through its methods.
  useEffect(() => {
    let gone = false;
    let made: AreaMap | null = null;
    makeMap(
      () => gone,
      (m) => {
        made = m;
      },
    ).catch((error: unknown) => {
      console.warn("area map failed", error);
      if (!gone) setState("unavailable");
    });
    return () => {
      gone = true;
      made?.dispose();
      map.current = null;
    };
  }, []);

  if (state === "unavailable") return <p className="guided-area__message">{t.areaUnavailable}</p>;
  return (
    <div className="guided-area" role="group" aria-label={t.areaRegion}>
      <div className="guided-area__tools">
        <button type="button" className="button-secondary" onClick={() => void locate()} disabled={state !== "ready"}>
          {t.areaShowOnMap}
        </button>
        <button type="button" className="button-secondary" onClick={() => map.current?.clear()} disabled={state !== "ready" || !area}>
          {t.areaClear}
        </button>
      </div>
      <div
        className="guided-area__canvas"
        ref={container}
        data-testid="area-map"
        data-map-state={state}
        data-bbox={bbox}
        data-area={area ?? ""}
      />
      {styleUrl === null && <p className="guided-area__attribution">{MAP_ATTRIBUTION.join(" · ")}</p>}
      <p className="guided-area__hint" aria-live="polite">
        {state === "loading" ? t.areaLoading : area ? t.areaDrawn : t.areaDrawHint}
      </p>
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      <input type="hidden" name={AREA_KEY} value={area ?? ""} />
    </div>
  );
}

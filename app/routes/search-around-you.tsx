/**
 * 'Cerca intorno a te' (page type cercaintornoate, seed 000 §2 item 9): 'in vendita' / 'in affitto', a
 * radius slider (core/search/map-circle.ts: 10 steps, the ceiling doubling at the last one) and a
 * search button that asks the browser for the position and opens the map search of that circle.
 * Hidden on a smartphone whose location permission is not granted (seed 000 §6): the page says where
 * to grant it instead. Without JavaScript there is no position: the page says so.
 */
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { deviceClass } from "../../core/device.ts";
import { CIRCLE_BASE_CEILING, CIRCLE_DEFAULT_RADIUS, nextCeiling, radiusSteps, stepIndex } from "../../core/search/map-circle.ts";
import { formatInteger } from "../../core/format.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { searchMapTexts } from "../i18n/search-map.ts";
import { placeLookup } from "../ui/search-url.ts";
import type { Route } from "./+types/search-around-you";
import "../ui/results.css";
import "../ui/search-map.css";

export function meta({ location }: Route.MetaArgs) {
  const locale = localeFromPath(location.pathname);
  const t = searchMapTexts[locale];
  return [
    { title: t.aroundTitle },
    { name: "description", content: t.aroundIntro },
    { name: "robots", content: "noindex,follow" },
    { tagName: "link", rel: "canonical", href: localizePath("/cerca-intorno-a-te/", locale) },
  ];
}

type Availability = "unknown" | "shown" | "hidden";

export default function SearchAroundYou() {
  const locale = localeFromPath(useLocation().pathname);
  const t = searchMapTexts[locale];
  const navigate = useNavigate();
  const [channel, setChannel] = useState<"vendita" | "affitto">("vendita");
  const [ceiling, setCeiling] = useState(CIRCLE_BASE_CEILING);
  const [radius, setRadius] = useState(CIRCLE_DEFAULT_RADIUS);
  const [availability, setAvailability] = useState<Availability>("unknown");
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Seed 000 §2 item 9: hidden when the device acts as a smartphone and the permission is not granted.
  useEffect(() => {
    const phone = deviceClass({ width: window.innerWidth, height: window.innerHeight, touch: navigator.maxTouchPoints > 0 }).code === "PM";
    if (!phone) return setAvailability("shown");
    if (!navigator.permissions?.query) return setAvailability("hidden");
    navigator.permissions.query({ name: "geolocation" }).then(
      (status) => setAvailability(status.state === "granted" ? "shown" : "hidden"),
      () => setAvailability("hidden"),
    );
  }, []);

  const search = () => {
    setError(null);
    if (!("geolocation" in navigator)) return setError(t.geolocationFailed);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        // The codec (and zod) load only now, as on the results page (docs/decisions/027).
        const [{ encodeMapUrl }, { parseSearch }] = await Promise.all([
          import("../../core/search/url.ts"),
          import("../../core/search/query.ts"),
        ]);
        setLocating(false);
        const round = (v: number) => Math.round(v * 1e6) / 1e6;
        const query = parseSearch({
          channel,
          geocircle: { circle: [{ distance: radius, center: [round(position.coords.latitude), round(position.coords.longitude)] }] },
        });
        void navigate(localizePath(encodeMapUrl(query, { zoom: null }, placeLookup([])), locale));
      },
      () => {
        setLocating(false);
        setError(t.geolocationFailed);
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="page around-page">
      <h1>{t.aroundTitle}</h1>
      <p>{t.aroundIntro}</p>
      <noscript>
        <p>{t.aroundNoScript}</p>
      </noscript>
      {availability === "hidden" && (
        <p data-testid="around-hidden">
          {t.aroundNeedsPermission} <a href={localizePath("/vendita/case/mappa/", locale)}>{t.aroundOpenMap}</a>
        </p>
      )}
      {availability === "shown" && (
        <form
          className="around-form"
          data-testid="around-form"
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          <fieldset className="search-map__modes">
            <legend>{t.aroundChannel}</legend>
            {(["vendita", "affitto"] as const).map((c) => (
              <label key={c}>
                <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => setChannel(c)} />{" "}
                {c === "vendita" ? t.aroundSale : t.aroundRent}
              </label>
            ))}
          </fieldset>
          <label className="search-map__radius">
            {t.circleRadius}: <output>{formatInteger(radius, locale)} m</output>
            <input
              type="range"
              min={0}
              max={9}
              step={1}
              value={stepIndex(radius, ceiling)}
              data-ceiling={ceiling}
              aria-valuetext={`${radius} m`}
              onChange={(e) => {
                const next = radiusSteps(ceiling)[Number(e.currentTarget.value)]!;
                setRadius(next);
                setCeiling(nextCeiling(next, ceiling));
              }}
            />
          </label>
          <button type="submit" className="button-primary" disabled={locating}>
            {locating ? t.locating : t.aroundSearch}
          </button>
          {error && (
            <p role="alert" className="around-error">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}

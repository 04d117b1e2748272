/**
 * Hosts the listing map. The server renders the static fallback (address and a link); in the browser
 * the map is loaded only when its box scrolls into view and WebGL works. `data-map-state` tells tests
 * (and curious readers) what happened: static → loading → ready, or unavailable.
 */
import { useEffect, useRef, useState } from "react";

type MapState = "static" | "loading" | "ready" | "unavailable";

export function ListingMapBox(props: {
  dataUrl: string;
  lat: number;
  lon: number;
  exact: boolean;
  label: string;
  loadingText: string;
  children: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("static");
  const { dataUrl, lat, lon, exact, label } = props;

  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    let map: import("./listing-map.client.ts").ListingMap | null = null;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setState("loading");
        import("./listing-map.client.ts")
          .then(async ({ ListingMap, supportsWebGl }) => {
            if (cancelled) return;
            if (!supportsWebGl() || !canvas.current) return setState("unavailable");
            map = new ListingMap();
            await map.mount(canvas.current, { dataUrl, lat, lon, exact, label });
            if (!cancelled) setState("ready");
          })
          .catch(() => {
            if (!cancelled) setState("unavailable");
          });
      },
      { rootMargin: "200px" },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      map?.dispose();
    };
  }, [dataUrl, lat, lon, exact, label]);

  return (
    <div className="listing-map" ref={box} data-map-state={state} data-testid="listing-map">
      <div className="listing-map-canvas" ref={canvas} hidden={state !== "loading" && state !== "ready"} />
      {state === "loading" && (
        <p className="listing-map-loading" role="status">
          {props.loadingText}
        </p>
      )}
      <div className="listing-map-fallback">{props.children}</div>
    </div>
  );
}

/**
 * The portal's one MapLibre style (docs/decisions/023, 057): no tiles, no glyphs, no sprites, no key.
 * Sea-coloured background; land, region, province, municipality and zone boundaries from the project's
 * own GeoJSON (the gazetteer in the places table); then the layers of the map that uses it (the
 * listing's pin or area, a search's markers). Pure: built the same way in tests and in the browser.
 */

type Layer = Record<string, unknown> & { id: string };
type Source = Record<string, unknown> & { type: string };

export interface PortalStyle {
  version: 8;
  sources: Record<string, Source>;
  layers: Layer[];
}

/** Boundary levels drawn by the base map, by their places level (core/places.ts PlaceLevel). */
export const BOUNDARY_LEVELS = { region: 4, province: 6, town: 9, zone: 10 } as const;

export const MAP_COLOURS = {
  water: "#cfe3ec",
  land: "#f4f2ec",
  town: "#ffffff",
  line: "#5b6b64",
  accent: "#d9480f",
} as const;

/**
 * The base layers over a GeoJSON source `boundaries` whose features carry `level` (4, 6, 9, 10):
 * land (regions, so the coast shows against the sea), then lines thicker for higher levels.
 */
function boundaryLayers(): Layer[] {
  const level = (n: number) => ["==", ["get", "level"], n];
  return [
    { id: "land", type: "fill", source: "boundaries", filter: level(BOUNDARY_LEVELS.region), paint: { "fill-color": MAP_COLOURS.land } },
    {
      id: "town-fill",
      type: "fill",
      source: "boundaries",
      filter: ["==", ["get", "role"], "town"],
      paint: { "fill-color": MAP_COLOURS.town, "fill-opacity": 0.9 },
    },
    {
      id: "zone-line",
      type: "line",
      source: "boundaries",
      filter: level(BOUNDARY_LEVELS.zone),
      paint: { "line-color": "#9aa7a1", "line-width": 0.8, "line-dasharray": [2, 2] },
    },
    {
      id: "town-line",
      type: "line",
      source: "boundaries",
      filter: ["any", level(BOUNDARY_LEVELS.town), ["==", ["get", "role"], "town"]],
      paint: { "line-color": MAP_COLOURS.line, "line-width": 1.2 },
    },
    {
      id: "province-line",
      type: "line",
      source: "boundaries",
      filter: level(BOUNDARY_LEVELS.province),
      paint: { "line-color": "#47554f", "line-width": 1.8 },
    },
    {
      id: "region-line",
      type: "line",
      source: "boundaries",
      filter: level(BOUNDARY_LEVELS.region),
      paint: { "line-color": "#34413b", "line-width": 2.4 },
    },
  ];
}

/** The image id of a place name drawn as a label (the map draws it on first use; the style needs no glyphs). */
export const PLACE_LABEL_PREFIX = "place:";

/**
 * Place names over the boundaries without a glyph server: each label is an image named
 * `place:<name>` that the map draws with the browser's own fonts when a layer first asks for it
 * (MapLibre's missing-image hook), at the place's centre, hidden where it would collide with another.
 * Regions when all of Italy shows, provinces to zoom 9.5, towns from 9.5, urban districts (zones) from 13 — the same
 * levels boundaryLevelsForZoom loads at those zooms. Added by the search map over its own layers
 * (so a price map does not cover them) when it uses this style; a MAP_STYLE_URL style has its own names.
 */
export function placeLabelLayers(): Layer[] {
  const label = (id: string, level: number, zoom: { minzoom?: number; maxzoom?: number }): Layer => ({
    id,
    type: "symbol",
    source: "boundaries",
    // The boundaries answer carries each place's centre as a point with `label: true` (db/map-boundaries.ts).
    filter: ["all", ["==", ["get", "level"], level], ["==", ["get", "label"], true]],
    ...zoom,
    layout: {
      "icon-image": ["concat", PLACE_LABEL_PREFIX, ["get", "name"]],
      "icon-padding": 6,
      "symbol-placement": "point",
    },
  });
  return [
    label("place-labels-region", BOUNDARY_LEVELS.region, { maxzoom: 7 }),
    label("place-labels-province", BOUNDARY_LEVELS.province, { minzoom: 7, maxzoom: 9.5 }),
    label("place-labels-town", BOUNDARY_LEVELS.town, { minzoom: 9.5 }),
    label("place-labels-zone", BOUNDARY_LEVELS.zone, { minzoom: 13 }),
  ];
}

/**
 * The style: background (water), the boundaries from `boundaries` (a URL or inline GeoJSON), then
 * `overlay` layers over the extra `sources`.
 */
export function portalMapStyle(options: {
  boundaries: string | object;
  sources?: Record<string, Source>;
  overlay?: Layer[];
  /** "land" when the boundaries hold no regions (the listing map has only its town): no sea around it. */
  background?: "water" | "land";
}): PortalStyle {
  return {
    version: 8,
    sources: { boundaries: { type: "geojson", data: options.boundaries }, ...options.sources },
    layers: [
      {
        id: "background",
        type: "background",
        paint: { "background-color": options.background === "land" ? "#eef2f0" : MAP_COLOURS.water },
      },
      ...boundaryLayers(),
      ...(options.overlay ?? []),
    ],
  };
}

/** Which boundary levels the base map draws at a zoom: regions always, finer ones as the view narrows. */
export function boundaryLevelsForZoom(zoom: number): number[] {
  if (zoom < 7) return [BOUNDARY_LEVELS.region];
  if (zoom < 9.5) return [BOUNDARY_LEVELS.region, BOUNDARY_LEVELS.province];
  if (zoom < 12) return [BOUNDARY_LEVELS.region, BOUNDARY_LEVELS.province, BOUNDARY_LEVELS.town];
  return [BOUNDARY_LEVELS.region, BOUNDARY_LEVELS.province, BOUNDARY_LEVELS.town, BOUNDARY_LEVELS.zone];
}

/**
 * The boundaries request for a view: its levels and its box snapped outwards to a grid that grows as
 * the map zooms out (all of Italy below zoom 7), so nearby views share one cached answer.
 */
export function boundaryRequest(
  bbox: readonly [number, number, number, number],
  zoom: number,
): { levels: number[]; bbox: [number, number, number, number] } {
  const levels = boundaryLevelsForZoom(zoom);
  if (zoom < 7) return { levels, bbox: [6, 35, 19, 48] };
  const grid = zoom < 9.5 ? 1 : zoom < 12 ? 0.5 : 0.1;
  const down = (v: number) => Math.round(Math.floor(v / grid) * grid * 10) / 10;
  const up = (v: number) => Math.round(Math.ceil(v / grid) * grid * 10) / 10;
  return { levels, bbox: [down(bbox[0]), down(bbox[1]), up(bbox[2]), up(bbox[3])] };
}

/**
 * Metro line colours as the operators draw them (Milano's ATM: M1 red, M2 green, M3 yellow, M4 blue, M5
 * lilac; Roma's A orange, B blue, C green; Torino's M1 red-brown), and one colour for tram tracks.
 */
export const TRANSIT_COLOURS = {
  M1: "#e30613",
  M2: "#00a04a",
  M3: "#f5c400",
  M4: "#0072bc",
  M5: "#8e5da8",
  A: "#f28c00",
  B: "#0067b1",
  B1: "#0067b1",
  C: "#2fa84f",
  tram: "#c1793a",
} as const;

/** The map asks for the metro lines from this zoom (a city fills the view). */
export const TRANSIT_MIN_ZOOM = 11;
/** Tram tracks and metro stations are drawn from this zoom, and asked for from it. */
export const TRAM_MIN_ZOOM = 12;

/**
 * What of the transit answer (db/map-transit.ts) a map at `zoom` draws: nothing below TRANSIT_MIN_ZOOM, the metro lines
 * below TRAM_MIN_ZOOM, everything from there. Milano's tram tracks are most of the answer's features and half its
 * bytes, and a city's first view (zoom 11) draws none of them.
 */
export type TransitScope = "none" | "metro" | "all";
export function transitScopeForZoom(zoom: number): TransitScope {
  if (zoom < TRANSIT_MIN_ZOOM) return "none";
  return zoom < TRAM_MIN_ZOOM ? "metro" : "all";
}

/** Every source the portal's own map draws from, for its attribution control (NOTICE, data/geo and data/streets READMEs). */
export const MAP_ATTRIBUTION = [
  "Confini: ISTAT, elab. openpolis (CC BY 4.0)",
  "Quartieri: Comune di Milano (NIL), Roma Capitale (CC BY 4.0)",
  "Metro e tram: Comune di Milano, AMAT (CC BY 4.0)",
  "Fermate: Roma Servizi per la Mobilità (CC BY 4.0), GTT",
  "Strade: ANNCSU (Agenzia delle Entrate – ISTAT, CC BY 4.0), Comune di Milano – Numeri civici (CC BY 4.0)",
] as const;

/**
 * Metro and tram lines and metro stations over a GeoJSON source `transit` (db/map-transit.ts; kind metro |
 * tram | station, line): tram tracks thin from TRAM_MIN_ZOOM, metro lines in their colours with a white casing,
 * stations as white dots ringed in their line's colour from TRAM_MIN_ZOOM.
 */
export function transitLayers(): Layer[] {
  const kind = (k: string) => ["==", ["get", "kind"], k];
  const lineColour = ["match", ["get", "line"], ...Object.entries(TRANSIT_COLOURS).flat(), "#495057"];
  return [
    {
      id: "tram-line",
      type: "line",
      source: "transit",
      minzoom: TRAM_MIN_ZOOM,
      filter: kind("tram"),
      layout: { "line-cap": "round", "line-join": "round" },
      paint: {
        "line-color": TRANSIT_COLOURS.tram,
        "line-width": ["interpolate", ["linear"], ["zoom"], 12, 0.8, 16, 2],
        "line-opacity": 0.7,
      },
    },
    {
      id: "metro-casing",
      type: "line",
      source: "transit",
      filter: kind("metro"),
      layout: { "line-cap": "round", "line-join": "round" },
      paint: { "line-color": "#ffffff", "line-width": ["interpolate", ["linear"], ["zoom"], 10, 3, 16, 8] },
    },
    {
      id: "metro-line",
      type: "line",
      source: "transit",
      filter: kind("metro"),
      layout: { "line-cap": "round", "line-join": "round" },
      paint: { "line-color": lineColour, "line-width": ["interpolate", ["linear"], ["zoom"], 10, 1.6, 16, 5] },
    },
    {
      id: "metro-station",
      type: "circle",
      source: "transit",
      minzoom: TRAM_MIN_ZOOM,
      filter: kind("station"),
      paint: {
        "circle-radius": ["interpolate", ["linear"], ["zoom"], 12, 2.5, 16, 6],
        "circle-color": "#ffffff",
        "circle-stroke-color": lineColour,
        "circle-stroke-width": ["interpolate", ["linear"], ["zoom"], 12, 1.5, 16, 3],
      },
    },
  ];
}

/** One colour per point-of-interest type (core/poi.ts), for the POI layer and its legend. */
export const POI_COLOURS: Readonly<Record<string, string>> = {
  subway: "#c92a2a",
  bus_station: "#e67700",
  supermarket: "#2b8a3e",
  nursery_school: "#5f3dc4",
  elementary_school: "#7048e8",
  secondary_school: "#9c36b5",
  high_school: "#a61e4d",
  electric_charging: "#1864ab",
};

import { describe, expect, it } from "vitest";
import { APPROXIMATE_RADIUS_M } from "../listing/location.ts";
import { listingMapStyle } from "../listing/location.ts";
import { boundaryLevelsForZoom, portalMapStyle } from "../map/style.ts";
import {
  areaGeometry,
  boundsSearchOnIdle,
  drawMessages,
  leftTheShape,
  drawnPolygonProblem,
  drawnRing,
  initialView,
  ITALY_VIEW,
  markerFeatures,
  pinLabel,
  roundBounds,
  sameBounds,
  type Bbox,
  type IdleState,
} from "./map-view.ts";

const milano: Bbox = [9.04, 45.38, 9.28, 45.54];

describe("bounds on idle (seed 000 §4 Map movement)", () => {
  const moved: IdleState = {
    firstIdle: false,
    drawing: false,
    markerActive: false,
    cardHighlighted: false,
    geo: null,
    view: [9.1, 45.4, 9.2, 45.5],
    searched: null,
  };
  it("searches the view once the user has moved the map", () => {
    expect(boundsSearchOnIdle(moved)).toBe(true);
    expect(boundsSearchOnIdle({ ...moved, geo: { kind: "bounds", bbox: [9.0, 45.4, 9.1, 45.5] }, searched: [9.0, 45.4, 9.1, 45.5] })).toBe(
      true,
    );
  });
  it.each([
    ["the first idle", { firstIdle: true }],
    ["while drawing", { drawing: true }],
    ["with an active marker", { markerActive: true }],
    ["with a highlighted card", { cardHighlighted: true }],
    [
      "over a drawn polygon",
      {
        geo: {
          kind: "polygon",
          ring: [
            [9, 45],
            [9.1, 45],
            [9.1, 45.1],
          ],
        },
      },
    ],
    ["over a circle", { geo: { kind: "circle", lat: 45.46, lon: 9.19, radius: 500 } }],
    ["over a travel-time area", { geo: { kind: "nearby", lat: 45.46, lon: 9.19, mode: "walk", minutes: 15 } }],
    ["when the view has not really moved", { searched: [9.1001, 45.4001, 9.2001, 45.5001] }],
  ] as Array<[string, Partial<IdleState>]>)("but not %s", (_, change) => {
    expect(boundsSearchOnIdle({ ...moved, ...change })).toBe(false);
  });
  it("compares views to within 1 % of their size and rounds bounds outwards to about a metre", () => {
    expect(sameBounds([9.1, 45.4, 9.2, 45.5], [9.1009, 45.4, 9.2009, 45.5])).toBe(true);
    expect(sameBounds([9.1, 45.4, 9.2, 45.5], [9.102, 45.4, 9.202, 45.5])).toBe(false);
    expect(roundBounds([9.123456789, 45.123456789, 9.223456789, 45.223456789])).toEqual([9.12345, 45.12345, 9.22346, 45.22346]);
  });
});

describe("drawn polygons", () => {
  const square: Array<[number, number]> = [
    [9.15, 45.45],
    [9.2, 45.45],
    [9.2, 45.48],
    [9.15, 45.48],
  ];
  it("accepts a plain shape, closed or open, rounded to 6 decimals", () => {
    expect(drawnPolygonProblem(square)).toBeNull();
    expect(
      drawnRing([
        [9.1500001, 45.45],
        [9.2, 45.45],
        [9.2, 45.48],
        [9.1500001, 45.45],
      ]),
    ).toEqual([
      [9.15, 45.45],
      [9.2, 45.45],
      [9.2, 45.48],
    ]);
    // A polygon being drawn repeats the pointer's point: two points so far, not a crossing.
    const drawing = drawnRing([
      [9.15, 45.45],
      [9.2, 45.45],
      [9.2, 45.45],
      [9.15, 45.45],
    ]);
    expect(drawing).toEqual([
      [9.15, 45.45],
      [9.2, 45.45],
    ]);
    expect(drawnPolygonProblem(drawing)).toBe(drawMessages.tooFewPoints);
  });
  it("says in Italian what is wrong with a shape the search refuses", () => {
    expect(
      drawnPolygonProblem([
        [9.15, 45.45],
        [9.2, 45.48],
        [9.2, 45.45],
        [9.15, 45.48],
      ]),
    ).toBe(drawMessages.crossing);
    expect(
      drawnPolygonProblem([
        [9.15, 45.45],
        [9.2, 45.45],
      ]),
    ).toBe(drawMessages.tooFewPoints);
    expect(
      drawnPolygonProblem([
        [9.15, 45.45],
        [9.2, 45.45],
        [9.25, 45.45],
      ]),
    ).toBe(drawMessages.noArea);
    expect(
      drawnPolygonProblem([
        [7, 38],
        [18, 38],
        [18, 46],
        [7, 46],
      ]),
    ).toBe(drawMessages.tooLarge);
    const many = Array.from(
      { length: 201 },
      (_, i) => [9.19 + 0.01 * Math.cos((2 * Math.PI * i) / 201), 45.46 + 0.01 * Math.sin((2 * Math.PI * i) / 201)] as [number, number],
    );
    expect(drawnPolygonProblem(many)).toBe(drawMessages.tooManyPoints);
    expect(drawMessages.tooLarge).toBe("L'area è troppo grande: disegnane una di al massimo 20.000 km².");
  });
});

describe("markers as WebGL features", () => {
  it("draws cells with their count and exact pins with their price", () => {
    const { features } = markerFeatures([
      { type: "cluster", lat: 45.46, lon: 9.19, count: 1234, minPrice: 100_000, bbox: milano },
      { type: "pin", id: 7, lat: 45.47, lon: 9.18, price: 250_000, priceUnit: "total", geoVisibility: 1 },
    ]);
    expect(features.map((f) => [f.properties.kind, f.properties.label, f.geometry.type])).toEqual([
      ["cell", "1.234", "Point"],
      ["pin", "€ 250K", "Point"],
    ]);
    expect(features[1]!.id).toBe(7);
  });
  it("draws an approximate listing as a 250 m area around its public point, and its label at that same point", () => {
    const { features } = markerFeatures([
      { type: "pin", id: 9, lat: 45.466, lon: 9.19, price: 1200, priceUnit: "month", geoVisibility: 2 },
    ]);
    const [area, label] = features;
    expect(area!.properties).toEqual({ kind: "area", listingId: 9 });
    const ring = (area!.geometry as { coordinates: Array<Array<[number, number]>> }).coordinates[0]!;
    const north = Math.max(...ring.map((p) => p[1]));
    expect((north - 45.466) * 111_195).toBeCloseTo(APPROXIMATE_RADIUS_M, -1);
    expect(label!.geometry).toEqual({ type: "Point", coordinates: [9.19, 45.466] });
    expect(label!.properties).toMatchObject({ exact: false, label: "€ 1.200/mese" });
  });
  it.each([
    [950, "total", "€ 950"],
    [250_000, "total", "€ 250K"],
    [1_250_000, "total", "€ 1,3M"],
    [null, "total", "Tratt. ris."],
    [700, "week", "€ 700/sett."],
  ] as const)("labels %s %s as %s", (price, unit, label) => expect(pinLabel(price, unit)).toBe(label));
});

describe("the initial view and the base map", () => {
  it("opens on the shape, the bounds, the places or Italy", () => {
    expect(initialView({ kind: "bounds", bbox: milano }, [])).toEqual(milano);
    expect(initialView(null, [milano, [9.0, 45.5, 9.1, 45.6]])).toEqual([9.0, 45.38, 9.28, 45.6]);
    expect(initialView(null, [])).toEqual(ITALY_VIEW);
    const [w, s, e, n] = initialView({ kind: "circle", lat: 45.46, lon: 9.19, radius: 500 }, []);
    expect((n - s) * 111_195).toBeCloseTo(1000, -1);
    expect(w < 9.19 && e > 9.19).toBe(true);
  });
  it("draws finer boundaries as the view narrows", () => {
    expect(boundaryLevelsForZoom(5)).toEqual([4]);
    expect(boundaryLevelsForZoom(8)).toEqual([4, 6]);
    expect(boundaryLevelsForZoom(11)).toEqual([4, 6, 9]);
    expect(boundaryLevelsForZoom(14)).toEqual([4, 6, 9, 10]);
  });
  it("is one style for the listing map and the search map: no tiles, glyphs or sprites", () => {
    const search = portalMapStyle({
      boundaries: "/mappa/confini.geojson",
      overlay: [{ id: "pins", type: "circle", source: "boundaries" }],
    });
    const listing = listingMapStyle("/annunci/1/mappa.geojson");
    for (const style of [search, listing]) {
      expect(Object.keys(style)).toEqual(["version", "sources", "layers"]);
      expect(Object.values(style.sources).every((s) => s.type === "geojson")).toBe(true);
    }
    const base = (s: typeof search) => s.layers.map((l) => l.id).slice(0, 7);
    expect(base(listing)).toEqual(base(search));
  });
});

describe("travel-time areas on the map", () => {
  it("draws the estimate's circle with 129 points and a service's rings closed; bounds not at all", () => {
    const circle = areaGeometry({ kind: "circle", lat: 45.46, lon: 9.19, radius: 1125 })!;
    expect(circle.coordinates[0]![0]).toHaveLength(129);
    const north = Math.max(...circle.coordinates[0]![0]!.map((p) => p[1]));
    expect((north - 45.46) * 111_195).toBeCloseTo(1125, -1);
    const polygon = areaGeometry({
      kind: "polygon",
      rings: [
        [
          [9.1, 45.4],
          [9.2, 45.4],
          [9.2, 45.5],
        ],
      ],
    })!;
    expect(polygon.coordinates).toEqual([
      [
        [
          [9.1, 45.4],
          [9.2, 45.4],
          [9.2, 45.5],
          [9.1, 45.4],
        ],
      ],
    ]);
    expect(areaGeometry({ kind: "bounds", bbox: [9, 45, 9.1, 45.1] })).toBeNull();
  });
});

describe("'you got away' (seed 000 §4)", () => {
  const around = (lon: number, lat: number): Bbox => [lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01];
  it("says when the map's centre leaves the polygon, the circle or the travel-time reach, and not before", () => {
    const polygon = {
      kind: "polygon" as const,
      ring: [
        [9.15, 45.45],
        [9.2, 45.45],
        [9.2, 45.48],
        [9.15, 45.48],
      ] as Array<[number, number]>,
    };
    expect(leftTheShape(polygon, around(9.17, 45.46))).toBe(false);
    expect(leftTheShape(polygon, around(9.25, 45.46))).toBe(true);
    const circle = { kind: "circle" as const, lat: 45.46, lon: 9.19, radius: 1000 };
    expect(leftTheShape(circle, around(9.195, 45.46))).toBe(false);
    expect(leftTheShape(circle, around(9.21, 45.46))).toBe(true);
    const walk = { kind: "nearby" as const, lat: 45.46, lon: 9.19, mode: "walk" as const, minutes: 15 };
    expect(leftTheShape(walk, around(9.2, 45.46))).toBe(false);
    expect(leftTheShape(walk, around(9.22, 45.46))).toBe(true);
    expect(leftTheShape({ kind: "bounds", bbox: [9.1, 45.4, 9.2, 45.5] }, [9.3, 45.4, 9.4, 45.5])).toBe(true);
    expect(leftTheShape(null, around(9, 45))).toBe(false);
  });
});

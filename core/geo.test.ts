import { describe, expect, it } from "vitest";
import {
  bboxOf,
  containsPoint,
  distanceMeters,
  interiorPoint,
  markerCellSize,
  MAX_MARKER_CELLS,
  type Position,
  simplifyLine,
  zoomForBBox,
  type Geometry,
} from "./geo.ts";

const squareWithHole: Geometry = {
  type: "Polygon",
  coordinates: [
    [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ],
    [
      [4, 4],
      [6, 4],
      [6, 6],
      [4, 6],
      [4, 4],
    ],
  ],
};

describe("containsPoint", () => {
  it.each([
    [1, 1, true],
    [5, 5, false], // in the hole
    [11, 5, false],
    [9.9, 9.9, true],
  ])("(%d, %d) → %s", (lon, lat, expected) => {
    expect(containsPoint(squareWithHole, lon, lat)).toBe(expected);
  });

  it("handles multipolygons", () => {
    const multi: Geometry = {
      type: "MultiPolygon",
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
        [
          [
            [5, 5],
            [6, 5],
            [6, 6],
            [5, 5],
          ],
        ],
      ],
    };
    expect(containsPoint(multi, 5.8, 5.2)).toBe(true);
    expect(containsPoint(multi, 3, 3)).toBe(false);
  });
});

describe("interiorPoint", () => {
  it("finds a point inside a C shape whose centroid is outside", () => {
    const c: Geometry = {
      type: "Polygon",
      coordinates: [
        [
          [0, 0],
          [10, 0],
          [10, 2],
          [2, 2],
          [2, 8],
          [10, 8],
          [10, 10],
          [0, 10],
          [0, 0],
        ],
      ],
    };
    const [lon, lat] = interiorPoint(c);
    expect(containsPoint(c, lon, lat)).toBe(true);
  });
});

describe("distances and zoom", () => {
  it("measures Milano–Roma at about 477 km", () => {
    expect(distanceMeters(45.4642, 9.19, 41.9028, 12.4964) / 1000).toBeCloseTo(477, -1);
  });
  it("zooms out for Italy and in for a block", () => {
    expect(zoomForBBox([6.6, 35.5, 18.5, 47.1])).toBeLessThanOrEqual(6);
    expect(zoomForBBox([9.18, 45.46, 9.19, 45.47])).toBeGreaterThanOrEqual(14);
  });
  it("computes a bbox", () => {
    expect(bboxOf(squareWithHole)).toEqual([0, 0, 10, 10]);
  });
});

describe("markerCellSize", () => {
  it("is a quarter tile at the zoom when the box is small", () => {
    expect(markerCellSize([9.04, 45.38, 9.28, 45.54], 14)).toBe(360 / 2 ** 14 / 4);
  });
  it("grows by doubling until the box holds at most the cap, for any box and zoom", () => {
    const italy: [number, number, number, number] = [6.6, 35.5, 18.6, 47.1];
    for (const zoom of [0, 5, 10, 14, 18, 22]) {
      const cell = markerCellSize(italy, zoom);
      const count =
        (Math.floor(italy[2] / cell) - Math.floor(italy[0] / cell) + 1) * (Math.floor(italy[3] / cell) - Math.floor(italy[1] / cell) + 1);
      expect(count).toBeLessThanOrEqual(MAX_MARKER_CELLS);
      expect(Math.log2(cell / (360 / 2 ** zoom / 4)) % 1).toBe(0);
    }
    expect(markerCellSize(italy, 14)).toBeGreaterThan(360 / 2 ** 14 / 4);
  });
});

describe("simplifyLine", () => {
  // Milano's latitude: 0.00001° of longitude is about 0.78 m, of latitude 1.1 m.
  const straightWithJitter: Position[] = Array.from({ length: 101 }, (_, i) => [9.1 + i * 0.0001, 45.46 + (i % 2) * 0.000003]);

  it("drops the points within the tolerance of a straight stretch, keeping both ends", () => {
    expect(simplifyLine(straightWithJitter, 1)).toEqual([straightWithJitter[0], straightWithJitter[100]]);
  });

  it("keeps a corner farther than the tolerance, and every point below it", () => {
    const corner: Position[] = [
      [9.1, 45.46],
      [9.1005, 45.46001],
      [9.101, 45.46],
      [9.101, 45.461],
    ];
    expect(simplifyLine(corner, 2)).toEqual([corner[0], corner[2], corner[3]]);
    expect(simplifyLine(corner, 0.5)).toEqual(corner);
  });

  it("leaves lines of one or two points as they are", () => {
    expect(simplifyLine([[9.1, 45.46]], 1)).toEqual([[9.1, 45.46]]);
    expect(simplifyLine(straightWithJitter.slice(0, 2), 1)).toEqual(straightWithJitter.slice(0, 2));
  });
});

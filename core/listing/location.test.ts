import { describe, expect, it } from "vitest";
import { distanceMeters } from "../geo.ts";
import {
  APPROXIMATE_RADIUS_M,
  cardTitle,
  circleRing,
  listingMapFeatures,
  listingPoints,
  publicAddress,
  publicLocation,
  publicTitle,
} from "./location.ts";

describe("publicLocation", () => {
  it("keeps the exact point for visibility 1", () => {
    expect(publicLocation(45.4642, 9.19, 1)).toEqual({ exact: true, lat: 45.4642, lon: 9.19 });
  });

  it("gives an area that contains the home but is not centred on it", () => {
    for (let i = 0; i < 200; i++) {
      const lat = 36.7 + ((i * 0.0371) % 10.3);
      const lon = 6.7 + ((i * 0.0593) % 11.7);
      const area = publicLocation(lat, lon, 2);
      if (area.exact) throw new Error("expected an area");
      expect(area.radius).toBe(APPROXIMATE_RADIUS_M);
      expect(distanceMeters(lat, lon, area.lat, area.lon)).toBeLessThan(area.radius);
      expect(Math.round(area.lat * 500) / 500).toBeCloseTo(area.lat, 9);
      expect(publicLocation(area.lat, area.lon, 2)).toEqual(area);
    }
  });
});

describe("listingPoints", () => {
  it("stores the exact point apart and a public point shared by the whole grid cell", () => {
    expect(listingPoints(45.46457, 9.15399, 1)).toEqual({ lat: 45.46457, lon: 9.15399, exactLat: 45.46457, exactLon: 9.15399 });
    const a = listingPoints(45.46457, 9.15399, 2);
    const b = listingPoints(45.4645, 9.1545, 2);
    expect(a).toEqual({ lat: 45.464, lon: 9.154, exactLat: 45.46457, exactLon: 9.15399 });
    expect({ lat: b.lat, lon: b.lon }).toEqual({ lat: a.lat, lon: a.lon });
    expect(publicLocation(a.lat, a.lon, 2)).toEqual({ exact: false, lat: 45.464, lon: 9.154, radius: APPROXIMATE_RADIUS_M });
  });
});

describe("circleRing", () => {
  it("is closed and about the radius from the centre", () => {
    const ring = circleRing(41.9, 12.5, 500, 16);
    expect(ring).toHaveLength(17);
    expect(ring[0]).toEqual(ring[16]);
    for (const [lon, lat] of ring) expect(Math.abs(distanceMeters(41.9, 12.5, lat, lon) - 500)).toBeLessThan(5);
  });
});

describe("public texts", () => {
  it("hides the street number unless exact", () => {
    expect(publicAddress("Via Roma", "12", "Milano", true)).toBe("Via Roma 12, Milano");
    expect(publicAddress("Via Roma", "12", "Milano", false)).toBe("Via Roma, Milano");
    expect(publicTitle("Bilocale in vendita in Via Roma 12, Milano", "12", false)).toBe("Bilocale in vendita in Via Roma, Milano");
    expect(publicTitle("Bilocale in vendita in Via Roma 12, Milano", "12", true)).toBe("Bilocale in vendita in Via Roma 12, Milano");
    expect(cardTitle("Bilocale in vendita in Via Roma 12, Milano", "Via Roma, Milano", false)).toBe(
      "Bilocale in vendita in Via Roma, Milano",
    );
    expect(cardTitle("Villa in vendita in Strada Provinciale 4, Cinisello Balsamo", "Strada Provinciale, Cinisello Balsamo", false)).toBe(
      "Villa in vendita in Strada Provinciale, Cinisello Balsamo",
    );
    expect(cardTitle("Bilocale in vendita in Via Roma 12, Milano", "Via Roma 12, Milano", true)).toBe(
      "Bilocale in vendita in Via Roma 12, Milano",
    );
    expect(cardTitle("Box in vendita a Milano", "Via Roma, Milano", false)).toBe("Box in vendita a Milano");
  });
});

describe("listingMapFeatures", () => {
  it("draws a pin or an area, plus the town when known", () => {
    const pin = listingMapFeatures({ exact: true, lat: 1, lon: 2 }, { type: "Polygon", coordinates: [] });
    expect(pin.features.map((f) => f.properties.role)).toEqual(["town", "pin"]);
    const area = listingMapFeatures({ exact: false, lat: 1, lon: 2, radius: 500 }, null);
    expect(area.features.map((f) => f.properties.role)).toEqual(["area"]);
  });
});

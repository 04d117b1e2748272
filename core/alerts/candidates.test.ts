import { describe, expect, it } from "vitest";
import { PlaceLevel } from "../places.ts";
import { parseSearch } from "../search/query.ts";
import { ANYWHERE_KEY, AREA_KEY, alertIndexOf, listingKeys, maxReachMeters, searchAreaBBox } from "./candidates.ts";

const levels: Record<string, number> = {
  IT: PlaceLevel.country,
  "IT-03": PlaceLevel.region,
  MI: PlaceLevel.town,
  "MI-z1": PlaceLevel.zone,
  M1: PlaceLevel.metroLine,
  "M1-s1": PlaceLevel.metroStop,
  NA: PlaceLevel.nonAdminZone,
};
const index = (raw: Record<string, unknown>, places: string[] = []) =>
  alertIndexOf(
    parseSearch(raw, places),
    (id) => levels[id],
    (id) => (id === "M1" ? ["M1-s1", "M1-s2"] : []),
  );

describe("a saved search's alert keys", () => {
  it("are its frame and places; a metro line stands for its stops; new constructions are houses", () => {
    expect(index({ channel: "vendita", propertyTypeGroup: "case" }, ["MI-z1", "MI"])).toEqual({
      frame: "vendita|case",
      keys: ["MI", "MI-z1"],
      bbox: null,
    });
    expect(index({ channel: "affitto" }, ["M1", "NA"]).keys).toEqual(["M1-s1", "M1-s2", "NA"]);
    expect(index({ channel: "vendita", propertyTypeGroup: "nuove-costruzioni" }, ["MI"]).frame).toBe("vendita|case");
  });

  it("are ANYWHERE without places or with Italy among them, and AREA with the area's box", () => {
    expect(index({}).keys).toEqual([ANYWHERE_KEY]);
    expect(index({}, ["IT", "MI"]).keys).toEqual([ANYWHERE_KEY]);
    const bounds = index({ geobounds: { bbox: [9.1, 45.4, 9.3, 45.5] } });
    expect(bounds).toMatchObject({ keys: [AREA_KEY], bbox: [9.1, 45.4, 9.3, 45.5] });
  });

  it("bound every kind of area, travel times by a top speed well above the estimate's", () => {
    const circle = searchAreaBBox({ kind: "circle", lat: 45, lon: 9, radius: 1000 })!;
    expect(circle[0]).toBeLessThan(9);
    expect(circle[2]).toBeGreaterThan(9);
    expect(circle[3] - circle[1]).toBeCloseTo(2000 / 111_195, 3);
    expect(
      searchAreaBBox({
        kind: "polygon",
        ring: [
          [9, 45],
          [9.2, 45.1],
          [9.1, 45.3],
        ],
      }),
    ).toEqual([9, 45, 9.2, 45.3]);
    expect(maxReachMeters("car", 15)).toBe(35_000);
    const nearby = searchAreaBBox({ kind: "nearby", lat: 45, lon: 9, mode: "walk", minutes: 10 })!;
    expect(nearby[3] - 45).toBeGreaterThan((4.5 * 1000 * 10) / 60 / 111_195);
    expect(searchAreaBBox(null)).toBeNull();
  });
});

describe("a listing's keys", () => {
  it("are its frame, every place it lies in and ANYWHERE", () => {
    expect(
      listingKeys({
        channel: "vendita",
        propertyTypeGroup: "case",
        regionId: "IT-03",
        provinceId: "MI-p",
        townId: "MI",
        zoneId: null,
        blockId: null,
        metroStopIds: ["M1-s1"],
        nonadminZoneIds: ["NA"],
      }),
    ).toEqual({ frame: "vendita|case", keys: [ANYWHERE_KEY, "IT-03", "MI-p", "MI", "M1-s1", "NA"] });
  });
});

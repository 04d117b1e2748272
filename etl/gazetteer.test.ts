import { beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { containsPoint } from "../core/geo.ts";
import { PlaceLevel, provinceSlugMap, type Place } from "../core/places.ts";
import { parseCsv } from "./csv.ts";
import { GEO_DATA_DIR, GazetteerDataError, buildGazetteer } from "./gazetteer.ts";

let places: Place[];
const byLevel = (level: number) => places.filter((p) => p.level === level);
const municipalitiesCsv = parseCsv(readFileSync(join(GEO_DATA_DIR, "municipalities.csv"), "utf8"));

beforeAll(() => {
  places = buildGazetteer();
});

describe("administrative places", () => {
  it("has Italy, 20 regions and every province with its abbreviation", () => {
    expect(byLevel(PlaceLevel.country)).toHaveLength(1);
    expect(byLevel(PlaceLevel.region)).toHaveLength(20);
    const provinces = byLevel(PlaceLevel.province);
    expect(provinces).toHaveLength(107);
    for (const p of provinces) expect(p.short).toMatch(/^[A-Z]{2}$/);
  });

  it("has every municipality of the source with its ISTAT code, province and a centre inside its own boundary", () => {
    const towns = byLevel(PlaceLevel.town);
    expect(towns).toHaveLength(municipalitiesCsv.length);
    expect(towns.length).toBeGreaterThan(7800);
    const provinceIds = new Set(byLevel(PlaceLevel.province).map((p) => p.id));
    for (const t of towns) {
      expect(t.istatCode).toMatch(/^\d{6}$/);
      expect(provinceIds.has(t.parentId!)).toBe(true);
      expect(containsPoint(t.geometry!, t.lon, t.lat), `${t.name} centre outside its boundary`).toBe(true);
    }
  });

  it("spells every place name without broken characters (U+FFFD or mojibake)", () => {
    const broken = places.filter((p) => /\uFFFD|Ã|Â/.test(p.name)).map((p) => p.name);
    expect(broken).toEqual([]);
    expect(places.some((p) => p.name === "Parco Bosco In Città")).toBe(true);
  });

  it("maps merged provinces to their main town and keys San Marino as 60", () => {
    const map = provinceSlugMap(byLevel(PlaceLevel.province));
    expect(map).toMatchObject({
      FC: "forli",
      PU: "pesaro",
      MS: "massa",
      BT: "barletta",
      VB: "verbania",
      MB: "monza",
      MI: "milano",
      "60": "san-marino",
    });
    expect(Object.keys(map)).toHaveLength(108);
  });

  it("keeps slugs lower-case, accent-free and unique per level and parent, and hkeys nested", () => {
    const seen = new Set<string>();
    const byId = new Map(places.map((p) => [p.id, p]));
    for (const p of places) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const key = `${p.level}|${p.parentId}|${p.slug}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      if (p.parentId) expect(p.hkey.startsWith(`${byId.get(p.parentId)!.hkey}.`)).toBe(true);
    }
    expect(places.find((p) => p.level === PlaceLevel.town && p.name === "Forlì")!.slug).toBe("forli");
  });

  it("names places in English where it differs", () => {
    expect(places.find((p) => p.istatCode === "015146" && p.level === PlaceLevel.town)!.nameEn).toBe("Milan");
    expect(places.find((p) => p.level === PlaceLevel.region && p.name === "Toscana")!.nameEn).toBe("Tuscany");
  });
});

describe("city zones and metro", () => {
  it("has Milano's 88 NIL and Roma's 15 municipi as zones with polygons", () => {
    const zones = byLevel(PlaceLevel.zone);
    expect(zones.filter((z) => z.extra.zoneType === "NIL")).toHaveLength(88);
    expect(zones.filter((z) => z.extra.zoneType === "municipio")).toHaveLength(15);
    for (const z of zones) expect(z.geometry).not.toBeNull();
  });

  it("has Roma's 22 rioni, 35 quartieri and 6 suburbi as blocks inside a municipio", () => {
    const blocks = byLevel(PlaceLevel.block);
    expect(blocks.filter((b) => b.extra.zoneType === "rione")).toHaveLength(22);
    expect(blocks.filter((b) => b.extra.zoneType === "quartiere")).toHaveLength(35);
    expect(blocks.filter((b) => b.extra.zoneType === "suburbio")).toHaveLength(6);
    for (const b of blocks) expect(b.parentId).toMatch(/^IT-12-058091-MUN\d\d$/);
  });

  it("has the metro lines of Milano, Roma and Torino with their stops", () => {
    const lines = byLevel(PlaceLevel.metroLine);
    const linesOf = (istat: string) =>
      lines
        .filter((l) => l.istatCode === istat)
        .map((l) => l.extra.line)
        .sort();
    expect(linesOf("015146")).toEqual(["M1", "M2", "M3", "M4", "M5"]);
    expect(linesOf("058091")).toEqual(["A", "B", "B1", "C"]);
    expect(linesOf("001272")).toEqual(["M1"]);
    const stops = byLevel(PlaceLevel.metroStop);
    expect(stops).toHaveLength(232);
    const lineIds = new Set(lines.map((l) => l.id));
    for (const s of stops) expect(lineIds.has(s.parentId!)).toBe(true);
    expect(places.find((p) => p.level === PlaceLevel.metroLine && p.qslug === "milano-m1")).toBeDefined();
  });
});

describe("non-administrative zones", () => {
  const coastalTowns = () => new Set(byLevel(PlaceLevel.nonAdminZone).flatMap((z) => String(z.extra.towns ?? "").split(",")));
  it.each([
    ["Genova", "010025"],
    ["Rimini", "099014"],
    ["Napoli", "063049"],
    ["Palermo", "082053"],
    ["Venezia", "027042"],
    ["Trieste", "032006"],
    ["Roma", "058091"],
  ])("%s is on the coast", (_name, istat) => expect(coastalTowns().has(istat)).toBe(true));
  it.each([
    ["Milano", "015146"],
    ["Bolzano", "021008"],
    ["Perugia", "054039"],
    ["Aosta", "007003"],
    ["Gorizia", "031007"],
    ["San Leo", "099025"],
  ])("%s is not", (_name, istat) => expect(coastalTowns().has(istat)).toBe(false));
  it("has Roma's historic centre made of the rioni", () => {
    const centre = places.find((p) => p.level === PlaceLevel.nonAdminZone && p.qslug === "roma-centro-storico");
    expect(centre?.extra.rioni).toBe(22);
  });
});

describe("bad data", () => {
  it("names a missing file", () => {
    expect(() => buildGazetteer("/nonexistent")).toThrow(GazetteerDataError);
    expect(() => buildGazetteer("/nonexistent")).toThrow(/missing geodata file/);
  });
});

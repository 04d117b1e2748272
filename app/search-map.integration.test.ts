/**
 * The map view's endpoints over HTTP, on PGlite and on the PostgreSQL server, with and without the
 * in-memory listing facts: markers for a drawn area in view (checked against the regenerated dataset),
 * the base map's boundaries, the map page's HTML, and the 400s for bad input.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containsPoint, distanceMeters } from "../core/geo.ts";
import { DemoContext, type ListingRow } from "../etl/demo/generator.ts";
import { buildGazetteer } from "../etl/gazetteer.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startTestPortal, TEST_DATASET } from "../test/portal.ts";

type L = ListingRow & Record<string, any>;
let listings: L[];

beforeAll(() => {
  const places = buildGazetteer();
  const context = new DemoContext(places, {
    seed: TEST_DATASET.seed,
    count: TEST_DATASET.count,
    referenceDate: new Date(`${TEST_DATASET.referenceDate}T00:00:00Z`),
  });
  context.generatePois(places);
  context.generateAgencies();
  listings = [];
  for (const batch of context.generateListings()) listings.push(...(batch.listings as L[]));
});

const sale = (l: L) => l.channel === "vendita" && l.property_type_group === "case";
// A drawn area over central Milano ([lat, lon] as the search body takes it) and a view over part of it.
const polygon = [
  [45.45, 9.15],
  [45.45, 9.22],
  [45.49, 9.22],
  [45.49, 9.15],
  [45.47, 9.13],
];
const ring = polygon.map(([lat, lon]) => [lon!, lat!] as [number, number]);
const view: [number, number, number, number] = [9.1, 45.44, 9.19, 45.5];

const modes = databaseTargets.flatMap((target) => (["off", "on"] as const).map((facts) => [target, facts] as const));

describe.each(modes)("the search map on %s, listing facts %s", (target, facts) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${portal.url}/portal-srp/api/v1/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as any };
  };

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, { searchFacts: facts });
    for (let tries = 0; facts === "on" && !(await (await fetch(`${portal.url}/readyz`)).json()).warm; tries++) {
      if (tries > 600) throw new Error("listing facts did not load in 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  it("gives the markers of a drawn area in view: the area's listings inside the view, at public points", async () => {
    const closed = { type: "Polygon" as const, coordinates: [[...ring, ring[0]!]] };
    const expected = listings.filter(
      (l) => sale(l) && containsPoint(closed, l.lon, l.lat) && l.lon >= view[0] && l.lon <= view[2] && l.lat >= view[1] && l.lat <= view[3],
    );
    expect(expected.length).toBeGreaterThan(0);
    const { status, json } = await post("search-map/markers", {
      filters: { geopolygon: { polygon } },
      mapBounds: { bbox: view, zoom: 16 },
    });
    expect(status).toBe(200);
    expect(json.aggregated).toBe(false);
    expect(json.total).toBe(expected.length);
    expect(json.markers.map((m: { id: number }) => m.id).sort()).toEqual(expected.map((l) => l.id).sort());
    for (const m of json.markers) expect(m).not.toHaveProperty("exactLat");
    // A circle too, with the zoom left to the server.
    const inCircle = listings.filter(
      (l) =>
        sale(l) &&
        distanceMeters(45.47, 9.17, l.lat, l.lon) <= 2500 &&
        l.lon >= view[0] &&
        l.lon <= view[2] &&
        l.lat >= view[1] &&
        l.lat <= view[3],
    );
    const circle = await post("search-map/markers", {
      filters: { geocircle: { circle: [{ distance: 2500, center: [45.47, 9.17] }] } },
      mapBounds: { bbox: view },
    });
    expect(circle.status).toBe(200);
    expect(inCircle.length).toBeGreaterThan(0);
    expect(circle.json.total).toBe(inCircle.length);
  });

  it("sends the travel-time area the isochrone provider resolved, and the POIs of chosen types in view", async () => {
    const walk = await post("search-map/markers", {
      filters: { nearby: { lat: 45.4642, lon: 9.19, vehicle: "walk", time: 15 } },
      mapBounds: { bbox: view },
    });
    expect(walk.status).toBe(200);
    expect(walk.json.area.type).toBe("MultiPolygon");
    // The built-in estimate: 15 minutes at 4.5 km/h is a 1,125 m circle, drawn with 129 points.
    const ring = walk.json.area.coordinates[0][0] as Array<[number, number]>;
    expect(ring).toHaveLength(129);
    expect(distanceMeters(45.4642, 9.19, ring[0]![1], ring[0]![0])).toBeCloseTo(1125, -1);
    const bounds = await post("search-map/markers", { filters: { geobounds: { bbox: view, zoom: 14 } } });
    expect(bounds.json).not.toHaveProperty("area");

    const pois = await fetch(`${portal.url}/mappa/poi.geojson?bbox=${view.join(",")}&types=supermarket,subway`);
    expect(pois.status).toBe(200);
    const body = (await pois.json()) as { features: Array<{ properties: { type: string }; geometry: { coordinates: [number, number] } }> };
    expect(body.features.length).toBeGreaterThan(0);
    for (const f of body.features) {
      expect(["supermarket", "subway"]).toContain(f.properties.type);
      const [lon, lat] = f.geometry.coordinates;
      expect(lon >= view[0] && lon <= view[2] && lat >= view[1] && lat <= view[3]).toBe(true);
    }
    for (const query of [
      `bbox=${view.join(",")}&types=casino`,
      "bbox=1,2&types=subway",
      `bbox=${view.join(",")}&types=${"subway,".repeat(100)}`,
    ]) {
      const bad = await fetch(`${portal.url}/mappa/poi.geojson?${query}`);
      expect(bad.status, query).toBe(400);
    }
  });

  it("gives the price map: median asking €/m² and count per town and zone with at least 5 listings", async () => {
    const response = await fetch(`${portal.url}/mappa/prezzi.json?channel=vendita&group=case`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { breaks: number[]; places: Record<string, [number, number]> };
    const groups = new Map<string, number[]>();
    for (const l of listings) {
      if (!sale(l) || l.is_private_negotiation) continue;
      for (const id of [l.town_id, l.zone_id]) if (id) groups.set(id, [...(groups.get(id) ?? []), l.price / l.surface]);
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const m = (s.length - 1) / 2;
      return (s[Math.floor(m)]! + s[Math.ceil(m)]!) / 2;
    };
    const expected = [...groups].filter(([, xs]) => xs.length >= 5);
    expect(expected.length).toBeGreaterThan(3);
    expect(Object.keys(body.places).sort()).toEqual(expected.map(([id]) => id).sort());
    for (const [id, xs] of expected) {
      expect(body.places[id]![1]).toBe(xs.length);
      expect(body.places[id]![0]).toBeCloseTo(median(xs), 1);
    }
    expect(body.breaks.length).toBeGreaterThan(0);
    for (const query of ["channel=asta", "channel=vendita&group=stanze", "group=" + "x".repeat(50)]) {
      expect((await fetch(`${portal.url}/mappa/prezzi.json?${query}`)).status, query).toBe(400);
    }
  });

  it("answers 400 naming the field for a drawn area without a view, or a bad view", async () => {
    const missing = await post("search-map/markers", { filters: { geopolygon: { polygon } } });
    expect(missing.status).toBe(400);
    expect(missing.json.error.field).toBe("mapBounds");
    const inverted = await post("search-map/markers", {
      filters: { geopolygon: { polygon } },
      mapBounds: { bbox: [9.2, 45.5, 9.1, 45.4] },
    });
    expect(inverted.status).toBe(400);
    expect(inverted.json.error.field).toMatch(/^mapBounds/);
    const crossing = await post("search-map/markers", {
      filters: {
        geopolygon: {
          polygon: [
            [45.4, 9.1],
            [45.5, 9.2],
            [45.4, 9.2],
            [45.5, 9.1],
          ],
        },
      },
      mapBounds: { bbox: view },
    });
    expect(crossing.status).toBe(400);
    expect(crossing.json.error.field).toBe("filters.geopolygon");
  });

  it("serves the base map's boundaries for the zoom, from the gazetteer", async () => {
    const italy = await fetch(`${portal.url}/mappa/confini.geojson?bbox=6,36,19,47&zoom=5`);
    expect(italy.status).toBe(200);
    expect(italy.headers.get("content-type")).toBe("application/geo+json");
    type Boundaries = {
      features: Array<{
        properties: { id: string; level: number; name: string; label?: true };
        geometry: { type: string; coordinates: unknown };
      }>;
    };
    const regions = (await italy.json()) as Boundaries;
    const outlines = regions.features.filter((f) => !f.properties.label);
    expect(outlines).toHaveLength(20);
    expect(new Set(outlines.map((f) => f.properties.level))).toEqual(new Set([4]));
    // Each place also comes as its centre point, for the map's place names (one label per place).
    const labels = regions.features.filter((f) => f.properties.label);
    expect(labels.map((f) => f.properties.name).sort()).toEqual(outlines.map((f) => f.properties.name).sort());
    for (const label of labels) {
      expect(label.geometry.type).toBe("Point");
      const [lon, lat] = label.geometry.coordinates as [number, number];
      expect(lon).toBeGreaterThan(6);
      expect(lon).toBeLessThan(19);
      expect(lat).toBeGreaterThan(36);
      expect(lat).toBeLessThan(47.1);
    }

    const milano = (await (await fetch(`${portal.url}/mappa/confini.geojson?bbox=9.15,45.44,9.22,45.49&zoom=14`)).json()) as Boundaries;
    const names = (level: number) =>
      milano.features.filter((f) => f.properties.level === level && !f.properties.label).map((f) => f.properties.name);
    expect(names(4)).toContain("Lombardia");
    expect(names(4)).not.toContain("Sicilia");
    expect(names(9)).toContain("Milano");
    expect(names(10)).toContain("Duomo");
    // Each feature names its place, so the map can outline the searched ones.
    expect(milano.features.find((f) => f.properties.name === "Milano" && f.properties.level === 9)!.properties).toMatchObject({
      id: "IT-03-015146",
    });

    for (const query of ["bbox=9.2,45.5,9.1,45.4&zoom=10", "bbox=abc&zoom=10", "bbox=9.1,45.4,9.2,45.5&zoom=99", "zoom=10"]) {
      const bad = await fetch(`${portal.url}/mappa/confini.geojson?${query}`);
      expect(bad.status, query).toBe(400);
      expect(((await bad.json()) as { error: { field: string } }).error.field).toMatch(/^(bbox|zoom)$/);
    }
  });

  it("serves Milano's metro and tram lines within 1 m of the source's tracks, in well under half its points", async () => {
    const res = await fetch(`${portal.url}/mappa/trasporti.geojson`);
    expect(res.status).toBe(200);
    type Line = { properties: { kind: string; line?: string }; geometry: { type: "LineString"; coordinates: Array<[number, number]> } };
    const served = ((await res.json()) as { features: Line[] }).features.filter((f) => f.properties.kind !== "station");
    const source = (
      JSON.parse(readFileSync(new URL("../data/streets/transit_milano.geojson", import.meta.url), "utf8")) as { features: Line[] }
    ).features;
    expect(served.map((f) => f.properties)).toEqual(source.map((f) => f.properties));
    const points = (lines: Line[]) => lines.reduce((n, f) => n + f.geometry.coordinates.length, 0);
    expect(points(served)).toBeLessThan(points(source) / 2);
    source.forEach((original, i) => {
      const kept = served[i]!.geometry.coordinates;
      expect(kept[0]).toEqual(original.geometry.coordinates[0]);
      expect(kept.at(-1)).toEqual(original.geometry.coordinates.at(-1));
      // Every point kept is one of the source's, in order; every point dropped lies within 1 m of the kept stretch
      // around it (metres of a local equirectangular projection).
      const line = original.geometry.coordinates;
      const metres = ([lon, lat]: [number, number]) => [lon * 111_320 * Math.cos((line[0]![1] * Math.PI) / 180), lat * 110_540];
      let at = 0;
      for (let k = 1; k < kept.length; k++) {
        const from = at;
        while (at < line.length && line[at]!.join() !== kept[k]!.join()) at++;
        expect(at, `${original.properties.line} point ${kept[k]!.join()}`).toBeLessThan(line.length);
        const [ax, ay] = metres(line[from]!);
        const [bx, by] = metres(line[at]!);
        for (let i = from + 1; i < at; i++) {
          const [px, py] = metres(line[i]!);
          const length2 = (bx! - ax!) ** 2 + (by! - ay!) ** 2;
          const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px! - ax!) * (bx! - ax!) + (py! - ay!) * (by! - ay!)) / length2));
          expect(Math.hypot(px! - ax! - t * (bx! - ax!), py! - ay! - t * (by! - ay!))).toBeLessThanOrEqual(1);
        }
      }
    });
  });

  it("serves the metro lines alone for a city's first view (?linee=metro), and refuses another value with a 400", async () => {
    type Feature = { properties: { kind: string; line?: string }; geometry: unknown };
    const all = ((await (await fetch(`${portal.url}/mappa/trasporti.geojson`)).json()) as { features: Feature[] }).features;
    const res = await fetch(`${portal.url}/mappa/trasporti.geojson?linee=metro`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/geo+json");
    const metro = ((await res.json()) as { features: Feature[] }).features;
    expect(metro.length).toBeGreaterThan(0);
    expect(metro).toEqual(all.filter((f) => f.properties.kind === "metro"));
    expect(new Set(all.map((f) => f.properties.kind))).toEqual(new Set(["metro", "tram", "station"]));
    const wrong = await fetch(`${portal.url}/mappa/trasporti.geojson?linee=tram`);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { status: 400, field: "linee", message: expect.stringContaining("metro") } });
  });

  it("renders the map page on the server with the list, its links and a canonical map URL", async () => {
    const list = await fetch(`${portal.url}/vendita/case/milano/?price_max=500000`);
    const listHtml = await list.text();
    expect(listHtml).toContain('href="/vendita/case/milano/mappa/?price_max=500000"');
    const page = await fetch(`${portal.url}/vendita/case/milano/mappa/?price_max=500000&geobounds=9.15,45.44,9.22,45.49&zoom=14`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex,follow"/>');
    expect(html).toContain('href="/vendita/case/milano/?price_max=500000&amp;geobounds=9.15,45.44,9.22,45.49"');
    expect(html).toContain('name="vista" value="mappa"');
    expect(html).toContain('name="geobounds" value="9.15,45.44,9.22,45.49"');
    expect(html).not.toContain("maplibre-gl.mjs");
    // Typed differently: 301 to the canonical map URL.
    const typed = await fetch(`${portal.url}/vendita/case/milano/MAPPA/?zoom=14&price_max=500000`, { redirect: "manual" });
    expect(typed.status).toBe(301);
    expect(typed.headers.get("location")).toBe("/vendita/case/milano/mappa/?price_max=500000&zoom=14");
    // No place: 'Ricerca su Mappa'.
    const anywhere = await (await fetch(`${portal.url}/vendita/case/mappa/`)).text();
    expect(anywhere).toContain("<h1>Ricerca su Mappa</h1>");
    // The filter form keeps the area and the view.
    const submitted = await fetch(
      `${portal.url}/cerca/?zones=IT-03-015146&price_max=400000&geobounds=9.15,45.44,9.22,45.49&vista=mappa&zoom=14`,
      { redirect: "manual" },
    );
    expect(submitted.headers.get("location")).toBe("/vendita/case/milano/mappa/?price_max=400000&geobounds=9.15,45.44,9.22,45.49&zoom=14");
  });
});

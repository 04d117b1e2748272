/**
 * A map that looks like a city (issue 27 item 3): at zoom 13 over Milano the search map draws the metro
 * lines (from /mappa/trasporti.geojson, in their colours: core/map/style.test.ts) and the zone names, with a
 * scale bar and an attribution naming every source; MapLibre loads only where a map is shown. At zoom 11 it draws
 * the metro lines having asked for them alone (no tram tracks, which it draws from zoom 12).
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { it } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

describe("the city map in Chromium", () => {
  it("shows Milano's metro lines at zoom 11 from the metro's answer alone, and at zoom 13 with zone names, a scale bar and every source", async ({
    page,
  }) => {
    const transit: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/mappa/trasporti.geojson")) transit.push(r.url());
    });
    // The results list loads no map code and no transit data.
    await page.goto(`${portal.url}/vendita/case/milano/`);
    await page.waitForLoadState("networkidle");
    expect(transit).toEqual([]);

    const map = page.getByTestId("search-map");
    const canvas = page.locator(".search-map__canvas");
    // Lines through the centre: M1 and M3 at Duomo, M2 at Cadorna and Lanza.
    const metroDrawn = () =>
      expect
        .poll(async () => (await canvas.getAttribute("data-metro-lines"))?.split(" ") ?? [], { timeout: 30_000 })
        .toEqual(expect.arrayContaining(["M1", "M2", "M3"]));
    // The whole city (zoom 11) draws the metro lines and no tram: the map asks for the metro lines alone.
    await page.goto(`${portal.url}/vendita/case/mappa/?geobounds=9.05,45.4,9.33,45.53&zoom=11`);
    await expect.poll(() => map.getAttribute("data-map-state"), { timeout: 30_000 }).toBe("ready");
    await metroDrawn();
    expect(transit.map((url) => new URL(url).search)).toEqual(["?linee=metro"]);

    transit.length = 0;
    await page.goto(`${portal.url}/vendita/case/mappa/?geobounds=9.15,45.445,9.23,45.485&zoom=13`);
    await expect.poll(() => map.getAttribute("data-map-state"), { timeout: 30_000 }).toBe("ready");
    await metroDrawn();
    await expect
      .poll(async () => (await canvas.getAttribute("data-zone-labels"))?.split("|") ?? [], { timeout: 30_000 })
      .toEqual(expect.arrayContaining(["Duomo", "Brera"]));
    // Zoom 13 draws trams and stations too: one answer with every line.
    expect(transit.map((url) => new URL(url).search)).toEqual([""]);
    const body = await page.evaluate(async () => (await fetch("/mappa/trasporti.geojson")).json());
    const metro = (body.features as { properties: { kind: string; line?: string } }[]).filter((f) => f.properties.kind === "metro");
    expect(new Set(metro.map((f) => f.properties.line))).toEqual(new Set(["M1", "M2", "M3", "M5"]));

    expect(await page.locator(".maplibregl-ctrl-scale").isVisible()).toBe(true);
    expect(await page.locator(".maplibregl-ctrl-scale").textContent()).toMatch(/^\d+\s(m|km)$/);
    const attribution = await page.locator(".maplibregl-ctrl-attrib-inner").textContent();
    for (const source of ["ISTAT", "Comune di Milano", "Roma Capitale", "AMAT", "ANNCSU"]) expect(attribution).toContain(source);
  });
});

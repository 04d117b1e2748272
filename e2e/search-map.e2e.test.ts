/**
 * A home seeker on the map view of a search in Chromium (WebGL through SwiftShader): opens Milano's
 * results, switches to the map, pans and sees the list and count follow, draws an area and gets only
 * the listings inside it (checked against the API), reloads and gets the same shape and results, goes
 * back; the plain results page never loads MapLibre; on a phone the map is full screen with a list sheet.
 */
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { containsPoint } from "../core/geo.ts";
import { startTestPortal } from "../test/portal.ts";
import { it, NO_JAVASCRIPT, PHONE, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
// A desktop a little taller than the default, for the map and its list side by side.
it.override("contextOptions", { viewport: { width: 1280, height: 900 } });

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

const digits = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

async function total(page: Page): Promise<number> {
  return digits(await page.getByTestId("search-total").textContent());
}

async function cardIds(page: Page): Promise<number[]> {
  return (
    await page.locator("[data-testid=map-list] > li").evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-listing-id"))))
  ).sort((a, b) => a - b);
}

/** The search API's answer for a page's search (its path and query as `uri`). */
async function apiSearch(
  uri: string,
  size = 25,
): Promise<{ total: number; listings: Array<{ id: number; geoInfos: { lat: number; lon: number } }> }> {
  const response = await fetch(`${portal.url}/portal-srp/api/v1/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ uri: uri.replace("/mappa/", "/"), size }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function mapReady(page: Page): Promise<void> {
  const map = page.getByTestId("search-map");
  await expect.poll(() => map.getAttribute("data-map-state"), { timeout: 30_000 }).toBe("ready");
  await expect.poll(() => map.getAttribute("data-markers"), { timeout: 20_000 }).toMatch(/^[1-9]\d*$/);
}

/**
 * Lets the page finish what came before and paint twice: the map has handled the last input and React has
 * rendered what it reported. A point to read the page at, not a pause of some milliseconds.
 */
async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * The pointer moves of a pan or of the circle's drag: each one is a map frame, about 0.3 s of CPU with WebGL
 * through SwiftShader, and where they end is what counts. (Dragging a drawn area's vertex keeps 10: with 3 there
 * too the first test failed twice in a row.)
 */
const DRAG_STEPS = 3;

/** Waits until the map reports a settled view other than `before` (after a drag). */
async function viewMovedFrom(page: Page, before: string | null): Promise<void> {
  await expect.poll(() => page.getByTestId("search-map").getAttribute("data-bbox"), { timeout: 10_000 }).not.toBe(before);
}

/** Where a point is on screen, from the view the map reports (Web Mercator, as MapLibre draws it). */
async function screenPoint(page: Page, lon: number, lat: number): Promise<{ x: number; y: number }> {
  const [west, south, east, north] = (await page.getByTestId("search-map").getAttribute("data-bbox"))!.split(",").map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const box = await canvasBox(page);
  const y = (la: number) => Math.log(Math.tan(Math.PI / 4 + (la * Math.PI) / 360));
  return {
    x: box.x + ((lon - west) / (east - west)) * box.width,
    y: box.y + ((y(north) - y(lat)) / (y(north) - y(south))) * box.height,
  };
}

/** The map canvas's box on screen. */
async function canvasBox(page: Page) {
  const box = await page.locator(".search-map__canvas canvas").boundingBox();
  if (!box) throw new Error("no map canvas");
  return box;
}

describe("the search map", () => {
  it("switches from Milano's results to the map, follows pans, draws an area, reloads and goes back", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const maplibreRequests: string[] = [];
    page.on("request", (r: Request) => {
      if (r.url().includes("/vendor/maplibre-gl/") || /search-map\.client|terra-draw/.test(r.url())) maplibreRequests.push(r.url());
    });

    // The plain results page: no MapLibre, a link to the map of the same search.
    await page.goto(`${portal.url}/vendita/case/milano/?price_max=900000`);
    const listTotal = await total(page);
    expect(listTotal).toBeGreaterThan(10);
    await page.waitForLoadState("networkidle");
    expect(maplibreRequests).toEqual([]);
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.src.includes("maplibre")))).toBe(false);

    // Switch to the map: same places and filters, its own URL; the map draws markers with WebGL.
    await page.getByTestId("show-map").click();
    await page.waitForURL(/\/vendita\/case\/milano\/mappa\/\?price_max=900000$/);
    await mapReady(page);
    expect(maplibreRequests.some((u) => u.endsWith("/maplibre-gl.mjs"))).toBe(true);
    expect(maplibreRequests.some((u) => /\/assets\/search-map\.client-[\w-]+\.js$/.test(u))).toBe(true);
    expect(await total(page)).toBe(listTotal);
    expect(await page.locator(".search-map__canvas canvas").count()).toBe(1);
    // Italian tooltips on the controls, 'Filtri' on the overlay.
    for (const tip of ["Cerca intorno a te", "Opzioni mappa", "Aumenta zoom", "Riduci zoom"]) {
      expect(await page.locator(`.search-map__controls button[title="${tip}"]`).count()).toBe(1);
    }
    expect(await page.locator(".search-map__bar .filters-toggle").textContent()).toMatch(/^Filtri \(1\)$/);
    expect(await seriousViolations(page)).toEqual([]);
    // axe with each panel open: map options, then the filters over the map.
    await page.getByRole("button", { name: "Opzioni mappa" }).click();
    expect(await page.getByRole("group", { name: "Tipo di mappa" }).getByRole("radio", { name: "Mappa" }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Opzioni mappa" }).click();
    await page.locator(".search-map__bar .filters-toggle").click();
    await expect.poll(() => page.locator("#filtri").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("#filtri").isVisible()).toBe(false);

    // Zoom in twice and pan: the bounds go into the URL and the list and count follow.
    await page.getByRole("button", { name: "Aumenta zoom" }).click();
    await page.waitForURL(/geobounds=/, { timeout: 10_000 });
    const box = await canvasBox(page);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 60, { steps: DRAG_STEPS });
    await page.mouse.up();
    const before = pathOf(page);
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).not.toBe(before);
    const panned = pathOf(page);
    expect(panned).toMatch(/^\/vendita\/case\/milano\/mappa\/\?price_max=900000&geobounds=[\d.,]+&zoom=[\d.]+$/);
    const pannedApi = await apiSearch(panned);
    await expect.poll(() => total(page)).toBe(pannedApi.total);
    expect(pannedApi.total).toBeLessThan(listTotal);
    await expect.poll(() => cardIds(page)).toEqual(pannedApi.listings.map((l) => l.id).sort((a, b) => a - b));

    // A pin click highlights its card; a card under the pointer is highlighted too.
    const listed = pannedApi.listings.find((l) => l.geoInfos.lat !== undefined)!;
    const point = await screenPoint(page, listed.geoInfos.lon, listed.geoInfos.lat);
    await page.mouse.click(point.x, point.y);
    await expect.poll(() => page.locator("[data-testid=map-list] > li.is-active").count()).toBe(1);
    const activeId = Number(await page.locator("[data-testid=map-list] > li.is-active").getAttribute("data-listing-id"));
    const active = pannedApi.listings.find((l) => l.id === activeId)!;
    const activePoint = await screenPoint(page, active.geoInfos.lon, active.geoInfos.lat);
    expect(Math.hypot(activePoint.x - point.x, activePoint.y - point.y)).toBeLessThan(40);
    expect(pathOf(page)).toBe(panned);
    await page.locator("[data-testid=map-list] > li").nth(1).hover();
    expect(await page.locator("[data-testid=map-list] > li").nth(1).getAttribute("class")).toMatch(/is-hovered|is-active/);

    // Draw an area with mouse clicks: only listings inside it.
    await page.getByRole("button", { name: "Disegna area" }).click();
    const b = await canvasBox(page);
    const cx = b.x + b.width / 2,
      cy = b.y + b.height / 2;
    const corners = [
      [-160, -120],
      [160, -120],
      [160, 120],
      [-160, 120],
    ];
    for (const [dx, dy] of corners) {
      await page.mouse.click(cx + dx!, cy + dy!);
      await painted(page);
    }
    await page.mouse.click(cx + corners[0]![0]!, cy + corners[0]![1]!);
    await page.waitForURL(/geopolygon=/, { timeout: 10_000 });
    const drawn = pathOf(page);
    expect(drawn).not.toMatch(/geobounds=/);
    const polygonText = decodeURIComponent(new URL(page.url()).searchParams.get("geopolygon")!);
    const ring = polygonText
      .split(";")
      .map((p) => p.split(",").map(Number))
      .map(([lat, lon]) => [lon!, lat!] as [number, number]);
    expect(ring).toHaveLength(4);
    const inside = await apiSearch(drawn, 150);
    await expect.poll(() => total(page)).toBe(inside.total);
    expect(inside.total).toBeGreaterThan(0);
    for (const l of inside.listings) {
      expect(containsPoint({ type: "Polygon", coordinates: [[...ring, ring[0]!]] }, l.geoInfos.lon, l.geoInfos.lat)).toBe(true);
    }
    const drawnIds = await cardIds(page);
    expect(drawnIds).toEqual(
      inside.listings
        .slice(0, 25)
        .map((l) => l.id)
        .sort((a, b) => a - b),
    );
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Ricerca su Mappa");

    // Reload: the same shape and the same results.
    await page.reload();
    await mapReady(page);
    expect(pathOf(page)).toBe(drawn);
    expect(await total(page)).toBe(inside.total);
    expect(await cardIds(page)).toEqual(drawnIds);
    expect(await page.getByRole("button", { name: "Elimina area" }).count()).toBe(1);

    // Edit a vertex: drag the first corner outwards, then 'Fine': the edited shape is the search.
    await page.getByRole("button", { name: "Modifica area" }).click();
    await expect.poll(() => page.getByTestId("search-map").getAttribute("data-drawing")).toBe("true");
    await painted(page);
    const corner = await screenPoint(page, ring[0]![0], ring[0]![1]);
    const centre = await screenPoint(page, (ring[0]![0] + ring[2]![0]) / 2, (ring[0]![1] + ring[2]![1]) / 2);
    const away = { x: corner.x + Math.sign(corner.x - centre.x) * 70, y: corner.y + Math.sign(corner.y - centre.y) * 50 };
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(away.x, away.y, { steps: 10 });
    await page.mouse.up();
    await page.getByRole("button", { name: "Fine" }).click();
    await page.waitForURL((url) => url.searchParams.get("geopolygon") !== null && `${url.pathname}${url.search}` !== drawn, {
      timeout: 10_000,
    });
    const edited = pathOf(page);
    const editedRing = new URL(page.url()).searchParams
      .get("geopolygon")!
      .split(";")
      .map((p) => p.split(",").map(Number))
      .map(([lat, lon]) => [lon!, lat!] as [number, number]);
    expect(editedRing).toHaveLength(4);
    expect(editedRing.slice(1)).toEqual(ring.slice(1));
    expect(editedRing[0]).not.toEqual(ring[0]);
    const editedApi = await apiSearch(edited, 150);
    await expect.poll(() => total(page)).toBe(editedApi.total);
    expect(editedApi.total).toBeGreaterThanOrEqual(inside.total);

    // Back undoes the edit, then the drawing: the panned view and its results again, the map on that view.
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe(drawn);
    await expect.poll(() => total(page)).toBe(inside.total);
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe(panned);
    await expect.poll(() => total(page)).toBe(pannedApi.total);
    expect(await page.getByRole("button", { name: "Elimina area" }).count()).toBe(0);
    const pannedBox = new URL(`${portal.url}${panned}`).searchParams.get("geobounds")!.split(",").map(Number);
    await expect
      .poll(
        async () => {
          const shown = (await page.getByTestId("search-map").getAttribute("data-bbox"))!.split(",").map(Number);
          return Math.max(...shown.map((v, i) => Math.abs(v - pannedBox[i]!)));
        },
        { timeout: 10_000 },
      )
      .toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });

  it("refuses a self-intersecting or oversized area with an Italian message and keeps the search", async ({ page }) => {
    const drawPoints = async (points: number[][]) => {
      await page.getByRole("button", { name: "Disegna area" }).click();
      const b = await canvasBox(page);
      const cx = b.x + b.width / 2,
        cy = b.y + b.height / 2;
      for (const [dx, dy] of points) {
        await page.mouse.click(cx + dx!, cy + dy!);
        await painted(page);
      }
    };
    const alert = page.locator(".search-map__message[role=alert]");

    await page.goto(`${portal.url}/vendita/case/milano/mappa/`);
    await mapReady(page);
    const before = pathOf(page);
    // A bow tie: the fourth point would make the edges cross.
    await drawPoints([
      [-150, -100],
      [150, 100],
      [150, -100],
      [-150, 100],
    ]);
    await expect.poll(() => alert.textContent()).toBe("I lati dell'area si incrociano: ridisegnala senza incroci.");
    await page.getByRole("button", { name: "Annulla" }).click();
    expect(await alert.count()).toBe(0);
    expect(pathOf(page)).toBe(before);

    // Most of northern Italy in one shape: too large.
    await page.goto(`${portal.url}/vendita/case/mappa/`);
    await mapReady(page);
    const italy = pathOf(page);
    await drawPoints([
      [-300, -300],
      [300, -300],
      [300, 300],
    ]);
    await expect.poll(() => alert.textContent()).toBe("L'area è troppo grande: disegnane una di al massimo 20.000 km².");
    expect(pathOf(page)).toBe(italy);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("makes a circle by tapping, drags it, moves the slider through a ceiling doubling, confirms, edits and cancels", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${portal.url}/vendita/case/milano/mappa/`);
    await mapReady(page);
    const start = pathOf(page);
    await page.getByRole("button", { name: "Cerca nel raggio" }).click();
    expect(await page.locator(".search-map__hint").textContent()).toBe(
      "Cerca indirizzo o tocca il punto intorno a cui cercare sulla mappa",
    );
    const panel = page.getByTestId("circle-panel");
    const b = await canvasBox(page);
    const cx = b.x + b.width / 2,
      cy = b.y + b.height / 2;
    // A press that moves more than 10 px is a drag, not a tap: no circle, and no new search.
    const unmoved = await page.getByTestId("search-map").getAttribute("data-bbox");
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 12, cy + 6, { steps: 3 });
    await page.mouse.up();
    await viewMovedFrom(page, unmoved);
    await painted(page);
    expect(await panel.getAttribute("data-circle")).toBe("");
    expect(pathOf(page)).toBe(start);

    // A tap places a 500 m circle, labelled with its place; the count is the API's.
    await page.mouse.click(cx, cy);
    await expect
      .poll(() => page.getByTestId("circle-label").textContent())
      .toMatch(/^Entro 500 m\. da .+, Milano$|^Entro 500 m\. da Milano$/);
    const circleCount = async () => {
      const [lat, lon, radius] = (await panel.getAttribute("data-circle"))!.split(",").map(Number);
      const res = await fetch(`${portal.url}/portal-srp/api/v1/search/availableresults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          locations: ["IT-03-015146"],
          filters: { geocircle: { circle: [{ distance: radius, center: [lat, lon] }] } },
        }),
      });
      return ((await res.json()) as { total: number }).total;
    };
    const confirm = page.getByTestId("circle-confirm");
    const expectConfirm = async () => {
      const n = await circleCount();
      await expect
        .poll(() => confirm.textContent(), { timeout: 10_000 })
        .toBe(n === 0 ? "Nessun risultato" : n === 1 ? "Vedi 1 risultato" : `Vedi ${n.toLocaleString("it-IT")} risultati`);
      return n;
    };
    await expectConfirm();

    // The slider: the last step doubles the ceiling (2 km → 4 km → 8 km); below 2 km it resets.
    const slider = page.getByRole("slider");
    await slider.focus();
    await page.keyboard.press("End");
    await expect.poll(() => panel.getAttribute("data-circle")).toMatch(/,2000$/);
    expect(await slider.getAttribute("data-ceiling")).toBe("4000");
    await page.keyboard.press("End");
    await expect.poll(() => panel.getAttribute("data-circle")).toMatch(/,4000$/);
    expect(await slider.getAttribute("data-ceiling")).toBe("8000");
    await page.keyboard.press("Home");
    await expect.poll(() => panel.getAttribute("data-circle")).toMatch(/,100$/);
    expect(await slider.getAttribute("data-ceiling")).toBe("2000");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => panel.getAttribute("data-circle")).toMatch(/,950$/);
    await expectConfirm();

    // Drag the centre 80 px to the right: a new centre, a new count.
    const before = (await panel.getAttribute("data-circle"))!.split(",").map(Number);
    const centre = await screenPoint(page, before[1]!, before[0]!);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 80, centre.y, { steps: DRAG_STEPS });
    await page.mouse.up();
    const after = (await panel.getAttribute("data-circle"))!.split(",").map(Number);
    expect(after[1]!).toBeGreaterThan(before[1]! + 0.001);
    expect(after[2]).toBe(950);
    const n = await expectConfirm();
    expect(n).toBeGreaterThan(0);

    // Confirm: the circle is the search, in the URL; the list and count are the API's.
    await confirm.click();
    await page.waitForURL(/geocircle=/);
    const circled = pathOf(page);
    expect(circled).toMatch(/^\/vendita\/case\/milano\/mappa\/\?geocircle=[\d.]+,[\d.]+,950$/);
    await expect.poll(() => total(page)).toBe(n);
    expect(await cardIds(page)).toEqual((await apiSearch(circled)).listings.map((l) => l.id).sort((a, b) => a - b));

    // Panning away from the circle says so; 'Torna all'area' brings it back. (On a loaded machine the map
    // may still be moving to the confirmed circle for a moment: wait until it shows it.)
    await expect.poll(() => page.getByTestId("got-away").count(), { timeout: 10_000 }).toBe(0);
    const cb = await canvasBox(page);
    for (let i = 0; i < 2; i++) {
      const before = await page.getByTestId("search-map").getAttribute("data-bbox");
      await page.mouse.move(cb.x + cb.width / 2 - 150, cb.y + cb.height / 2 + 100);
      await page.mouse.down();
      await page.mouse.move(cb.x + cb.width / 2 + 250, cb.y + cb.height / 2 + 100, { steps: DRAG_STEPS });
      await page.mouse.up();
      await viewMovedFrom(page, before);
    }
    await expect
      .poll(() => page.getByTestId("got-away").textContent(), { timeout: 10_000 })
      .toMatch(/^Ti sei allontanato dall'area della ricerca\./);
    expect(pathOf(page)).toBe(circled);
    await page.getByRole("button", { name: "Torna all'area" }).click();
    await expect.poll(() => page.getByTestId("got-away").count(), { timeout: 10_000 }).toBe(0);

    // The completed circle's label re-enters editing; 'Annulla' deletes it: back to the map's bounds.
    await page.getByRole("button", { name: "Entro 950 m. da questo punto" }).click();
    await expect.poll(() => panel.getAttribute("data-circle")).toBe(`${after[0]},${after[1]},950`);
    await expect.poll(() => page.getByTestId("circle-label").textContent()).toMatch(/^Entro 950 m\. da /);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Annulla" }).click();
    await page.waitForURL(/geobounds=/);
    expect(pathOf(page)).not.toMatch(/geocircle/);
    // Back recreates the deleted circle.
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe(circled);
    await expect.poll(() => total(page)).toBe(n);
    expect(errors).toEqual([]);
  });

  it("searches 15 minutes on foot from the map's centre and draws the reachable area", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(`${portal.url}/vendita/case/milano/mappa/`);
    await mapReady(page);
    await page.getByRole("button", { name: "Cerco a pochi minuti da" }).click();
    const form = page.getByRole("form", { name: "Cerco a pochi minuti da" });
    await form.getByLabel("Minuti").selectOption("15");
    expect(await form.getByRole("radio", { name: "a piedi" }).isChecked()).toBe(true);
    await form.getByRole("radio", { name: "in bicicletta" }).check();
    await form.getByRole("radio", { name: "a piedi" }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Cerca" }).click();
    await page.waitForURL(/nearby=/);
    const url = pathOf(page);
    expect(url).toMatch(/^\/vendita\/case\/milano\/mappa\/\?nearby=45\.\d+,9\.\d+,walk,15$/);
    const api = await apiSearch(url);
    await expect.poll(() => total(page)).toBe(api.total);
    expect(await cardIds(page)).toEqual(api.listings.map((l) => l.id).sort((a, b) => a - b));
    await expect.poll(() => page.getByTestId("search-map").getAttribute("data-area")).toBe("true");
    expect(await page.getByRole("button", { name: "A 15 minuti a piedi" }).count()).toBe(1);

    // Save it as 'Dove vivo' (local storage for visitors), then find it again from another map page.
    await page.getByRole("button", { name: "A 15 minuti a piedi" }).click();
    await page.getByRole("button", { name: "Salva come Dove vivo" }).click();
    const saved = page.getByRole("region", { name: "I tuoi punti" });
    await expect.poll(() => saved.getByRole("button", { name: "Dove vivo: 15 minuti a piedi" }).count()).toBe(1);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("casa.commutePoints")))!) as Array<{
      valueId: string;
      valueStreetNum: string;
      apiData: { location: { lat: number; lon: number } };
    }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ valueId: "dove-vivo", valueStreetNum: "snc" });
    const [, nearbyText] = /nearby=([^&]+)/.exec(url)!;
    const [lat, lon] = decodeURIComponent(nearbyText!).split(",").map(Number);
    expect(stored[0]!.apiData.location).toEqual({ lat, lon });
    // Saving the same point again keeps one.
    await page.getByRole("button", { name: "Salva come Dove vivo" }).click();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem("casa.commutePoints")))!)).toHaveLength(1);
    await page.getByRole("button", { name: "Annulla" }).click();

    await page.goto(`${portal.url}/vendita/case/roma/mappa/`);
    await mapReady(page);
    await page.getByRole("button", { name: "Cerco a pochi minuti da" }).click();
    await page.getByRole("button", { name: "Dove vivo: 15 minuti a piedi" }).click();
    await page.waitForURL(/nearby=/);
    expect(pathOf(page)).toBe(url.replace("/milano/", "/roma/"));
    await page.goBack();
    await mapReady(page);
    await page.getByRole("button", { name: "Cerco a pochi minuti da" }).click();
    await page.getByRole("button", { name: "Elimina Dove vivo" }).click();
    expect(await page.evaluate(() => localStorage.getItem("casa.commutePoints"))).toBe("[]");
    await page.getByRole("button", { name: "Annulla" }).click();
    expect(errors).toEqual([]);
  });

  it("toggles a point-of-interest filter from the map: only listings near one, and those POIs drawn", async ({ page }) => {
    await page.goto(`${portal.url}/vendita/case/milano/mappa/`);
    await mapReady(page);
    const all = await total(page);
    await page.getByRole("button", { name: "Punti di interesse" }).click();
    const panel = page.getByRole("group", { name: "Annunci vicini a" });
    expect(await panel.getByRole("checkbox").count()).toBe(8);
    expect(await seriousViolations(page)).toEqual([]);
    // The box follows the search: it is ticked once the page has the filtered results.
    await panel.getByRole("checkbox", { name: /^Supermercati/ }).click();
    await page.waitForURL(/poi=supermarket/);
    const url = pathOf(page);
    expect(url).toBe("/vendita/case/milano/mappa/?poi=supermarket");
    const api = await apiSearch(url);
    await expect.poll(() => total(page)).toBe(api.total);
    expect(api.total).toBeLessThan(all);
    await expect.poll(() => page.getByTestId("search-map").getAttribute("data-pois"), { timeout: 10_000 }).toMatch(/^[1-9]\d*$/);
    expect(await panel.getByRole("checkbox", { name: /^Supermercati/ }).isChecked()).toBe(true);
    // And off again.
    await panel.getByRole("checkbox", { name: /^Supermercati/ }).click();
    await expect.poll(() => pathOf(page)).toBe("/vendita/case/milano/mappa/");
    await expect.poll(() => total(page)).toBe(all);
    await expect.poll(() => page.getByTestId("search-map").getAttribute("data-pois")).toBe("0");
  });

  it("switches on the price map: a legend, and the median and count of a clicked town", async ({ page }) => {
    await page.goto(`${portal.url}/vendita/case/milano/mappa/`);
    await mapReady(page);
    const api = (await (await fetch(`${portal.url}/mappa/prezzi.json?channel=vendita&group=case`)).json()) as {
      places: Record<string, [number, number]>;
    };
    await page.getByRole("button", { name: "Opzioni mappa" }).click();
    await page.getByRole("checkbox", { name: "Mappa dei prezzi" }).check();
    const legend = page.getByTestId("price-legend");
    await expect.poll(() => legend.getAttribute("data-places"), { timeout: 10_000 }).toBe(String(Object.keys(api.places).length));
    expect(await legend.locator("li").count()).toBeGreaterThan(1);
    await page.getByRole("button", { name: "Opzioni mappa" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    // Click inside Milano, away from listings, until a coloured place answers.
    const milano = api.places["IT-03-015146"]!;
    expect(milano[1]).toBeGreaterThanOrEqual(5);
    const b = await canvasBox(page);
    let text: string | null = null;
    for (const [fx, fy] of [
      [0.5, 0.2],
      [0.3, 0.5],
      [0.7, 0.5],
      [0.5, 0.8],
      [0.35, 0.3],
      [0.65, 0.7],
      [0.4, 0.65],
      [0.6, 0.35],
    ]) {
      await page.mouse.click(b.x + b.width * fx!, b.y + b.height * fy!);
      await painted(page);
      text = await page
        .getByTestId("price-place")
        .textContent()
        .catch(() => null);
      if (text?.startsWith("Milano:")) break;
    }
    expect(text).toBe(
      `Milano: ${new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR", maximumFractionDigits: 0, useGrouping: "always" }).format(milano[0])}/m², mediana di ${milano[1]} annunci`,
    );
  });

  it("searches around you: rent, a 2 km radius, the browser's position, then the map of that circle; hidden on a phone without permission", async ({
    context,
    openPage,
  }) => {
    await context.grantPermissions(["geolocation"], { origin: portal.url });
    await context.setGeolocation({ latitude: 45.4642, longitude: 9.19 });
    const page = await context.newPage();
    await page.goto(`${portal.url}/cerca-intorno-a-te/`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Cerca intorno a te");
    const form = page.getByTestId("around-form");
    await form.getByRole("radio", { name: "in affitto" }).check();
    const slider = form.getByRole("slider");
    await slider.focus();
    await page.keyboard.press("End");
    expect(await slider.getAttribute("aria-valuetext")).toBe("2000 m");
    expect(await slider.getAttribute("data-ceiling")).toBe("4000");
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Cerca" }).click();
    await page.waitForURL(/\/affitto\/case\/mappa\/\?geocircle=45\.4642,9\.19,2000$/);
    await mapReady(page);
    expect(await total(page)).toBe((await apiSearch(pathOf(page))).total);

    const phone = await openPage(PHONE);
    await phone.goto(`${portal.url}/cerca-intorno-a-te/`);
    await expect.poll(() => phone.getByTestId("around-hidden").count()).toBe(1);
    expect(await phone.getByTestId("around-form").count()).toBe(0);
  });

  it("centres on the browser's position at zoom 16, makes a circle there, and says so in Italian when the position is refused", async ({
    context,
  }) => {
    await context.grantPermissions(["geolocation"], { origin: portal.url });
    await context.setGeolocation({ latitude: 45.4781, longitude: 9.2256 });
    const page = await context.newPage();
    await page.goto(`${portal.url}/vendita/case/milano/mappa/`);
    await mapReady(page);
    await page.getByRole("button", { name: "Cerca intorno a te" }).click();
    await expect.poll(() => page.getByTestId("search-map").getAttribute("data-zoom"), { timeout: 10_000 }).toBe("16");
    const [w, s, e, n] = (await page.getByTestId("search-map").getAttribute("data-bbox"))!.split(",").map(Number);
    expect(Math.abs((w! + e!) / 2 - 9.2256)).toBeLessThan(0.001);
    expect(Math.abs((s! + n!) / 2 - 45.4781)).toBeLessThan(0.001);
    // The circle tool: 'Usa la tua posizione' centres a 500 m circle there.
    await page.getByRole("button", { name: "Cerca nel raggio" }).click();
    await page.getByRole("button", { name: "Usa la tua posizione" }).click();
    await expect.poll(() => page.getByTestId("circle-panel").getAttribute("data-circle")).toBe("45.4781,9.2256,500");

    await context.clearPermissions();
    const denied = await context.newPage();
    await denied.goto(`${portal.url}/vendita/case/milano/mappa/`);
    await mapReady(denied);
    await denied.getByRole("button", { name: "Cerca intorno a te" }).click();
    await expect
      .poll(() => denied.locator(".search-map__message[role=alert]").textContent(), { timeout: 15_000 })
      .toBe("Non è possibile trovare la tua posizione al momento. Riprova o usa la barra di ricerca.");
  });

  it("loads the next list pages as the list beside the map scrolls, the first card of each page flagged", async ({ page }) => {
    await page.goto(`${portal.url}/vendita/case/mappa/`);
    await mapReady(page);
    const all = await total(page);
    expect(all).toBeGreaterThan(75);
    const api = await apiSearch("/vendita/case/", 150);
    expect(await page.locator("[data-testid=map-list] > li").count()).toBe(25);
    expect(await page.locator(".map-list .pager").count()).toBe(0);
    for (let round = 0; round < 2; round++) {
      await page.locator(".map-list").evaluate((e) => e.scrollTo(0, e.scrollHeight));
      await expect.poll(() => page.locator("[data-testid=map-list] > li").count(), { timeout: 10_000 }).toBe(25 * (round + 2));
    }
    expect(
      await page
        .locator("[data-testid=map-list] > li[data-page-start]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-page-start"))),
    ).toEqual(["1", "2", "3"]);
    const shown = await page
      .locator("[data-testid=map-list] > li")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-listing-id"))));
    expect(shown).toEqual(api.listings.slice(0, 75).map((l) => l.id));
    expect(pathOf(page)).toBe("/vendita/case/mappa/");
  });

  it("shows the list without JavaScript, and on a phone a full-screen map with a list sheet", async ({ openPage }) => {
    const page = await openPage(NO_JAVASCRIPT);
    await page.goto(`${portal.url}/vendita/case/mappa/?geobounds=9.1,45.44,9.25,45.5`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Ricerca su Mappa");
    const api = await apiSearch("/vendita/case/?geobounds=9.1,45.44,9.25,45.5");
    expect(await total(page)).toBe(api.total);
    expect(await cardIds(page)).toEqual(api.listings.map((l) => l.id).sort((a, b) => a - b));
    expect(await page.getByTestId("search-map").getAttribute("data-map-state")).toBe("static");

    const phone = await openPage(PHONE);
    // The page takes the map's layout from the first paint: nothing moves when the map arrives.
    await phone.addInitScript(() => {
      const w = window as unknown as { layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // A slow phone: the streamed page is painted before it is all parsed (the map's element comes after the list).
    const cdp = await phone.context().newCDPSession(phone);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    await phone.goto(`${portal.url}/vendita/case/milano/mappa/`);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await mapReady(phone);
    expect(await phone.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.1);
    const box = await canvasBox(phone);
    expect(box.width).toBe(390);
    expect(box.height).toBeGreaterThan(800);
    const handle = phone.locator(".map-list__handle");
    expect(await handle.getAttribute("aria-expanded")).toBe("false");
    await handle.click();
    expect(await handle.getAttribute("aria-expanded")).toBe("true");
    expect((await phone.locator(".map-list").boundingBox())!.height).toBeGreaterThan(300);
    expect(await seriousViolations(phone)).toEqual([]);
  });
});

/**
 * The guided flow's map area in Chromium (issue 25 item 2, docs/decisions/134): on the where step a desktop user
 * chooses 'Disegna l'area sulla mappa', the map opens on the place typed, draws an area with the mouse (clears
 * it and draws again), confirms it, sees the budget step's count equal to the results API's for that polygon,
 * goes on to save the search and finds it in MyCasa with the hash the results map's save of the same area has.
 * Without JavaScript the map choice is not offered and the place search still works. Axe on the map step.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser } from "../test/users.ts";
import { hydrated, it, NO_JAVASCRIPT, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
it.override("contextOptions", { viewport: { width: 1280, height: 900 } });

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

const digits = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

/** The page has handled the last input and painted what it reported (a point to read it at, not a pause). */
async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/** Draws a rectangle of four clicks around the map's centre and closes it on the first point. */
async function drawArea(page: Page, half: { x: number; y: number }): Promise<void> {
  const canvas = page.locator("[data-testid=area-map] canvas");
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error("no map canvas");
  const cx = box.x + box.width / 2,
    cy = box.y + box.height / 2;
  const corners = [
    [-half.x, -half.y],
    [half.x, -half.y],
    [half.x, half.y],
    [-half.x, half.y],
  ] as const;
  for (const [dx, dy] of corners) {
    await page.mouse.click(cx + dx, cy + dy);
    await painted(page);
  }
  await page.mouse.click(cx + corners[0][0], cy + corners[0][1]);
}

describe("the guided flow's map area", () => {
  it("draws an area on the map, counts it as the results API does and saves it as the results map would", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const user = await createTestUser(portal.database.db, "mappa-guidata@casa.example", "Segreta123", "Utente Mappa");
    await page.goto(`${portal.url}/accedi/`);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect.poll(() => page.getByTestId("site-user-name").count()).toBe(1);
    const heading = () => page.getByRole("heading", { level: 1 }).textContent();

    await page.goto(`${portal.url}/cerca-casa/?passo=dove&contratto=vendita`);
    expect(await heading()).toBe("Dove cerchi casa?");
    // The map choice appears once the page runs.
    const mapChoice = page.getByRole("radio", { name: "Disegna l'area sulla mappa" });
    await expect.poll(() => mapChoice.count(), { timeout: 15_000 }).toBe(1);
    await hydrated(mapChoice);
    await page.getByLabel("Comune, zona o quartiere").fill("Milano");
    await mapChoice.check();
    const map = page.getByTestId("area-map");
    await expect.poll(() => map.getAttribute("data-map-state"), { timeout: 30_000 }).toBe("ready");
    // The map goes to the place typed: Milano's box.
    await expect
      .poll(async () => {
        const [west, south, east, north] = ((await map.getAttribute("data-bbox")) ?? "").split(",").map(Number) as number[];
        const [lon, lat] = [(west! + east!) / 2, (south! + north!) / 2];
        return lon > 9.1 && lon < 9.25 && lat > 45.42 && lat < 45.52 && east! - west! < 0.6;
      })
      .toBe(true);
    const confirm = page.getByRole("button", { name: "Conferma area" });
    expect(await confirm.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Cancella area" }).isDisabled()).toBe(true);
    expect(await page.getByRole("group", { name: "Mappa per disegnare l'area" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Draw, clear, draw a smaller one: the clear button and the confirm button follow the area.
    await drawArea(page, { x: 200, y: 150 });
    await expect.poll(() => map.getAttribute("data-area")).toMatch(/^[\d.]+,[\d.]+(;[\d.]+,[\d.]+){3}$/);
    expect(await confirm.isDisabled()).toBe(false);
    await page.getByRole("button", { name: "Cancella area" }).click();
    await expect.poll(() => map.getAttribute("data-area")).toBe("");
    expect(await confirm.isDisabled()).toBe(true);
    await drawArea(page, { x: 160, y: 120 });
    await expect.poll(() => map.getAttribute("data-area")).toMatch(/^[\d.]+,[\d.]+(;[\d.]+,[\d.]+){3}$/);
    const area = (await map.getAttribute("data-area"))!;
    expect(await seriousViolations(page)).toEqual([]);
    // Confirmed from the keyboard.
    await confirm.focus();
    await page.keyboard.press("Enter");

    await expect.poll(heading).toBe("Qual è il tuo budget?");
    expect(new URL(page.url()).searchParams.get("geopolygon")).toBe(area);
    expect(new URL(page.url()).searchParams.has("luogo")).toBe(false);
    const count = page.getByTestId("guided-count");
    const shown = digits(await count.textContent());
    const api = await fetch(`${portal.url}/portal-srp/api/v1/search/availableresults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ uri: `/vendita/case/?geopolygon=${area}` }),
    });
    const results = (await api.json()) as { total?: number; count?: number };
    expect(shown).toBe(results.total ?? results.count);
    expect(shown).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(heading).toBe("Quanti locali e bagni?");
    expect(digits(await page.getByTestId("locali-1").textContent())).toBe(shown);
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(heading).toBe("Cosa non deve mancare?");
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(heading).toBe("Salva la ricerca e ricevi gli avvisi");
    await page.getByLabel("Avvisi via email").selectOption({ label: "Subito" });
    await page.getByRole("button", { name: "Salva ricerca" }).click();
    await expect.poll(heading).toBe("Grazie! La tua ricerca è salvata");

    await page.getByRole("link", { name: "Le mie ricerche" }).click();
    const item = page.getByTestId("saved-search");
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain("Ricerca su Mappa");
    const results2 = new URL((await item.getByRole("link", { name: /Modifica dai risultati/ }).getAttribute("href"))!, portal.url);
    // Saved in the saved searches' canonical form (the ring may start at another corner): the same points.
    const points = (text: string) => text.split(";").sort();
    expect(points(results2.searchParams.get("geopolygon")!)).toEqual(points(area));

    // The same area saved from the results map: the same hash.
    const saved = await portal.database.db
      .selectFrom("savedSearches")
      .innerJoin("users", "users.id", "savedSearches.userId")
      .where("users.email", "=", user.email)
      .select(["savedSearches.hash"])
      .execute();
    expect(saved).toHaveLength(1);
    const fromResultsMap = await page.evaluate(async (uri) => {
      const res = await fetch("/portal-srp/api/v1/mycasa/searches/serialize", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ searchData: { uri } }),
      });
      return (await res.json()).data.serialize.hash as string;
    }, `/vendita/case/mappa/?geopolygon=${area}`);
    expect(fromResultsMap).toBe(saved[0]!.hash);
    expect(errors).toEqual([]);
  }, 240_000);

  it("offers no map without JavaScript, and the place search still works", async ({ openPage }) => {
    const page = await openPage(NO_JAVASCRIPT);
    await page.goto(`${portal.url}/cerca-casa/?passo=dove&contratto=affitto`);
    expect(await page.getByRole("radio").count()).toBe(2);
    expect(await page.getByRole("radio", { name: "Disegna l'area sulla mappa" }).count()).toBe(0);
    await page.getByLabel("Comune, zona o quartiere").fill("Milano");
    await page.getByRole("button", { name: "Avanti" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Qual è il tuo budget?");
    expect(new URL(page.url()).searchParams.get("q")).toBe("Milano");
  });
});

/** A home seeker on the results page in Chromium: narrow, sort, page, open a listing and come back; without JavaScript; on a phone. */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, NO_JAVASCRIPT, PHONE, seriousViolations, SMALL_PHONE } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

/** A town of the province of Milano with no homes for sale and at least 6 nearby listings in its fill-in, found over HTTP. */
async function townWithoutHomesForSale(): Promise<string> {
  const province = await (await fetch(`${portal.url}/lh/v2/province/milano?channel=vendita`)).json();
  for (const town of province.locations.filter((l: { level: number; count: number }) => l.level === 9 && l.count === 0)) {
    const html = await (await fetch(`${portal.url}/vendita/case/${town.slug}/`)).text();
    if ((html.match(/<article class="result-card"/g)?.length ?? 0) >= 6) return town.slug;
  }
  throw new Error("no town of the province of Milano without listings for sale but with neighbours");
}

const euros = (text: string) => Number(text.replace(/[^\d]/g, ""));

async function total(page: Page): Promise<number> {
  return euros((await page.getByTestId("search-total").textContent()) ?? "");
}

async function prices(page: Page): Promise<number[]> {
  // A private negotiation ('Trattativa riservata') has no price to compare.
  return (await page.locator(".search-results > .results-list .result-card__price strong").allTextContents())
    .filter((t) => /\d/.test(t))
    .map((t) => euros(t.split("-")[0]!));
}

/** Waits for the address to match and the results of that address to be on screen (client navigations update the URL first). */
async function waitForResults(page: Page, url: RegExp): Promise<void> {
  await page.waitForURL(url);
  await page.waitForFunction(() => {
    const shown = document.querySelector<HTMLElement>("[data-search-path]")?.dataset.searchPath;
    return shown !== undefined && decodeURIComponent(shown) === decodeURIComponent(location.pathname + location.search);
  });
}

/** The whole flow; `js` says whether the page can run scripts (the sort then applies by itself). */
async function narrowSortPageAndComeBack(page: Page, options: { js: boolean; openFilters?: () => Promise<void> }): Promise<void> {
  await page.goto(`${portal.url}/vendita/case/roma/`);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Roma/);
  const all = await total(page);
  expect(all).toBeGreaterThan(25);

  // Narrow by price and rooms through the form.
  await options.openFilters?.();
  await page.getByLabel("Prezzo massimo (€)").fill("400000");
  await page.getByLabel("Locali minimi").selectOption("2");
  await page.locator("#filtri-form button[type=submit]").click();
  await waitForResults(page, /price_max=400000/);
  expect(page.url()).toMatch(/numRooms_min=2/);
  const narrowed = await total(page);
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(all);
  expect(Math.max(...(await prices(page)))).toBeLessThanOrEqual(400000);
  expect(await page.locator(".filters-toggle").textContent()).toBe("Filtri (2)");

  // Sort by price, lowest first (with JavaScript the choice applies by itself, once React handles it).
  if (options.js) await hydrated(page.getByLabel("Ordina per"));
  await page.getByLabel("Ordina per").selectOption({ label: "Prezzo crescente" });
  if (!options.js) await page.getByRole("button", { name: "Ordina", exact: true }).click();
  await waitForResults(page, /sortType=prezzo-crescente/);
  const sorted = await prices(page);
  expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
  expect(await total(page)).toBe(narrowed);

  // Page 2 keeps the filters and the order.
  await page.locator('.pager a[rel="next"]').click();
  await waitForResults(page, /page=2/);
  expect(page.url()).toMatch(/price_max=400000.*sortType=prezzo-crescente|sortType=prezzo-crescente.*price_max=400000/);
  expect((await prices(page))[0]).toBeGreaterThanOrEqual(sorted[sorted.length - 1]!);
  const listUrl = page.url();

  // Open a listing further down and come back to the same place in the list.
  const card = page.locator(".search-results > .results-list .result-card").nth(5);
  await card.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  const title = await card.locator(".result-card__title a").textContent();
  await card.locator(".result-card__title a").click();
  await page.waitForURL(/\/annunci\/\d+\//);
  await page.goBack();
  await waitForResults(page, new RegExp(`^${listUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  expect(await page.locator(".search-results > .results-list .result-card").nth(5).locator(".result-card__title a").textContent()).toBe(
    title,
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 200);
}

describe("search results page in Chromium", () => {
  it("lets a desktop visitor narrow, sort, page, open a listing and come back, with no serious accessibility problems", async ({
    page,
  }) => {
    await page.goto(`${portal.url}/vendita/case/milano/`);
    expect(await seriousViolations(page)).toEqual([]);
    await narrowSortPageAndComeBack(page, { js: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("works with JavaScript disabled", async ({ openPage }) => {
    await narrowSortPageAndComeBack(await openPage(NO_JAVASCRIPT), { js: false });
  });

  it("works on a phone with JavaScript disabled: 'Filtri' opens the panel through #filtri", async ({ openPage }) => {
    const page = await openPage({ ...SMALL_PHONE, ...NO_JAVASCRIPT });
    await narrowSortPageAndComeBack(page, {
      js: false,
      openFilters: async () => {
        expect(await page.getByLabel("Prezzo massimo (€)").isVisible()).toBe(false);
        await page.locator(".filters-toggle").click();
        await page.waitForURL(/#filtri$/);
        expect(await page.getByLabel("Prezzo massimo (€)").isVisible()).toBe(true);
      },
    });
  });

  it("shows the filters behind 'Filtri' on a phone, as a modal that Escape closes, and fits the screen", async ({ openPage }) => {
    const page = await openPage(PHONE);
    await page.goto(`${portal.url}/vendita/case/milano/`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.getByLabel("Prezzo massimo (€)").isVisible()).toBe(false);
    const toggle = page.getByRole("button", { name: "Filtri" });
    await hydrated(toggle);
    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Filtra la ricerca" });
    expect(await dialog.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    expect(await dialog.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Filtri");
    await narrowSortPageAndComeBack(page, {
      js: true,
      openFilters: async () => {
        await hydrated(toggle);
        await toggle.click();
      },
    });
  });

  it("switches to English and keeps the search", async ({ page }) => {
    await page.goto(`${portal.url}/vendita/case/roma/?price_max=400000`);
    await page.getByRole("link", { name: "Read this page in English" }).click();
    await page.waitForURL(/\/en\/vendita\/case\/roma\/\?price_max=400000$/);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.getByTestId("search-total").textContent()).toMatch(/^\d+ listings$/);
    expect(await page.getByLabel("Maximum price (€)").inputValue()).toBe("400000");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("follows the filter dropdown rules and sends the choice with the form", async ({ page }) => {
    await page.goto(`${portal.url}/vendita/case/roma/`);
    await page.getByText("Stato e classe energetica").click();
    const button = page.getByRole("button", { name: /^Classe energetica/ });
    expect(await button.textContent()).toBe("Seleziona");
    await hydrated(button);
    await button.click();
    const options = page.locator("#dd-energyClass-options");
    await options.getByLabel("A4").check();
    await options.getByLabel("B").check();
    expect(await options.isVisible()).toBe(true); // multiple choice stays open
    expect(await button.textContent()).toBe("2 selezionate");
    await options.getByLabel("Indifferente").check(); // the default clears the others
    expect(await button.textContent()).toBe("Seleziona");
    await options.getByLabel("B").check();
    await options.getByLabel("B").uncheck(); // removing the last restores the default
    expect(await options.getByLabel("Indifferente").isChecked()).toBe(true);
    await options.getByLabel("C").check();
    expect(await button.textContent()).toBe("C");
    await page.keyboard.press("Escape");
    expect(await options.isVisible()).toBe(false);
    await page.locator("#filtri-form button[type=submit]").click();
    await waitForResults(page, /energyClass=C/);
    expect(await page.getByRole("button", { name: /^Classe energetica/ }).textContent()).toBe("C");
  });

  it("opens and closes the related places, turns the photos with the image-position anchor", async ({ page }) => {
    await page.goto(`${portal.url}/vendita/case/milano/`);
    const summary = page.locator(".related-places summary");
    await hydrated(summary); // a click outside and Escape close it only with JavaScript
    await summary.click();
    const firstRelated = page.locator(".related-places ul a").first();
    expect(await firstRelated.isVisible()).toBe(true);
    await page.getByRole("heading", { level: 1 }).click();
    expect(await firstRelated.isVisible()).toBe(false);
    await summary.click();
    await page.keyboard.press("Escape");
    expect(await firstRelated.isVisible()).toBe(false);

    const card = page
      .locator(".result-card")
      .filter({ has: page.locator(".result-card__carousel") })
      .first();
    const link = card.locator(".result-card__title a");
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/annunci\/\d+\/$/);
    await hydrated(card.getByRole("button", { name: /^Foto successiva/ }));
    await card.getByRole("button", { name: /^Foto successiva/ }).click();
    expect(await link.getAttribute("href")).toBe(`${href}#foto2`);
    expect(await card.locator(".result-card__counter").textContent()).toMatch(/^Foto 2 di \d+$/);
  });

  it("shows the empty state, and reveals the nearby listings one by one when a town has none", async ({ page }) => {
    await page.goto(`${portal.url}/vendita/case/roma/?price_max=1`);
    expect(await page.getByRole("heading", { name: "Al momento non ci sono annunci con le caratteristiche che cerchi" }).count()).toBe(1);
    expect(await page.getByText("Prova a modificare o eliminare qualche filtro").count()).toBe(1);

    await page.goto(`${portal.url}/vendita/case/${await townWithoutHomesForSale()}/`);
    expect(await page.getByTestId("search-total").textContent()).toBe("0 annunci");
    expect(await page.getByText("Prova a modificare o eliminare qualche filtro").count()).toBe(0);
    const nearby = page.locator(".fill-in .result-card");
    const all = await nearby.count();
    expect(all).toBeGreaterThan(4); // all server-rendered; beyond the top 2 inside a closed <details>
    const visible = () => nearby.evaluateAll((cards) => cards.filter((c) => c.checkVisibility()).length);
    expect(await visible()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    // The page notes how many are visible at each change: round trips from a busy test process would miss steps.
    await page.evaluate(() => {
      const steps: number[] = [];
      (window as unknown as { revealSteps: number[] }).revealSteps = steps;
      const section = document.querySelector(".fill-in")!;
      new MutationObserver(() => {
        steps.push([...section.querySelectorAll(".result-card")].filter((c) => c.checkVisibility()).length);
      }).observe(section, { childList: true, subtree: true });
    });
    const trigger = page.getByText(/^Vedi [\d.]+ annunci vicini$/);
    await hydrated(trigger);
    await trigger.click();
    // Revealed one by one, 150 ms apart: first some, then all.
    await expect.poll(visible, { timeout: 15_000 }).toBe(all);
    const steps = await page.evaluate(() => (window as unknown as { revealSteps: number[] }).revealSteps);
    expect(steps.filter((n) => n > 2 && n < all).length).toBeGreaterThan(0);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
  });
});

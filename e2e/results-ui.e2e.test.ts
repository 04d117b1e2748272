/**
 * The results page on a phone (390×844), a tablet (820×1180) and a desktop (issue 8 items 6 and 7):
 * the compact header with its menu, the first card on the first screen, browser back closing the
 * filter panel, the tablet layout, changing and adding places from the results page (with and
 * without JavaScript, streets included), and 'Scegli il luogo' for a town without zones.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { DESKTOP, it, NO_JAVASCRIPT, PHONE, seriousViolations, TABLET } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

/** Opens a results page and waits for hydration (the smart-back button renders on the client only). */
async function openResults(page: Page, path: string): Promise<void> {
  await page.goto(`${portal.url}${path}`);
  await page.getByRole("button", { name: "Indietro" }).waitFor();
}

const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return decodeURIComponent(`${u.pathname}${u.search}`);
};

/** Whether the element is rendered (a closed <details> keeps its content in the layout tree but hides it). */
const shown = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }));

describe("header and first screen", () => {
  it("fits the header in one line on a phone, with a keyboard-operable menu, and shows the first card on the first screen", async ({
    openPage,
  }) => {
    const page = await openPage(PHONE);
    await openResults(page, "/vendita/case/milano/");
    const header = (await page.locator(".site-header").boundingBox())!;
    expect(header.height).toBeLessThan(80);
    const firstCard = (await page.locator(".search-results > .results-list > li").first().boundingBox())!;
    expect(firstCard.y).toBeLessThan(PHONE.viewport.height);

    // The links sit behind 'Menu'; Enter opens it, Escape closes it and the focus returns.
    expect(await shown(page, ".site-nav a")).toBe(false);
    const menu = page.locator(".site-menu__toggle");
    await menu.focus();
    await page.keyboard.press("Enter");
    const rent = page.getByRole("navigation", { name: "Navigazione principale" }).getByRole("link", { name: "Affittare" });
    await rent.waitFor();
    expect(await shown(page, ".site-nav a")).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    expect(await shown(page, ".site-nav a")).toBe(false);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await menu.click();
    await rent.click();
    await page.waitForURL(/\/affitto\/case\/$/);
  });

  it("opens the phone menu without JavaScript", async ({ openPage }) => {
    const page = await openPage({ ...PHONE, ...NO_JAVASCRIPT });
    await page.goto(`${portal.url}/vendita/case/milano/`);
    expect(await shown(page, ".site-nav a")).toBe(false);
    await page.locator(".site-menu__toggle").click();
    await page.getByRole("link", { name: "Valuta casa" }).click();
    await page.waitForURL(/\/valutazione-immobile\/$/);
  });

  it("shows the navigation as a row on tablets and desktops", async ({ openPage }) => {
    for (const device of [TABLET, DESKTOP]) {
      const page = await openPage(device);
      await openResults(page, "/vendita/case/milano/");
      expect(await shown(page, ".site-menu__toggle")).toBe(false);
      expect(await shown(page, ".site-nav a")).toBe(true);
      expect((await page.locator(".site-header").boundingBox())!.height).toBeLessThan(80);
    }
  });
});

describe("phone results page: the first photo high up (issue 27 §5)", () => {
  it("at 390x844 the first photo starts within 400 px: one sideways row of chips, 'Salva ricerca' and 'Mappa' side by side, filters behind one button", async ({
    openPage,
  }) => {
    const page = await openPage(PHONE);
    await openResults(page, "/vendita/case/milano/?price_max=900000");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const photoTop = await page
      .locator(".results-list .result-card__media")
      .first()
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(photoTop).toBeLessThan(400);
    // 'Salva ricerca' and 'Mappa' in one row.
    const save = (await page.locator(".search-header .save-search-button").boundingBox())!;
    const map = (await page.getByTestId("show-map").boundingBox())!;
    expect(Math.abs(save.y - map.y)).toBeLessThan(2);
    // One row of chips: the filters' button, the place searched and the tools, on one line that scrolls sideways.
    const row = page.locator(".search-tools");
    const tops = await row.evaluate((el) =>
      [el.querySelector(".filters-toggle"), el.querySelector(".place-chip"), ...el.querySelectorAll(".st-button")].map((c) =>
        Math.round(c!.getBoundingClientRect().top),
      ),
    );
    expect(tops.length).toBeGreaterThanOrEqual(4);
    expect(new Set(tops).size).toBe(1);
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === "auto")).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.viewport.width);
    // The filters sit behind 'Filtri (1)': opened by keyboard, the focus inside; Escape closes and gives it back.
    expect(await page.locator("#filtri-form").isVisible()).toBe(false);
    const toggle = row.locator(".filters-toggle");
    expect(await toggle.textContent()).toBe("Filtri (1)");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Filtra la ricerca" });
    await panel.waitFor();
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("without JavaScript the same button opens the filters (#filtri) and the photo stays high up", async ({ openPage }) => {
    const page = await openPage({ ...PHONE, ...NO_JAVASCRIPT });
    await page.goto(`${portal.url}/vendita/case/milano/`);
    const photoTop = await page
      .locator(".results-list .result-card__media")
      .first()
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(photoTop).toBeLessThan(400);
    expect(await page.locator("#filtri-form").isVisible()).toBe(false);
    await page.locator(".search-tools .filters-toggle").click();
    await expect.poll(() => page.locator("#filtri-form").isVisible()).toBe(true);
    expect(new URL(page.url()).hash).toBe("#filtri");
  });
});

describe("filter panel", () => {
  for (const [name, device] of [
    ["phone", PHONE],
    ["tablet", TABLET],
  ] as const) {
    it(`closes on browser back on a ${name}, without leaving the page`, async ({ openPage }) => {
      const page = await openPage(device);
      await openResults(page, "/vendita/case/roma/");
      await openResults(page, "/vendita/case/milano/");
      const before = pathOf(page);
      await page.locator(".filters-toggle").click();
      const panel = page.getByRole("dialog", { name: "Filtra la ricerca" });
      await panel.waitFor();
      await page.goBack();
      await panel.waitFor({ state: "hidden" });
      expect(pathOf(page)).toBe(before);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Milano/);

      // Closed with its button, the panel leaves no entry behind: back leaves the page.
      await page.locator(".filters-toggle").click();
      await panel.waitFor();
      await page.getByRole("link", { name: "Chiudi i filtri" }).click();
      await panel.waitFor({ state: "hidden" });
      expect(pathOf(page)).toBe(before);
      await page.goBack();
      await page.waitForURL(/\/roma\/$/);
    });
  }
});

describe("tablet layout", () => {
  it("lays cards two by two and opens the filters as a side sheet", async ({ openPage }) => {
    const page = await openPage(TABLET);
    await openResults(page, "/vendita/case/milano/");
    const [a, b] = await Promise.all(
      [0, 1].map(async (i) => (await page.locator(".search-results > .results-list > li").nth(i).boundingBox())!),
    );
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
    await page.locator(".filters-toggle").click();
    const panel = page.getByRole("dialog", { name: "Filtra la ricerca" });
    await panel.waitFor();
    const sheet = (await panel.boundingBox())!;
    expect(sheet.width).toBeLessThan(TABLET.viewport.width * 0.65);
    expect(sheet.height).toBeGreaterThan(TABLET.viewport.height * 0.95);
    expect(await seriousViolations(page)).toEqual([]);
    // A phone keeps one column and the full-screen panel.
    const phone = await openPage(PHONE);
    await openResults(phone, "/vendita/case/milano/");
    const [c, d] = await Promise.all(
      [0, 1].map(async (i) => (await phone.locator(".search-results > .results-list > li").nth(i).boundingBox())!),
    );
    expect(d!.y).toBeGreaterThan(c!.y + c!.height - 1);
    await phone.locator(".filters-toggle").click();
    expect((await phone.getByRole("dialog", { name: "Filtra la ricerca" }).boundingBox())!.width).toBe(PHONE.viewport.width);
  });
});

describe("place search on the results page", () => {
  it("adds a place picked in the autocomplete, keeps the filters, and removes a place", async ({ openPage }) => {
    const page = await openPage(PHONE);
    await openResults(page, "/vendita/case/bologna/?price_max=500000");
    const box = page.getByRole("combobox", { name: "Aggiungi un luogo" });
    await box.pressSequentially("imola", { delay: 30 });
    await page.getByRole("option", { name: "Imola (BO)", exact: true }).click();
    // Two places: the first in the path, the other by id in `zones`.
    await page.waitForURL(/zones=/);
    await page.getByRole("button", { name: "Indietro" }).waitFor();
    expect(pathOf(page)).toMatch(/price_max=500000/);
    // The URL changes a moment before the new page has rendered: wait for its chips.
    const chips = page.getByRole("list", { name: "Luoghi della ricerca" });
    await expect
      .poll(async () => (await chips.getByRole("listitem").allTextContents()).map((t) => t.replace("×", "").trim()).sort())
      .toEqual(["Bologna", "Imola"]);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/Bologna e un'altra località|Imola e un'altra località/);

    await page.getByRole("link", { name: "Togli Bologna dalla ricerca" }).click();
    await page.waitForURL((url) => url.pathname === "/vendita/case/imola/");
    expect(pathOf(page)).toMatch(/price_max=500000/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Case in vendita a Imola");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("searches around a street picked on the results page, and says so", async ({ page }) => {
    await openResults(page, "/affitto/case/milano/");
    const box = page.getByRole("combobox", { name: "Aggiungi un luogo" });
    await box.pressSequentially("via roma 12", { delay: 30 });
    const option = page.getByRole("option").first();
    await option.waitFor();
    const label = (await option.textContent())!;
    expect(label).toMatch(/^Via Roma, /);
    await option.click();
    await page.waitForURL(/geocircle=/);
    expect(pathOf(page)).toMatch(/^\/affitto\/case\/\?geocircle=[\d.]+,[\d.]+,500$/);
    const street = label.replace(/ \([A-Z]{2}\)$/, "");
    // The URL changes before the new page has rendered: wait for its heading.
    await page.getByRole("heading", { level: 1, name: `Case in affitto entro 500 m da ${street}`, exact: true }).waitFor();
    expect(await page.title()).toBe(`Case in affitto entro 500 m da ${street}`);
  });

  it("works without JavaScript: free text is resolved, and an unknown place says so", async ({ openPage }) => {
    const page = await openPage({ ...PHONE, ...NO_JAVASCRIPT });
    await page.goto(`${portal.url}/vendita/case/bologna/?price_max=500000`);
    await page.getByLabel("Aggiungi un luogo").fill("imola");
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL(/zones=/);
    expect(pathOf(page)).toMatch(/price_max=500000/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/e un'altra località/);

    await page.getByLabel("Aggiungi un luogo").fill("zzqqxx");
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL(/esito=nessun-risultato/);
    expect(await page.getByRole("alert").textContent()).toContain("Nessun risultato per «zzqqxx»");
    expect(await page.getByLabel("Aggiungi un luogo").inputValue()).toBe("zzqqxx");
  });
});

describe("'Scegli il luogo' for a town without zones", () => {
  it("offers the province's towns, with the town ticked", async ({ page }) => {
    await openResults(page, "/vendita/case/bologna/");
    await page.getByRole("button", { name: /Scegli il luogo/ }).click();
    const dialog = page.getByRole("dialog", { name: "Scegli il luogo" });
    await dialog.waitFor();
    const bologna = dialog.getByRole("checkbox", { name: /^Bologna/ });
    await bologna.waitFor();
    expect(await bologna.isChecked()).toBe(true);
    expect(await dialog.getByRole("checkbox").count()).toBeGreaterThan(20);
    expect(await dialog.textContent()).not.toContain("Nessuna scelta");
    await dialog.getByRole("checkbox", { name: /^Imola/ }).check();
    await dialog.getByRole("button", { name: "Applica" }).click();
    await page.waitForURL(/zones=/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/e un'altra località/);
  });
});

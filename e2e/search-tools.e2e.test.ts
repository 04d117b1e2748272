/**
 * The search tools on the results page, as a visitor uses them in Chromium: the locality modal
 * 'Scegli il luogo' with its checkbox tree, the property-type panel, 'Ricerche recenti', the live
 * count of the filter panel and 'Indietro'; browser back closes an open modal first; keyboard only;
 * no serious accessibility problems with each modal open; a failing call shows a short message.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, seriousViolations, SMALL_PHONE } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

/** Opens a results page and waits until React has hydrated it (the tools only work then). */
async function openResults(page: Page, path: string): Promise<void> {
  await page.goto(`${portal.url}${path}`);
  await page.getByRole("button", { name: /Scegli il luogo/ }).waitFor();
  // Hydration is done when a tool responds: the smart-back button only renders on the client.
  await page.getByRole("button", { name: "Indietro" }).waitFor();
}

const path = (page: Page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};

describe("search tools on the results page", () => {
  it("chooses zones in 'Scegli il luogo', and browser back closes the modal first", async ({ page }) => {
    await openResults(page, "/vendita/case/milano/");
    const localityButton = page.getByRole("button", { name: /Scegli il luogo/ });
    expect(await localityButton.textContent()).toContain("Milano");

    await localityButton.click();
    const dialog = page.getByRole("dialog", { name: "Scegli il luogo" });
    await dialog.waitFor();
    const brera = dialog.getByRole("checkbox", { name: /^Brera/ });
    await brera.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Browser back closes the modal and stays on the same search.
    await page.goBack();
    await dialog.waitFor({ state: "hidden" });
    expect(path(page)).toBe("/vendita/case/milano/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Milano");

    // Choose two zones and apply.
    await localityButton.click();
    await dialog.getByRole("checkbox", { name: /^Brera/ }).check();
    await dialog.getByRole("checkbox", { name: /^Duomo/ }).check();
    await dialog.getByRole("button", { name: "Applica" }).click();
    await page.waitForURL((u) => u.pathname !== "/vendita/case/milano/" || u.search !== "");
    await dialog.waitFor({ state: "hidden" });
    const chosen = path(page);
    expect(chosen).toMatch(/brera|duomo/);
    await expect.poll(() => page.getByRole("button", { name: /Scegli il luogo/ }).textContent()).toMatch(/(Brera|Duomo) \+1/);

    // Back from the new search returns to the town, not to an open modal.
    await page.goBack();
    await page.waitForURL(`${portal.url}/vendita/case/milano/`);
    expect(await dialog.isVisible()).toBe(false);
  });

  it("checks all the children of a parent and opens it; a parent with some children is indeterminate", async ({ page }) => {
    await openResults(page, "/vendita/case/roma/");
    await page.getByRole("button", { name: /Scegli il luogo/ }).click();
    const dialog = page.getByRole("dialog", { name: "Scegli il luogo" });
    const municipio = dialog.getByRole("checkbox", { name: /^Municipio I \(/ });
    await municipio.check();
    const toggle = dialog.getByRole("button", { name: /Nascondi le zone di Municipio I$/ });
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const children = municipio.locator("xpath=ancestor::li[1]").locator(".st-tree__group input[type=checkbox]");
    await expect.poll(() => children.count()).toBeGreaterThan(1);
    const n = await children.count();
    for (let i = 0; i < n; i++) expect(await children.nth(i).isChecked()).toBe(true);

    await children.first().uncheck();
    expect(await municipio.isChecked()).toBe(false);
    expect(await municipio.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    expect(await municipio.getAttribute("aria-checked")).toBe("mixed");
    await children.first().check();
    expect(await municipio.isChecked()).toBe(true);
  });

  it("lists a province's towns, and keeps several chosen towns in the province's tree", async ({ page }) => {
    await openResults(page, "/vendita/case/milano-provincia/");
    await page.getByRole("button", { name: /Scegli il luogo/ }).click();
    const dialog = page.getByRole("dialog", { name: "Scegli il luogo" });
    await dialog.getByRole("checkbox", { name: /^Sesto San Giovanni \(/ }).check();
    await dialog
      .getByRole("checkbox", { name: /^Monza|^Rho \(/ })
      .first()
      .check();
    await dialog.getByRole("button", { name: "Applica" }).click();
    await page.waitForURL((u) => u.pathname !== "/vendita/case/milano-provincia/");
    await expect.poll(() => page.getByRole("button", { name: /Scegli il luogo/ }).textContent()).toMatch(/\+1$/);
    await page.getByRole("button", { name: "Indietro" }).waitFor();
    await page.getByRole("button", { name: /Scegli il luogo/ }).click();
    await dialog.getByRole("checkbox", { name: /^Sesto San Giovanni \(/ }).waitFor();
    expect(await dialog.getByRole("checkbox", { name: /^Sesto San Giovanni \(/ }).isChecked()).toBe(true);
    expect(await dialog.locator("input[type=checkbox]:checked").count()).toBe(2);
  });

  it("titles the locality modal 'Scegli dove' on a publisher's listings", async ({ page }) => {
    await openResults(page, "/vendita/case/roma/");
    const href = await page.locator('a[href*="pId="]').first().getAttribute("href");
    expect(href).toBeTruthy();
    await openResults(page, href!);
    await page.getByRole("button", { name: /Scegli il luogo/ }).click();
    await page.getByRole("dialog", { name: "Scegli dove" }).waitFor();
  });

  it("loads a modal's code without loading a stylesheet twice: the tools stay where they are", async ({ page }) => {
    await openResults(page, "/vendita/case/milano/");
    const stylesheets = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname),
      );
    const localityButton = page.getByRole("button", { name: /Scegli il luogo/ });
    const typesButton = page.getByRole("button", { name: /^Tipologia:/ });
    const boxes = async () => [await localityButton.boundingBox(), await typesButton.boundingBox()];
    const placed = await boxes();

    for (const [button, title] of [
      [localityButton, "Scegli il luogo"],
      [typesButton, "Tipologia"],
    ] as const) {
      await button.click();
      const dialog = page.getByRole("dialog", { name: title });
      await dialog.getByRole("checkbox").first().waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    }

    const after = await stylesheets();
    expect(after.length - new Set(after).size, `stylesheets linked twice: ${after.join(", ")}`).toBe(0);
    expect(await boxes()).toEqual(placed);
  });

  it("works with the keyboard only: focus stays in the modal, Escape closes it and returns the focus", async ({ page }) => {
    await openResults(page, "/vendita/case/milano/");
    const opener = page.getByRole("button", { name: /Scegli il luogo/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Scegli il luogo" });
    await dialog.getByRole("checkbox", { name: /^Brera/ }).waitFor();
    for (let i = 0; i < 250; i++) {
      await page.keyboard.press(i % 50 === 49 ? "Shift+Tab" : "Tab");
      if (i % 25 === 0) expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tick Brera with the space bar.
    await dialog.getByRole("checkbox", { name: /^Brera/ }).focus();
    await page.keyboard.press("Space");
    expect(await dialog.getByRole("checkbox", { name: /^Brera/ }).isChecked()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(path(page)).toBe("/vendita/case/milano/");
    // Closing popped the modal's history entry: back leaves the page now.
    expect(await page.evaluate(() => (history.state as { casaModal?: string } | null)?.casaModal)).toBeUndefined();
  });

  it("narrows by property type in the panel ('Tutte' clears), 542 px high on a desktop", async ({ page }) => {
    await openResults(page, "/vendita/case/milano/");
    const typesButton = page.getByRole("button", { name: /^Tipologia:/ });
    expect(await typesButton.textContent()).toBe("Case");
    // The button's own handlers, not only the page's: a click on server HTML opens nothing.
    await hydrated(typesButton);
    await typesButton.click();
    const dialog = page.getByRole("dialog", { name: "Tipologia" });
    await dialog.waitFor();
    expect(Math.round((await dialog.boundingBox())!.height)).toBe(542);
    // Sale offers no rooms (stanze).
    expect(await dialog.getByRole("radio", { name: "Stanze" }).count()).toBe(0);
    expect(await dialog.getByRole("checkbox", { name: "Tutte" }).isChecked()).toBe(true);
    await dialog.getByRole("checkbox", { name: "Villa" }).check();
    await dialog.getByRole("checkbox", { name: "Appartamento" }).check();
    expect(await dialog.getByRole("checkbox", { name: "Tutte" }).isChecked()).toBe(false);
    await dialog.getByRole("checkbox", { name: "Tutte" }).check();
    expect(await dialog.getByRole("checkbox", { name: "Villa" }).isChecked()).toBe(false);
    await dialog.getByRole("checkbox", { name: "Villa" }).check();
    await dialog.getByRole("checkbox", { name: "Appartamento" }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Applica" }).click();
    await page.waitForURL(/propertyTypes=appartamento,villa|propertyTypes=appartamento%2Cvilla/);
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByRole("button", { name: /^Tipologia:/ }).textContent()).toBe("Appartamento +1");
  });

  it("on a phone: the property-type panel is the window height minus 106 px, rent offers rooms, the locality modal fills the screen", async ({
    openPage,
  }) => {
    const page = await openPage(SMALL_PHONE);
    await openResults(page, "/affitto/case/milano/");
    await page.getByRole("button", { name: /^Tipologia:/ }).click();
    const dialog = page.getByRole("dialog", { name: "Tipologia" });
    await dialog.waitFor();
    expect(Math.round((await dialog.boundingBox())!.height)).toBe(740 - 106);
    await dialog.getByRole("radio", { name: "Stanze" }).check();
    expect(await dialog.getByRole("checkbox", { name: "Stanza" }).count()).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    // The locality modal fills the phone screen and has no serious accessibility problems either.
    await page.getByRole("button", { name: /Scegli il luogo/ }).click();
    const locality = page.getByRole("dialog", { name: "Scegli il luogo" });
    await locality.getByRole("checkbox", { name: /^Brera/ }).waitFor();
    const box = (await locality.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([360, 740]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("lists 'Ricerche recenti', newest first, and opens one", async ({ page }) => {
    await openResults(page, "/vendita/case/roma/");
    await openResults(page, "/affitto/case/milano/");
    await openResults(page, "/vendita/case/milano/");
    await page.getByRole("button", { name: "Ricerche recenti" }).click();
    const dialog = page.getByRole("dialog", { name: "Ricerche recenti" });
    await dialog.waitFor();
    const links = dialog.getByRole("link");
    expect(await links.count()).toBe(3);
    expect(await links.nth(0).textContent()).toBe("MilanoCase in vendita");
    expect(await links.nth(1).textContent()).toBe("MilanoCase in affitto");
    expect(await links.nth(2).textContent()).toBe("RomaCase in vendita");
    expect(await seriousViolations(page)).toEqual([]);
    await links.nth(2).click();
    await page.waitForURL(`${portal.url}/vendita/case/roma/`);
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Roma");
  });

  it("'Indietro' returns to the previous search", async ({ page }) => {
    await openResults(page, "/vendita/case/roma/");
    await openResults(page, "/vendita/case/milano/");
    await page.getByRole("button", { name: "Indietro" }).click();
    await page.waitForURL(`${portal.url}/vendita/case/roma/`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Roma");
  });

  // The timing (typed and multiple-choice changes after 500 ms, single choice at once) is core/search/live-count.test.ts.
  it("counts live in the filter panel as values are typed, ticked and chosen", async ({ page }) => {
    await openResults(page, "/vendita/case/milano/");
    const expected = async (filters: Record<string, unknown>) => {
      const response = await fetch(`${portal.url}/portal-srp/api/v1/search/availableresults`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ locations: ["IT-03-015146"], filters: { channel: "vendita", propertyTypeGroup: "case", ...filters } }),
      });
      const { total } = (await response.json()) as { total: number };
      return total === 0 ? "Nessun risultato" : `Vedi ${total.toLocaleString("it-IT")} ${total === 1 ? "risultato" : "risultati"}`;
    };
    const submit = page.locator(".st-live__submit");
    expect(await submit.textContent()).toBe(await expected({}));

    // Typing a price.
    await page.getByLabel("Prezzo massimo (€)").pressSequentially("250000", { delay: 30 });
    await expect.poll(() => submit.textContent()).toBe(await expected({ price_max: 250000 }));

    // Three energy classes ticked.
    await page.getByText("Stato e classe energetica").click();
    await page.getByRole("button", { name: /^Classe energetica/ }).click();
    for (const c of ["D", "E", "F"]) await page.getByRole("checkbox", { name: c, exact: true }).check();
    await expect.poll(() => submit.textContent()).toBe(await expected({ price_max: 250000, energyClass: ["D", "E", "F"] }));

    // A single choice.
    await page.getByLabel("Bagni").selectOption("2");
    await expect.poll(() => submit.textContent()).toBe(await expected({ price_max: 250000, energyClass: ["D", "E", "F"], numBaths: 2 }));

    // A failing count: a short Italian message, and the form keeps what was entered.
    await page.route("**/search/availableresults", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.getByLabel("Bagni").selectOption("3");
    await page.getByText("Si è verificato un problema, riprova.").waitFor();
    expect(await page.getByLabel("Prezzo massimo (€)").inputValue()).toBe("250000");
    expect(await page.getByLabel("Bagni").inputValue()).toBe("3");
    expect(
      await page.locator('input[type=hidden][name="energyClass"]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    ).toEqual(["D", "E", "F"]);
  });

  it("submits the filters with the count's button, even with a dropdown still open", async ({ page }) => {
    await openResults(page, "/vendita/case/milano/");
    await page.getByLabel("Prezzo massimo (€)").fill("400000");
    await page.getByText("Stato e classe energetica").click();
    await page.getByRole("button", { name: /^Classe energetica/ }).click();
    // The count of the last change: the one with both values.
    const counted = page.waitForResponse(
      (r) =>
        r.url().endsWith("/search/availableresults") &&
        /"G"/.test(r.request().postData() ?? "") &&
        /400000/.test(r.request().postData() ?? ""),
    );
    await page.getByRole("checkbox", { name: "G", exact: true }).check();
    const submit = page.locator(".st-live__submit");
    const { total } = (await (await counted).json()) as { total: number };
    await expect.poll(async () => Number((await submit.textContent())!.replace(/\D/g, "") || 0)).toBe(total);
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const promised = (await submit.textContent())!.replace(/\D/g, "");
    await submit.click();
    await page.waitForURL((u) => u.searchParams.get("energyClass") === "G" && u.searchParams.get("price_max") === "400000");
    await expect.poll(() => page.getByTestId("search-total").textContent()).toContain(promised);
  });

  it("speaks English under /en/, and recent searches open in the visitor's language", async ({ page }) => {
    await page.goto(`${portal.url}/en/vendita/case/roma/`);
    await page.getByRole("button", { name: "Back" }).waitFor();
    await page.getByRole("button", { name: /Choose the place/ }).click();
    const dialog = page.getByRole("dialog", { name: "Choose the place" });
    await dialog.getByRole("checkbox", { name: /^Municipio I \(/ }).waitFor();
    expect(await dialog.getByRole("button", { name: "Apply" }).isEnabled()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await page.getByRole("button", { name: /^Property type:/ }).textContent()).toBe("Homes");
    await page.getByRole("button", { name: "Recent searches" }).click();
    const recent = page.getByRole("dialog", { name: "Recent searches" });
    expect(await recent.getByRole("link").first().getAttribute("href")).toBe("/en/vendita/case/roma/");
    expect(await recent.getByRole("link").first().textContent()).toMatch(/^Rom[ea]Homes for sale$/);
  });

  it("shows a short Italian message when a call fails, and keeps the choices", async ({ page }) => {
    await openResults(page, "/vendita/case/milano/");
    // The places cannot be listed, and the search-URL code cannot be loaded (it is fetched when a tool opens).
    await page.route("**/assets/url-*.js", (route) => route.abort());
    await page.route("**/lh/v2/**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.getByRole("button", { name: /Scegli il luogo/ }).click();
    const dialog = page.getByRole("dialog", { name: "Scegli il luogo" });
    await dialog.getByText("Si è verificato un problema, riprova.").waitFor();
    await page.unroute("**/lh/v2/**");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: /^Tipologia:/ }).click();
    const types = page.getByRole("dialog", { name: "Tipologia" });
    await types.getByRole("checkbox", { name: "Villa" }).check();
    await types.getByRole("button", { name: "Applica" }).click();
    await types.getByText("Si è verificato un problema, riprova.").waitFor();
    expect(await types.getByRole("checkbox", { name: "Villa" }).isChecked()).toBe(true);
    expect(path(page)).toBe("/vendita/case/milano/");
  });
});

/** A visitor searches a town from the home page: autocomplete with the keyboard, on desktop and on a phone, and without JavaScript. */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, NO_JAVASCRIPT, PHONE, seriousViolations, suggestionsSettled } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

/** Types the text, waits for the suggestions, then moves down to `label` with the arrow keys and presses Enter. */
async function pickWithKeyboard(page: Page, comboboxName: string, text: string, label: string): Promise<void> {
  const box = page.getByRole("combobox", { name: comboboxName });
  await hydrated(box); // typed before, the text would fire no search
  await box.click();
  await box.pressSequentially(text, { delay: 40 });
  const option = page.getByRole("option", { name: label, exact: true });
  await option.waitFor();
  await suggestionsSettled(page);
  expect(await box.getAttribute("aria-expanded")).toBe("true");
  const labels = await page.getByRole("option").allTextContents();
  expect(labels.length).toBeLessThanOrEqual(5);
  const index = labels.indexOf(label);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i++) await box.press("ArrowDown");
  const active = await box.getAttribute("aria-activedescendant");
  expect(await page.locator(`#${active}`).textContent()).toBe(label);
  expect(await page.locator(`#${active}`).getAttribute("aria-selected")).toBe("true");
  await box.press("Enter");
}

describe("home search in Chromium", () => {
  it("desktop: 'milan' → Milano with the keyboard → the sale results URL; accessible with the list open", async ({ page }) => {
    await page.goto(`${portal.url}/`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${portal.url}/`);
    expect(await page.getByRole("navigation", { name: "Cosa vuoi fare" }).getByRole("link").allTextContents()).toEqual([
      "Vendere",
      "Comprare",
      "Affittare",
    ]);
    expect(await page.getByRole("link", { name: "Vendere" }).getAttribute("href")).toBe("/valutazione-immobile/");
    expect(await page.getByRole("link", { name: "Trova agenzia" }).getAttribute("href")).toBe("/trova-agenzia/");
    expect(await seriousViolations(page)).toEqual([]);

    const box = page.getByRole("combobox", { name: "Dove vuoi comprare casa?" });
    await hydrated(box);
    await box.pressSequentially("milan", { delay: 40 });
    await page.getByRole("option", { name: "Milano (MI)", exact: true }).waitFor();
    await suggestionsSettled(page);
    // The list: at most 192 px high, the locality prompt under it, and no accessibility problems while open.
    const listHeight = await page.getByRole("listbox").evaluate((el) => el.getBoundingClientRect().height);
    expect(listHeight).toBeLessThanOrEqual(192);
    expect(await page.getByText("Non hai trovato la località che cercavi?").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // Arrows wrap: up from nothing goes to the last entry, down from the last to the first.
    const count = await page.getByRole("option").count();
    await box.press("ArrowUp");
    expect(await page.locator(`#${await box.getAttribute("aria-activedescendant")}`).textContent()).toBe(
      await page
        .getByRole("option")
        .nth(count - 1)
        .textContent(),
    );
    await box.press("ArrowDown");
    expect(await page.locator(`#${await box.getAttribute("aria-activedescendant")}`).textContent()).toBe(
      await page.getByRole("option").first().textContent(),
    );
    // Hover moves the highlight; Escape closes the list.
    await page.getByRole("option").nth(1).hover();
    expect(await page.getByRole("option").nth(1).getAttribute("aria-selected")).toBe("true");
    await box.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");

    await box.fill("");
    await pickWithKeyboard(page, "Dove vuoi comprare casa?", "milan", "Milano (MI)");
    await page.waitForURL(`${portal.url}/vendita/case/milano/`);
    expect((await fetch(page.url())).status).toBe(200);
  });

  it("phone 390×844: the rent tab, 'milan' → Milano with the keyboard → the rent results URL, nothing wider than the screen", async ({
    openPage,
  }) => {
    const page = await openPage(PHONE);
    await page.goto(`${portal.url}/`);
    const tabs = page.getByRole("navigation", { name: "Cosa vuoi fare" });
    await tabs.getByRole("link", { name: "Affittare" }).click();
    await page.waitForURL(`${portal.url}/?tab=affitto`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${portal.url}/affitto/case/`);
    expect(await tabs.getByRole("link", { name: "Affittare" }).getAttribute("aria-current")).toBe("page");
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await pickWithKeyboard(page, "Dove cerchi casa in affitto?", "milan", "Milano (MI)");
    await page.waitForURL(`${portal.url}/affitto/case/milano/`);
    expect((await fetch(page.url())).status).toBe(200);
  });

  it("says 'Nessun risultato', and switches the prompt to address wording after a street word", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/smartsuggest/suggest")) asked.push((JSON.parse(r.postData() ?? "{}") as { qs: string }).qs);
    });
    // The page's clock runs on its own, and the test can fire its timers at once (the autocomplete's throttle).
    await page.clock.install();
    await page.goto(`${portal.url}/`);
    const box = page.getByRole("combobox", { name: "Dove vuoi comprare casa?" });
    await hydrated(box);
    await box.pressSequentially("m", { delay: 40 });
    await page.clock.runFor(1_000);
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    await box.fill("");
    await box.pressSequentially("qzxqzxq", { delay: 20 });
    await page.locator(".place-autocomplete__empty").getByText("Nessun risultato").waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    // One character asked nothing, even once its timers had run (a request for it would have come first).
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((qs) => [...qs.trim()].length < 2)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await box.fill("");
    await box.pressSequentially("via ", { delay: 40 });
    await page.getByText("Non hai trovato l'indirizzo che cercavi?").waitFor();
    await page.getByRole("button", { name: "Visualizza altri risultati per località o indirizzo" }).click();
    // The longer list replaces the five entries once it arrives.
    await expect.poll(() => page.getByRole("option").count(), { timeout: 10_000 }).toBeGreaterThan(5);

    // A failing API: a short Italian message, and the text stays.
    await page.route("**/smartsuggest/suggest", (route) => route.fulfill({ status: 503, body: "{}" }));
    await box.fill("");
    await box.pressSequentially("torino", { delay: 20 });
    await page.locator(".place-autocomplete__empty").getByText("Non è stato possibile caricare i suggerimenti. Riprova.").waitFor();
    expect(await box.inputValue()).toBe("torino");
  });

  it("works without JavaScript: the form resolves the typed text, or comes back with a message keeping it", async ({ openPage }) => {
    const page = await openPage(NO_JAVASCRIPT);
    await page.goto(`${portal.url}/`);
    await page.getByRole("combobox", { name: "Dove vuoi comprare casa?" }).fill("forli");
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL(`${portal.url}/vendita/case/forli/`);

    await page.goto(`${portal.url}/?tab=affitto`);
    await page.getByRole("combobox", { name: "Dove cerchi casa in affitto?" }).fill("qzxqzxq");
    await page.getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL(/\/\?tab=affitto&esito=nessun-risultato&q=qzxqzxq$/);
    expect(await page.getByRole("alert").textContent()).toContain("Nessun risultato per «qzxqzxq»");
    expect(await page.getByRole("combobox", { name: "Dove cerchi casa in affitto?" }).inputValue()).toBe("qzxqzxq");
  });

  it("in English at /en/, and the category links land on search URLs", async ({ page }) => {
    await page.goto(`${portal.url}/en/`);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Find a home all over Italy");
    await pickWithKeyboard(page, "Where do you want to buy?", "rome", "Roma (RM)");
    await page.waitForURL(`${portal.url}/en/vendita/case/roma/`);

    const res = await fetch(`${portal.url}/affitto/residenziale/appartamento/`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toMatch(/^\/affitto\/case\/\?.*appartamento/);
    const sale = await fetch(`${portal.url}/vendita/residenziale/`, { redirect: "manual" });
    expect(sale.headers.get("location")).toBe("/vendita/case/");
    const rooms = await fetch(`${portal.url}/affitto/residenziale/stanza/`, { redirect: "manual" });
    expect(rooms.headers.get("location")).toBe("/affitto/stanze/");
    expect((await fetch(`${portal.url}/affitto/residenziale/castello/`, { redirect: "manual" })).status).toBe(404);
    const town = await fetch(`${portal.url}/en/vendita/residenziale/milano/`, { redirect: "manual" });
    expect(town.headers.get("location")).toBe("/en/vendita/case/milano/");
  });
});

/** A new visitor opens the portal and browses from Italy down to a province's towns. */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { it, NO_JAVASCRIPT, seriousViolations, SMALL_PHONE } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

async function browseToMilanoProvince(page: Page): Promise<void> {
  await page.goto(`${portal.url}/`);
  expect(await page.title()).toBe("Case e appartamenti in vendita e in affitto in tutta Italia");
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Trova casa in tutta Italia");
  await page.getByRole("link", { name: "Lombardia", exact: true }).click();
  await page.waitForURL(`${portal.url}/immobili/lombardia/`);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Case in vendita e in affitto in Lombardia");
  await page.getByRole("link", { name: "Milano (MI)" }).click();
  await page.waitForURL(`${portal.url}/immobili/lombardia/milano/`);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Case in vendita in provincia di Milano");
  expect(await page.getByText("Sesto San Giovanni").count()).toBe(1);
  await page.getByRole("link", { name: "Lombardia" }).click();
  await page.waitForURL(`${portal.url}/immobili/lombardia/`);
}

describe("home page in Chromium", () => {
  it("lets a desktop visitor browse regions and provinces, with no serious accessibility problems", async ({ page }) => {
    await page.goto(`${portal.url}/`);
    expect(await page.getAttribute("html", "lang")).toBe("it");
    expect(await page.locator(".place-list li").count()).toBe(20);
    expect(await seriousViolations(page)).toEqual([]);
    await browseToMilanoProvince(page);
    await page.goto(`${portal.url}/immobili/lombardia/milano/`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("fits a phone screen", async ({ openPage }) => {
    const page = await openPage(SMALL_PHONE);
    await browseToMilanoProvince(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("works with JavaScript disabled", async ({ openPage }) => {
    await browseToMilanoProvince(await openPage(NO_JAVASCRIPT));
  });

  it("shows the not-found page for unknown addresses", async ({ page }) => {
    const response = await page.goto(`${portal.url}/questa/pagina/non/esiste`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Pagina non trovata");
  });
});

/**
 * A visitor on a province hub (issue 25 item 1, docs/decisions/101): the municipalities in three columns,
 * tabs picked by the URL hash (an unknown one shows the default tab), 'vedi tutte le zone' (also without
 * JavaScript), and a town link that lands on its results page.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, NO_JAVASCRIPT, PHONE, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

describe("province hubs in Chromium", () => {
  it("switches tabs by hash, expands the zones and follows a town to its results", async ({ page }) => {
    await page.goto(`${portal.url}/immobili/lombardia/milano/`);
    expect(await page.title()).toBe("Case in vendita in provincia di Milano");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Case in vendita in provincia di Milano");
    expect(await page.locator(".hub-column").count()).toBe(3);
    const panel = page.getByRole("region", { name: "Tutte le case" });
    expect(await panel.getByRole("link", { name: "Sesto San Giovanni", exact: true }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Milano: three zones in view, the rest behind 'vedi tutte le zone'.
    const milano = panel.locator(".hub-town").filter({ has: page.getByRole("link", { name: "Milano", exact: true }) });
    const more = milano.locator("details.hub-more-zones");
    expect(await milano.locator(":scope > .hub-zones > li").count()).toBe(3);
    const hiddenZone = more.locator(".hub-zones a").first();
    expect(await hiddenZone.isVisible()).toBe(false);
    await milano.getByText("vedi tutte le zone").click();
    await expect.poll(() => hiddenZone.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Tabs by hash: a rooms slug, a room-count key, an unknown hash (the default tab), a click on a tab.
    await hydrated(page.getByRole("link", { name: /^Bilocali/ }));
    await page.goto(`${portal.url}/immobili/lombardia/milano/#bilocali`);
    await expect.poll(() => page.locator("#hub-panel-title").textContent()).toBe("Bilocali");
    await page.goto(`${portal.url}/immobili/lombardia/milano/#castelli`);
    await expect.poll(() => page.locator("#hub-panel-title").textContent()).toBe("Tutte le case");
    await page.goto(`${portal.url}/immobili/lombardia/milano/#3`);
    await expect.poll(() => page.locator("#hub-panel-title").textContent()).toBe("Trilocali");
    await page.getByRole("link", { name: /^Bilocali/ }).click();
    await expect.poll(() => page.locator("#hub-panel-title").textContent()).toBe("Bilocali");
    expect(await page.getByRole("link", { name: /^Bilocali/ }).getAttribute("aria-current")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);

    // The town link carries '/residenziale', the rooms slug and '#seoFooter' and lands on the results page.
    const town = page.getByRole("region", { name: "Bilocali" }).getByRole("link", { name: "Milano", exact: true });
    expect(await town.getAttribute("href")).toBe("/vendita/residenziale/milano/bilocali/#seoFooter");
    await town.click();
    await page.waitForURL(`${portal.url}/vendita/case/milano/bilocali/#seoFooter`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Bilocali");
  });

  it("shows the other hubs of the province and fits a phone", async ({ openPage }) => {
    const page = await openPage(PHONE);
    await page.goto(`${portal.url}/immobili/lombardia/milano/`);
    await page.getByRole("navigation", { name: "Tipo di annunci" }).getByRole("link", { name: "Aste giudiziarie" }).click();
    await page.waitForURL(`${portal.url}/immobili/lombardia/milano/aste/`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Aste giudiziarie in provincia di Milano");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("expands the zones without JavaScript", async ({ openPage }) => {
    const page = await openPage(NO_JAVASCRIPT);
    await page.goto(`${portal.url}/immobili/lombardia/milano/affitto/`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Case in affitto in provincia di Milano");
    const milano = page.locator(".hub-town").filter({ has: page.getByRole("link", { name: "Milano", exact: true }) });
    const hiddenZone = milano.locator("details.hub-more-zones .hub-zones a").first();
    expect(await hiddenZone.isVisible()).toBe(false);
    await milano.getByText("vedi tutte le zone").click();
    await expect.poll(() => hiddenZone.isVisible()).toBe(true);

    // The page holds only the shown tab; the other tabs are real links the server renders.
    expect(await page.locator(".hub-panel").count()).toBe(1);
    await page
      .getByRole("navigation", { name: "Scegli gli immobili" })
      .getByRole("link", { name: /^Bilocali/ })
      .click();
    await page.waitForURL(`${portal.url}/immobili/lombardia/milano/affitto/?tab=bilocali#bilocali`);
    expect(await page.locator("#hub-panel-title").textContent()).toBe("Bilocali");
    const town = page.getByRole("region", { name: "Bilocali" }).locator(".hub-town__head a").first();
    expect(await town.getAttribute("href")).toMatch(/^\/affitto\/residenziale\/[a-z0-9-]+\/bilocali\/#seoFooter$/);
  });
});

/**
 * Cookie consent on a first visit (issue 25 item 3, docs/decisions/089): the banner with three equal choices,
 * the page usable behind it, scrolling choosing nothing, the X as a rejection, no cookie but technical ones,
 * the choice kept on the next page and in a new browser context with the same storage, the accept path, the
 * preferences page from the footer, and the same without JavaScript.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { FIRST_VISIT, hydrated, it, NO_JAVASCRIPT, PHONE, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

/** Every cookie the portal sets: all technical (the preferences page's table), none before a choice but CSRF. */
const TECHNICAL = ["casa_csrf", "casa_session", "casa_remember", "casa_oidc", "casa_consent"];

const banner = (page: Page) => page.getByRole("region", { name: "Cookie e privacy" });
const cookieNames = async (context: BrowserContext) => (await context.cookies()).map((c) => c.name).sort();
const consentValue = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === "casa_consent")?.value;

describe("the cookie banner", () => {
  it("on a first visit: X rejects, only technical cookies, and it stays answered on the next page and in a new context", async ({
    openContext,
  }) => {
    const context = await openContext(FIRST_VISIT);
    const page = await context.newPage();
    await page.goto(`${portal.url}/vendita/case/milano/`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);

    // Accetta, Rifiuta and Personalizza equally visible: same size, same colours.
    const choices = [
      page.getByRole("button", { name: "Accetta", exact: true }),
      page.getByRole("button", { name: "Rifiuta", exact: true }),
      page.getByRole("link", { name: "Personalizza" }),
    ];
    const looks = await Promise.all(
      choices.map((c) =>
        c.evaluate((el) => {
          const s = getComputedStyle(el);
          const r = el.getBoundingClientRect();
          return [Math.round(r.width), Math.round(r.height), s.backgroundColor, s.color, s.fontSize, s.fontWeight].join(" ");
        }),
      ),
    );
    expect(new Set(looks), looks.join(" | ")).toHaveProperty("size", 1);
    expect(await seriousViolations(page)).toEqual([]);

    // Before a choice only technical cookies; scrolling is no consent; the page behind stays usable.
    expect(await cookieNames(context)).toEqual(["casa_csrf"]);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await cookieNames(context)).toEqual(["casa_csrf"]);
    expect(await page.locator("main[inert], main[aria-hidden]").count()).toBe(0);

    const close = page.getByRole("button", { name: "Chiudi e rifiuta i cookie non tecnici" });
    await hydrated(close);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await close.click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true); // no reload
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("contenuto"); // focus not lost to <body>
    expect(await consentValue(context)).toMatch(/^1\.00\.\d{10}$/);
    expect((await cookieNames(context)).every((name) => TECHNICAL.includes(name))).toBe(true);

    await page.goto(`${portal.url}/affitto/case/roma/`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await banner(page).count()).toBe(0);

    // A restart of the browser with the same storage: still answered, nothing more set.
    const again = await openContext({ storageState: await context.storageState() });
    const next = await again.newPage();
    await next.goto(`${portal.url}/`);
    await expect.poll(() => next.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await banner(next).count()).toBe(0);
    expect((await cookieNames(again)).every((name) => TECHNICAL.includes(name))).toBe(true);
  });

  it("accepts from the keyboard, then the footer's preferences page changes the choice", async ({ openPage }) => {
    const page = await openPage(FIRST_VISIT);
    const context = page.context();
    await page.goto(`${portal.url}/`);
    const accept = page.getByRole("button", { name: "Accetta", exact: true });
    await hydrated(accept);
    await accept.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(await consentValue(context)).toMatch(/^1\.11\./);

    await page.getByRole("contentinfo").getByRole("link", { name: "Preferenze cookie" }).click();
    await page.waitForURL(`${portal.url}/preferenze-cookie/`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Preferenze cookie");
    expect(await page.getByRole("status").textContent()).toMatch(/^Scelta fatta il \d{2}\/\d{2}\/\d{2}, \d{2}:\d{2}\.$/);
    const profiling = page.getByRole("checkbox", { name: "Cookie di profilazione" });
    expect(await profiling.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await profiling.uncheck();
    await page.getByRole("button", { name: "Salva le preferenze" }).click();
    await expect.poll(() => consentValue(context)).toMatch(/^1\.10\./);
    await page.waitForURL(`${portal.url}/preferenze-cookie/`);
    expect(await page.getByRole("checkbox", { name: "Cookie statistici" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "Cookie di profilazione" }).isChecked()).toBe(false);
  });

  it("works without JavaScript on a phone: a choice posts and comes back to the same page", async ({ openPage }) => {
    const page = await openPage({ ...FIRST_VISIT, ...NO_JAVASCRIPT, ...PHONE });
    await page.goto(`${portal.url}/vendita/case/milano/?price_max=300000`);
    const before = page.url();
    expect(new URL(before).search).not.toBe("");
    expect(await banner(page).count()).toBe(1);
    await page.getByRole("button", { name: "Rifiuta", exact: true }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(page.url()).toBe(before);
    expect(await consentValue(page.context())).toMatch(/^1\.00\./);
  });
});

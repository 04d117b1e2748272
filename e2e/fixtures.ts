/**
 * What a browser test imports: Vitest fixtures (`test.extend`) with one Chromium per test file and, for
 * each test, a fresh context (its own cookies and storage) and page, closed after the test whether it
 * passed or failed; the devices; the hydration wait; the axe check.
 *
 *   it("…", async ({ page }) => …)            a desktop page (1280×800, Italian, Europe/Rome)
 *   it("…", async ({ context, page }) => …)   the same with its context (permissions, a second tab)
 *   it("…", async ({ openPage }) => …)        openPage(PHONE): a page in a context of its own, for
 *                                             another device or a second browser beside `page`
 *   it.override("contextOptions", { … })      the options of `page` for a describe block or a whole file
 *
 * Other options (JavaScript off, geolocation, offline) are Playwright's context options, combined the
 * same way: `openPage({ ...PHONE, ...NO_JAVASCRIPT })`. Every context has answered the cookie banner
 * (rejected), except one given a storage state: `openPage(FIRST_VISIT)` is a first visit.
 */
import type { BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { expect, test as base } from "vitest";
import { CONSENT_COOKIE, choiceFor, formatConsent } from "../core/consent/cookie-consent.ts";
import { launchChromium } from "./browser.ts";

/** Context options with the screen size spelled out, for tests that measure against it. */
export type Device = BrowserContextOptions & { viewport: { width: number; height: number } };

export const DESKTOP: Device = { viewport: { width: 1280, height: 800 } };

/** A touch device of this size (the portal's layouts tell phones and tablets by touch and width). */
export function touchDevice(width: number, height: number): Device {
  return { viewport: { width, height }, isMobile: true, hasTouch: true };
}

/**
 * What every context starts from: a desktop in Italy. Drawn at half the pixels (device pixel ratio 0.5): the layout,
 * in CSS pixels, is the same, and the map's WebGL frames through SwiftShader cost a quarter of the pixels
 * (docs/decisions/114).
 */
const DEFAULT_CONTEXT: BrowserContextOptions = { locale: "it-IT", timezoneId: "Europe/Rome", deviceScaleFactor: 0.5, ...DESKTOP };

export const PHONE = touchDevice(390, 844);
export const SMALL_PHONE = touchDevice(360, 740);
export const TABLET = touchDevice(820, 1180);
export const NO_JAVASCRIPT: BrowserContextOptions = { javaScriptEnabled: false };
/** A browser that has never been to the portal: no cookie choice either, so the cookie banner shows. */
export const FIRST_VISIT: BrowserContextOptions = { storageState: { cookies: [], origins: [] } };

export const test = base
  // (Vitest reads a fixture's dependencies from its first parameter's pattern: `{}` is none.)
  .extend("browser", { scope: "file" }, async ({}, { onCleanup }) => {
    const browser = await launchChromium();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend("contextOptions", {} as BrowserContextOptions)
  .extend("openContext", async ({ browser }, { onCleanup }) => {
    const opened: BrowserContext[] = [];
    onCleanup(async () => {
      await Promise.all(opened.map((context) => context.close()));
    });
    /** A new context (another browser, as far as the portal can tell), closed with the test. */
    return async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
      const context = await browser.newContext({ ...DEFAULT_CONTEXT, ...options });
      opened.push(context);
      // A visitor who has answered the cookie banner (docs/decisions/089), so it covers nothing a test clicks;
      // a first visit is a context given its storage state (an empty one: `FIRST_VISIT`).
      if (options.storageState === undefined)
        await context.addCookies([
          { name: CONSENT_COOKIE, value: formatConsent(choiceFor("rifiuta", {}, Date.now())), url: "http://localhost" },
        ]);
      return context;
    };
  })
  .extend("openPage", async ({ openContext }) => {
    /** A page in a new context of its own, closed with the test. */
    return async (options: BrowserContextOptions = {}): Promise<Page> => (await openContext(options)).newPage();
  })
  .extend("context", async ({ openContext, contextOptions }) => openContext(contextOptions))
  .extend("page", async ({ context }) => context.newPage());

export { test as it };
/** The axe check: what axe finds at "serious" or "critical" impact on the page as it is now. */
export { seriousViolations } from "./browser.ts";

/**
 * Waits until React has hydrated the page (app/root.tsx marks <html> once the effects have run) and this
 * element (it carries React's props). Before that a click or a key reaches only the server's HTML: a
 * link navigates instead of opening a modal, a typed value fires no search. On a busy machine that can
 * take seconds after the page has loaded.
 */
export async function hydrated(element: Locator, timeout = 15_000): Promise<void> {
  await element.page().locator("html[data-hydrated]").waitFor({ state: "attached", timeout });
  await element.waitFor({ state: "attached", timeout });
  await expect
    .poll(
      () =>
        element
          .evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps")), undefined, { timeout: 1_000 })
          .catch(() => false),
      { timeout, interval: 50 },
    )
    .toBe(true);
}

/**
 * Waits until an autocomplete's list shows the answer to the last text typed: while a newer answer is on its
 * way the list is `aria-busy` and still shows the previous text's options, and the answer's arrival resets
 * the highlight, so an arrow key pressed before it is lost.
 */
export async function suggestionsSettled(scope: Page | Locator, timeout = 10_000): Promise<void> {
  await expect.poll(() => scope.locator('[role="listbox"][aria-busy="true"]').count(), { timeout }).toBe(0);
  await scope.getByRole("listbox").first().waitFor({ timeout });
}

/**
 * Waits until no modal's history entry is on top (app/ui/modal-history.ts): a modal that closed pops its entry
 * after its last render, asynchronously, and a reload or navigation started before that pop is cancelled by it
 * (net::ERR_ABORTED, seen in CI after saving a search).
 */
export async function modalEntryPopped(page: Page, timeout = 10_000): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (history.state as { casaModal?: unknown } | null)?.casaModal ?? null), { timeout })
    .toBe(null);
}

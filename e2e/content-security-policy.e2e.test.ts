/**
 * The Content-Security-Policy breaks nothing: every page type, in Italian and English, the results
 * page's modals and the listing map (MapLibre from /vendor/, its worker, its style and data) run in
 * Chromium with no violation reported — neither a securitypolicyviolation event nor a console error.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, PHONE } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let listingPath: string;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  const html = await (await fetch(`${portal.url}/vendita/case/milano/`)).text();
  listingPath = /href="(\/annunci\/\d+\/)/.exec(html)![1]!;
});
afterAll(async () => {
  await portal?.stop();
});

/** Everything the browser reports that a CSP could have caused, plus page errors (a blocked script breaks hydration). */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction("__reportCspViolation", (line: string) => problems.push(`violation: ${line}`));
  // Runs before any page script, outside the page's CSP (injected by the browser's debugging protocol).
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(line: string): void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on("console", (m) => {
    // A missing image is a 404, not a policy matter; everything else logged as an error counts.
    if (m.type() === "error" && !/^Failed to load resource: the server responded with a status of 404/.test(m.text()))
      problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${portal.url}${path}`);
  expect(response?.headers()["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-/);
  // No PUBLIC_URL here, so plain http on localhost: HSTS would only pin a developer's browser.
  expect(response?.headers()["strict-transport-security"], path).toBeUndefined();
  // Hydrated means every script the page needs has run under the policy. Not "networkidle": the ALTCHA
  // widget stops its spare proof-of-work workers as soon as one finds the answer, and a worker stopped while
  // its script loads leaves that request open for good in Chromium's accounting, so the network never idles.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
}

describe("Content-Security-Policy in Chromium", () => {
  it("reports no violation on any page type, in Italian and English", async ({ page }) => {
    const problems = await watch(page);
    const pages = [
      "/",
      "/?tab=affitto",
      "/vendita/case/milano/",
      "/affitto/case/roma/?prezzoMassimo=1500",
      "/immobili/lombardia/",
      "/immobili/lombardia/milano/",
      "/preferiti/",
      "/valutazione-immobile/",
      "/trova-agenzia/?comune=Milano",
      "/come-ordiniamo-i-risultati/",
      "/non-esiste/",
      "/annunci/999999999/",
      "/accedi/",
      "/accedi/codice/",
      "/password-dimenticata/",
      "/trova-agenzia/",
      "/en/",
      "/en/vendita/case/milano/",
      `/en${listingPath}`,
      "/en/preferiti/",
      "/en/valutazione-immobile/",
      "/en/trova-agenzia/",
      "/en/non-esiste/",
    ];
    for (const path of pages) {
      await visit(page, path);
      expect(problems, path).toEqual([]);
    }

    // Registration runs the ALTCHA proof of work: its stylesheet and workers must come from our origin.
    await visit(page, "/registrati/");
    await expect
      .poll(
        () =>
          page
            .locator('input[name="botCheck"]')
            .inputValue()
            .catch(() => ""),
        { timeout: 20_000 },
      )
      .not.toBe("");
    expect(problems, "/registrati/").toEqual([]);

    // The home's place autocomplete fetches suggestions as the visitor types.
    await visit(page, "/");
    await hydrated(page.getByRole("combobox").first());
    await page.getByRole("combobox").first().fill("mila");
    await page.getByRole("option").first().waitFor();
    expect(problems, "autocomplete").toEqual([]);
  });

  it("draws the listing map (MapLibre, its worker, style and data) with no violation", async ({ page }) => {
    const problems = await watch(page);
    await visit(page, listingPath);
    const map = page.getByTestId("listing-map");
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.getAttribute("data-map-state"), { timeout: 20_000 }).toBe("ready");
    expect(await page.locator(".listing-map-canvas canvas").count()).toBe(1);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  it("draws the search map (MapLibre, its worker, the map chunk with terra-draw, markers, boundaries) with no violation", async ({
    page,
  }) => {
    const problems = await watch(page);
    await visit(page, "/vendita/case/milano/mappa/");
    const map = page.getByTestId("search-map");
    await expect.poll(() => map.getAttribute("data-map-state"), { timeout: 30_000 }).toBe("ready");
    await expect.poll(() => map.getAttribute("data-markers"), { timeout: 20_000 }).toMatch(/^[1-9]/);
    await page.getByRole("button", { name: "Disegna area" }).click();
    await page.getByRole("button", { name: "Annulla" }).click();
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });

  it("opens every modal of the results page with no violation, on a desktop and a phone", async ({ openPage }) => {
    for (const phone of [false, true]) {
      const page = await openPage(phone ? PHONE : {});
      const problems = await watch(page);
      await visit(page, "/vendita/case/roma/");
      await visit(page, "/vendita/case/milano/");
      await page.getByRole("button", { name: "Indietro" }).waitFor(); // hydrated
      const modals: Array<[RegExp | string, string]> = [
        [/Scegli il luogo/, "Scegli il luogo"],
        [/^Tipologia:/, "Tipologia"],
        ["Ricerche recenti", "Ricerche recenti"],
      ];
      for (const [opener, name] of modals) {
        await page.getByRole("button", { name: opener }).click();
        const dialog = page.getByRole("dialog", { name });
        await dialog.waitFor();
        await page.waitForLoadState("networkidle");
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
        expect(problems, `${name}${phone ? " (phone)" : ""}`).toEqual([]);
      }
      if (phone) {
        await page.getByRole("button", { name: "Filtri" }).click();
        await page.getByRole("dialog", { name: "Filtra la ricerca" }).waitFor();
        const counted = page.waitForResponse((r) => r.url().endsWith("/search/availableresults"));
        await page.getByLabel("Prezzo massimo (€)").fill("300000"); // the live count asks the API
        await counted;
        await page.waitForLoadState("networkidle");
        expect(problems, "filters (phone)").toEqual([]);
      }
    }
  });
});

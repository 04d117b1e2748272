/**
 * English pages speak English (issue 21 item 15, docs/decisions/081): a visitor, then the demo user, walks
 * the /en/ pages in Chromium — home, results, map, listing, agency, find an agency, favourites, MyCasa's
 * tabs, saved searches, login and registration with a validation error shown, valuation, contact, the
 * region and province hubs — and the visible text (with placeholders and the title) holds no Italian UI
 * word from the stop list below, no date written in Italian, no price or count in Italian number format,
 * and no English exonym of an Italian place ('Milan': places keep their official names). What publishers
 * wrote (descriptions, an agency's presentation) is content, marked lang="it", and left out.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

/** Italian words of the portal's own interface that English pages must not show (whole words, any case). */
const ITALIAN_UI_WORDS = [
  "vendita",
  "affitto",
  "annuncio",
  "annunci",
  "accedi",
  "cerca",
  "cerchi",
  "salva",
  "salvata",
  "salvate",
  "invia",
  "obbligatorio",
  "obbligatoria",
  "monolocale",
  "bilocale",
  "trilocale",
  "quadrilocale",
  "plurilocale",
  "appartamento",
  "locali",
  "bagni",
  "prezzo",
  "mappa",
  "ricerca",
  "ricerche",
  "preferiti",
  "registrati",
  "indirizzo",
  "agenzia",
  "agenzie",
  "contatta",
  "chiama",
  "nascondi",
  "mostra",
  "elimina",
  "annulla",
  "filtri",
  "ordina",
  "scegli",
  "tutti",
  "nessun",
  "nessuna",
  "riprova",
  "inserisci",
  "valida",
  "almeno",
  "caratteri",
  "pubblicato",
  "aggiornato",
  "regione",
  "provincia",
  "comune",
  "zona",
];
const ITALIAN_MONTHS = "gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre";
/** English names of Italian places: places keep their official names (decision 081). */
const EXONYMS = [
  "Milan",
  "Rome",
  "Florence",
  "Naples",
  "Venice",
  "Turin",
  "Genoa",
  "Lombardy",
  "Tuscany",
  "Piedmont",
  "Sicily",
  "Sardinia",
];

/** What is wrong with a page's visible text, one line per finding. */
function italianIn(text: string): string[] {
  const found: string[] = [];
  const words = new RegExp(`(?<![\\p{L}])(${ITALIAN_UI_WORDS.join("|")})(?![\\p{L}])`, "giu");
  for (const m of text.matchAll(words)) found.push(`word '${m[1]}' in "${around(text, m.index)}"`);
  for (const m of text.matchAll(new RegExp(`\\b\\d{1,2} (${ITALIAN_MONTHS}) \\d{4}\\b`, "gi"))) found.push(`Italian date '${m[0]}'`);
  // Italian grouping (1.250 / 1.250.000) or a euro sign after the number: English writes €1,250,000.
  for (const m of text.matchAll(/\d{1,3}(?:\.\d{3})+(?!\d)|\d[\d.,]*[ \u00a0]?€(?!\d)/g))
    found.push(`Italian number '${m[0]}' in "${around(text, m.index)}"`);
  for (const m of text.matchAll(new RegExp(`\\b(${EXONYMS.join("|")})\\b`, "g")))
    found.push(`exonym '${m[1]}' in "${around(text, m.index)}"`);
  return found;
}
const around = (text: string, at: number) => text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, " ");

/** The page's visible text, placeholders and title; content in another language (lang="it") left out. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>("body [lang]:not([lang^='en'])")) el.style.display = "none";
    const placeholders = [...document.querySelectorAll<HTMLInputElement>("input[placeholder], textarea[placeholder]")]
      .filter((el) => el.offsetParent !== null)
      .map((el) => el.placeholder);
    return [document.title, document.body.innerText, ...placeholders].join("\n");
  });
}

async function expectEnglish(page: Page, path: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang), path).toBe("en");
  // Soft: one run lists every page's findings.
  expect.soft(italianIn(await visibleText(page)), path).toEqual([]);
}

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${portal.url}${path}`);
  expect(response?.status(), path).toBe(200);
  await hydrated(page.locator("header a").first());
}

describe("English pages", () => {
  it("finds the stop list's words, Italian dates, numbers and exonyms (the check itself)", () => {
    expect(italianIn("Bilocale in vendita a Milano, 1.250.000 €, 26 novembre 2026, Milan")).toHaveLength(5);
    expect(italianIn("Two-room flat for sale in Via XX Settembre, Milano (Lombardia): €1,250,000, 26 November 2026")).toEqual([]);
  });

  it("show no Italian interface text to a visitor", async ({ page }) => {
    const search = await fetch(`${portal.url}/portal-srp/api/v1/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ uri: "/vendita/case/milano/", size: 5 }),
    });
    const { listings } = (await search.json()) as { listings: Array<{ id: number }> };
    const listingId = listings[0]!.id;

    for (const path of [
      "/en/",
      "/en/vendita/case/milano/",
      "/en/affitto/case/roma/",
      "/en/vendita/case/milano/mappa/",
      `/en/annunci/${listingId}/`,
      "/en/trova-agenzia/",
      "/en/preferiti/",
      "/en/valutazione-immobile/",
      "/en/valutazione-immobile/?comune=Milano&superficie=85&tipologia=appartamento&stato=abitabile",
      `/en/contatta/?annuncio=${listingId}`,
      "/en/immobili/lombardia/",
      "/en/immobili/lombardia/milano/",
    ]) {
      await visit(page, path);
      await expectEnglish(page, path);
    }

    // The listing's agency.
    await visit(page, `/en/annunci/${listingId}/`);
    const agency = await page.locator("a[href*='/agenzie/']").first().getAttribute("href");
    expect(agency).toMatch(/^\/en\/agenzie\//);
    await visit(page, agency!);
    await expectEnglish(page, agency!);

    // Login and registration with a validation error shown (the plain forms, as without JavaScript).
    for (const path of ["/en/accedi/", "/en/registrati/"]) {
      await visit(page, path);
      await page.getByLabel("Email", { exact: true }).fill("not-an-email");
      await page.locator("form.account-form button[type=submit]").click();
      await expect
        .poll(() => page.locator("form.account-form [role=alert], form.account-form .form-error").count(), { timeout: 10_000 })
        .toBeGreaterThan(0);
      await expectEnglish(page, `${path} (invalid)`);
    }
  });

  it("show no Italian interface text to a logged-in user (MyCasa's tabs, saved searches)", async ({ page }) => {
    const api = page.context().request;
    const post = async (path: string, data: unknown) => {
      const response = await api.post(`${portal.url}/portal-srp/api/v1/${path}`, { data, headers: { origin: portal.url } });
      expect(response.status(), path).toBe(200);
    };
    await post("user/login", { email: "demo@casa.example", password: "CasaDemo2026" });
    // A favourite (with its saving date), a hidden listing and a saved address, so the tabs have something to show.
    const search = await fetch(`${portal.url}/portal-srp/api/v1/search`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ uri: "/vendita/case/roma/", size: 2 }),
    });
    const [favourite, hidden] = ((await search.json()) as { listings: Array<{ id: number }> }).listings;
    await post("mycasa/listing/upsert", { listingId: favourite!.id });
    await post("mycasa/hidden/add", { listingId: hidden!.id });
    await post("mycasa/addresses/add", { address: { name: "Lavoro", lat: 41.9, lon: 12.49, address: "Via Nazionale", town: "Roma" } });
    for (const path of [
      "/en/mycasa/",
      "/en/mycasa/nascosti/",
      "/en/mycasa/indirizzi/",
      "/en/mycasa/cronologia/",
      "/en/mycasa/ricerche/",
      "/en/account/",
    ]) {
      await visit(page, path);
      await expectEnglish(page, path);
    }
    // The favourite's saving date was written in Italian ('Saved on 26 novembre 2026').
    await visit(page, "/en/mycasa/");
    expect(await page.locator(".mycasa-note").first().textContent()).toMatch(/^Saved on \d{1,2} [A-Z][a-z]+ \d{4}/);
  });
});

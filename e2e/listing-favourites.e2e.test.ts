/**
 * A visitor opens a listing, flips through the photos, sees the map, saves the listing, finds it on
 * the favourites page after a reload, removes it, and asks for a valuation — on a desktop and a phone.
 */
import { type Kysely, sql } from "kysely";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { Database } from "../db/schema.ts";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, NO_JAVASCRIPT, PHONE, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let listing: { id: number; title: string; photos: number };
/** An agency's listing with photos that shows its phone: the contact card has both actions. */
let agencyListing: { id: number; photos: number; publisherName: string };

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  // A house for sale in Milano with several photos, found the way the results page finds it.
  const res = await fetch(`${portal.url}/portal-srp/api/v1/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ locations: ["IT-03-015146"], size: 50 }),
  });
  const body = (await res.json()) as {
    listings: Array<{ id: number; title: string; media: { photos: string[] }; geoInfos: { geo_visibility_level: number } }>;
  };
  const found = body.listings.find((l) => l.media.photos.length >= 3 && l.geoInfos.geo_visibility_level === 1) ?? body.listings[0]!;
  listing = { id: found.id, title: found.title, photos: found.media.photos.length };
  const db = portal.database.db as unknown as Kysely<Database>;
  const row = await sql<{ id: number; photos: number; name: string }>`
    SELECT l.id::int AS id, l.photo_count AS photos, p.name FROM listings l JOIN publishers p ON p.id = l.publisher_id
    WHERE p.kind = 'agency' AND p.email IS NOT NULL AND p.show_phone_number AND NOT l.is_auction AND l.agent_id IS NULL
      AND l.photo_count >= 4 ORDER BY l.id LIMIT 1`.execute(db);
  agencyListing = { id: row.rows[0]!.id, photos: row.rows[0]!.photos, publisherName: row.rows[0]!.name };
});
afterAll(async () => {
  await portal?.stop();
});

/** The src of the photo the gallery shows. */
async function shownPhoto(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const visible = [...document.querySelectorAll<HTMLElement>(".gallery-slide")].filter((f) => getComputedStyle(f).display !== "none");
    return visible.length === 1 ? visible[0]!.querySelector("img")!.getAttribute("src") : `${visible.length} visible`;
  });
}

async function favouriteFlow(page: Page, options: { phone: boolean }) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${portal.url}/annunci/${listing.id}/#foto3`);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(listing.title);
  expect(await shownPhoto(page)).toBe(`/media/listing/${listing.id}/2.svg`);
  await page.getByRole("link", { name: "Mostra la foto 2", exact: true }).click();
  await expect.poll(() => shownPhoto(page)).toBe(`/media/listing/${listing.id}/1.svg`);
  expect(page.url()).toContain("#foto2");

  // The map loads only when scrolled into view, then draws with WebGL (SwiftShader).
  const map = page.getByTestId("listing-map");
  expect(await map.getAttribute("data-map-state")).toBe("static");
  await map.scrollIntoViewIfNeeded();
  await expect.poll(() => map.getAttribute("data-map-state"), { timeout: 20_000 }).toBe("ready");
  expect(await page.locator(".listing-map-canvas canvas").count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  if (options.phone) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  const heart = page.locator(".listing-price-row .favourite-button");
  await expect.poll(() => heart.isEnabled()).toBe(true);
  expect(await heart.getAttribute("aria-pressed")).toBe("false");
  expect(await heart.getAttribute("aria-label")).toBe("Salva nei preferiti");
  await heart.click();
  expect(await heart.getAttribute("aria-pressed")).toBe("true");
  expect(await heart.getAttribute("aria-label")).toBe("Rimuovi dai preferiti");

  await page.reload();
  await expect.poll(() => page.locator(".listing-price-row .favourite-button").getAttribute("aria-pressed")).toBe("true");

  await page.goto(`${portal.url}/preferiti/`);
  await expect.poll(() => page.getByTestId("favourites-count").textContent()).toBe("1 annuncio salvato");
  expect(await page.getByRole("link", { name: listing.title }).count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  if (options.phone) expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.getByRole("button", { name: "Rimuovi dai preferiti" }).click();
  await expect.poll(() => page.getByTestId("favourites-empty").isVisible()).toBe(true);
  await page.reload();
  await expect.poll(() => page.getByTestId("favourites-empty").isVisible()).toBe(true);
  expect(errors).toEqual([]);
}

describe("listing page and favourites in Chromium", () => {
  it("desktop: gallery anchor, map on scroll, favourite across a reload, unfavourite", async ({ page }) => {
    await favouriteFlow(page, { phone: false });
  });

  it("phone 390x844: the same flow fits the screen", async ({ openPage }) => {
    await favouriteFlow(await openPage(PHONE), { phone: true });
  });

  it("comes back to the same place in the results list", async ({ page }) => {
    const results = `${portal.url}/vendita/case/milano/`;
    await page.goto(results);
    const cardLinks = page.locator(`a[href^="/annunci/"]:not([tabindex="-1"])`);
    await expect.poll(() => cardLinks.count()).toBeGreaterThan(5);
    const link = cardLinks.nth(5);
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await link.click();
    await page.waitForURL(/\/annunci\/\d+\//);
    await hydrated(page.getByTestId("back-to-results")); // it goes back in history (keeping the scroll) only then
    await page.getByTestId("back-to-results").click();
    await page.waitForURL(results);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  });

  it("drops saved listings that no longer exist and can clear the list", async ({ page }) => {
    await page.goto(`${portal.url}/preferiti/`);
    await expect.poll(() => page.getByTestId("favourites-empty").isVisible()).toBe(true);
    const other = (await (
      await fetch(`${portal.url}/portal-srp/api/v1/search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      })
    ).json()) as { listings: Array<{ id: number }> };
    const saved = [999_999_999, listing.id, other.listings[0]!.id];
    await page.evaluate((ids) => localStorage.setItem("casa:favourites", JSON.stringify(ids)), saved);
    await page.reload();
    await expect.poll(() => page.getByTestId("favourites-count").textContent()).toBe("2 annunci salvati");
    expect(await page.getByText("1 annuncio salvato non è più disponibile.").isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("casa:favourites"))).toBe(JSON.stringify(saved.slice(1)));
    await page.getByRole("button", { name: "Svuota i preferiti" }).click();
    await expect.poll(() => page.getByTestId("favourites-empty").isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("casa:favourites"))).toBe("[]");
  });

  it("shows many saved listings a page at a time, asking for at most one page per call", async ({ page }) => {
    const asked: number[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/mycasa/listings/cards")) asked.push((JSON.parse(r.postData() ?? "{}") as { ids: number[] }).ids.length);
    });
    const found = (await (
      await fetch(`${portal.url}/portal-srp/api/v1/search`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ size: 30 }),
      })
    ).json()) as { listings: Array<{ id: number }> };
    const saved = found.listings.map((l) => l.id);
    expect(saved).toHaveLength(30);
    await page.goto(`${portal.url}/preferiti/`);
    await page.evaluate((ids) => localStorage.setItem("casa:favourites", JSON.stringify(ids)), saved);
    await page.reload();
    await expect.poll(() => page.getByTestId("favourites-count").textContent()).toBe("30 annunci salvati");
    expect(await page.locator(".compact-card-list > li").count()).toBe(25);
    await page.getByRole("button", { name: "Mostra altri annunci salvati (5)" }).click();
    await expect.poll(() => page.locator(".compact-card-list > li").count()).toBe(30);
    expect(await page.getByTestId("favourites-more").count()).toBe(0);
    expect(asked.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...asked)).toBeLessThanOrEqual(25);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("offers to save the search after a visitor's favourite on a results page, and after a lead from a listing of it", async ({ page }) => {
    await page.goto(`${portal.url}/vendita/case/milano/`);
    // (The save hint may show on arrival too; the proposal replaces it with its own text.)
    const hint = page.locator(".save-search-hint");
    const heart = page.locator(".favourite-button").first();
    await expect.poll(() => heart.isEnabled()).toBe(true);
    await heart.click();
    await expect.poll(() => hint.textContent()).toContain("Attiva le notifiche / e non perderti nessuna occasione!");
    expect(await seriousViolations(page)).toEqual([]);

    // After a lead sent from a listing of that search, the feedback offers the no-JavaScript save flow.
    await page.goto(`${portal.url}/annunci/${listing.id}/?from=${encodeURIComponent("/vendita/case/milano/?price_max=900000")}`);
    const contact = page.getByTestId("contact-button");
    await hydrated(contact); // a link, always enabled: before hydration it leads to the no-JavaScript form page
    await contact.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nome e cognome").fill("Giulia Conti");
    await dialog.getByLabel("Email").fill("giulia.conti@example.it");
    await dialog.getByRole("button", { name: "Invia" }).click();
    const offer = page.getByTestId("lead-save-search").getByRole("link");
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(await offer.getAttribute("href")).toBe(
      `/mycasa/ricerche/salva/?uri=${encodeURIComponent("/vendita/case/milano/?price_max=900000")}`,
    );
    await offer.click();
    await page.waitForURL((u) => u.pathname === "/accedi/"); // a visitor logs in first, then saves
  });

  it("syncs the heart between two tabs", async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(`${portal.url}/annunci/${listing.id}/`);
    await second.goto(`${portal.url}/annunci/${listing.id}/`);
    const heart = (p: Page) => p.locator(".listing-price-row .favourite-button");
    await expect.poll(() => heart(first).isEnabled()).toBe(true);
    await expect.poll(() => heart(second).isEnabled()).toBe(true);
    await heart(first).click();
    await expect.poll(() => heart(second).getAttribute("aria-pressed")).toBe("true");
  });

  it("without JavaScript: photos by anchor, address fallback for the map, favourites explained", async ({ openPage }) => {
    const page = await openPage(NO_JAVASCRIPT);
    await page.goto(`${portal.url}/annunci/${listing.id}/#foto2`);
    expect(await shownPhoto(page)).toBe(`/media/listing/${listing.id}/1.svg`);
    expect(await page.getByTestId("map-address").isVisible()).toBe(true);
    expect(await page.getByTestId("listing-map").getAttribute("data-map-state")).toBe("static");
    await page.goto(`${portal.url}/preferiti/`);
    expect(await page.getByText("I preferiti sono conservati in questo browser").isVisible()).toBe(true);
  });

  it("the valuation form gives an estimate, with no serious accessibility problems", async ({ page }) => {
    await page.goto(`${portal.url}/valutazione-immobile/`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Comune").fill("Roma");
    await page.getByLabel("Superficie (m²)").fill("80");
    await page.getByLabel("Tipologia").selectOption("appartamento");
    await page.getByRole("button", { name: "Calcola la stima" }).click();
    await page.waitForURL(/comune=Roma/);
    expect(await page.getByTestId("valuation-estimate").textContent()).toMatch(/^\d{1,3}(\.\d{3})+\s€$/);
    expect(await page.getByTestId("valuation-basis").textContent()).toMatch(/^Calcolata su \d+ annunci simili in vendita a Roma\.$/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${portal.url}/trova-agenzia/?comune=Milano`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Agenzie immobiliari");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** The element's box against the screen: whole inside it or not. */
async function onScreen(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    });
}

describe("the listing's contact card, phone bar and full-screen gallery (issue 27 §4)", () => {
  it("desktop 1366x900: the card beside the gallery, on screen before and after scrolling, with the price and both actions", async ({
    openPage,
  }) => {
    const page = await openPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${portal.url}/annunci/${agencyListing.id}/`);
    const card = page.getByTestId("contact-card");
    expect(await onScreen(page, "[data-testid=contact-card]")).toBe(true);
    expect(await card.getByRole("heading", { name: "Inserzionista" }).count()).toBe(1);
    expect(await card.textContent()).toContain(agencyListing.publisherName);
    expect(await card.locator(".contact-card-price").textContent()).toBe(await page.getByTestId("listing-price").textContent());
    expect(await card.getByTestId("contact-button").textContent()).toBe("Contatta l'agenzia");
    expect(await card.getByTestId("phone-button").textContent()).toBe("Chiama");
    // Beside the gallery: to its right, overlapping it vertically.
    const gallery = (await page.locator(".gallery-slides").boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.x).toBeGreaterThanOrEqual(gallery.x + gallery.width);
    expect(cardBox.y).toBeLessThan(gallery.y + gallery.height);
    // Photos whole: contained, never cropped.
    expect(
      await page
        .locator(".gallery-slide img")
        .first()
        .evaluate((img) => getComputedStyle(img).objectFit),
    ).toBe("contain");
    // Sticky: still whole on the screen with the energy section at the top.
    await page.locator("#energia").evaluate((h) => h.scrollIntoView({ block: "start" }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    expect(await onScreen(page, "[data-testid=contact-card]")).toBe(true);
    // No phone bar on a desktop: the actions sit in the card.
    expect(
      await page
        .locator(".publisher-actions__main")
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    ).not.toBe("fixed");
    const contact = card.getByTestId("contact-button");
    await hydrated(contact);
    await contact.click();
    await expect.poll(() => page.getByTestId("lead-form").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("phone 390x844: the two actions in a bar fixed at the bottom, on screen while scrolling; both work", async ({ openPage }) => {
    const page = await openPage(PHONE);
    await page.goto(`${portal.url}/annunci/${agencyListing.id}/`);
    const bar = page.locator(".listing-publisher .publisher-actions__main");
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.y + box.height).toBeGreaterThan(844 - 4);
    expect(box.width).toBe(390);
    expect(await onScreen(page, ".publisher-actions__main [data-testid=contact-button]")).toBe(true);
    expect(await onScreen(page, ".publisher-actions__main [data-testid=phone-button]")).toBe(true);
    // 'Contatta l'agenzia' on one line: its text is no taller than one line of its own font.
    const lines = await bar.getByTestId("contact-button").evaluate((a) => {
      const range = document.createRange();
      range.selectNodeContents(a);
      return range.getClientRects().length;
    });
    expect(lines).toBe(1);
    await page.locator("#energia").evaluate((h) => h.scrollIntoView({ block: "start" }));
    expect(await onScreen(page, ".publisher-actions__main [data-testid=contact-button]")).toBe(true);
    // The page keeps room for the bar: nothing of it is hidden under the bar at the very end.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page.locator(".site-footer").evaluate((f) => f.getBoundingClientRect().bottom);
    expect(footerBottom).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const contact = bar.getByTestId("contact-button");
    await hydrated(contact);
    await contact.click();
    await expect.poll(() => page.getByTestId("lead-form").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("lead-form").count()).toBe(0);
    // On a phone the phone action asks for the number (recorded) and dials it.
    const asked = page.waitForRequest((r) => r.url().endsWith("/portal-srp/api/v1/phonecall"));
    await bar.getByTestId("phone-button").click();
    await asked;
    await expect.poll(() => bar.getByTestId("phone-button").getAttribute("href")).toMatch(/^tel:\+?\d+$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("full-screen gallery: opens on the photo, arrows, End and Escape, the focus back on the photo; a swipe on a phone", async ({
    page,
    openPage,
  }) => {
    const total = agencyListing.photos;
    const photo = (n: number) => `/media/listing/${agencyListing.id}/${n - 1}.svg`;
    await page.goto(`${portal.url}/annunci/${agencyListing.id}/`);
    const opener = page.getByRole("link", { name: `Apri la foto 1 di ${total} a schermo intero` });
    await hydrated(opener);
    await opener.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByTestId("gallery-viewer");
    await expect.poll(() => viewer.isVisible()).toBe(true);
    const shown = () => viewer.locator("img").getAttribute("src");
    const dialog = page.getByRole("dialog", { name: `Foto 1 di ${total}` });
    expect(await dialog.count()).toBe(1);
    expect(await shown()).toBe(photo(1));
    // The dialog covers the screen: the viewport as the page measures it (a CI run under load once found
    // the dialog 1280×900 on this 1280×800 page, the 1366×900 window of the test before).
    const screen = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, ...screen });
    expect(screen.width).toBe(1280);
    await page.keyboard.press("ArrowRight");
    await expect.poll(shown).toBe(photo(2));
    expect(await page.getByRole("dialog", { name: `Foto 2 di ${total}` }).count()).toBe(1);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft"); // wraps round to the last
    await expect.poll(shown).toBe(photo(total));
    await page.keyboard.press("Home");
    await expect.poll(shown).toBe(photo(1));
    await page.getByRole("button", { name: "Foto successiva" }).click();
    await expect.poll(shown).toBe(photo(2));
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => viewer.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `Apri la foto 1 di ${total} a schermo intero`,
    );

    const phone = await openPage(PHONE);
    await phone.goto(`${portal.url}/annunci/${agencyListing.id}/`);
    const tap = phone.getByRole("link", { name: `Apri la foto 1 di ${total} a schermo intero` });
    await hydrated(tap);
    await tap.click();
    const phoneViewer = phone.getByTestId("gallery-viewer");
    await expect.poll(() => phoneViewer.isVisible()).toBe(true);
    const swipe = async (from: number, to: number) => {
      await phoneViewer.dispatchEvent("pointerdown", { clientX: from, clientY: 400, pointerType: "touch", isPrimary: true });
      await phoneViewer.dispatchEvent("pointerup", { clientX: to, clientY: 410, pointerType: "touch", isPrimary: true });
    };
    await swipe(300, 100); // finger to the left: the next photo
    await expect.poll(() => phoneViewer.locator("img").getAttribute("src")).toBe(photo(2));
    await swipe(100, 300);
    await expect.poll(() => phoneViewer.locator("img").getAttribute("src")).toBe(photo(1));
    await swipe(200, 190); // a tap, not a swipe
    expect(await phoneViewer.locator("img").getAttribute("src")).toBe(photo(1));
  });
});

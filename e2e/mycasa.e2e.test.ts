/**
 * A new user's MyCasa in Chromium (issue 11): favourites two listings as a visitor (and keeps a commute
 * point in the browser), logs in and finds both favourites and the point kept on the account; hides an
 * ad from the results and sees it gone with the count; saves a 'Casa' address and a commute point on
 * MyCasa; then, in a second browser, logs in and finds them all, and removes a favourite, which the
 * first browser's stale copy follows when its tab comes back. axe on every MyCasa tab used.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser } from "../test/users.ts";
import { hydrated, it, PHONE, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let user: { id: number; email: string; password: string };

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  user = await createTestUser(portal.database.db, "nuova.utente@casa.example", "Segreta123", "Nuova Utente");
});
afterAll(async () => {
  await portal?.stop();
});

/** Logs in with the password in the modal, then closes the welcome modal. */
async function logInWithModal(page: Page) {
  const dialog = page.getByRole("dialog");
  await hydrated(page.getByRole("link", { name: "Accedi" }));
  await page.getByRole("link", { name: "Accedi" }).click();
  await dialog.getByRole("button", { name: "Continua con email" }).click();
  await dialog.getByLabel("Email", { exact: true }).fill(user.email);
  await dialog.getByRole("button", { name: "Continua" }).click();
  await dialog.getByLabel("Password", { exact: true }).fill(user.password);
  await dialog.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Nuova Utente");
  await expect.poll(() => dialog.count()).toBe(1);
  await dialog.getByRole("button", { name: "Chiudi" }).first().click();
}

const favouriteIds = (page: Page) =>
  page.getByTestId("mycasa-favourite").evaluateAll((items) => items.map((i) => Number(i.getAttribute("data-listing-id"))));

describe("MyCasa for a new user", () => {
  it("keeps a visitor's favourites at login, hides an ad, and keeps addresses and points across browsers", async ({ page, openPage }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${portal.url}/vendita/case/milano/`);
    const cards = page.locator("article.result-card");
    const saved = [Number(await cards.nth(0).getAttribute("data-listing-id")), Number(await cards.nth(1).getAttribute("data-listing-id"))];
    for (const i of [0, 1]) {
      const heart = cards.nth(i).getByRole("button", { name: "Salva nei preferiti" });
      await expect.poll(() => heart.isEnabled()).toBe(true);
      await heart.click();
      await expect
        .poll(() => cards.nth(i).getByRole("button", { name: "Rimuovi dai preferiti" }).getAttribute("aria-pressed"))
        .toBe("true");
    }
    // A visitor's commute point kept in this browser (the map's nearby tool's format, seed 001 §3).
    await page.evaluate(() =>
      window.localStorage.setItem(
        "casa:nearby",
        JSON.stringify([
          {
            valueId: "custom-palestra",
            valueMin: [10],
            valueVehicle: ["walk"],
            valueCity: { name: "Milano", id: "IT-03-015146" },
            valueAddress: { id: "", description: "Via Dante, Milano", structured_formatting: { main_text: "Via Dante" } },
            valueStreetNum: "",
            valueName: "Palestra",
            apiData: { location: { lat: 45.46612349, lon: 9.18601237 }, travel_mode: "walk", travel_time: 10 },
          },
        ]),
      ),
    );
    // No 'Nascondi' for visitors.
    expect(await page.getByRole("button", { name: /^Nascondi l'annuncio/ }).count()).toBe(0);

    await logInWithModal(page);
    // The login sync merged the browser's favourites into the account and pushed the point up, then cleared it here.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("casa:nearby"))).toBeNull();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("casa:favourites-owner"))).toBe(String(user.id));

    await page.getByTestId("site-user-mycasa").click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("MyCasa");
    expect(await page.getByTestId("mycasa-favourites-count").textContent()).toBe("2 annunci preferiti");
    expect((await favouriteIds(page)).sort()).toEqual([...saved].sort());
    expect(await seriousViolations(page)).toEqual([]);

    // Hide an ad from the results: gone, with the count and the way back.
    await page.goto(`${portal.url}/vendita/case/milano/`);
    const third = page.locator("article.result-card").nth(2);
    const hiddenId = Number(await third.getAttribute("data-listing-id"));
    const totalBefore = await page.getByTestId("search-total").textContent();
    await third.getByRole("button", { name: /^Nascondi l'annuncio/ }).click();
    await expect
      .poll(() =>
        page
          .getByTestId("search-hidden")
          .textContent()
          .catch(() => ""),
      )
      .toContain("1 annuncio nascosto");
    expect(await page.locator(`article.result-card[data-listing-id="${hiddenId}"]`).count()).toBe(0);
    expect(await page.getByTestId("search-total").textContent()).not.toBe(totalBefore);
    await page.getByRole("link", { name: "Mostrali di nuovo" }).click();
    await expect.poll(() => page.getByTestId("mycasa-hidden").getAttribute("data-listing-id")).toBe(String(hiddenId));
    expect(await seriousViolations(page)).toEqual([]);

    // A 'Casa' address and a commute point, saved on MyCasa.
    await page.getByRole("link", { name: "Indirizzi e tragitti" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Indirizzi salvati" }).count()).toBe(1);
    const addressForm = page.locator("form.mycasa-form").first();
    await addressForm.getByLabel("Nome").fill("Casa");
    await addressForm.getByLabel("Indirizzo").fill("Milano");
    await addressForm.getByRole("button", { name: "Salva indirizzo" }).click();
    await expect
      .poll(() =>
        page
          .getByTestId("mycasa-address")
          .first()
          .textContent()
          .catch(() => ""),
      )
      .toContain("Casa");
    const pointForm = page.locator("form.mycasa-form").nth(1);
    // (A select's accessible name is its label's text; its options are part of the label's text content.)
    await pointForm.getByRole("combobox", { name: "Punto", exact: true }).selectOption("dove-lavoro");
    await pointForm.getByRole("textbox", { name: "Indirizzo" }).fill("Torino");
    await pointForm.getByRole("combobox", { name: "Mezzo" }).selectOption("bike");
    await pointForm.getByRole("combobox", { name: "Tempo di viaggio" }).selectOption("20");
    await pointForm.getByRole("button", { name: "Salva punto" }).click();
    await expect.poll(() => page.getByTestId("mycasa-point").count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    // Another browser (a phone): log in on the page, find everything.
    const phone = await openPage(PHONE);
    await phone.goto(`${portal.url}/mycasa/indirizzi/`);
    // Logged out: the login page, which brings the user back.
    await expect.poll(() => phone.getByRole("heading", { level: 1 }).textContent()).toBe("Accedi");
    await phone.getByLabel("Email", { exact: true }).fill(user.email);
    await phone.getByLabel("Password", { exact: true }).fill(user.password);
    await phone.locator("main").getByRole("button", { name: "Accedi", exact: true }).click();
    await expect.poll(() => phone.getByRole("heading", { name: "Indirizzi salvati" }).count()).toBe(1);
    const addresses = await phone.getByTestId("mycasa-address").allTextContents();
    expect(addresses.some((a) => a.includes("Casa") && a.includes("Milano"))).toBe(true);
    const points = await phone.getByTestId("mycasa-point").allTextContents();
    expect(points.some((p) => p.includes("Dove lavoro") && p.includes("Entro 20 minuti in bicicletta"))).toBe(true);
    expect(points.some((p) => p.includes("Palestra") && p.includes("Entro 10 minuti a piedi"))).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.goto(`${portal.url}/mycasa/`);
    expect((await favouriteIds(phone)).sort()).toEqual([...saved].sort());
    // The hearts of this browser follow the account too.
    await expect.poll(() => phone.evaluate(() => window.localStorage.getItem("casa:favourites"))).not.toBeNull();
    expect(JSON.parse((await phone.evaluate(() => window.localStorage.getItem("casa:favourites")))!).sort()).toEqual([...saved].sort());
    // Remove one without fuss: the card goes.
    const removedId = Number(await phone.getByTestId("mycasa-favourite").first().getAttribute("data-listing-id"));
    await phone
      .getByRole("button", { name: /^Elimina dai preferiti/ })
      .first()
      .click();
    await expect.poll(() => phone.getByTestId("mycasa-favourite").count()).toBe(1);

    // The first browser's copy is now stale: when its tab comes back, the server wins.
    const stale = page;
    await expect
      .poll(
        async () => {
          await stale.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
          return JSON.parse((await stale.evaluate(() => window.localStorage.getItem("casa:favourites"))) ?? "[]") as number[];
        },
        { timeout: 25_000, interval: 1000 },
      )
      .toEqual(saved.filter((id) => id !== removedId));
  });
});

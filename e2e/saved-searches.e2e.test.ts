/**
 * Saved searches in Chromium, as a user would (issue 11): a visitor clicks 'Salva ricerca' on the Milano
 * results, logs in through the modal (reason AddFavouriteSearch), and the save modal opens; the search is
 * saved with daily e-mail; after a reload the button says it is saved; the title is edited and e-mail
 * switched off (no-alarm icon); /mycasa/ricerche/ lists it; it is deleted. Axe runs with the modal open.
 * The push switch asks the browser's permission when it is turned on, never before (decision 116): refused,
 * it goes back off and says why; granted, the service worker is registered and the device is stored.
 */
import { createECDH, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { Database } from "../db/schema.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser } from "../test/users.ts";
import { hydrated, it, modalEntryPopped, NO_JAVASCRIPT, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
/** The push service the browser's (stubbed) subscription names; nothing is sent to it in these tests. */
const PUSH_ORIGIN = "http://127.0.0.1:9";

/**
 * Counts the page's permission requests; with `subscription`, the browser's push service is replaced by one
 * answering that subscription (headless Chromium has no push service to subscribe with).
 */
async function watchPush(context: BrowserContext, subscription: unknown = null): Promise<void> {
  await context.addInitScript((sub) => {
    const w = window as unknown as { permissionAsks: number };
    w.permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      w.permissionAsks++;
      return ask(...args);
    };
    if (sub) {
      PushManager.prototype.subscribe = async () =>
        ({
          endpoint: (sub as { endpoint: string }).endpoint,
          toJSON: () => sub,
          unsubscribe: async () => true,
        }) as unknown as PushSubscription;
    }
  }, subscription);
}
const permissionAsks = (page: Page) => page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);

/** Logs a new user in and opens the save modal on the Milano results. */
async function openSaveModal(page: Page, email: string) {
  const user = await createTestUser(portal.database.db, email, "Segreta123", "Utente Push");
  await page.goto(`${portal.url}/accedi/`);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Utente Push");
  await page.goto(`${portal.url}/vendita/case/milano/`);
  const button = page.getByTestId("save-search-button");
  await hydrated(button);
  await button.click();
  const modal = page.getByRole("dialog", { name: "Salva ricerca" });
  await expect.poll(() => modal.isVisible()).toBe(true);
  return { modal, push: modal.getByRole("switch", { name: "Notifiche push" }) };
}

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { PUSH_EXTRA_ORIGINS: PUSH_ORIGIN } });
});
afterAll(async () => {
  await portal?.stop();
});

describe("saving a search", () => {
  it("saves a drawn area from the map view with daily e-mail, finds it saved after a reload, switches e-mail off and deletes it", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // A user of its own, so the other tests' saved searches are not in the way.
    const user = await createTestUser(portal.database.db, "mappa@casa.example", "Segreta123", "Utente Mappa");
    await page.goto(`${portal.url}/accedi/`);
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Utente Mappa");

    // A polygon drawn on the map (its vertices in any order or start make the same search, see the hash tests).
    const polygon = "45.45,9.15;45.5,9.15;45.5,9.2";
    await page.goto(`${portal.url}/vendita/case/milano/mappa/?geopolygon=${polygon}&zoom=13`);
    const button = page.getByTestId("save-search-button");
    await expect.poll(() => button.getAttribute("data-state")).toBe("not-saved");
    await hydrated(button); // a click before that follows the link to the no-JavaScript save page
    await button.click();
    const modal = page.getByRole("dialog", { name: "Salva ricerca" });
    await expect.poll(() => modal.isVisible()).toBe(true);
    await modal.getByRole("switch", { name: "Notifiche push" }).uncheck();
    await modal.getByLabel("Frequenza (Notifiche via Email)").selectOption({ label: "Una volta al giorno" });
    await modal.getByRole("button", { name: "Salva ricerca" }).click();
    await expect.poll(() => button.getAttribute("data-state")).toBe("saved-alarm");
    await modalEntryPopped(page);
    await page.reload();
    await expect.poll(() => button.getAttribute("data-state")).toBe("saved-alarm");

    // MyCasa lists it with daily e-mail and leads back to exactly that area.
    await page.goto(`${portal.url}/mycasa/ricerche/`);
    const item = page.getByTestId("saved-search");
    expect(await item.count()).toBe(1);
    // Titled as a map search (seed 001 §3), not like the plain Milano search; the filters follow it.
    expect(await item.getByRole("heading", { level: 2 }).textContent()).toBe("Ricerca su Mappa");
    expect(await item.textContent()).toContain("Email: Una volta al giorno · Push: Mai");
    const back = new URL((await item.getByRole("link", { name: /Modifica dai risultati/ }).getAttribute("href"))!, portal.url);
    const vertices = (p: string) => p.split(";").sort();
    // The same three vertices (stored in the canonical order: start and orientation do not matter).
    expect(vertices(back.searchParams.get("geopolygon")!)).toEqual(vertices(polygon));

    // E-mail off: the no-alarm icon; then deleted.
    await page.goto(`${portal.url}/vendita/case/milano/mappa/?geopolygon=${polygon}&zoom=13`);
    await expect.poll(() => button.getAttribute("data-state")).toBe("saved-alarm");
    await hydrated(button);
    await button.click();
    const edit = page.getByRole("dialog", { name: "Modifica ricerca" });
    await expect.poll(() => edit.isVisible()).toBe(true);
    await edit.getByRole("switch", { name: "Notifiche via Email" }).uncheck();
    await edit.getByRole("button", { name: "Salva ricerca" }).click();
    await expect.poll(() => button.getAttribute("data-state")).toBe("saved-no-alarm");
    await button.click();
    await expect.poll(() => edit.isVisible()).toBe(true);
    await edit.getByRole("button", { name: "Elimina ricerca" }).click();
    await expect.poll(() => button.getAttribute("data-state")).toBe("not-saved");
    await modalEntryPopped(page);
    await page.goto(`${portal.url}/mycasa/ricerche/`);
    expect(await page.getByTestId("saved-search").count()).toBe(0);
    await page.getByRole("button", { name: "Esci" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Accedi" }).count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it("saves the Milano search after login, edits its title and alerts, and deletes it", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${portal.url}/vendita/case/milano/`);
    const button = page.getByTestId("save-search-button");
    await expect.poll(() => button.getAttribute("data-state")).toBe("not-saved");
    expect(await button.textContent()).toBe("Salva ricerca");
    // The save hint (desktop, page 1, 1–500 results, not in the last 12 hours): closed, it stays away on reload.
    const total = Number((await page.getByTestId("search-total").textContent())!.replace(/\D/g, ""));
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(500);
    const hint = page.getByRole("status").filter({ hasText: "Salva questa ricerca" });
    await expect.poll(() => hint.count()).toBe(1);
    await hint.getByRole("button", { name: "Chiudi" }).click();
    expect(await hint.count()).toBe(0);
    await page.reload();
    await expect.poll(() => button.getAttribute("data-state")).toBe("not-saved");
    expect(await hint.count()).toBe(0);

    // A visitor: the login modal first, then the save modal.
    await hydrated(button);
    await button.click();
    const login = page.locator("dialog.login-modal");
    await expect.poll(() => login.isVisible()).toBe(true);
    await login.getByRole("button", { name: "Continua con email" }).click();
    await login.getByLabel("Email", { exact: true }).fill("demo@casa.example");
    await login.getByRole("button", { name: "Continua" }).click();
    await login.getByLabel("Password", { exact: true }).fill("CasaDemo2026");
    await login.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect.poll(() => login.getByRole("heading", { level: 2 }).textContent()).toMatch(/^Ben(venuto|tornato), Utente Demo!$/);
    await login.getByRole("button", { name: "Chiudi" }).first().click();

    const modal = page.getByRole("dialog", { name: "Salva ricerca" });
    await expect.poll(() => modal.isVisible()).toBe(true);
    expect(await modal.getByText("AVVISAMI DEI NUOVI ANNUNCI").count()).toBe(1);
    expect(await modal.getByText("RIEPILOGO").count()).toBe(1);
    expect(await modal.getByLabel("NOME DELLA RICERCA (opzionale)").getAttribute("placeholder")).toBe("Dai un titolo alla tua ricerca");
    // E-mail and push alerts are sent, immediately and once a day (docs/decisions/085, 092, 116, 130): no "only stored" notice (053).
    expect(await modal.getByText("Gli avvisi via email «Subito» arrivano appena").count()).toBe(0);
    expect(await modal.getByLabel("Escludi immobili all’asta").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // All notifications: off turns both channels off, on turns both on.
    const all = modal.getByRole("switch", { name: "Tutte le notifiche" });
    const email = modal.getByRole("switch", { name: "Notifiche via Email" });
    const push = modal.getByRole("switch", { name: "Notifiche push" });
    expect(await all.isChecked()).toBe(true);
    await all.uncheck();
    expect([await email.isChecked(), await push.isChecked()]).toEqual([false, false]);
    // On: e-mail on; push asks the browser, which refuses here (no grant), so push goes back off.
    await all.click();
    expect(await email.isChecked()).toBe(true);
    await expect.poll(() => push.isChecked()).toBe(false);
    // E-mail: switched off and on again (on means immediately), then once a day.
    await email.uncheck();
    expect(await modal.getByLabel("Frequenza (Notifiche via Email)").count()).toBe(0);
    await email.check();
    const frequency = modal.getByLabel("Frequenza (Notifiche via Email)");
    expect(await frequency.inputValue()).toBe("immediately");
    await frequency.selectOption({ label: "Una volta al giorno" });
    expect(await modal.getByRole("switch", { name: "Notifiche push" }).isChecked()).toBe(false);
    await modal.getByRole("button", { name: "Salva ricerca" }).click();
    await expect.poll(() => modal.count()).toBe(0);
    await expect.poll(() => button.getAttribute("data-state")).toBe("saved-alarm");
    await modalEntryPopped(page);

    await page.reload();
    await expect.poll(() => button.getAttribute("data-state")).toBe("saved-alarm");
    expect(await button.textContent()).toBe("Ricerca salvata");

    // Edit: a title, e-mail off → the no-alarm icon.
    await hydrated(button);
    await button.click();
    const edit = page.getByRole("dialog", { name: "Modifica ricerca" });
    await expect.poll(() => edit.isVisible()).toBe(true);
    expect(await edit.getByLabel("Frequenza (Notifiche via Email)").inputValue()).toBe("daily");
    await edit.getByLabel("NOME DELLA RICERCA (opzionale)").fill("Case a Milano");
    await edit.getByRole("switch", { name: "Notifiche via Email" }).uncheck();
    await edit.getByRole("button", { name: "Salva ricerca" }).click();
    await expect.poll(() => button.getAttribute("data-state")).toBe("saved-no-alarm");
    await modalEntryPopped(page);

    await page.goto(`${portal.url}/mycasa/ricerche/`);
    const item = page.getByTestId("saved-search");
    expect(await item.count()).toBe(1);
    expect(await item.getByRole("heading", { level: 2 }).textContent()).toBe("Case a Milano");
    expect(await item.textContent()).toContain("Email: Mai · Push: Mai");
    expect(await seriousViolations(page)).toEqual([]);

    // From the bookmark to its results, where the modal opens by itself after a second.
    await item.getByRole("link", { name: /Modifica dai risultati/ }).click();
    await page.waitForURL(/\/vendita\/case\/milano\/$/);
    await expect.poll(() => button.getAttribute("data-state")).toBe("saved-no-alarm");
    const fromBookmark = page.getByRole("dialog", { name: "Modifica ricerca" });
    await expect.poll(() => fromBookmark.isVisible()).toBe(true);
    expect(await fromBookmark.getByLabel("NOME DELLA RICERCA (opzionale)").inputValue()).toBe("Case a Milano");
    await fromBookmark.getByRole("button", { name: "Annulla" }).click();
    await expect.poll(() => fromBookmark.count()).toBe(0);

    // Logged out, this browser still knows the search: 'Attiva ricerca', with its notification tooltip; it asks to log in.
    await page.getByRole("button", { name: "Esci" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Accedi" }).count()).toBe(1);
    await page.goto(`${portal.url}/vendita/case/milano/`);
    await expect.poll(() => button.getAttribute("data-state")).toBe("inactive");
    expect(await button.textContent()).toBe("Attiva ricerca");
    expect(await page.getByRole("status").filter({ hasText: "Accedi per riattivare gli avvisi" }).count()).toBe(1);
    await button.click();
    await expect.poll(() => login.isVisible()).toBe(true);
    await login.getByLabel("Password", { exact: true }).fill("CasaDemo2026");
    await login.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect.poll(() => login.getByRole("heading", { level: 2 }).textContent()).toBe("Bentornato, Utente Demo!");
    await login.getByRole("button", { name: "Chiudi" }).first().click();
    const editAgain = page.getByRole("dialog", { name: "Modifica ricerca" });
    await expect.poll(() => editAgain.isVisible()).toBe(true);
    await editAgain.getByRole("button", { name: "Elimina ricerca" }).click();
    await expect.poll(() => button.getAttribute("data-state")).toBe("not-saved");
    await modalEntryPopped(page);
    await page.reload();
    await expect.poll(() => button.getAttribute("data-state")).toBe("not-saved");

    // 'RIEPILOGO' goes back to the filters; Escape closes the modal.
    await hydrated(button);
    await button.click();
    const again = page.getByRole("dialog", { name: "Salva ricerca" });
    await expect.poll(() => again.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => again.count()).toBe(0);
    // The browser's back button closes the modal first, and the page stays.
    await button.click();
    await expect.poll(() => again.isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => again.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/vendita/case/milano/");
    await button.click();
    await expect.poll(() => again.isVisible()).toBe(true);
    await again.getByRole("button", { name: /Modifica i filtri/ }).click();
    await expect.poll(() => again.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("#filtri-form") !== null)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("asks for the notification permission only when push is turned on; refused, push goes back off and says why", async ({
    context,
    page,
  }) => {
    await watchPush(context);
    const { modal, push } = await openSaveModal(page, "push-no@casa.example");
    expect(await push.isChecked()).toBe(false);
    expect(await permissionAsks(page)).toBe(0);
    await push.click();
    await expect.poll(() => permissionAsks(page)).toBe(1);
    // Headless Chromium refuses without a grant: the switch goes back off and the modal says why.
    await expect.poll(() => push.isChecked()).toBe(false);
    expect(await modal.getByRole("status").filter({ hasText: "Le notifiche sono bloccate per questo sito" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("with permission granted, turning push on registers the service worker and stores this device for the user", async ({
    context,
    page,
  }) => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const subscription = {
      endpoint: `${PUSH_ORIGIN}/push/e2e-device`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    };
    await watchPush(context, subscription);
    await context.grantPermissions(["notifications"], { origin: portal.url });
    const { modal, push } = await openSaveModal(page, "push-si@casa.example");
    expect(await permissionAsks(page)).toBe(0);
    const db = portal.database.db as unknown as Kysely<Database>;
    const devices = async () =>
      (
        await sql<{ endpoint: string }>`
          SELECT p.endpoint FROM push_subscriptions p JOIN users u ON u.id = p.user_id WHERE u.email = 'push-si@casa.example'`.execute(db)
      ).rows.map((r) => r.endpoint);
    expect(await devices()).toEqual([]);
    await push.click();
    await expect.poll(devices, { timeout: 20_000 }).toEqual([subscription.endpoint]);
    expect(await permissionAsks(page)).toBe(1);
    expect(await push.isChecked()).toBe(true);
    // The portal's service worker controls the site now.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.active?.scriptURL ?? null))
      .toBe(`${portal.url}/sw.js`);
    await modal.getByRole("button", { name: "Salva ricerca" }).click();
    await expect.poll(() => page.getByTestId("save-search-button").getAttribute("data-state")).toBe("saved-alarm");
  });

  it("works without JavaScript: login, save with the form, back to the saved results", async ({ openPage }) => {
    const page = await openPage(NO_JAVASCRIPT);
    await page.goto(`${portal.url}/vendita/case/roma/`);
    await page.getByTestId("save-search-button").click();
    await page.waitForURL(/\/accedi\//);
    await page.getByLabel("Email", { exact: true }).fill("demo@casa.example");
    await page.getByLabel("Password", { exact: true }).fill("CasaDemo2026");
    await page.getByRole("button", { name: "Accedi" }).click();
    await page.waitForURL(/\/mycasa\/ricerche\/salva\//);
    await page.getByLabel("Notifiche via Email").selectOption({ label: "Una volta al giorno" });
    await page.getByRole("button", { name: "Salva ricerca" }).click();
    await page.waitForURL(/\/vendita\/case\/roma\/$/);
    expect(await page.getByTestId("save-search-button").getAttribute("data-state")).toBe("saved-alarm");
  });
});

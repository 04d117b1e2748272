/**
 * Layout on phones and desktops (issue 21 §9, §10): no page of the walk is wider than a 360 or 390 px
 * phone, logged out and logged in (the logged-in header pushed every page to 417 px and cut 'Esci' off),
 * and the contact form's 'Invia' is a styled button like 'Chiama' beside it, in the modal and on /contatta/.
 */
import { type Kysely, sql } from "kysely";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import type { Database } from "../db/schema.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser } from "../test/users.ts";
import { DESKTOP, type Device, hydrated, it, PHONE, SMALL_PHONE } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let db: Kysely<Database>;
let listing: { id: number };
let agencyPath: string;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  db = portal.database.db as unknown as Kysely<Database>;
  // A listing of an agency that shows its phone: its contact form has 'Chiama' beside 'Invia'.
  const l = await sql<{ id: number; publisher: number; slug: string }>`
    SELECT l.id::int AS id, p.id::int AS publisher, p.slug FROM listings l JOIN publishers p ON p.id = l.publisher_id
    WHERE p.kind = 'agency' AND p.email IS NOT NULL AND p.show_phone_number AND NOT l.is_auction AND l.agent_id IS NULL
    ORDER BY l.id LIMIT 1`.execute(db);
  listing = { id: l.rows[0]!.id };
  agencyPath = `/agenzie/${l.rows[0]!.publisher}-${l.rows[0]!.slug}/`;
});
afterAll(async () => {
  await portal?.stop();
});

/** One page of each kind a visitor or a user reaches (app/routes.ts). */
function walk(): string[] {
  return [
    "/",
    "/vendita/case/milano/",
    "/vendita/case/milano/mappa/",
    `/annunci/${listing.id}/`,
    agencyPath,
    "/trova-agenzia/",
    "/preferiti/",
    "/mycasa/",
    "/mycasa/nascosti/",
    "/mycasa/indirizzi/",
    "/mycasa/cronologia/",
    "/mycasa/ricerche/",
    "/accedi/",
    "/registrati/",
    "/valutazione-immobile/",
    `/contatta/?annuncio=${listing.id}`,
    "/immobili/lombardia/",
    "/immobili/lombardia/milano/",
  ];
}

async function logIn(page: Page, email: string): Promise<void> {
  const user = await createTestUser(db, email, "Segreta123", "Mariangela Bevilacqua");
  await page.goto(`${portal.url}/accedi/`);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect.poll(() => page.getByTestId("site-user-name").count()).toBe(1);
}

/**
 * The pages of the walk wider than the screen, with their width. On a phone the browser widens its layout
 * viewport (innerWidth) to a page that is too wide and zooms out, so both are compared with the screen.
 */
async function overflowing(page: Page, screen: number): Promise<string[]> {
  const wide: string[] = [];
  for (const path of walk()) {
    await page.goto(`${portal.url}${path}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    if (scroll > inner || inner > screen) wide.push(`${path}: ${scroll} px in ${inner}`);
  }
  return wide;
}

describe("no page is wider than a phone", () => {
  for (const [name, device] of [
    ["360 px", SMALL_PHONE],
    ["390 px", PHONE],
  ] as Array<[string, Device]>) {
    it(`at ${name}, logged out`, async ({ openPage }) => {
      const page = await openPage(device);
      expect(await overflowing(page, device.viewport.width)).toEqual([]);
    }, 240_000);

    it(`at ${name}, logged in, with 'Esci' on the screen`, async ({ openPage }) => {
      const page = await openPage(device);
      await logIn(page, `larghezza-${device.viewport.width}@casa.example`);
      expect(await overflowing(page, device.viewport.width)).toEqual([]);
      await page.goto(`${portal.url}/`);
      const logout = await page.getByRole("button", { name: "Esci" }).boundingBox();
      expect(logout!.x).toBeGreaterThanOrEqual(0);
      expect(logout!.x + logout!.width).toBeLessThanOrEqual(device.viewport.width);
    }, 240_000);
  }
});

/** What tells a styled button from the browser's default one. */
function looks(page: Page, name: string, scope: string) {
  return page
    .locator(scope)
    .getByRole("button", { name, exact: true })
    .evaluate((button) => {
      const s = getComputedStyle(button);
      const box = button.getBoundingClientRect();
      return { className: button.className, background: s.backgroundColor, radius: s.borderRadius, height: Math.round(box.height) };
    });
}

describe("the contact form's 'Invia' is styled like 'Chiama'", () => {
  for (const [name, device] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as Array<[string, Device]>) {
    it(`in the listing's contact modal and on /contatta/, on a ${name}`, async ({ openPage }) => {
      const page = await openPage(device);
      await page.goto(`${portal.url}/annunci/${listing.id}/`);
      const contact = page.getByTestId("contact-button");
      await hydrated(contact);
      await contact.click();
      await expect.poll(() => page.getByTestId("lead-form").isVisible()).toBe(true);
      const send = await looks(page, "Invia", "[data-testid=lead-form]");
      const call = await looks(page, "Chiama", "[data-testid=lead-form]");
      expect(send).toEqual({ className: "primary-button", background: "rgb(11, 110, 79)", radius: "6px", height: call.height });
      expect(call).toMatchObject({ className: "secondary-button", background: "rgb(255, 255, 255)", radius: "6px" });
      expect(send.height).toBeGreaterThanOrEqual(44);

      await page.goto(`${portal.url}/contatta/?annuncio=${listing.id}`);
      expect(await looks(page, "Invia", "form.contact-form")).toEqual(send);
    });
  }
});

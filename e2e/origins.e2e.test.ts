/**
 * The portal answers forms at whatever name reaches it when PUBLIC_URL is not set (issue 21 §8,
 * docs/decisions/078): the same test portal opened at http://127.0.0.1:PORT and at http://localhost:PORT;
 * at each a user logs in with the form, saves a search and sends a contact form, as in a browser.
 */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { leadsForPublisher } from "../db/leads.ts";
import type { Database } from "../db/schema.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser } from "../test/users.ts";
import { hydrated, it } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let db: Kysely<Database>;
let listing: { id: number; publisherId: number };

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  db = portal.database.db as unknown as Kysely<Database>;
  const { rows } = await sql<typeof listing>`
    SELECT l.id::int AS id, l.publisher_id::int AS "publisherId" FROM listings l JOIN publishers p ON p.id = l.publisher_id
    WHERE p.kind = 'agency' AND p.email IS NOT NULL AND NOT l.is_auction ORDER BY l.id LIMIT 1`.execute(db);
  listing = rows[0]!;
});
afterAll(async () => {
  await portal?.stop();
});

describe("the same portal at two names", () => {
  for (const host of ["127.0.0.1", "localhost"]) {
    it(`at ${host}: logs in with the form, saves a search and sends a contact form`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const base = `http://${host}:${portal.port}`;
      const user = await createTestUser(db, `origine-${host}@casa.example`, "Segreta123", "Utente Origine");

      await page.goto(`${base}/accedi/`);
      await hydrated(page.getByRole("button", { name: "Accedi" }));
      await page.getByLabel("Email", { exact: true }).fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      await page.getByRole("button", { name: "Accedi" }).click();
      await expect.poll(() => page.getByTestId("site-user-name").textContent()).toBe("Utente Origine");

      await page.goto(`${base}/vendita/case/milano/`);
      const save = page.getByTestId("save-search-button");
      await expect.poll(() => save.getAttribute("data-state")).toBe("not-saved");
      await hydrated(save);
      await save.click();
      const modal = page.getByRole("dialog", { name: "Salva ricerca" });
      await expect.poll(() => modal.isVisible()).toBe(true);
      await modal.getByRole("button", { name: "Salva ricerca" }).click();
      await expect.poll(() => save.getAttribute("data-state")).toMatch(/^saved-/);
      expect(await page.getByText("Si è verificato un errore").count()).toBe(0);

      await page.goto(`${base}/annunci/${listing.id}/`);
      const contact = page.getByTestId("contact-button");
      await hydrated(contact);
      await contact.click();
      const dialog = page.getByRole("dialog", { name: /^Contatta/ });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByLabel("Nome e cognome").fill("Utente Origine");
      await dialog.getByLabel("Email").fill(user.email);
      await dialog.getByRole("button", { name: "Invia" }).click();
      await expect.poll(() => page.getByTestId("lead-feedback").isVisible()).toBe(true);
      const leads = await leadsForPublisher(db, listing.publisherId);
      expect(leads.filter((l) => l.email === user.email)).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  }
});

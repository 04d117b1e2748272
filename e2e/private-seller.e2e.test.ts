/**
 * A private seller in a browser (issue 24 item 1, docs/decisions/139): 'Pubblica annuncio' in the footer sends a
 * signed-out person to the login and back; they become a private seller, fill the listing form in (an error next
 * to its field first, what they typed kept), publish, and see the listing in their list and on its page. axe on
 * the form with an error and on the list.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "../db/schema.ts";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser } from "../test/users.ts";
import { hydrated, it, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let street: string;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  const db = portal.database.db as unknown as Kysely<Database>;
  // A street Milano's listings use: the publishing path geocodes the address from the street table.
  street = (
    await sql<{ street: string }>`
      SELECT l.street FROM listings l JOIN places t ON t.id = l.town_id
      WHERE t.name = 'Milano' AND l.street ~ '^Via [A-Z][a-z]+$' ORDER BY l.id LIMIT 1`.execute(db)
  ).rows[0]!.street;
  await createTestUser(db, "privato.e2e@example.it", "Segreta123", "Luca Ferri");
});
afterAll(async () => {
  await portal?.stop();
});

it("signs in from the footer's 'Pubblica annuncio', becomes a private seller, publishes through the form and sees the listing", async ({
  page,
}) => {
  await page.goto(`${portal.url}/`);
  await page.getByRole("contentinfo").getByRole("link", { name: "Pubblica annuncio: vendi o affitta casa da privato" }).click();
  await page.waitForURL(/\/accedi\/\?redirect=%2Fpubblica-annuncio%2F$/);
  await page.getByLabel("Email", { exact: true }).fill("privato.e2e@example.it");
  await page.getByLabel("Password", { exact: true }).fill("Segreta123");
  await page.getByRole("button", { name: "Accedi" }).click();

  const become = page.getByRole("button", { name: "Diventa inserzionista privato" });
  await expect.poll(() => become.count(), { timeout: 15_000 }).toBe(1);
  expect(await page.getByLabel("Nome mostrato negli annunci").inputValue()).toBe("Luca Ferri");
  await hydrated(become);
  await page.getByLabel("Telefono (facoltativo)").fill("333 111 2233");
  await become.click();

  await page.waitForURL(/\/pubblica-annuncio\/nuovo\/$/);
  const form = page.getByTestId("private-listing-form");
  await hydrated(form);
  await form.getByLabel("Contratto").selectOption("vendita");
  await form.getByLabel("Tipologia").selectOption("appartamento");
  await form.getByLabel("Comune").fill("Milano");
  await form.getByLabel("Indirizzo (via o piazza)").fill(street);
  await form.getByLabel("Numero civico").fill("7");
  await form.getByLabel("Superficie (m²)").fill("70");
  await form.getByLabel("Locali", { exact: true }).fill("2");
  await form.getByLabel("Bagni").fill("1");
  await form.getByLabel("Piano", { exact: true }).fill("3");
  await form.getByLabel("Prezzo (€)").fill("265.000");
  await form.getByLabel("Descrizione").fill("Bilocale ristrutturato al terzo piano con ascensore, vicino alla metropolitana.");
  // The energy certificate's figures are left out: the law requires them, the form says so next to the fields.
  await form.getByRole("button", { name: "Pubblica annuncio" }).click();
  const classError = page.locator("#campo-energyClass-error");
  await expect
    .poll(() => classError.textContent(), { timeout: 15_000 })
    .toBe("La classe energetica è obbligatoria in ogni annuncio (D.Lgs. 192/2005)");
  expect(await form.getByLabel("Prezzo (€)").inputValue()).toBe("265.000");
  expect(await form.getByLabel("Classe energetica", { exact: true }).getAttribute("aria-invalid")).toBe("true");
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByLabel("Classe energetica", { exact: true }).selectOption("B");
  await form.getByLabel("Indice di prestazione energetica (kWh/m² anno)").fill("62,4");
  await form.getByRole("button", { name: "Pubblica annuncio" }).click();
  await page.waitForURL(/\/pubblica-annuncio\/\d+\/modifica\/\?pubblicato=1$/, { timeout: 15_000 });
  expect(await page.getByTestId("published-notice").textContent()).toBe("Annuncio pubblicato: è già nelle ricerche.");
  const id = /\/pubblica-annuncio\/(\d+)\//.exec(page.url())![1];

  await page.getByRole("link", { name: "Torna ai tuoi annunci" }).click();
  await page.waitForURL(/\/pubblica-annuncio\/$/);
  const row = page.locator(`tr[data-listing-id="${id}"]`);
  expect(await row.getByTestId("listing-status").textContent()).toBe("Online");
  expect(await page.getByRole("heading", { name: "I tuoi annunci (1 online su 3)" }).count()).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole("link", { name: "Bilocale in vendita a Milano", exact: true }).click();
  await page.waitForURL(new RegExp(`/annunci/${id}/$`));
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Bilocale in vendita a Milano");
});

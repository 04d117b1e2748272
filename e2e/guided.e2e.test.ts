/**
 * The guided flow 'cerca casa' on a phone (issue 25 item 2, docs/decisions/102): parameters, where, budget with
 * its live count, rooms and bathrooms with their availability, filters; the visitor logs in from the save step
 * and comes back to it, saves with e-mail alerts and lands on the thank-you page; MyCasa lists the search.
 * Axe on every step.
 */
import { afterAll, beforeAll, describe, expect } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import { createTestUser } from "../test/users.ts";
import { hydrated, it, PHONE, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
});
afterAll(async () => {
  await portal?.stop();
});

describe("guided flow in Chromium", () => {
  it("takes a phone user from the first question to a saved search with e-mail alerts and the thank-you page", async ({ openPage }) => {
    const page = await openPage(PHONE);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const user = await createTestUser(portal.database.db, "guidato@casa.example", "Segreta123", "Utente Guidato");
    const heading = () => page.getByRole("heading", { level: 1 }).textContent();

    await page.goto(`${portal.url}/cerca-casa/`);
    expect(await heading()).toBe("Cosa cerchi?");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Affittare").check();
    await page.getByLabel("Tipologia").selectOption({ label: "Appartamento" });
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(heading).toBe("Dove cerchi casa?");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Comune, zona o quartiere").fill("Milano");
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(heading).toBe("Qual è il tuo budget?");
    const count = page.getByTestId("guided-count");
    const before = await count.textContent();
    expect(before).toMatch(/^[\d.]+ annunci corrispondono alla tua ricerca$/);
    expect(await seriousViolations(page)).toEqual([]);
    const max = page.getByLabel("Prezzo massimo (€)");
    await hydrated(max);
    await max.fill("1800");
    // The live count follows the budget (fewer homes up to 1,800 € a month than at any price).
    await expect
      .poll(async () => Number((await count.textContent())!.split(" ")[0]!.replace(/\./g, "")))
      .toBeLessThan(Number(before!.split(" ")[0]!.replace(/\./g, "")));
    expect(Number((await count.textContent())!.split(" ")[0]!.replace(/\./g, ""))).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(heading).toBe("Quanti locali e bagni?");
    expect(await page.getByTestId("locali-2").textContent()).toMatch(/^\([\d.]+ annunc[io]\)$/);
    expect(await seriousViolations(page)).toEqual([]);
    const bathsBefore = await page.getByTestId("bagni-1").textContent();
    const twoRooms = page.getByRole("group", { name: "Locali" }).getByRole("radio", { name: /^2\+/ });
    await hydrated(twoRooms);
    await twoRooms.check();
    // Bathrooms availability follows the rooms chosen.
    await expect.poll(() => page.getByTestId("bagni-1").textContent()).not.toBe(bathsBefore);
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(heading).toBe("Cosa non deve mancare?");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Balcone").check();
    await page.getByRole("button", { name: "Avanti" }).click();

    await expect.poll(heading).toBe("Salva la ricerca e ricevi gli avvisi");
    expect(await seriousViolations(page)).toEqual([]);
    // A visitor logs in on the account page and comes back to this step.
    await page.getByRole("link", { name: "Accedi o registrati per salvare la ricerca" }).click();
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect.poll(heading).toBe("Salva la ricerca e ricevi gli avvisi");
    await page.getByLabel("Avvisi via email").selectOption({ label: "Subito" });
    await page.getByRole("button", { name: "Salva ricerca" }).click();

    await expect.poll(heading).toBe("Grazie! La tua ricerca è salvata");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Le mie ricerche" }).click();
    const item = page.getByTestId("saved-search");
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.textContent()).toContain("Email: Subito");
    const results = new URL((await item.getByRole("link", { name: /Modifica dai risultati/ }).getAttribute("href"))!, portal.url);
    expect(results.pathname).toBe("/affitto/case/milano/");
    expect(results.search).toContain("price_max=1800");
    expect(errors).toEqual([]);
  }, 240_000);
});

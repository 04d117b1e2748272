/**
 * The guided flow 'cerca casa' on a phone (issue 25 item 2, docs/decisions/102): parameters, where, budget with
 * its live count, rooms and bathrooms with their availability, filters; the visitor logs in from the save step
 * and comes back to it, saves with e-mail alerts and lands on the thank-you page; MyCasa lists the search.
 * Axe on every step. The chat variant on a desktop (docs/decisions/123): chips and free text to a saved search with
 * the hash its results page would save, and the thank-you page.
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

  it("takes a desktop user through the chat, with chips and free text, to the search its results page would save", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const user = await createTestUser(portal.database.db, "chat@casa.example", "Segreta123", "Utente Chat");
    await page.goto(`${portal.url}/cerca-casa/`);
    await page.getByRole("link", { name: "Preferisci chattare? Cerca casa in chat" }).click();
    await page.waitForURL(`${portal.url}/cerca-casa/chat/`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Cerca casa in chat");
    const log = page.getByRole("log", { name: "Conversazione" });
    const chips = page.getByRole("group", { name: "Risposte rapide" });
    const answer = page.getByLabel("La tua risposta");
    const send = async (text: string) => {
      await answer.fill(text);
      await page.getByRole("button", { name: "Invia" }).click();
    };
    // Each turn reads "Cerca casa: …" or "Tu: …" to a screen reader (a visually hidden speaker).
    const asked = (question: string) => expect.poll(() => log.locator("li").last().textContent()).toBe(`Cerca casa: ${question}`);
    await hydrated(chips.getByRole("button", { name: "Affittare" }));
    await asked("Ciao! Vuoi comprare casa o prenderla in affitto?");
    expect(await seriousViolations(page)).toEqual([]);

    await chips.getByRole("button", { name: "Affittare" }).click();
    await asked("Che tipo di casa cerchi?");
    await send("un appartamento");
    await asked("Dove cerchi? Scrivi un comune, una zona o un quartiere.");
    // A place the place search does not know gets an answer, and the question stays.
    await send("zzqxwv");
    await asked("Non abbiamo trovato questo luogo: prova con il nome di un comune");
    await send("Milano");
    await asked("Qual è il tuo budget?");
    expect(await log.textContent()).toMatch(/Milano: [\d.]+ annunci corrispondono alla tua ricerca\./);
    expect(await seriousViolations(page)).toEqual([]);
    await send("tanti soldi");
    await asked("Non ho capito: prova con una delle risposte rapide o scrivi in un altro modo");
    await send("fino a 1.800 € al mese");
    await asked("Quanti locali almeno?");
    // The rooms chips carry how many listings each finds (from /cerca-casa/available).
    const twoRooms = chips.getByRole("button", { name: /^2\+ \([\d.]+ annunc[io]\)$/ });
    await expect.poll(() => twoRooms.count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await twoRooms.click();
    await asked("E quanti bagni?");
    await chips.getByRole("button", { name: "Indifferente" }).click();
    await asked("Cosa non deve mancare? Scegli quante vuoi, poi Continua.");
    await chips.getByRole("button", { name: "Balcone" }).click();
    await expect.poll(() => chips.getByRole("button", { name: "Balcone" }).getAttribute("aria-pressed")).toBe("true");
    await chips.getByRole("button", { name: "Continua" }).click();
    await asked("Salvo la ricerca e ti avviso via email quando arrivano nuovi annunci: quanto spesso?");
    expect(await seriousViolations(page)).toEqual([]);

    // A visitor logs in and comes back to the save question with the answers kept.
    await page.getByRole("link", { name: "Accedi o registrati per salvare la ricerca" }).click();
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Accedi" }).click();
    await page.waitForURL(/\/cerca-casa\/chat\/\?passo=salva/);
    await hydrated(chips.getByRole("button", { name: "Subito" }));
    await asked("Salvo la ricerca e ti avviso via email quando arrivano nuovi annunci: quanto spesso?");
    await chips.getByRole("button", { name: "Subito" }).click();

    await page.waitForURL(/\/cerca-casa\/\?passo=grazie&salvata=1/);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Grazie! La tua ricerca è salvata");
    expect(await seriousViolations(page)).toEqual([]);

    // The stored search: e-mail alerts 'Subito', and the hash the results page's save button would give.
    const saved = await portal.database.db
      .selectFrom("savedSearches")
      .innerJoin("users", "users.id", "savedSearches.userId")
      .where("users.email", "=", user.email)
      .select(["savedSearches.id", "savedSearches.hash"])
      .execute();
    expect(saved).toHaveLength(1);
    const alerts = await portal.database.db.selectFrom("savedSearchAlerts").where("savedSearchId", "=", saved[0]!.id).selectAll().execute();
    expect(alerts.find((a) => a.channel === "mail")?.frequency).toBe("immediately");
    const results = new URL((await page.getByRole("link", { name: "Vedi gli annunci" }).getAttribute("href"))!, portal.url);
    expect(results.pathname).toMatch(/^\/affitto\/.*milano\/$/);
    expect(results.search).toContain("price_max=1800");
    const fromResults = await page.evaluate(async (uri) => {
      const res = await fetch("/portal-srp/api/v1/mycasa/searches/serialize", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ searchData: { uri } }),
      });
      return (await res.json()).data.serialize.hash as string;
    }, `${results.pathname}${results.search}`);
    expect(fromResults).toBe(saved[0]!.hash);
    expect(errors).toEqual([]);
  }, 240_000);
});

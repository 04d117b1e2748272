/**
 * The publisher's dashboard in /area-agenzia/ (issue 24 item 4), in a browser as an agency user: creates an
 * API key (shown once), sees every listing of the agency (the demo generator's too, in pages), publishes
 * through the API with it, sees its listing online with views and
 * contacts of 30 days, confirms it, sees a feed import and its rejected listing with the reason, withdraws
 * through the API and sees the status change; revokes the key. axe on the page at each step.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "../db/schema.ts";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let db: Kysely<Database>;
let agencyId: number;
let home: Record<string, unknown>;

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  db = portal.database.db as unknown as Kysely<Database>;
  agencyId = (await sql<{ id: number }>`SELECT id::int AS id FROM publishers WHERE kind = 'agency' ORDER BY id LIMIT 1`.execute(db))
    .rows[0]!.id;
  const row = await db
    .selectFrom("listings")
    .select(["townId", "street", "exactLat", "exactLon"])
    .where("channel", "=", "vendita")
    .orderBy("id")
    .limit(1)
    .executeTakeFirstOrThrow();
  home = {
    channel: "vendita",
    propertyType: "appartamento",
    price: 280_000,
    surface: 90,
    rooms: 3,
    baths: 2,
    floor: 1,
    energyClass: "B",
    energyIndex: 60,
    title: "Trilocale del cruscotto agenzia",
    description: "Trilocale luminoso al primo piano, pubblicato dal gestionale dell'agenzia con la sua chiave API.",
    address: { townId: row.townId, street: row.street, streetNumber: "5", lat: row.exactLat, lon: row.exactLon },
  };
});
afterAll(async () => {
  await portal?.stop();
});

it("shows an agency its keys, listings with status and 30-day figures, and its imports", async ({ page }) => {
  await page.goto(`${portal.url}/accedi/?redirect=/area-agenzia/`);
  await page.getByLabel("Email", { exact: true }).fill(`agenzia${agencyId}@casa.example`);
  await page.getByLabel("Password", { exact: true }).fill("CasaAgenzia2026");
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Chiavi API" }).count(), { timeout: 15_000 }).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);

  // Every listing of the agency is on its dashboard, the demo generator's too: newest id first, in pages of 20.
  const generated = (await db.selectFrom("listings").select("id").where("publisherId", "=", agencyId).orderBy("id", "desc").execute()).map(
    (l) => Number(l.id),
  );
  expect(generated.length).toBeGreaterThan(0);
  expect(await page.getByRole("heading", { name: `I tuoi annunci (${generated.length})` }).count()).toBe(1);
  const newest = page.locator(`tr[data-listing-id="${generated[0]}"]`);
  expect(await newest.getByTestId("listing-status").textContent()).toBe("Online");
  expect(await newest.textContent()).toContain("— (non scade)");
  expect(await page.locator("tr[data-listing-id]").count()).toBe(Math.min(20, generated.length));
  if (generated.length > 20) {
    await page.getByRole("navigation", { name: "Pagine dei tuoi annunci" }).getByRole("link", { name: "Pagina successiva" }).click();
    await expect.poll(() => page.locator(`tr[data-listing-id="${generated[20]}"]`).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId("listings-page").textContent()).toBe(`Pagina 2 di ${Math.ceil(generated.length / 20)}`);
  }

  // A key: named, created, shown once in a labelled field.
  const label = page.getByLabel("Nome della chiave");
  await hydrated(label);
  await label.fill("Gestionale");
  await page.getByRole("button", { name: "Crea chiave" }).click();
  const field = page.getByLabel("La tua nuova chiave (copiala ora: non sarà più mostrata)");
  await expect.poll(() => field.inputValue(), { timeout: 15_000 }).toMatch(/^casa_pk_/);
  const key = await field.inputValue();
  expect(await seriousViolations(page)).toEqual([]);

  // The agency's program publishes with it; the dashboard lists the listing online.
  const created = await fetch(`${portal.url}/api/publisher/v1/listings`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ ...home, externalId: "DASH-1" }),
  }).then((r) => r.json());
  const id = created.listing.id as number;
  // A visit and a contact request on its page count in the 30-day figures.
  await fetch(`${portal.url}/annunci/${id}/`);
  const feed = `<feed mode="incremental"><properties><property operation="write"><unique-id>DASH-BAD</unique-id></property></properties></feed>`;
  await fetch(`${portal.url}/api/publisher/v1/feeds`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/xml" },
    body: feed,
  });
  await page.goto(`${portal.url}/area-agenzia/`);
  const row = page.locator(`tr[data-listing-id="${id}"]`);
  expect(await row.getByTestId("listing-status").textContent()).toBe("Online");
  expect(await row.textContent()).toContain("1 visita, 0 contatti");
  expect(await row.getByRole("img", { name: "1 visita, 0 contatti" }).count()).toBe(1);
  const imports = page.getByTestId("feed-imports");
  expect(await imports.textContent()).toContain("1 ricevuti, 0 nuovi, 0 aggiornati, 0 invariati, 0 ritirati, 1 rifiutati");
  await imports.getByText("Annunci rifiutati (1) e perché").click();
  expect(await imports.textContent()).toContain("DASH-BAD: channel: campo obbligatorio");
  expect(await page.locator('tr[data-rejected-id="DASH-BAD"]').getByTestId("listing-status").textContent()).toContain(
    "Rifiutato all'ultima importazione: channel: campo obbligatorio",
  );
  expect(await seriousViolations(page)).toEqual([]);

  // A click confirms it (freshness); a withdrawal through the API shows as 'Ritirato'.
  await hydrated(row.getByRole("button", { name: `Conferma che l'annuncio ${home.title} è ancora valido` }));
  await row.getByRole("button", { name: `Conferma che l'annuncio ${home.title} è ancora valido` }).click();
  await expect
    .poll(() => page.getByTestId("dashboard-notice").textContent(), { timeout: 15_000 })
    .toBe("Annuncio confermato: resta online per altri 30 giorni.");
  await fetch(`${portal.url}/api/publisher/v1/listings/${id}/withdraw`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: "{}",
  });
  await page.goto(`${portal.url}/area-agenzia/`);
  expect(await page.locator(`tr[data-listing-id="${id}"]`).getByTestId("listing-status").textContent()).toBe("Ritirato");

  // Revoking the key from the page: it stops working.
  const revoke = page.getByRole("button", { name: "Revoca la chiave Gestionale" });
  await hydrated(revoke);
  await revoke.click();
  await expect.poll(() => page.getByTestId("api-keys").textContent(), { timeout: 15_000 }).toContain("Revocata il");
  const refused = await fetch(`${portal.url}/api/publisher/v1/listings`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status).toBe(401);
  expect(await seriousViolations(page)).toEqual([]);

  // The feed address: one on a private network is refused, by name, next to the field; a public one is kept.
  const address = page.getByLabel("Indirizzo (http o https)");
  await hydrated(address);
  await address.fill("http://192.168.1.20/feed.xml");
  await page.getByLabel("Ogni quanti minuti").fill("30");
  await page.getByRole("button", { name: "Salva indirizzo" }).click();
  await expect
    .poll(() => page.locator("#campo-url-error").textContent(), { timeout: 15_000 })
    .toBe("il portale non scarica feed da questo indirizzo (a private or reserved address)");
  expect(await address.getAttribute("aria-invalid")).toBe("true");
  expect(await seriousViolations(page)).toEqual([]);
  await address.fill("https://gestionale.example/export/casa.xml");
  await page.getByRole("button", { name: "Salva indirizzo" }).click();
  await expect
    .poll(() => page.getByTestId("dashboard-notice").textContent(), { timeout: 15_000 })
    .toBe("Indirizzo del feed salvato: il primo scaricamento parte subito.");
  await expect.poll(() => page.getByTestId("feed-source").textContent()).toContain("XML (immobiliare.it 2.8), ogni 30 minuti");
  await page.getByRole("button", { name: "Smetti di scaricare il feed" }).click();
  await expect
    .poll(() => page.getByTestId("feed-source").textContent(), { timeout: 15_000 })
    .toBe("Nessun indirizzo impostato: il feed si carica dall'API.");
});

/**
 * A home seeker finds an agency from /trova-agenzia/, opens its page, expands the description, sees
 * its agents and an Agente Pro, pages through its listings; then from a listing sends a contact form
 * (a wrong e-mail, a blocked domain, then a right one: the lead is stored and the test SMTP server
 * receives exactly one mail for the publisher), reveals the phone with its
 * QR code, and calls from the form. axe on every page and with the modals open.
 */
import { sql, type Kysely } from "kysely";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { leadsForPublisher, phoneCallsForPublisher } from "../db/leads.ts";
import type { Database } from "../db/schema.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { startTestPortal } from "../test/portal.ts";
import { hydrated, it, NO_JAVASCRIPT, PHONE, seriousViolations } from "./fixtures.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;
let db: Kysely<Database>;
let agency: { id: number; name: string; slug: string; agents: number };
let agentPro: { id: number; name: string; slug: string; parentName: string };
let listing: { id: number; publisherId: number; publisherName: string; publisherEmail: string; title: string };
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  catcher = await startMailCatcher();
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" }, { env: { SMTP_URL: catcher.url, MAIL_QUEUE_POLL_MS: "200" } });
  db = portal.database.db as unknown as Kysely<Database>;
  // An agency with a long description, more than 4 agents and more than one page of listings.
  const a = await sql<typeof agency>`
    SELECT p.id::int AS id, p.name, p.slug, (SELECT count(*)::int FROM publishers g WHERE g.parent_id = p.id) AS agents
    FROM publishers p WHERE p.kind = 'agency' AND length(p.description) > 200 AND p.show_phone_number
      AND (SELECT count(*) FROM publishers g WHERE g.parent_id = p.id) > 4 AND (SELECT count(*) FROM listings l WHERE l.publisher_id = p.id) > 12
    ORDER BY p.id LIMIT 1`.execute(db);
  agency = a.rows[0]!;
  const pro = await sql<typeof agentPro>`
    SELECT a.id::int AS id, a.name, a.slug, p.name AS "parentName" FROM publishers a JOIN publishers p ON p.id = a.parent_id
    WHERE a.is_agent_pro AND EXISTS (SELECT 1 FROM listings l WHERE l.agent_id = a.id) ORDER BY a.id LIMIT 1`.execute(db);
  agentPro = pro.rows[0]!;
  const l = await sql<typeof listing>`
    SELECT l.id::int AS id, l.publisher_id::int AS "publisherId", p.name AS "publisherName", p.email AS "publisherEmail", l.title
    FROM listings l JOIN publishers p ON p.id = l.publisher_id
    WHERE p.kind = 'agency' AND p.email IS NOT NULL AND p.show_phone_number AND NOT l.is_auction AND l.agent_id IS NULL AND l.photo_count > 0 ORDER BY l.id LIMIT 1`.execute(
    db,
  );
  listing = l.rows[0]!;
});
afterAll(async () => {
  await portal?.stop();
  await catcher?.close();
});

/** The publisher's mails in the queue: how many, and how many marked sent. */
async function queuedFor(email: string): Promise<{ queued: number; sent: number }> {
  const { rows } = await sql<{ queued: number; sent: number }>`
    SELECT count(*)::int AS queued, count(sent_at)::int AS sent FROM mail_queue WHERE lower(recipient) = lower(${email})`.execute(db);
  return rows[0]!;
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

describe("agencies, contact form and phone in Chromium", () => {
  it("finds an agency, expands its description, sees its agents and an Agente Pro, pages its listings", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`${portal.url}/trova-agenzia/`);
    expect(await page.title()).toBe("Agenzie immobiliari");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Nome dell'agenzia (facoltativo)").fill(agency.name);
    await page.getByRole("button", { name: "Cerca agenzie" }).click();
    await page.getByRole("link", { name: agency.name, exact: true }).first().click();
    await page.waitForURL(`**/agenzie/${agency.id}-${agency.slug}/`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(agency.name);

    // The description is cut; "espandi" shows it whole.
    const full = page.getByTestId("publisher-description-full");
    expect(await full.isVisible()).toBe(false);
    await page.getByText("espandi").click();
    expect(await full.isVisible()).toBe(true);

    // Agents strip: 4 avatars then +N, and "I nostri agenti".
    const strip = page.getByTestId("agents-strip");
    expect(await strip.locator(".avatar").count()).toBe(4);
    expect(await strip.locator(".agents-more").textContent()).toBe(`+${agency.agents - 4}`);
    expect(await page.getByRole("heading", { name: `${agency.agents} agenti immobiliari per ${agency.name}` }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Page through the listings.
    const firstPage = await page.getByTestId("publisher-listings").locator("h3 a").first().getAttribute("href");
    await page.getByRole("link", { name: "Successiva ›" }).click();
    await page.waitForURL((u) => u.searchParams.get("pagina") === "2");
    expect(await page.title()).toMatch(/ - pagina 2$/);
    expect(await page.getByTestId("publisher-listings").locator("h3 a").first().getAttribute("href")).not.toBe(firstPage);

    await page.getByRole("link", { name: "I nostri agenti" }).click();
    await page.waitForURL(`**/agenzie/${agency.id}-${agency.slug}/agenti/`);
    expect(await page.getByTestId("agents-list").locator("li").count()).toBe(agency.agents);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${portal.url}/agenti/${agentPro.id}-${agentPro.slug}/`);
    expect(await page.getByText("Agente Pro", { exact: true }).count()).toBe(1);
    const parent = page.getByTestId("agent-parent");
    expect(await parent.textContent()).toBe(`Vedi tutti gli annunci dell'agenzia ${agentPro.parentName}`);
    expect(await seriousViolations(page)).toEqual([]);
    await parent.click();
    await page.waitForURL("**/agenzie/**");
    expect(errors).toEqual([]);
  });

  it("sends a lead from a listing: wrong e-mail, blocked domain, then stored; reveals the phone with a QR code", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`${portal.url}/annunci/${listing.id}/`);
    const contact = page.getByTestId("contact-button");
    expect(await contact.textContent()).toBe("Contatta l'agenzia");
    await hydrated(contact); // before, the link leads to the no-JavaScript form page
    await contact.click();
    const dialog = page.getByRole("dialog", { name: "Contatta l'agenzia" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ width: 800, height: 482 });
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    expect(await dialog.getByLabel("Messaggio").inputValue()).toMatch(/^Buongiorno, sono interessato a quest[ao] /);

    await dialog.getByLabel("Nome e cognome").fill("Giulia Conti");
    await dialog.getByLabel("Email").fill("giulia@");
    await dialog.getByRole("button", { name: "Invia" }).click();
    await expect.poll(() => dialog.getByTestId("errore-email").textContent()).toBe("L'indirizzo email non è valido");
    await dialog.getByLabel("Email").fill("giulia@privaterelay.appleid.com");
    await dialog.getByRole("button", { name: "Invia" }).click();
    await expect
      .poll(() => dialog.getByTestId("errore-email").textContent())
      .toBe("A quest'email non è possibile ricevere le risposte dell'inserzionista. Usane un'altra.");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await leadsForPublisher(db, listing.publisherId)).toEqual([]);

    await dialog.getByLabel("Email").fill("giulia.conti@example.it");
    await dialog.getByRole("button", { name: "Invia" }).click();
    await expect.poll(() => page.getByTestId("lead-feedback").isVisible()).toBe(true);
    expect(await page.getByTestId("lead-feedback").textContent()).toContain(listing.publisherName);
    const leads = await leadsForPublisher(db, listing.publisherId);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ kind: "specific", listingId: listing.id, name: "Giulia Conti", email: "giulia.conti@example.it" });
    // The publisher's mail, through the queue, to the test SMTP server: exactly one.
    const mail = await catcher.next(listing.publisherEmail, /Nuova richiesta/);
    expect(mail.subject).toBe(`Nuova richiesta per «${listing.title}»`);
    expect(mail.replyTo).toBe("giulia.conti@example.it");
    expect(mail.text).toContain("Giulia Conti");
    // Marked sent, and the only one queued for the publisher: no second mail can follow.
    await expect.poll(() => queuedFor(listing.publisherEmail)).toEqual({ queued: 1, sent: 1 });
    expect(catcher.mails.filter((m) => m.to === listing.publisherEmail.toLowerCase())).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Generic after specific: the same request to the advertisers of similar listings nearby.
    await page.getByRole("button", { name: "Invia agli altri inserzionisti" }).click();
    await expect.poll(() => page.getByTestId("lead-generic-sent").isVisible()).toBe(true);
    const generic = (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM leads WHERE kind = 'generic' AND email = 'giulia.conti@example.it'`.execute(
        db,
      )
    ).rows[0]!.n;
    expect(await page.getByTestId("lead-generic-sent").textContent()).toBe(
      generic === 0
        ? "Non ci sono altri inserzionisti con immobili simili nella zona."
        : generic === 1
          ? "Richiesta inviata a un altro inserzionista."
          : `Richiesta inviata ad altri ${generic} inserzionisti.`,
    );
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Desktop: the first click shows the number and a QR code, and records the call; then the button dials.
    const phone = page.getByTestId("phone-button");
    expect(await phone.textContent()).toBe("Chiama");
    await phone.click();
    const reveal = page.getByTestId("phone-reveal");
    await expect.poll(() => reveal.isVisible()).toBe(true);
    expect(await reveal.locator(".phone-qr svg").count()).toBe(1);
    const number = (await reveal.locator(".phone-number a").textContent())!;
    expect(await reveal.locator(".phone-number a").getAttribute("href")).toBe(`tel:${number.replace(/[^\d+]/g, "")}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await phoneCallsForPublisher(db, listing.publisherId)).toHaveLength(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => reveal.isVisible()).toBe(false);
    expect(await phone.getAttribute("href")).toBe(`tel:${number.replace(/[^\d+]/g, "")}`);
    expect(await phone.textContent()).toBe(`Chiama ${number}`);

    // Calling from the form closes it, then opens the phone modal (450 ms later: core/contact/phone-timing.test.ts).
    await contact.click();
    await expect.poll(() => page.getByTestId("lead-form").isVisible()).toBe(true);
    await page.getByTestId("call-from-form").click();
    await expect.poll(() => page.getByTestId("lead-form").isVisible()).toBe(false);
    await expect.poll(() => reveal.isVisible()).toBe(true);

    // The agency logs in with its demo account and finds the lead and the call in its inbox.
    await page.goto(`${portal.url}/accedi/?redirect=/area-agenzia/`);
    await page.getByLabel("Email", { exact: true }).fill(`agenzia${listing.publisherId}@casa.example`);
    await page.getByLabel("Password", { exact: true }).fill("CasaAgenzia2026");
    await page.getByRole("button", { name: "Accedi" }).click();
    await page.waitForURL((u) => u.pathname === "/area-agenzia/");
    const inboxLeads = page.getByTestId("inbox-leads").getByRole("listitem");
    await expect.poll(() => inboxLeads.count()).toBe(1);
    expect(await inboxLeads.first().textContent()).toContain("Giulia Conti");
    expect(await inboxLeads.first().getByRole("link", { name: listing.title }).count()).toBe(1);
    expect(await page.getByTestId("inbox-calls").getByRole("listitem").count()).toBe(1); // the reveal (once per page view)
    // The inbox sits under the publishing dashboard (decision 096): every listing of the agency, feeds and keys.
    const own = await db.selectFrom("listings").select("id").where("publisherId", "=", listing.publisherId).execute();
    expect(await page.getByRole("heading", { level: 2 }).allTextContents()).toEqual([
      `I tuoi annunci (${own.length})`,
      "Importazioni del feed",
      "Indirizzo del feed",
      "Chiavi API",
      "Richieste di contatto (1)",
      "Telefonate (1)",
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("on a phone the button dials at once (the call is recorded as PM), and a double tap counts once", async ({ openPage }) => {
    const other = (
      await sql<{ id: number; publisherId: number }>`
      SELECT l.id::int AS id, l.publisher_id::int AS "publisherId" FROM listings l JOIN publishers p ON p.id = l.publisher_id
      WHERE p.kind = 'private' ORDER BY l.id LIMIT 1`.execute(db)
    ).rows[0]!;
    const page = await openPage(PHONE);
    await page.goto(`${portal.url}/annunci/${other.id}/`);
    expect(await page.getByTestId("contact-button").textContent()).toBe("Contatta l'inserzionista");
    const phone = page.getByTestId("phone-button");
    await expect
      .poll(() => page.evaluate(() => document.querySelector("[data-testid=phone-button]")?.getAttribute("href")))
      .toContain("/telefono/");
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/portal-srp/api/v1/phonecall")) asked.push(r.url());
    });
    // The server-rendered link is there before the page hydrates: wait until React handles its clicks.
    await hydrated(phone);
    await phone.dblclick();
    // The record is written before dialling; give a loaded machine a few seconds to store it.
    await expect.poll(async () => (await phoneCallsForPublisher(db, other.publisherId)).length, { timeout: 15_000 }).toBe(1);
    // The guard (core/contact/phone-timing.ts) drops the second tap in the browser, at the tap: one request, one record.
    expect(asked).toHaveLength(1);
    expect(await phoneCallsForPublisher(db, other.publisherId)).toHaveLength(1);
    const [call] = await phoneCallsForPublisher(db, other.publisherId);
    expect(call).toMatchObject({ device: "PM", listingId: other.id });
    // No number modal on a phone: it dials.
    expect(await page.getByTestId("phone-reveal").count()).toBe(0);
    // The number arrives with the call's answer, which the browser may render a moment after the record is stored.
    await expect.poll(() => phone.getAttribute("href")).toMatch(/^tel:\+?\d+$/);
  });

  it("names the same recipient on the contact modal and on /contatta/: the agent, at the agency", async ({ page }) => {
    const followed = (
      await sql<{ id: number; agent: string; agency: string }>`
      SELECT l.id::int AS id, a.name AS agent, p.name AS agency FROM listings l
      JOIN publishers p ON p.id = l.publisher_id JOIN publishers a ON a.id = l.agent_id
      WHERE p.kind = 'agency' AND NOT l.is_auction ORDER BY l.id LIMIT 1`.execute(db)
    ).rows[0]!;
    const recipient = `A: ${followed.agent} · ${followed.agency}`;
    await page.goto(`${portal.url}/annunci/${followed.id}/`);
    await hydrated(page.getByTestId("contact-button"));
    await page.getByTestId("contact-button").click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator(".contact-to").textContent()).toBe(recipient);
    await page.goto(`${portal.url}/contatta/?annuncio=${followed.id}`);
    expect(await page.locator(".contact-to").textContent()).toBe(recipient);
  });

  it("in English: the agency page and the contact modal speak English, with English validation messages", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(`${portal.url}/en/agenzie/${agency.id}-${agency.slug}/`);
    expect(await page.getByRole("heading", { name: `${agency.agents} estate agents at ${agency.name}` }).count()).toBe(1);
    await page.getByText("expand", { exact: true }).click();
    expect(await page.getByTestId("publisher-description-full").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Our agents" }).click();
    await page.waitForURL(`**/en/agenzie/${agency.id}-${agency.slug}/agenti/`);

    await page.goto(`${portal.url}/en/annunci/${listing.id}/`);
    await hydrated(page.getByTestId("contact-button"));
    await page.getByTestId("contact-button").click();
    const dialog = page.getByRole("dialog", { name: "Contact the agency" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel("Message").inputValue()).toBe(
      "Hello, I am interested in this property and would like more information. Thank you.",
    );
    await dialog.getByLabel("Full name").fill("Jane Doe");
    await dialog.getByLabel("Email").fill("jane@");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect.poll(() => dialog.getByTestId("errore-email").textContent()).toBe("The email address is not valid");
    await dialog.getByLabel("Email").fill("jane@privaterelay.appleid.com");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect
      .poll(() => dialog.getByTestId("errore-email").textContent())
      .toBe("This address cannot receive the advertiser's answers. Please use another one.");
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("without JavaScript: 'espandi' works, and the contact button leads to a form page that sends the lead", async ({ openPage }) => {
    const page = await openPage(NO_JAVASCRIPT);
    await page.goto(`${portal.url}/agenzie/${agency.id}-${agency.slug}/`);
    await page.getByText("espandi").click();
    expect(await page.getByTestId("publisher-description-full").isVisible()).toBe(true);
    await page.getByTestId("contact-button").click();
    await page.waitForURL((u) => u.pathname === "/contatta/" && u.searchParams.get("agenzia") === String(agency.id));
    await page.getByLabel("Nome e cognome").fill("Paolo Neri");
    await page.getByLabel("Email").fill("paolo.neri@example.it");
    // (axe needs JavaScript in the page: the same form is checked with it in the modal above.)
    expect(await page.getByLabel("Messaggio").inputValue()).toContain("ricontattato");
    await page.getByRole("button", { name: "Invia" }).click();
    await page.waitForURL((u) => u.searchParams.get("inviato") === "1");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Messaggio inviato");
    expect((await leadsForPublisher(db, agency.id)).some((l) => l.kind === "agency" && l.email === "paolo.neri@example.it")).toBe(true);
  });
});

/**
 * Mail to the publisher for every lead (issue 12 §4 and "Bad input"), on each database, against a
 * real SMTP server on loopback: a lead → exactly one mail for the publisher with the seeker's details,
 * the listing's title and link, Reply-To the seeker; header injection stays in the body; a mail
 * server that is down keeps the lead (201) and the mail is delivered once the server is back; two
 * workers never claim the same queued mail.
 */
import { request as httpRequest } from "node:http";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDueMails, enqueueMails, mailsForLeads } from "../db/mail-queue.ts";
import type { Database } from "../db/schema.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { startTestPortal } from "../test/portal.ts";

const PUBLIC = "https://casa.example";

/** A JSON POST from a chosen loopback address (127.0.0.N): each test has its own rate-limit budget. */
function post(portalUrl: string, path: string, body: unknown, from: string): Promise<{ status: number; json: any }> {
  const url = new URL(path, portalUrl);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null") }));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(databaseTargets)("mail to the publisher on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  let listing: { id: number; title: string; publisherName: string; email: string };
  let agency: { id: number; name: string; email: string };
  const lead = (body: object, from: string) =>
    post(portal.url, "/portal-srp/api/v1/mycasa/searchSpecific", { listingId: listing.id, ...body }, from);
  const mailsTo = (address: string) => catcher.mails.filter((m) => m.to === address.toLowerCase());

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    catcher = await startMailCatcher();
    portal = await startTestPortal(provisioned, {
      env: { SMTP_URL: catcher.url, PUBLIC_URL: PUBLIC, MAIL_QUEUE_POLL_MS: "100", MAIL_RETRY_MS: "100" },
    });
    db = portal.database.db as unknown as Kysely<Database>;
    const l = await sql<typeof listing>`
      SELECT l.id::int AS id, l.title, p.name AS "publisherName", p.email FROM listings l JOIN publishers p ON p.id = l.publisher_id
      WHERE p.kind = 'agency' AND p.email IS NOT NULL AND NOT l.is_auction AND l.agent_id IS NULL ORDER BY l.id LIMIT 1`.execute(db);
    listing = l.rows[0]!;
    const a = await sql<typeof agency>`
      SELECT p.id::int AS id, p.name, p.email FROM publishers p WHERE p.kind = 'agency' AND p.email IS NOT NULL AND p.id <> (SELECT publisher_id FROM listings WHERE id = ${listing.id})
      ORDER BY p.id LIMIT 1`.execute(db);
    agency = a.rows[0]!;
  });
  afterAll(async () => {
    await portal?.stop();
    await catcher?.close();
    await provisioned?.dispose();
  });

  it("mails exactly one message to the publisher for a lead: seeker's details, listing title and link, Reply-To the seeker, HTML escaped", async () => {
    const before = mailsTo(listing.email).length;
    const res = await lead(
      {
        name: "Giulia Conti",
        email: "giulia.conti@example.it",
        telephone: "333 123 4567",
        message: "È ancora disponibile? <b>Grazie</b> & saluti",
      },
      "127.0.1.1",
    );
    expect(res.status).toBe(201);
    const mail = await catcher.next(listing.email, /Nuova richiesta/, before);
    await sleep(500); // no second copy comes later
    expect(mailsTo(listing.email)).toHaveLength(before + 1);
    expect(mail.subject).toBe(`Nuova richiesta per «${listing.title}»`);
    expect(mail.replyTo).toBe("giulia.conti@example.it");
    expect(mail.envelope).toEqual([listing.email.toLowerCase()]);
    for (const part of [
      "Giulia Conti",
      "giulia.conti@example.it",
      "+393331234567", // stored and mailed in E.164 (decision 076)
      "È ancora disponibile? <b>Grazie</b> & saluti",
      listing.title,
      `${PUBLIC}/annunci/${listing.id}/`,
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain("&lt;b&gt;Grazie&lt;/b&gt; &amp; saluti");
    expect(mail.html).not.toContain("<b>Grazie</b>");
    expect(mail.html).toContain(`href="${PUBLIC}/annunci/${listing.id}/"`);
    const [queued] = await mailsForLeads(db, res.json.leadIds);
    expect(queued).toMatchObject({ recipient: listing.email, attempts: 1, lastError: null });
    expect(queued!.sentAt).not.toBeNull();
  });

  it("mails an agency for a lead from its page", async () => {
    const before = mailsTo(agency.email).length;
    const res = await post(
      portal.url,
      "/portal-srp/api/v1/mycasa/searchAgency",
      { publisherId: agency.id, name: "Luca Bianchi", email: "luca@example.it" },
      "127.0.1.2",
    );
    expect(res.status).toBe(201);
    const mail = await catcher.next(agency.email, /Nuova richiesta di contatto da Luca Bianchi/, before);
    expect(mail.text).toContain(`Buongiorno ${agency.name},`);
    expect(mail.text).toContain("ricontattato");
    expect(mail.replyTo).toBe("luca@example.it");
  });

  it("keeps header injection in the body: no extra recipient, no forged header", async () => {
    const before = catcher.count();
    const hostile = "Ciao\r\nBcc: evil@example.it\r\nSubject: hacked\r\n\r\n<script>alert(1)</script>";
    const res = await lead({ name: "Mario Neri", email: "mario.neri@example.it", message: hostile }, "127.0.1.3");
    expect(res.status).toBe(201);
    const mail = await catcher.next(listing.email, /Nuova richiesta/, before);
    await sleep(500);
    expect(catcher.mails.slice(before).map((m) => m.to)).toEqual([listing.email.toLowerCase()]);
    expect(mail.envelope).toEqual([listing.email.toLowerCase()]);
    expect(mail.subject).toBe(`Nuova richiesta per «${listing.title}»`);
    expect(mail.text).toContain("Bcc: evil@example.it");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
    // A name or an e-mail carrying CR/LF never gets that far: refused with the §5 messages, nothing queued.
    const badName = await lead({ name: "Mario\r\nBcc: evil@example.it", email: "mario@example.it", message: "Ciao" }, "127.0.1.3");
    expect(badName.json).toEqual({ error: { status: 400, message: "Il nome inserito non è valido", field: "name" } });
    const badEmail = await lead({ name: "Mario Neri", email: "mario@example.it\r\nBcc: evil@example.it", message: "Ciao" }, "127.0.1.3");
    expect(badEmail.status).toBe(400);
    await sleep(300);
    expect(catcher.mails.some((m) => m.to === "evil@example.it")).toBe(false);
  });

  it("keeps the lead and answers 201 while the mail server is down, and delivers the mail when it is back", async () => {
    const port = catcher.port;
    const earlier = catcher.mails;
    await catcher.close();
    const res = await lead({ name: "Anna Russo", email: "anna.russo@example.it", message: "Vorrei visitarlo sabato" }, "127.0.1.4");
    expect(res.status).toBe(201);
    const stored = await sql<{ name: string }>`SELECT name FROM leads WHERE id = ${res.json.leadIds[0]}`.execute(db);
    expect(stored.rows).toEqual([{ name: "Anna Russo" }]);
    await expect.poll(async () => (await mailsForLeads(db, res.json.leadIds))[0]?.lastError ?? null, { timeout: 5000 }).not.toBeNull();
    expect((await mailsForLeads(db, res.json.leadIds))[0]!.sentAt).toBeNull();

    catcher = await startMailCatcher(port);
    const mail = await catcher.next(listing.email, /Nuova richiesta/);
    expect(mail.text).toContain("Vorrei visitarlo sabato");
    expect(mail.replyTo).toBe("anna.russo@example.it");
    await sleep(500);
    expect(catcher.mails.filter((m) => m.text.includes("Vorrei visitarlo sabato"))).toHaveLength(1);
    expect(earlier.some((m) => m.text.includes("Vorrei visitarlo sabato"))).toBe(false);
    const [queued] = await mailsForLeads(db, res.json.leadIds);
    expect(queued!.sentAt).not.toBeNull();
    expect(queued!.attempts).toBeGreaterThan(1);
  });

  it("never gives the same queued mail to two workers", async () => {
    // The portal's own sender would claim some of these first (it polls): it rests while two claimers race.
    await portal.mailQueue.stop();
    const base = {
      kind: "test",
      recipient: "nobody@example.it",
      replyTo: null,
      subject: "s",
      textBody: "t",
      htmlBody: "<p>t</p>",
      leadId: null,
    };
    await sql`UPDATE mail_queue SET next_attempt_at = now() + interval '1 hour' WHERE sent_at IS NULL`.execute(db);
    const ids = await enqueueMails(
      db,
      Array.from({ length: 20 }, () => base),
    );
    const [a, b] = await Promise.all([claimDueMails(db, 15, 3_600_000), claimDueMails(db, 15, 3_600_000)]);
    const claimed = [...a!, ...b!].map((m) => m.id).filter((id) => ids.includes(id));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.length).toBe(20);
    expect(await claimDueMails(db, 15, 3_600_000)).toEqual([]);
    await sql`DELETE FROM mail_queue WHERE kind = 'test'`.execute(db);
    portal.mailQueue.start();
  });
});

// Several processes on one PostgreSQL server (a worker per core, docs/decisions/037): each runs a sender,
// and every queued mail still goes out once.
describe.each(databaseTargets.filter((t) => t === "postgres"))("two portals sharing the queue on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let portals: Array<Awaited<ReturnType<typeof startTestPortal>>> = [];

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    catcher = await startMailCatcher();
    const env = { SMTP_URL: catcher.url, MAIL_QUEUE_POLL_MS: "50", MAIL_RETRY_MS: "100" };
    portals = [await startTestPortal(provisioned, { env })];
    portals.push(await startTestPortal(provisioned, { env }));
  });
  afterAll(async () => {
    for (const p of portals) await p.stop();
    await catcher?.close();
    await provisioned?.dispose();
  });

  it("sends each of 60 queued mails exactly once between the two senders", async () => {
    const db = portals[0]!.database.db as unknown as Kysely<Database>;
    const sentBefore = portals.reduce((n, p) => n + p.mailQueue.sent, 0);
    const mails = Array.from({ length: 60 }, (_, i) => ({
      kind: "test",
      recipient: `agenzia${i}@example.it`,
      replyTo: "x@example.it",
      subject: `Prova ${i}`,
      textBody: `corpo ${i}`,
      htmlBody: `<p>corpo ${i}</p>`,
      leadId: null,
    }));
    await enqueueMails(db, mails);
    await expect.poll(() => catcher.count(), { timeout: 15_000 }).toBe(60);
    await sleep(500);
    expect(catcher.count()).toBe(60);
    expect(new Set(catcher.mails.map((m) => m.to)).size).toBe(60);
    expect(portals.reduce((n, p) => n + p.mailQueue.sent, 0) - sentBefore).toBe(60);
    const unsent = await sql<{ n: number }>`SELECT count(*)::int AS n FROM mail_queue WHERE sent_at IS NULL`.execute(db);
    expect(unsent.rows[0]!.n).toBe(0);
  });
});

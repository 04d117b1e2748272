/**
 * Alerts under faults (issue 23 "Bad input and faults"; docs/decisions/085, 091):
 * - SMTP down: the alert waits in the mail queue, retried, and goes out once when the server is back;
 * - a saved search whose filters no longer parse, or whose place no longer exists, is skipped with a
 *   logged reason and the others are still alerted;
 * - an address the mail server refuses for good (550 at RCPT): each refused mail given up at once, and after 3
 *   refusals no more alert mail to it, logged and said in MyCasa (decision 118);
 * - a listing whose alert mail was given up is not counted as new in MyCasa (decision 130);
 * - a batch of events in which one cannot be recorded: the others are recorded and mailed, that one waits and is
 *   mailed once when it can be (decision 147);
 * - a bounce report (RFC 3464 DSN) mailed back over SMTP to the mail's signed envelope sender counts as a refusal;
 *   forged bounce addresses are refused, delays and repeated reports count nothing (decision 131);
 * - on PostgreSQL, a portal process killed with SIGKILL in the middle of a batch: after a restart every
 *   alert of the batch arrives, each delivery once (one row, in one sent mail; each mail one Message-ID; the mails'
 *   counts add up to the batch: a search's waiting alerts go out together, decision 142).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { hash as argon2Hash } from "@node-rs/argon2";
import { sql, type Kysely } from "kysely";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearch } from "../core/search/query.ts";
import { savedSearchQuery, serializeWithHash } from "../core/search/saved-search.ts";
import { openDatabase, type DatabaseHandle } from "../db/database.ts";
import { publishListing, publishListings, type NewListing } from "../db/listing-writes.ts";
import type { Database } from "../db/schema.ts";
import { createUser } from "../db/users.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { alertWorkPending, homeToPublish, saveAlertSearch } from "../test/alerts.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";
import { childPortalEnv } from "../test/portal-process.ts";

const PUBLIC = "https://casa.example";
const root = new URL("..", import.meta.url).pathname;

/** The listener's STARTTLS certificate (test/fixtures/README.md). */
const BOUNCE_CERT = new URL("../test/fixtures/bounce-tls.crt", import.meta.url);

describe.each(databaseTargets)("alerts under faults on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  let home: NewListing;
  let townId: string;
  const logs: string[] = [];

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    catcher = await startMailCatcher();
    portal = await startTestPortal(provisioned, {
      env: {
        ...BULK_CLIENT.env,
        PUBLIC_URL: PUBLIC,
        MAIL_QUEUE_POLL_MS: "100",
        MAIL_RETRY_MS: "100",
        ALERTS_POLL_MS: "100",
        SMTP_URL: catcher.url,
        BOUNCE_SMTP_PORT: "0",
        BOUNCE_DOMAIN: "bounce.casa.example",
        BOUNCE_TLS_CERT_FILE: fileURLToPath(BOUNCE_CERT),
        BOUNCE_TLS_KEY_FILE: fileURLToPath(new URL("../test/fixtures/bounce-tls.key", import.meta.url)),
      },
      log: (line) => logs.push(line),
    });
    db = portal.database.db as unknown as Kysely<Database>;
    ({ home, townId } = await homeToPublish(db, { price: 250_000 }));
  });
  afterAll(async () => {
    await portal?.stop();
    await catcher?.close();
    await provisioned?.dispose();
  });

  it("keeps an alert while SMTP is down and sends it once when the server is back", async () => {
    const reader = "smtp-giu@casa.example";
    await saveAlertSearch(db, reader, townId, 600_000, "immediately");
    const port = catcher.port;
    await catcher.close();
    const id = await publishListing(db, { ...home, streetNumber: "611" });
    // Tried and failed at least once, still waiting.
    await expect
      .poll(
        async () =>
          (
            await sql<{ attempts: number }>`
              SELECT q.attempts FROM mail_queue q WHERE q.recipient = ${reader} AND q.sent_at IS NULL AND q.last_error IS NOT NULL`.execute(
              db,
            )
          ).rows.length,
        { timeout: 60_000, interval: 100 },
      )
      .toBe(1);
    catcher = await startMailCatcher(port);
    await expect.poll(() => catcher.mails.filter((m) => m.to === reader).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    const mails = catcher.mails.filter((m) => m.to === reader);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${PUBLIC}/annunci/${id}/`);
  });

  it("stops alert mail to an address the server refuses for good after 3 refusals: logged, said in MyCasa, nothing retried", async () => {
    const reader = "rifiuta@casa.example";
    await saveAlertSearch(db, reader, townId, 600_000, "immediately");
    catcher.refuse.add(reader);
    const refusals = () => catcher.refused.filter((r) => r === reader).length;
    for (let i = 1; i <= 3; i++) {
      await publishListing(db, { ...home, streetNumber: `62${i}` });
      await expect.poll(refusals, { timeout: 60_000, interval: 100 }).toBe(i);
    }
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    const queued = async () =>
      (
        await sql<{ attempts: number; lastError: string; givenUp: boolean; sent: boolean }>`
          SELECT attempts, last_error AS "lastError", given_up_at IS NOT NULL AS "givenUp", sent_at IS NOT NULL AS sent
          FROM mail_queue WHERE recipient = ${reader} ORDER BY id`.execute(db)
      ).rows;
    // Each refusal given up at once (a 5xx is no reason to retry for two days).
    expect(await queued()).toEqual(
      Array.from({ length: 3 }, () => ({ attempts: 1, lastError: expect.stringMatching(/550/), givenUp: true, sent: false })),
    );
    await expect.poll(() => logs.some((l) => l.includes("address stopped for alerts after repeated refusals"))).toBe(true);

    // A fourth alert: not even offered to the server.
    await publishListing(db, { ...home, streetNumber: "624" });
    await expect.poll(async () => (await queued()).length, { timeout: 60_000, interval: 100 }).toBe(4);
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    expect((await queued())[3]).toEqual({
      attempts: 1,
      lastError: expect.stringMatching(/^address stopped after 3 refusals: .*550/),
      givenUp: true,
      sent: false,
    });
    expect(refusals()).toBe(3);

    // MyCasa says why, with the server's answer.
    await sql`UPDATE users SET password_hash = ${await argon2Hash("Segreta123")} WHERE email = ${reader}`.execute(db);
    const client = new CookieClient(portal.url, PUBLIC);
    expect((await client.post("/portal-srp/api/v1/user/login", { email: reader, password: "Segreta123" })).status).toBe(200);
    const page = await (await client.get("/mycasa/ricerche/")).text();
    expect(page).toContain(`Non ti inviamo più avvisi via email: il server di posta ha rifiutato 3 email per ${reader}`);
    expect(page).toMatch(/ultima risposta: «[^»]*550[^»]*»/);

    // 'Prova di nuovo il mio indirizzo': one test mail through the queue. Refused again, nothing changes.
    const tryAgain = async () => {
      const csrf = /name="csrf" value="([^"]*)"/.exec(await (await client.get("/mycasa/ricerche/", { accept: "text/html" })).text())![1]!;
      const res = await client.request("/mycasa/ricerche/", {
        method: "POST",
        body: new URLSearchParams({ csrf, intent: "retry-mail" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      });
      return [res.status, res.headers.get("location")];
    };
    expect(await tryAgain()).toEqual([303, "/mycasa/ricerche/?avviso=prova-inviata"]);
    expect(await (await client.get("/mycasa/ricerche/?avviso=prova-inviata")).text()).toContain(
      "Ti stiamo inviando un&#x27;email di prova: se il server di posta la accetta, riprendiamo a inviarti gli avvisi via email.",
    );
    await expect.poll(refusals, { timeout: 60_000, interval: 100 }).toBe(4);
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    expect(await (await client.get("/mycasa/ricerche/")).text()).toContain("Non ti inviamo più avvisi via email");

    // The mailbox works again: the test mail arrives, the notice goes, and the next alert is mailed.
    catcher.refuse.delete(reader);
    expect(await tryAgain()).toEqual([303, "/mycasa/ricerche/?avviso=prova-inviata"]);
    const check = await catcher.next(reader, /Verifica del tuo indirizzo email/);
    expect(check.text).toContain("riprendiamo a inviarti gli avvisi delle ricerche salvate");
    await expect
      .poll(async () => (await (await client.get("/mycasa/ricerche/")).text()).includes("Non ti inviamo più avvisi via email"), {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(false);
    // No stop, no button: asking again changes nothing.
    expect(await tryAgain()).toEqual([303, "/mycasa/ricerche/"]);
    const resumed = await publishListing(db, { ...home, streetNumber: "625" });
    await expect
      .poll(() => catcher.mails.some((m) => m.to === reader && m.text.includes(`/annunci/${resumed}/`)), { timeout: 60_000, interval: 100 })
      .toBe(true);
  });

  it("counts in MyCasa's 'N nuovi' only the alerts whose mail went out, not one given up after a refusal (decision 130)", async () => {
    const reader = "nuovi-rifiutati@casa.example";
    await saveAlertSearch(db, reader, townId, 600_000, "immediately");
    // A first alert arrives.
    const arrived = await publishListing(db, { ...home, streetNumber: "631" });
    await expect.poll(() => catcher.mails.filter((m) => m.to === reader).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    // The second is refused for good (550 at RCPT): its mail is given up and never reaches the reader.
    catcher.refuse.add(reader);
    const refused = await publishListing(db, { ...home, streetNumber: "632" });
    await expect.poll(() => catcher.refused.filter((r) => r === reader).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    catcher.refuse.delete(reader);
    expect(
      (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM alert_deliveries d JOIN saved_searches s ON s.id = d.saved_search_id
          JOIN users u ON u.id = s.user_id WHERE u.email = ${reader}`.execute(db)
      ).rows[0]!.n,
    ).toBe(2);

    // What the reader sees in MyCasa: one new listing, the one whose mail arrived; the refused one is not an alert sent.
    await sql`UPDATE users SET password_hash = ${await argon2Hash("Segreta123")} WHERE email = ${reader}`.execute(db);
    const client = new CookieClient(portal.url, PUBLIC);
    expect((await client.post("/portal-srp/api/v1/user/login", { email: reader, password: "Segreta123" })).status).toBe(200);
    const page = await (await client.get("/mycasa/ricerche/")).text();
    expect(page).toContain("1 nuovo");
    expect(page).not.toMatch(/\d+ nuovi/);
    expect(page).toContain(`href="/annunci/${arrived}/"`);
    expect(page).not.toContain(`href="/annunci/${refused}/"`);
  });

  it("counts a bounce report mailed back later (RFC 3464 DSN over SMTP) as a refusal: 3 stop alert mail; delays, repeats and forged bounce addresses count nothing", async () => {
    const reader = "rimbalza-dopo@casa.example";
    await saveAlertSearch(db, reader, townId, 600_000, "immediately");
    // As a mail server sends it: upgraded with STARTTLS, the listener's certificate checked for the bounce domain.
    const bounces = nodemailer.createTransport({
      host: "127.0.0.1",
      port: portal.bounceListener!.port,
      secure: false,
      requireTLS: true,
      tls: { ca: readFileSync(BOUNCE_CERT), servername: "bounce.casa.example" },
    });
    expect(await bounces.verify()).toBe(true);
    // A server that trusts no such certificate is refused the upgrade, and sends nothing.
    const untrusting = nodemailer.createTransport({
      host: "127.0.0.1",
      port: portal.bounceListener!.port,
      secure: false,
      requireTLS: true,
    });
    await expect(untrusting.verify()).rejects.toThrow(/self-signed|certificate/i);
    const dsn = (bounceAddress: string, action: string, status: string, diagnostic: string) =>
      [
        "From: Mail Delivery System <MAILER-DAEMON@mx.esempio.it>",
        `To: <${bounceAddress}>`,
        "Subject: Undelivered Mail Returned to Sender",
        "MIME-Version: 1.0",
        'Content-Type: multipart/report; report-type=delivery-status; boundary="rapporto"',
        "",
        "--rapporto",
        "Content-Type: text/plain; charset=us-ascii",
        "",
        "This is the mail system at host mx.esempio.it. Your message could not be delivered.",
        "",
        "--rapporto",
        "Content-Type: message/delivery-status",
        "",
        "Reporting-MTA: dns; mx.esempio.it",
        "",
        `Final-Recipient: rfc822; ${reader}`,
        `Action: ${action}`,
        `Status: ${status}`,
        `Diagnostic-Code: smtp; ${diagnostic}`,
        "",
        "--rapporto",
        "Content-Type: text/rfc822-headers",
        "",
        "Subject: an alert",
        "",
        "--rapporto--",
        "",
      ].join("\r\n");
    // Sent as a mail server sends a bounce: from the null sender to the mail's envelope sender.
    const sendReport = (to: string, raw: string) => bounces.sendMail({ envelope: { from: "", to: [to] }, raw });
    const mailsTo = () => catcher.mails.filter((m) => m.to === reader);
    const queued = async () =>
      (
        await sql<{ id: number; bounced: boolean; lastError: string | null }>`
          SELECT id, bounced_at IS NOT NULL AS bounced, last_error AS "lastError" FROM mail_queue WHERE recipient = ${reader} ORDER BY id`.execute(
          db,
        )
      ).rows;
    const failures = async () =>
      (await sql<{ n: number }>`SELECT failures AS n FROM mail_bounces WHERE address = ${reader}`.execute(db)).rows[0]?.n ?? 0;

    // A made-up or unsigned bounce address is refused at RCPT: nobody can stop another person's alerts.
    await expect(sendReport("bounce-1-00000000000000000000@bounce.casa.example", "x")).rejects.toMatchObject({ responseCode: 550 });
    await expect(sendReport(reader, "x")).rejects.toMatchObject({ responseCode: 550 });

    for (let i = 1; i <= 3; i++) {
      await publishListing(db, { ...home, streetNumber: `64${i}` });
      await expect.poll(() => mailsTo().length, { timeout: 60_000, interval: 100 }).toBe(i);
      await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
      const mail = mailsTo()[i - 1]!;
      // Accepted by the server (250); it left with its own signed envelope sender (Return-Path).
      const mailId = (await queued())[i - 1]!.id;
      expect(mail.envelopeFrom).toMatch(new RegExp(`^bounce-${mailId}-[0-9a-f]{20}@bounce\\.casa\\.example$`));
      if (i === 1) {
        // A delay report is no failure.
        await sendReport(mail.envelopeFrom, dsn(mail.envelopeFrom, "delayed", "4.4.1", "connect to mx.esempio.it: Connection timed out"));
        expect(await failures()).toBe(0);
      }
      const report = dsn(mail.envelopeFrom, "failed", "5.1.1", "550 5.1.1 User unknown");
      await sendReport(mail.envelopeFrom, report);
      expect(await failures()).toBe(i);
      // The same report again (a mail server retrying) counts once.
      await sendReport(mail.envelopeFrom, report);
      expect(await failures()).toBe(i);
      expect((await queued())[i - 1]).toEqual({
        id: mailId,
        bounced: true,
        lastError: "bounce report 5.1.1: smtp; 550 5.1.1 User unknown",
      });
    }
    await expect.poll(() => logs.some((l) => l.includes("bounce report counted as a refusal"))).toBe(true);

    // The fourth alert is not offered to the server: the address is stopped after 3 refusals mailed back.
    await publishListing(db, { ...home, streetNumber: "644" });
    await expect.poll(async () => (await queued()).length, { timeout: 60_000, interval: 100 }).toBe(4);
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    expect(mailsTo()).toHaveLength(3);
    expect((await queued())[3]!.lastError).toMatch(/^address stopped after 3 refusals: bounce report 5\.1\.1/);

    // MyCasa: nothing reached the reader, so nothing is new; the stop is said with the last answer.
    await sql`UPDATE users SET password_hash = ${await argon2Hash("Segreta123")} WHERE email = ${reader}`.execute(db);
    const client = new CookieClient(portal.url, PUBLIC);
    expect((await client.post("/portal-srp/api/v1/user/login", { email: reader, password: "Segreta123" })).status).toBe(200);
    const page = await (await client.get("/mycasa/ricerche/")).text();
    expect(page).toMatch(/il server di posta ha rifiutato 3 email per rimbalza-dopo@casa\.example/);
    expect(page).not.toMatch(/\d+ nuov[oi]/);
    bounces.close();
  });

  it("records a batch's other events when one of them cannot be recorded, and that one exactly once when it can (decision 147)", async () => {
    const reader = "lotto@casa.example";
    const searchId = await saveAlertSearch(db, reader, townId, 600_000, "immediately");
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    /** This search's alerts in a mail handed to SMTP, by listing. */
    const mailed = async () =>
      (
        await sql<{ listingId: string }>`
          SELECT d.listing_id AS "listingId" FROM alert_deliveries d JOIN mail_queue q ON q.id = d.mail_id
          WHERE d.saved_search_id = ${searchId} AND q.sent_at IS NOT NULL ORDER BY d.listing_id`.execute(db)
      ).rows.map((r) => Number(r.listingId));
    // The database refuses the alerts of one listing (plain SQL, as a constraint would): its event cannot be recorded.
    await sql`CREATE FUNCTION refuse_lotto_alert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM listings WHERE id = NEW.listing_id AND street_number = '77-rifiuto') THEN
          RAISE EXCEPTION 'alert refused';
        END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER refuse_lotto_alert BEFORE INSERT ON alert_deliveries FOR EACH ROW EXECUTE FUNCTION refuse_lotto_alert()`.execute(
      db,
    );
    let ids: number[];
    try {
      // Six events in one transaction: the matcher claims and matches them as one batch.
      ids = await publishListings(
        db,
        Array.from({ length: 6 }, (_, i) => ({ ...home, streetNumber: i === 2 ? "77-rifiuto" : `77-${i}` })),
      );
      const others = ids.filter((_, i) => i !== 2);
      await expect.poll(mailed, { timeout: 60_000, interval: 100 }).toEqual([...others].sort((a, b) => a - b));
      expect(logs.some((l) => l.includes("alerts: batch not matched together"))).toBe(true);
      const waiting = await sql<{ listingId: string }>`
        SELECT listing_id AS "listingId" FROM listing_events WHERE processed_at IS NULL AND listing_id = ANY(${ids}::bigint[])`.execute(db);
      expect(waiting.rows.map((r) => Number(r.listingId))).toEqual([ids[2]]);
    } finally {
      await sql`DROP TRIGGER refuse_lotto_alert ON alert_deliveries`.execute(db);
      await sql`DROP FUNCTION refuse_lotto_alert()`.execute(db);
    }
    // Its lease ends (two minutes in the portal): matched again, recorded, and mailed once; the others not again.
    await sql`UPDATE listing_events SET claimed_until = now() - interval '1 second' WHERE listing_id = ${ids[2]!} AND processed_at IS NULL`.execute(
      db,
    );
    await expect.poll(mailed, { timeout: 60_000, interval: 100 }).toEqual([...ids].sort((a, b) => a - b));
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    expect(await mailed()).toEqual([...ids].sort((a, b) => a - b));
    const mails = catcher.mails.filter((m) => m.to === reader);
    expect(mails.reduce((n, m) => n + Number(/^(\d+) nuovi annunci per/.exec(m.subject)?.[1] ?? 1), 0)).toBe(6);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(mails.length);
  });

  it("skips a saved search whose filters no longer parse or whose place is gone, with the reason logged, and alerts the others", async () => {
    const reader = "buono@casa.example";
    const good = await saveAlertSearch(db, reader, townId, 600_000, "immediately");
    const broken: number[] = [];
    for (const [email, serialized] of [
      ["illeggibile@casa.example", "{not json"],
      ["luogo-sparito@casa.example", serializeWithHash(savedSearchQuery(parseSearch({ price_max: 600_000 }, ["IT-99-999999"]))).str],
    ] as const) {
      const user = await createUser(db, {
        email,
        displayName: email,
        passwordHash: null,
        consents: { privacy: true },
        emailVerified: true,
        now: new Date(),
      });
      const row = await db
        .insertInto("savedSearches")
        .values({
          userId: user!.id,
          hash: `rotta-${email}`,
          serialized,
          title: null,
          provinceId: null,
          domain: "casa.it",
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("savedSearchAlerts").values({ savedSearchId: row.id, channel: "mail", frequency: "immediately" }).execute();
      // The keys it was found under when it still made sense: the good search's.
      await sql`INSERT INTO saved_search_alert_keys (saved_search_id, frame, key, west, south, east, north)
        SELECT ${row.id}, frame, key, west, south, east, north FROM saved_search_alert_keys WHERE saved_search_id = ${good}`.execute(db);
      broken.push(Number(row.id));
    }
    await publishListing(db, { ...home, streetNumber: "612" });
    await expect.poll(() => catcher.mails.filter((m) => m.to === reader).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    const skipped = logs
      .map((l) => JSON.parse(l) as { msg: string; savedSearchId?: number; reason?: string })
      .filter((l) => l.msg === "alerts: saved search skipped");
    for (const id of broken) expect(skipped.find((l) => l.savedSearchId === id)?.reason).toMatch(/./);
    expect(catcher.mails.filter((m) => m.to === "illeggibile@casa.example" || m.to === "luogo-sparito@casa.example")).toEqual([]);
  });
});

describe.each(databaseTargets.filter((t) => t === "postgres"))("a portal process killed mid-batch on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let handle: DatabaseHandle;
  const children: ChildProcess[] = [];

  function startChild(): Promise<ChildProcess> {
    const child = spawn(process.execPath, [`${root}scripts/start.ts`], {
      cwd: root,
      detached: true,
      env: childPortalEnv({
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: provisioned.url!,
        WEB_CONCURRENCY: "1",
        DEMO_COUNT: "400",
        DEMO_SEED: "faults",
        LOG_LEVEL: "info",
        PUBLIC_URL: PUBLIC,
        SMTP_URL: catcher.url,
        ALERTS_POLL_MS: "100",
        MAIL_QUEUE_POLL_MS: "100",
        MAIL_RETRY_MS: "100",
        WORK_LEASE_MS: "1000",
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    return expect
      .poll(() => /Portale pronto/.test(out), { timeout: 120_000, interval: 200 })
      .toBe(true)
      .then(() => child);
  }

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    catcher = await startMailCatcher();
  });
  afterAll(async () => {
    for (const c of children) {
      if (c.exitCode !== null || c.signalCode !== null) continue;
      try {
        process.kill(-c.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await handle?.close();
    await catcher?.close();
    await provisioned?.dispose();
  });

  it("delivers every alert of the batch exactly once after a SIGKILL and a restart", async () => {
    const first = await startChild();
    handle = await openDatabase({ url: provisioned.url, dataDir: provisioned.dataDir });
    const db = handle.db;
    const { home, townId } = await homeToPublish(db, { price: 250_000 });
    const reader = "kill9@casa.example";
    const searchId = await saveAlertSearch(db, reader, townId, 600_000, "immediately");
    catcher.stall.add(reader);
    const ids = await publishListings(
      db,
      Array.from({ length: 150 }, (_, i) => ({ ...home, streetNumber: String(700 + i) })),
    );
    // Killed (the whole process group, no chance to finish anything) while the batch is under way: its first
    // mail is at the mail server, which has not answered, so at least that mail is surely unsent.
    await expect.poll(() => catcher.stalled(), { timeout: 60_000, interval: 20 }).toBeGreaterThan(0);
    process.kill(-first.pid!, "SIGKILL");
    expect(await alertWorkPending(db)).toBeGreaterThan(0);
    catcher.stall.delete(reader);
    await startChild();
    await expect.poll(() => alertWorkPending(db), { timeout: 120_000, interval: 200 }).toBe(0);
    // Each alert in exactly one mail (a search's waiting alerts go out together, decision 142), every mail sent.
    const deliveries = await sql<{ n: number; listings: number; mails: number; sent: number }>`
      SELECT count(*)::int AS n, count(DISTINCT d.listing_id)::int AS listings, count(DISTINCT d.mail_id)::int AS mails,
        count(q.sent_at)::int AS sent
      FROM alert_deliveries d JOIN mail_queue q ON q.id = d.mail_id WHERE d.saved_search_id = ${searchId}`.execute(db);
    const { mails, ...counts } = deliveries.rows[0]!;
    expect(counts).toEqual({ n: ids.length, listings: ids.length, sent: ids.length });
    // What reached the mail server: each mail's Message-ID once (a mail handed over twice by a process killed
    // between the server's 250 and marking it sent carries the same Message-ID: the reader's mail system sees one),
    // and, counted from their subjects ("N nuovi annunci per …"), every alert of the batch exactly once.
    const received = new Map(catcher.mails.filter((m) => m.to === reader).map((m) => [m.messageId, m.subject]));
    expect(received.size).toBe(mails);
    const alerts = [...received.values()].reduce((n, subject) => n + Number(/^(\d+) nuovi annunci per/.exec(subject)?.[1] ?? 1), 0);
    expect(alerts).toBe(ids.length);
  });
});

/**
 * Immediate e-mail alerts end to end (issue 23, first slice; docs/decisions/085), on each database, with a
 * real SMTP server on loopback: a user saves a search with e-mail 'Subito' through the API the save
 * modal uses; a matching listing published through db/listing-writes.ts → exactly one mail naming it
 * (hostile search title kept as text, one-line subject); a listing the search does not list → no mail;
 * a price drop → a mail with the old and new price; a home withdrawn and relisted → no mail; several alerts waiting
 * for one search → one mail listing them (decision 142). On PostgreSQL two portal processes match and send together
 * with no duplicate. Web push (decision 116): a push
 * service on loopback decrypts what the portal sends to each device; 410 deletes the device, a service that
 * is down or hangs gets a bounded number of tries and a recorded give-up.
 */
import { randomBytes } from "node:crypto";
import { hash as argon2Hash } from "@node-rs/argon2";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../core/format.ts";
import { publishListing, publishListings, repriceListing, withdrawListing, type NewListing } from "../db/listing-writes.ts";
import type { Database } from "../db/schema.ts";
import { createUser } from "../db/users.ts";
import { AlertMatcher } from "../server/alert-matcher.ts";
import { ImmediateAlertSender } from "../server/immediate-alerts.ts";
import { AlertLinks } from "../server/alerts/alert-links.ts";
import { createLogger } from "../server/logger.ts";
import { alertWorkPending } from "../test/alerts.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { CookieClient } from "../test/http-client.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";
import { startPushService } from "../test/push-service.ts";

const PUBLIC = "https://casa.example";
const API = "/portal-srp/api/v1";
const USER = "avvisi@casa.example";
/** Saved the same search with e-mail once a day: not sent in this slice, so nothing now. */
const DAILY_USER = "giornaliero@casa.example";
const HOSTILE_TITLE = "Casa <b>bella</b>\r\nBcc: evil@example.it";
const env = {
  ...BULK_CLIENT.env,
  PUBLIC_URL: PUBLIC,
  MAIL_QUEUE_POLL_MS: "100",
  MAIL_RETRY_MS: "100",
  ALERTS_POLL_MS: "100",
  PUSH_POLL_MS: "100",
  PUSH_RETRY_MS: "100",
  // Long enough for a loaded machine (a timeout after the service accepted would send twice), short enough for the hang case.
  PUSH_TIMEOUT_MS: "3000",
  PUSH_MAX_ATTEMPTS: "3",
};

describe.each(databaseTargets)("immediate e-mail alerts on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let push: Awaited<ReturnType<typeof startPushService>>;
  const clients = new Map<string, CookieClient>();
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  let home: NewListing;
  let townId: string;
  const mailsToUser = () => catcher.mails.filter((m) => m.to === USER);

  /** Every listing event matched and every queued mail and push handed over: nothing more can arrive. */
  async function settled(): Promise<void> {
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
  }

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    catcher = await startMailCatcher();
    push = await startPushService();
    portal = await startTestPortal(provisioned, { env: { ...env, SMTP_URL: catcher.url, PUSH_EXTRA_ORIGINS: push.origin } });
    db = portal.database.db as unknown as Kysely<Database>;
    // A sale of a house in the town with most such listings: the home the tests publish variants of.
    const row = await db
      .selectFrom("listings")
      .selectAll()
      .where("channel", "=", "vendita")
      .where("propertyTypeGroup", "=", "case")
      .where("isNewConstruction", "=", false)
      .where("isAuction", "=", false)
      .where("isPrivateNegotiation", "=", false)
      .where("townId", "=", (eb) =>
        eb
          .selectFrom("listings")
          .select("townId")
          .where("channel", "=", "vendita")
          .groupBy("townId")
          .orderBy(sql`count(*)`, "desc")
          .limit(1),
      )
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    const { id: _id, pricePerMq: _generated, shownPrice: _shown, shownPricePerMq: _shownPerMq, ...rest } = row;
    home = {
      ...rest,
      price: 400_000,
      originalPrice: null,
      priceType: "fisso",
      publishedAt: new Date(),
      title: "Trilocale luminoso <i>vista</i> parco",
    };
    townId = row.townId;
    await createUser(db, {
      email: USER,
      displayName: "Alessia Avvisi",
      passwordHash: await argon2Hash("Segreta123"),
      consents: { privacy: true },
      emailVerified: true,
      now: new Date(),
    });
    await createUser(db, {
      email: DAILY_USER,
      displayName: "Giorgio Giornaliero",
      passwordHash: await argon2Hash("Segreta123"),
      consents: { privacy: true },
      emailVerified: true,
      now: new Date(),
    });
    for (const [email, emailFrequency] of [
      [USER, "immediately"],
      [DAILY_USER, "daily"],
    ] as const) {
      const client = new CookieClient(portal.url, PUBLIC);
      expect((await client.post(`${API}/user/login`, { email, password: "Segreta123" })).status).toBe(200);
      clients.set(email, client);
      const saved = await client.post(`${API}/mycasa/searches/upsert`, {
        searchData: { locations: [townId], filters: { price_max: 500_000 } },
        title: HOSTILE_TITLE,
        notifications: { hasEmail: true, emailFrequency, hasPush: true, pushFrequency: "immediately" },
      });
      expect(saved.status).toBe(200);
    }
  });
  afterAll(async () => {
    await portal?.stop();
    await catcher?.close();
    await push?.close();
    await provisioned?.dispose();
  });

  it("mails exactly one alert for a matching listing: its title, price, place and links; the hostile search title stays text", async () => {
    const before = mailsToUser().length;
    const id = await publishListing(db, home);
    await expect.poll(() => mailsToUser().length, { timeout: 60_000, interval: 100 }).toBe(before + 1);
    await settled();
    expect(mailsToUser()).toHaveLength(before + 1);
    const mail = mailsToUser().at(-1)!;
    expect(mail.subject).toBe("Nuovo annuncio per «Casa <b>bella</b> Bcc: evil@example.it»");
    expect(mail.envelope).toEqual([USER]);
    expect(catcher.mails.some((m) => m.to === "evil@example.it")).toBe(false);
    expect(mail.text).toContain("Trilocale luminoso <i>vista</i> parco");
    expect(mail.text).toContain(formatEuro(400_000));
    expect(mail.text).toContain(`${PUBLIC}/annunci/${id}/`);
    // The search's results, newest first (where the new listing is).
    expect(mail.text).toMatch(new RegExp(`${PUBLIC.replace(/\./g, "\\.")}/vendita/case/[a-z-]+/\\?\\S*price_max=500000`));
    expect(mail.html).toContain("Trilocale luminoso &lt;i&gt;vista&lt;/i&gt; parco");
    expect(mail.html).toContain("Casa &lt;b&gt;bella&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>bella</b>");
    expect(mail.html).toContain(`href="${PUBLIC}/annunci/${id}/"`);
    expect(mail.html).toContain(`src="${PUBLIC}/media/listing/${id}/0.svg"`);
    // Daily e-mail waits for 08:00, and a push goes only to a device: the same search saved with them alerts no one now.
    expect(catcher.mails.filter((m) => m.to === DAILY_USER)).toEqual([]);
    expect(push.received).toEqual([]);
  });

  it("pushes each alert once to each device of its owner, encrypted for it; 410 deletes the device; a service down or hanging is tried 3 times, then given up", async () => {
    const user = clients.get(USER)!;
    const other = clients.get(DAILY_USER)!;
    const phone = push.device();
    // The subscription is validated: only a known push service (or the configured test origin), real keys.
    const refused = await user.post(`${API}/mycasa/push/subscribe`, {
      subscription: { ...phone.subscription, endpoint: "https://169.254.169.254/latest/meta-data" },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { field: string } }).error.field).toBe("subscription.endpoint");
    const badKey = await user.post(`${API}/mycasa/push/subscribe`, {
      subscription: { ...phone.subscription, keys: { ...phone.subscription.keys, p256dh: "AAAA" } },
    });
    expect(badKey.status).toBe(400);
    expect((await user.post(`${API}/mycasa/push/subscribe`, { subscription: phone.subscription })).status).toBe(200);
    const key = (await (await user.post(`${API}/mycasa/push/key`, {})).json()) as { data: { publicKey: string } };
    // Another user neither sees nor removes the device.
    const devicesOf = async (client: CookieClient) =>
      ((await (await client.post(`${API}/mycasa/push/devices`, {})).json()) as { data: Array<{ origin: string }> }).data;
    expect(await devicesOf(other)).toEqual([]);
    expect((await other.post(`${API}/mycasa/push/unsubscribe`, { endpoint: phone.subscription.endpoint })).status).toBe(404);
    expect(await devicesOf(user)).toEqual([expect.objectContaining({ origin: push.origin })]);

    // A matching listing: exactly one e-mail and exactly one push, which the push service decrypts.
    const mailsBefore = mailsToUser().length;
    const id = await publishListing(db, { ...home, streetNumber: "401" });
    await expect.poll(() => push.received.length, { timeout: 60_000, interval: 100 }).toBe(1);
    await settled();
    expect(mailsToUser()).toHaveLength(mailsBefore + 1);
    expect(push.received).toHaveLength(1);
    expect(push.errors).toEqual([]);
    const [received] = push.received;
    expect(received!.device).toBe(phone.id);
    expect(received!.vapidKey).toBe(key.data.publicKey);
    expect(received!.ttl).toBe("86400");
    expect(received!.topic).toMatch(/^alert\d+$/);
    expect(received!.payload).toEqual({
      title: "Nuovo annuncio per «Casa <b>bella</b> Bcc: evil@example.it»",
      body: `Trilocale luminoso <i>vista</i> parco · ${formatEuro(400_000)} · ${/· ([^·]+)$/.exec(String(received!.payload.body))![1]}`,
      url: `${PUBLIC}/annunci/${id}/`,
      icon: `${PUBLIC}/media/listing/${id}/0.svg`,
      tag: `listing-${id}`,
      lang: "it",
    });
    const channels = await sql<{ channel: string }>`SELECT channel FROM alert_deliveries WHERE listing_id = ${id} ORDER BY channel`.execute(
      db,
    );
    expect(channels.rows.map((r) => r.channel)).toEqual(["mail", "mail", "push"]); // USER's mail, DAILY_USER's digest row, USER's push

    // A second device; the push service says the first is gone (410): it is deleted, the second gets its push.
    const laptop = push.device();
    expect((await user.post(`${API}/mycasa/push/subscribe`, { subscription: laptop.subscription })).status).toBe(200);
    push.answer(phone.id, 410);
    const second = await publishListing(db, { ...home, streetNumber: "402" });
    await expect.poll(() => push.received.filter((r) => r.device === laptop.id).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await settled();
    expect(push.requests.filter((r) => r.device === phone.id && r.status === 410)).toHaveLength(1);
    expect(await devicesOf(user)).toHaveLength(1);
    const phoneRows = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = ${phone.subscription.endpoint}`.execute(db);
    expect(phoneRows.rows[0]!.n).toBe(0);
    expect(push.received.at(-1)!.payload.url).toBe(`${PUBLIC}/annunci/${second}/`);

    // The push service down (503), then hanging past the timeout: 3 attempts each, then given up with the reason kept.
    const givenUp = async (listingId: number) =>
      (
        await sql<{ attempts: number; lastError: string; gaveUp: boolean; sent: boolean }>`
          SELECT m.attempts, m.last_error AS "lastError", m.gave_up_at IS NOT NULL AS "gaveUp", m.sent_at IS NOT NULL AS sent
          FROM push_messages m JOIN alert_deliveries d ON d.id = m.delivery_id WHERE d.listing_id = ${listingId}`.execute(db)
      ).rows;
    for (const [answer, reason] of [
      [503, /^push service answered 503$/],
      ["hang", /TimeoutError/],
    ] as const) {
      push.answer(laptop.id, answer);
      const requestsBefore = push.requests.filter((r) => r.device === laptop.id).length;
      const down = await publishListing(db, { ...home, streetNumber: `40${answer === 503 ? 3 : 4}` });
      await expect.poll(async () => (await givenUp(down))[0]?.gaveUp, { timeout: 60_000, interval: 100 }).toBe(true);
      expect(await givenUp(down)).toEqual([{ attempts: 3, lastError: expect.stringMatching(reason), gaveUp: true, sent: false }]);
      expect(push.requests.filter((r) => r.device === laptop.id).length - requestsBefore).toBe(3);
    }
    await settled();
    expect(push.received.filter((r) => r.device === laptop.id)).toHaveLength(1);
    // The device is still there (a service that is down says nothing about the device); its owner removes it.
    expect((await user.post(`${API}/mycasa/push/unsubscribe`, { endpoint: laptop.subscription.endpoint })).status).toBe(200);
    expect(await devicesOf(user)).toEqual([]);
    expect(push.errors).toEqual([]);
  });

  it("mails nothing for a listing the search does not list", async () => {
    const before = mailsToUser().length;
    await publishListing(db, { ...home, price: 900_000, streetNumber: "901" });
    await settled();
    expect(mailsToUser()).toHaveLength(before);
  });

  it("mails the old and the new price when a matching listing gets cheaper", async () => {
    const id = await publishListing(db, { ...home, streetNumber: "77", price: 480_000 });
    await expect.poll(() => mailsToUser().length, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    await settled();
    const before = mailsToUser().length;
    expect(await repriceListing(db, id, 420_000)).toBe(true);
    await expect.poll(() => mailsToUser().length, { timeout: 60_000, interval: 100 }).toBe(before + 1);
    await settled();
    expect(mailsToUser()).toHaveLength(before + 1);
    const mail = mailsToUser().at(-1)!;
    expect(mail.subject).toMatch(/^Prezzo ribassato per «/);
    expect(mail.text).toContain(`è sceso da ${formatEuro(480_000)} a ${formatEuro(420_000)}`);
    expect(mail.text).toContain(`${PUBLIC}/annunci/${id}/`);
  });

  it("mails nothing when a home is withdrawn and published again within 14 weeks", async () => {
    const relisted = { ...home, streetNumber: "55" };
    const id = await publishListing(db, relisted);
    await settled();
    const before = mailsToUser().length;
    expect(await withdrawListing(db, id)).toBe(true);
    const again = await publishListing(db, relisted);
    await settled();
    expect(mailsToUser()).toHaveLength(before);
    const [event] = (await sql<{ kind: string }>`SELECT kind FROM listing_events WHERE listing_id = ${again}`.execute(db)).rows;
    expect(event).toEqual({ kind: "back" });
  });

  /** The listings a batch of alert mails speaks of, each mail's alerts counted from its subject ("3 nuovi annunci per …"). */
  async function alertsMailed(mails: ReturnType<typeof mailsToUser>, searchId: number) {
    const alerts = mails.reduce((n, m) => n + Number(/^(\d+) nuovi annunci per/.exec(m.subject)?.[1] ?? 1), 0);
    // Each delivery in one mail, each mail handed over once (its Message-ID once).
    const linked = await sql<{ listingId: string; sent: boolean }>`
      SELECT listing_id AS "listingId", q.sent_at IS NOT NULL AS sent
      FROM alert_deliveries d JOIN mail_queue q ON q.id = d.mail_id
      WHERE d.saved_search_id = ${searchId} AND d.channel = 'mail'`.execute(db);
    return {
      alerts,
      messageIds: new Set(mails.map((m) => m.messageId)).size,
      linked: linked.rows.filter((r) => r.sent).map((r) => Number(r.listingId)),
    };
  }

  async function searchIdOf(email: string): Promise<number> {
    const row = await db
      .selectFrom("savedSearches as s")
      .innerJoin("users as u", "u.id", "s.userId")
      .select("s.id")
      .where("u.email", "=", email)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it("mails every 'Subito' alert waiting for a search in one mail: the count in the subject, each listing as a card (decision 142)", async () => {
    await settled();
    const before = mailsToUser().length;
    // The sender paused while three listings are matched: their alerts wait together, as in a burst.
    await portal.alerts!.immediate.stop();
    const ids = await publishListings(
      db,
      Array.from({ length: 3 }, (_, i) => ({ ...home, streetNumber: String(150 + i), title: `Casa numero ${i}` })),
    );
    await expect
      .poll(
        async () =>
          Number((await sql<{ n: number }>`SELECT count(*) AS n FROM listing_events WHERE processed_at IS NULL`.execute(db)).rows[0]!.n),
        {
          timeout: 60_000,
          interval: 100,
        },
      )
      .toBe(0);
    portal.alerts!.immediate.start();
    await expect.poll(() => mailsToUser().length, { timeout: 60_000, interval: 100 }).toBe(before + 1);
    await settled();
    expect(mailsToUser()).toHaveLength(before + 1);
    const mail = mailsToUser().at(-1)!;
    expect(mail.subject).toBe("3 nuovi annunci per «Casa <b>bella</b> Bcc: evil@example.it»");
    expect(mail.text).toContain("Ci sono 3 annunci nuovi per la tua ricerca «Casa <b>bella</b> Bcc: evil@example.it».");
    for (const [i, id] of ids.entries()) {
      expect(mail.text).toContain(`Casa numero ${i}`);
      expect(mail.text).toContain(`Vedi l'annuncio: ${PUBLIC}/annunci/${id}/`);
      expect(mail.html).toContain(`href="${PUBLIC}/annunci/${id}/"`);
    }
    expect(mail.headerLines.some((h) => /^List-Unsubscribe: /i.test(h))).toBe(true);
    const mailed = await alertsMailed(mailsToUser().slice(before), await searchIdOf(USER));
    expect(mailed.linked.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  });

  it("delivers each alert exactly once with two matchers and two senders on one database (two portal processes on PostgreSQL)", async () => {
    await settled();
    // PostgreSQL: a second portal, as a second process would be; PGlite lives in one process: a second matcher and
    // sender there.
    const second =
      target === "postgres"
        ? await startTestPortal(provisioned, { env: { ...env, SMTP_URL: catcher.url } })
        : (() => {
            const links = new AlertLinks(randomBytes(32));
            const sender = new ImmediateAlertSender({ db, logger: createLogger("silent"), pollMs: 100, origin: PUBLIC, links }).start();
            const matcher = new AlertMatcher({
              db,
              logger: createLogger("silent"),
              pollMs: 100,
              origin: PUBLIC,
              links,
              onRecorded: () => sender.wake(),
            }).start();
            return { stop: async () => (await matcher.stop(), await sender.stop()) };
          })();
    try {
      const searchId = await searchIdOf(USER);
      const before = mailsToUser().length;
      const linkedBefore = (await alertsMailed([], searchId)).linked.length;
      const ids = await publishListings(
        db,
        Array.from({ length: 12 }, (_, i) => ({ ...home, streetNumber: String(200 + i) })),
      );
      // What the person receives: the twelve alerts in one or more mails (one per search and delivery run), never one twice.
      await expect
        .poll(async () => (await alertsMailed(mailsToUser().slice(before), searchId)).alerts, { timeout: 60_000, interval: 100 })
        .toBe(12);
      await settled();
      const mailed = await alertsMailed(mailsToUser().slice(before), searchId);
      expect(mailed.alerts).toBe(12);
      expect(mailed.messageIds).toBe(mailsToUser().length - before);
      expect(mailsToUser().length - before).toBeLessThanOrEqual(12);
      expect(mailed.linked).toHaveLength(linkedBefore + 12);
      expect(mailed.linked.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
      // Each listing on a card of a mail, up to ten cards a mail (the rest counted, with the results link).
      const mails = mailsToUser().slice(before);
      const carded = mails.flatMap((m) => [...m.text.matchAll(/Vedi l'annuncio: \S+\/annunci\/(\d+)\//g)].map((x) => Number(x[1])));
      expect(new Set(carded).size).toBe(carded.length);
      expect(carded.every((id) => ids.includes(id))).toBe(true);
      const count = (m: (typeof mails)[number]) => Number(/^(\d+) nuovi annunci per/.exec(m.subject)?.[1] ?? 1);
      expect(carded).toHaveLength(mails.reduce((n, m) => n + Math.min(count(m), 10), 0));
      for (const m of mails.filter((x) => count(x) > 10)) {
        expect(m.text).toContain(count(m) === 11 ? "…e 1 altro annuncio." : `…e altri ${count(m) - 10} annunci.`);
      }
    } finally {
      await second.stop();
    }
  });

  it("links every alert mail to pages without login: List-Unsubscribe one-click turns the alert off, once; forged links show nobody's data", async () => {
    const before = mailsToUser().length;
    const id = await publishListing(db, { ...home, streetNumber: "300" });
    await expect.poll(() => mailsToUser().length, { timeout: 60_000, interval: 100 }).toBe(before + 1);
    await settled();
    const mail = mailsToUser().at(-1)!;
    expect(mail.text).toContain(`${PUBLIC}/annunci/${id}/`);
    // RFC 8058 headers, and no header the hostile title could have smuggled in.
    const unsubscribe = mail.headerLines.find((h) => /^list-unsubscribe:/i.test(h));
    expect(unsubscribe).toMatch(
      new RegExp(`^List-Unsubscribe: <${PUBLIC.replace(/\./g, "\\.")}/deactivation-alerts/one-click\\?t=[A-Za-z0-9_.%-]+>$`, "i"),
    );
    expect(mail.headerLines).toContainEqual(expect.stringMatching(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/i));
    expect(mail.headerLines.filter((h) => /^bcc:/i.test(h))).toEqual([]);
    const oneClick = new URL(/<([^>]+)>/.exec(unsubscribe!)![1]!);
    const token = oneClick.searchParams.get("t")!;
    // The mail's own links: turn off, manage, remove; in text and HTML.
    expect(oneClick.pathname).toBe("/deactivation-alerts/one-click");
    for (const path of ["/deactivation-alerts/", "/deactivation-alerts/manage-consents/", "/remove-mail-and-consents/"]) {
      expect(mail.text).toContain(`${PUBLIC}${path}?t=${token}`);
      expect(mail.html).toContain(`href="${PUBLIC}${path}?t=${token}"`);
    }
    const searchId = Number(
      (await sql<{ id: string }>`SELECT s.id FROM saved_searches s JOIN users u ON u.id = s.user_id WHERE u.email = ${USER}`.execute(db))
        .rows[0]!.id,
    );
    const mailFrequency = async () =>
      (
        await sql<{
          frequency: string;
        }>`SELECT frequency FROM saved_search_alerts WHERE saved_search_id = ${searchId} AND channel = 'mail'`.execute(db)
      ).rows[0]!.frequency;

    // A forged (altered) link: a clear page (the one-click URL opened in a browser leads to it), nothing of anyone's; the JSON endpoint refuses it.
    const forged = `${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`;
    const forgedPage = await fetch(`${portal.url}/deactivation-alerts/one-click?t=${encodeURIComponent(forged)}`);
    const forgedHtml = await forgedPage.text();
    expect(forgedHtml).toContain("Questo link non è valido o è scaduto.");
    expect(forgedHtml).not.toContain("Casa &lt;b&gt;bella");
    expect(forgedHtml).not.toContain(USER);
    const forgedApi = await fetch(`${portal.url}${API}/deactivation-alerts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: forged, site: "casa", domain: "it", locale: "it" }),
    });
    expect(forgedApi.status).toBe(400);
    const forgedOneClick = await fetch(`${portal.url}/deactivation-alerts/one-click?t=${encodeURIComponent(forged)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(forgedOneClick.status).toBe(400);
    expect(await mailFrequency()).toBe("immediately");

    // Opening the genuine link only asks (a mail scanner following it changes nothing); the title stays text.
    const page = await (await fetch(`${portal.url}/deactivation-alerts/?t=${encodeURIComponent(token)}`)).text();
    expect(page).toContain("Vuoi smettere di ricevere gli avvisi email per la ricerca «Casa &lt;b&gt;bella&lt;/b&gt;");
    expect(await mailFrequency()).toBe("immediately");

    // The mail client's one-click POST (RFC 8058): the alert is off and a matching listing sends nothing.
    const click = () =>
      fetch(`${portal.url}${oneClick.pathname}${oneClick.search}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    const first = await click();
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("deactivated\n");
    expect(await mailFrequency()).toBe("never");
    const silent = mailsToUser().length;
    await publishListing(db, { ...home, streetNumber: "301" });
    await settled();
    expect(mailsToUser()).toHaveLength(silent);
    expect(await (await click()).text()).toBe("already\n");

    // Managing the alerts with the same link (no login): turned on again; the used link does not turn it off twice.
    const manage = await fetch(`${portal.url}${API}/deactivation-alerts/manage-consents`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, locale: "it", alerts: [{ id: searchId, channel: "mail", frequency: "immediately" }] }),
    });
    expect(manage.status).toBe(200);
    const managed = (await manage.json()) as { result: { email: string; searches: Array<{ id: number; title: string; mail: string }> } };
    expect(managed.result.email).toBe(USER);
    expect(managed.result.searches).toEqual([
      expect.objectContaining({ id: searchId, title: "Casa <b>bella</b> Bcc: evil@example.it", mail: "immediately" }),
    ]);
    const again = await fetch(`${portal.url}${API}/deactivation-alerts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, locale: "it" }),
    });
    expect(((await again.json()) as { result: { outcome: string } }).result.outcome).toBe("used");
    expect(await mailFrequency()).toBe("immediately");
    // Another user's search id in the manage form changes nothing of theirs.
    const other = Number(
      (
        await sql<{ id: string }>`SELECT s.id FROM saved_searches s JOIN users u ON u.id = s.user_id WHERE u.email = ${DAILY_USER}`.execute(
          db,
        )
      ).rows[0]!.id,
    );
    const foreign = await fetch(`${portal.url}${API}/deactivation-alerts/manage-consents`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, alerts: [{ id: other, channel: "mail", frequency: "never" }] }),
    });
    const foreignBody = (await foreign.json()) as { result: { changed: number; searches: Array<{ id: number }> } };
    expect(foreignBody.result.changed).toBe(0);
    expect(foreignBody.result.searches.map((s) => s.id)).toEqual([searchId]);
    expect(
      (
        await sql<{
          frequency: string;
        }>`SELECT frequency FROM saved_search_alerts WHERE saved_search_id = ${other} AND channel = 'mail'`.execute(db)
      ).rows[0]!.frequency,
    ).toBe("daily");

    // Remove e-mail and consents, from the page's form without JavaScript: every e-mail alert off, once.
    const remove = () =>
      fetch(`${portal.url}/remove-mail-and-consents/?t=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `t=${encodeURIComponent(token)}`,
      });
    const removed = await (await remove()).text();
    expect(removed).toContain(`Fatto: a ${USER} non invieremo più avvisi via email e i consensi sono revocati.`);
    expect(await mailFrequency()).toBe("never");
    const consents = await sql<{ kind: string; given: boolean }>`
      SELECT c.kind, c.given FROM user_consents c JOIN users u ON u.id = c.user_id WHERE u.email = ${USER} AND c.kind = 'marketing'`.execute(
      db,
    );
    expect(consents.rows).toEqual([{ kind: "marketing", given: false }]);
    expect(await (await remove()).text()).toContain("Questo link è già stato usato");
  });

  it("writes the alert in English, by mail and push, for a search saved from an English page", async () => {
    const email = "alerts-en@casa.example";
    await createUser(db, {
      email,
      displayName: "Emma English",
      passwordHash: await argon2Hash("Segreta123"),
      consents: { privacy: true },
      emailVerified: true,
      now: new Date(),
    });
    const client = new CookieClient(portal.url, PUBLIC);
    expect((await client.post(`${API}/user/login`, { email, password: "Segreta123" })).status).toBe(200);
    const saved = await client.post(`${API}/mycasa/searches/upsert`, {
      searchData: { locations: [townId], filters: { price_max: 500_000 } },
      title: "Near the park",
      notifications: { hasEmail: true, emailFrequency: "immediately", hasPush: true, pushFrequency: "immediately" },
      locale: "en",
    });
    expect(saved.status).toBe(200);
    const phone = push.device();
    expect((await client.post(`${API}/mycasa/push/subscribe`, { subscription: phone.subscription })).status).toBe(200);
    const id = await publishListing(db, { ...home, streetNumber: "501" });
    await expect.poll(() => catcher.mails.filter((m) => m.to === email).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await expect.poll(() => push.received.filter((r) => r.device === phone.id).length, { timeout: 60_000, interval: 100 }).toBe(1);
    const mail = catcher.mails.find((m) => m.to === email)!;
    expect(mail.subject).toBe("New listing for “Near the park”");
    expect(mail.text).toContain("There is a new listing for your search “Near the park”.");
    expect(mail.text).toContain(`${PUBLIC}/en/annunci/${id}/`);
    expect(mail.text).toContain(`${PUBLIC}/en/deactivation-alerts/?t=`);
    const received = push.received.find((r) => r.device === phone.id)!;
    expect(received.payload).toMatchObject({ title: "New listing for “Near the park”", url: `${PUBLIC}/en/annunci/${id}/`, lang: "en" });
  });
});

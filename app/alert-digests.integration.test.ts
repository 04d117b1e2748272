/**
 * Daily e-mail alerts ('Una volta al giorno', issue 23 item 3; docs/decisions/092) end to end on each
 * database, with a real SMTP server on loopback and the portal's injected clock: listings that match a
 * daily search wait for 08:00 Europe/Rome — on the night the clocks go forward (29 March 2026, 06:00 UTC)
 * and back (25 October 2026, 07:00 UTC) — and then arrive as ONE digest per saved search; a digest of
 * more listings than it shows says how many more and links to the results newest first; a search
 * switched to 'never' gets nothing of what waited. Push 'Una volta al giorno' (decision 130), against a push service
 * on loopback that decrypts what it receives: one notification per device per search and Rome day at 08:00.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../core/format.ts";
import { alertActivity } from "../db/alert-activity.ts";
import { dueDigestSearches } from "../db/alert-digests.ts";
import { publishListing, publishListings, repriceListing, type NewListing } from "../db/listing-writes.ts";
import { savePushSubscription } from "../db/push.ts";
import { updateSavedSearch } from "../db/saved-searches.ts";
import type { Database } from "../db/schema.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { startPushService } from "../test/push-service.ts";
import { alertWorkPending, homeToPublish, saveAlertSearch } from "../test/alerts.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";

const PUBLIC = "https://casa.example";
const NEVER = { hasEmail: true, emailFrequency: "never", hasPush: false, pushFrequency: "never" } as const;

describe.each(databaseTargets)("daily alert digests on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let db: Kysely<Database>;
  let home: NewListing;
  let townId: string;
  let clock = Date.parse("2026-03-28T20:00:00Z");
  const to = (email: string) => catcher.mails.filter((m) => m.to === email);

  async function settled(): Promise<void> {
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
  }

  const dailySearch = (email: string, priceMax: number) => saveAlertSearch(db, email, townId, priceMax, "daily");

  const digestTimes = async (savedSearchId: number) =>
    (
      await sql<{
        at: Date | string | null;
      }>`SELECT digest_at AS at FROM alert_deliveries WHERE saved_search_id = ${savedSearchId} ORDER BY id`.execute(db)
    ).rows.map((r) => (r.at === null ? null : new Date(r.at).toISOString()));

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    catcher = await startMailCatcher();
    push = await startPushService();
    portal = await startTestPortal(provisioned, {
      env: {
        ...BULK_CLIENT.env,
        PUBLIC_URL: PUBLIC,
        MAIL_QUEUE_POLL_MS: "100",
        ALERTS_POLL_MS: "100",
        ALERTS_DIGEST_POLL_MS: "100",
        PUSH_POLL_MS: "100",
        SMTP_URL: catcher.url,
        PUSH_EXTRA_ORIGINS: push.origin,
      },
      clock: () => clock,
    });
    db = portal.database.db as unknown as Kysely<Database>;
    ({ home, townId } = await homeToPublish(db, { price: 300_000, title: "Casa con <b>orto</b>" }));
  });
  afterAll(async () => {
    await portal?.stop();
    await catcher?.close();
    await push?.close();
    await provisioned?.dispose();
  });

  it("sends one digest per search at 08:00 Rome time on 29 March (06:00 UTC), with more than it shows counted and linked; 'never' stops what waited", async () => {
    clock = Date.parse("2026-03-28T20:00:00Z");
    const reader = "digest-marzo@casa.example";
    const quitter = "digest-mai@casa.example";
    const search = await dailySearch(reader, 500_000);
    const stopped = await dailySearch(quitter, 500_000);
    const ids = await publishListings(
      db,
      Array.from({ length: 12 }, (_, i) => ({ ...home, streetNumber: String(400 + i) })),
    );
    const dropped = await publishListing(db, { ...home, streetNumber: "420", price: 480_000 });
    await settled();
    expect(await repriceListing(db, dropped, 450_000)).toBe(true);
    await settled();
    // Recorded for the next 08:00 in Rome, which that Sunday is already summer time; nothing mailed yet.
    expect(new Set(await digestTimes(search))).toEqual(new Set(["2026-03-29T06:00:00.000Z"]));
    expect(await digestTimes(search)).toHaveLength(14);
    expect(to(reader)).toEqual([]);
    // The other reader switches e-mail to 'never' (as MyCasa or the save modal does): what waited is not due any more.
    expect(await updateSavedSearch(db, { userId: (await userId(quitter))!, id: stopped, notifications: NEVER, now: new Date() })).toBe(
      "updated",
    );
    expect(new Set(await digestTimes(stopped))).toEqual(new Set([null]));
    expect(await dueDigestSearches(db, new Date("2026-03-29T05:59:59Z"), 10)).toEqual([]);

    clock = Date.parse("2026-03-29T06:00:00Z");
    await expect.poll(() => to(reader).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await settled();
    expect(to(reader)).toHaveLength(1);
    expect(to(quitter)).toEqual([]);
    const mail = to(reader)[0]!;
    // One Message-ID per search and Rome day (a resend after a crash is the same message).
    expect(mail.messageId).toBe(`<digest.${search}.2026-03-29@casa.example>`);
    expect(mail.subject).toBe(`14 nuovi annunci per «${mail.subject.slice(mail.subject.indexOf("«") + 1, -1)}»`);
    expect(mail.text).toContain("Nelle ultime 24 ore ci sono 14 annunci nuovi");
    // Ten shown, the four more counted, the results page (newest first) linked.
    expect(mail.text.match(/\/annunci\/\d+\//g)).toHaveLength(10);
    expect(mail.text).toContain(`${PUBLIC}/annunci/${ids[0]}/`);
    expect(mail.text).toContain("…e altri 4 annunci.");
    expect(mail.text).toMatch(
      /Vedili tutti nei risultati della ricerca: https:\/\/casa\.example\/vendita\/case\/[a-z-]+\/\?price_max=500000&sortType=data-decrescente/,
    );
    expect(mail.html).toContain("Casa con &lt;b&gt;orto&lt;/b&gt;");
    expect(mail.headerLines).toContainEqual(expect.stringMatching(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/i));
    // Sent once: nothing more is due.
    expect(await dueDigestSearches(db, new Date("2026-03-30T12:00:00Z"), 10)).toEqual([]);
  });

  it("sends the digest at 07:00 UTC on 25 October, when Rome's clocks have gone back; a price drop says from and to", async () => {
    clock = Date.parse("2026-10-24T20:00:00Z");
    const reader = "digest-ottobre@casa.example";
    const search = await dailySearch(reader, 460_000);
    const id = await publishListing(db, { ...home, streetNumber: "500", price: 470_000 });
    await settled();
    expect(await repriceListing(db, id, 440_000)).toBe(true);
    await settled();
    expect(await digestTimes(search)).toEqual(["2026-10-25T07:00:00.000Z"]);
    expect(await dueDigestSearches(db, new Date("2026-10-25T06:59:59Z"), 10)).toEqual([]);
    clock = Date.parse("2026-10-25T07:00:00Z");
    await expect.poll(() => to(reader).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await settled();
    const mail = to(reader)[0]!;
    expect(mail.subject).toMatch(/^1 nuovo annuncio per «/);
    expect(mail.text).toContain(`Prezzo sceso da ${formatEuro(470_000)} a ${formatEuro(440_000)}`);
    expect(mail.text).not.toContain("…e altr");
  });

  it("pushes 'Una volta al giorno' once per search and day at 08:00 Rome time, one notification per device, counted in 'N nuovi' once sent; 'never' stops what waited", async () => {
    clock = Date.parse("2026-06-10T20:00:00Z");
    const both = "push-giorno@casa.example";
    const pushOnly = "solo-push-giorno@casa.example";
    const quitter = "push-giorno-mai@casa.example";
    const DAILY_PUSH = { hasEmail: true, emailFrequency: "daily", hasPush: true, pushFrequency: "daily" } as const;
    const PUSH_ONLY = { hasEmail: false, emailFrequency: "never", hasPush: true, pushFrequency: "daily" } as const;
    const searches = new Map<string, number>();
    const devices = new Map<string, Array<ReturnType<typeof push.device>>>();
    for (const [email, notifications, n] of [
      [both, DAILY_PUSH, 2],
      [pushOnly, PUSH_ONLY, 1],
      [quitter, PUSH_ONLY, 1],
    ] as const) {
      const id = await dailySearch(email, 520_000);
      const uid = (await userId(email))!;
      expect(await updateSavedSearch(db, { userId: uid, id, notifications, now: new Date() })).toBe("updated");
      searches.set(email, id);
      devices.set(
        email,
        Array.from({ length: n }, () => push.device()),
      );
      for (const d of devices.get(email)!)
        await savePushSubscription(db, uid, { endpoint: d.subscription.endpoint, ...d.subscription.keys }, new Date());
    }
    const ids = await publishListings(
      db,
      Array.from({ length: 5 }, (_, i) => ({ ...home, streetNumber: String(600 + i), price: 510_000 })),
    );
    await settled();
    // Recorded for 08:00 Rome (summer time: 06:00 UTC); nothing pushed before.
    const pushRows = async (email: string) =>
      (
        await sql<{ at: Date | string | null; head: string | number | null }>`
          SELECT digest_at AS at, digest_delivery_id AS head FROM alert_deliveries
          WHERE saved_search_id = ${searches.get(email)!} AND channel = 'push' ORDER BY id`.execute(db)
      ).rows.map((r) => ({ at: r.at === null ? null : new Date(r.at).toISOString(), head: r.head === null ? null : Number(r.head) }));
    expect(await pushRows(pushOnly)).toEqual(Array.from({ length: 5 }, () => ({ at: "2026-06-11T06:00:00.000Z", head: null })));
    expect(push.received).toEqual([]);
    const newCount = async (email: string) =>
      (await alertActivity(db, (await userId(email))!, [searches.get(email)!])).get(searches.get(email)!)!.newCount;
    // Recorded is not sent: nothing new in MyCasa yet.
    expect(await newCount(pushOnly)).toBe(0);
    // The quitter switches push to 'never' before 08:00: what waited is not due any more.
    expect(
      await updateSavedSearch(db, {
        userId: (await userId(quitter))!,
        id: searches.get(quitter)!,
        notifications: { ...PUSH_ONLY, hasPush: false, pushFrequency: "never" },
        now: new Date(),
      }),
    ).toBe("updated");

    clock = Date.parse("2026-06-11T06:00:00Z");
    const deviceIds = (email: string) => devices.get(email)!.map((d) => d.id);
    const receivedBy = (email: string) => push.received.filter((r) => deviceIds(email).includes(r.device));
    await expect.poll(() => receivedBy(both).length, { timeout: 60_000, interval: 100 }).toBe(2);
    await expect.poll(() => receivedBy(pushOnly).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await expect.poll(() => to(both).length, { timeout: 60_000, interval: 100 }).toBe(1);
    await settled();
    expect(push.errors).toEqual([]);
    // One notification per device, the same on each: the digest's subject, three listings and how many more, the results newest first.
    expect(new Set(receivedBy(both).map((r) => r.device))).toEqual(new Set(deviceIds(both)));
    for (const r of [...receivedBy(both), ...receivedBy(pushOnly)]) {
      expect(r.payload).toEqual({
        title: expect.stringMatching(/^5 nuovi annunci per «.+»$/),
        body: expect.stringMatching(/^Casa con <b>orto<\/b> · .+\n.+\n.+\n…e altri 2 annunci$/),
        url: expect.stringMatching(/^https:\/\/casa\.example\/vendita\/case\/[a-z-]+\/\?price_max=520000&sortType=data-decrescente$/),
        icon: expect.stringMatching(/^https:\/\/casa\.example\/media\/listing\/\d+\/0\.svg$/),
        tag: expect.stringMatching(/^digest-\d+-2026-06-11$/),
        lang: "it",
      });
    }
    expect(receivedBy(pushOnly)[0]!.payload.tag).toBe(`digest-${searches.get(pushOnly)}-2026-06-11`);
    expect(receivedBy(quitter)).toEqual([]);
    // Every push row of the digest points at the one that carried it; nothing is due any more.
    const rows = await pushRows(pushOnly);
    expect(rows.map((r) => r.at)).toEqual(Array.from({ length: 5 }, () => null));
    expect(new Set(rows.map((r) => r.head)).size).toBe(1);
    expect(rows[0]!.head).not.toBeNull();
    expect(await dueDigestSearches(db, new Date("2026-06-12T12:00:00Z"), 10, "push")).toEqual([]);
    // Sent: the five listings are new in MyCasa for the push-only reader (the push that carried them went out).
    expect(await newCount(pushOnly)).toBe(ids.length);
    expect(await newCount(both)).toBe(ids.length);
    expect(await newCount(quitter)).toBe(0);

    // A listing after 08:00 waits for tomorrow's push; tomorrow at 08:00 it comes alone, in a push of its own day.
    const later = await publishListing(db, { ...home, streetNumber: "610", price: 505_000 });
    await settled();
    expect((await pushRows(pushOnly)).at(-1)).toEqual({ at: "2026-06-12T06:00:00.000Z", head: null });
    clock = Date.parse("2026-06-12T06:00:00Z");
    await expect.poll(() => receivedBy(pushOnly).length, { timeout: 60_000, interval: 100 }).toBe(2);
    // The device has it before its sender records it as sent, and only sent pushes count in 'N nuovi'.
    await settled();
    expect(receivedBy(pushOnly)[1]!.payload).toMatchObject({
      title: expect.stringMatching(/^1 nuovo annuncio per «/),
      body: expect.not.stringContaining("…e altr"),
      tag: `digest-${searches.get(pushOnly)}-2026-06-12`,
    });
    expect(receivedBy(pushOnly)[1]!.payload.body).toMatch(
      new RegExp(`^Casa con <b>orto</b> · ${formatEuro(505_000).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
    );
    expect(receivedBy(quitter)).toEqual([]);
    expect(await newCount(pushOnly)).toBe(ids.length + 1);
    expect(later).toBeGreaterThan(0);
  });

  async function userId(email: string): Promise<number | undefined> {
    const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    return row?.id;
  }
});

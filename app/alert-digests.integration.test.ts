/**
 * Daily e-mail alerts ('Una volta al giorno', issue 23 item 3; docs/decisions/092) end to end on each
 * database, with a real SMTP server on loopback and the portal's injected clock: listings that match a
 * daily search wait for 08:00 Europe/Rome — on the night the clocks go forward (29 March 2026, 06:00 UTC)
 * and back (25 October 2026, 07:00 UTC) — and then arrive as ONE digest per saved search; a digest of
 * more listings than it shows says how many more and links to the results newest first; a search
 * switched to 'never' gets nothing of what waited.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../core/format.ts";
import { dueDigestSearches } from "../db/alert-digests.ts";
import { publishListing, publishListings, repriceListing, type NewListing } from "../db/listing-writes.ts";
import { updateSavedSearch } from "../db/saved-searches.ts";
import type { Database } from "../db/schema.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { alertWorkPending, homeToPublish, saveAlertSearch } from "../test/alerts.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";

const PUBLIC = "https://casa.example";
const NEVER = { hasEmail: true, emailFrequency: "never", hasPush: false, pushFrequency: "never" } as const;

describe.each(databaseTargets)("daily alert digests on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
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
    portal = await startTestPortal(provisioned, {
      env: {
        ...BULK_CLIENT.env,
        PUBLIC_URL: PUBLIC,
        MAIL_QUEUE_POLL_MS: "100",
        ALERTS_POLL_MS: "100",
        ALERTS_DIGEST_POLL_MS: "100",
        SMTP_URL: catcher.url,
      },
      clock: () => clock,
    });
    db = portal.database.db as unknown as Kysely<Database>;
    ({ home, townId } = await homeToPublish(db, { price: 300_000, title: "Casa con <b>orto</b>" }));
  });
  afterAll(async () => {
    await portal?.stop();
    await catcher?.close();
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

  async function userId(email: string): Promise<number | undefined> {
    const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    return row?.id;
  }
});

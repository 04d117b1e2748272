/**
 * Feed import over HTTP (issue 24 "Done when", docs/decisions/097), on each database: an agency imports
 * the sample feed (data/sample-feed.xml, 1,000 listings, 10 bad): 990 in search and the report
 * names the 10; the same feed again changes nothing; 5 changed prices touch only those 5, and a saved search
 * that lists one of them mails its price drop; a full feed without 20 withdraws those 20. Broken XML, a body
 * past the cap, a gzip bomb and JSON Lines.
 */
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema.ts";
import { SAMPLE_FEED_BAD, sampleFeed, sampleUniqueId } from "../scripts/sample-feed.ts";
import { formatEuro } from "../core/format.ts";
import { alertWorkPending, saveAlertSearch } from "../test/alerts.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startMailCatcher } from "../test/mail-catcher.ts";
import { createPublisherKey, feedListingInput, listingsInSearch } from "../test/publishers.ts";
import { startTestPortal } from "../test/portal.ts";
import { loggedInClient } from "../test/users.ts";

const API = "/api/publisher/v1";

describe.each(databaseTargets)("feed import on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let db: Kysely<Database>;
  let agencyA: number;
  let keyA: string;
  let keyB: string;

  async function upload(key: string, body: string | Buffer, type = "application/xml", headers: Record<string, string> = {}) {
    const res = await fetch(`${portal.url}${API}/feeds`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": type, ...headers },
      body: typeof body === "string" ? body : new Blob([new Uint8Array(body)]),
    });
    return { status: res.status, json: (await res.json()) as any };
  }

  const inSearch = (publisherId: number) => listingsInSearch(portal.url, publisherId);

  const eventsAfter = async (id: number) =>
    (
      await sql<{
        listingId: number;
        kind: string;
      }>`SELECT listing_id AS "listingId", kind FROM listing_events WHERE id > ${id} ORDER BY id`.execute(db)
    ).rows;
  const lastEvent = async () =>
    Number((await sql<{ id: number }>`SELECT coalesce(max(id), 0) AS id FROM listing_events`.execute(db)).rows[0]!.id);

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    catcher = await startMailCatcher();
    portal = await startTestPortal(provisioned, {
      env: {
        FEED_MAX_BYTES: String(2 * 1024 * 1024),
        RATE_LIMIT_MULTIPLIER: "100",
        SMTP_URL: catcher.url,
        ALERTS_POLL_MS: "100",
        MAIL_QUEUE_POLL_MS: "100",
      },
    });
    db = portal.database.db as unknown as Kysely<Database>;
    const agencies = (await sql<{ id: number }>`SELECT id::int AS id FROM publishers WHERE kind = 'agency' ORDER BY id LIMIT 2`.execute(db))
      .rows;
    agencyA = agencies[0]!.id;
    keyA = (
      await createPublisherKey(
        await loggedInClient(portal.url, { email: `agenzia${agencyA}@casa.example`, password: "CasaAgenzia2026" }),
        "Feed",
      )
    ).key;
    keyB = (
      await createPublisherKey(
        await loggedInClient(portal.url, { email: `agenzia${agencies[1]!.id}@casa.example`, password: "CasaAgenzia2026" }),
        "Feed B",
      )
    ).key;
    expect([keyA, keyB].every((k) => k.startsWith("casa_pk_"))).toBe(true);
  });
  afterAll(async () => {
    await portal?.stop();
    await catcher?.close();
    await provisioned?.dispose();
  });

  it("imports the sample feed: 990 in search, the 10 bad ones named; twice changes nothing; 5 changes touch 5; 20 left out are withdrawn", async () => {
    const before = await inSearch(agencyA);
    const feed = readFileSync(new URL("../data/sample-feed.xml", import.meta.url));
    expect(feed.toString("utf8")).toBe(sampleFeed()); // the published file is the generator's output

    const first = await upload(keyA, feed);
    expect(first.status, JSON.stringify(first.json).slice(0, 500)).toBe(200);
    expect(first.json.report).toMatchObject({
      status: "done",
      mode: "full",
      counts: { received: 1000, created: 990, updated: 0, unchanged: 0, withdrawn: 0, rejected: 10 },
      error: null,
    });
    const rejected = first.json.report.rejected as Array<{ uniqueId: string; problems: Array<{ field: string; it: string; en: string }> }>;
    expect(rejected.map((r) => [r.uniqueId, r.problems[0]!.field])).toEqual(SAMPLE_FEED_BAD.map((b) => [sampleUniqueId(b.index), b.field]));
    for (const r of rejected) expect(r.problems[0]!.it.length * r.problems[0]!.en.length).toBeGreaterThan(0);
    await expect.poll(() => inSearch(agencyA), { timeout: 30_000, interval: 50 }).toBe(before + 990);

    // The same feed again: nothing is written (no listing event), every listing is confirmed.
    const mark = await lastEvent();
    const again = await upload(keyA, feed);
    expect(again.json.report.counts).toEqual({ received: 1000, created: 0, updated: 0, unchanged: 990, withdrawn: 0, rejected: 10 });
    expect(await eventsAfter(mark)).toEqual([]);

    // Five prices 5 % lower: only those five listings change (five price drops, nothing else), and a search saved
    // once the first import's alerts are done, that lists the first of them, mails its drop.
    const repriced = new Set([1, 2, 3, 4, 5]);
    const watched = await db
      .selectFrom("publishedListings")
      .innerJoin("listings", "listings.id", "publishedListings.listingId")
      .select(["listings.id", "listings.townId", "listings.price", "listings.channel"])
      .where("publishedListings.publisherId", "=", agencyA)
      .where("publishedListings.externalId", "=", sampleUniqueId(1))
      .executeTakeFirstOrThrow();
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    const reader = `ribasso-${target}@casa.example`;
    await saveAlertSearch(db, reader, watched.townId, Number(watched.price), "immediately", { channel: watched.channel });
    const mark2 = await lastEvent();
    const second = await upload(keyA, sampleFeed({ repriced }));
    expect(second.json.report.counts).toEqual({ received: 1000, created: 0, updated: 5, unchanged: 985, withdrawn: 0, rejected: 10 });
    const changed = await eventsAfter(mark2);
    const ids = await db
      .selectFrom("publishedListings")
      .select("listingId")
      .where("publisherId", "=", agencyA)
      .where("externalId", "in", [...repriced].map(sampleUniqueId))
      .execute();
    expect(changed.map((e) => e.kind)).toEqual(Array(5).fill("price_drop"));
    expect(changed.map((e) => Number(e.listingId)).sort()).toEqual(ids.map((r) => Number(r.listingId)).sort());
    const url = `/annunci/${watched.id}/`;
    const dropMail = () => catcher.mails.find((m) => m.to === reader && m.text.includes(url));
    await expect.poll(() => alertWorkPending(db), { timeout: 60_000, interval: 100 }).toBe(0);
    await expect.poll(() => dropMail() !== undefined, { timeout: 60_000, interval: 100 }).toBe(true);
    const drop = dropMail()!;
    const newPrice = (await db.selectFrom("listings").select("price").where("id", "=", watched.id).executeTakeFirstOrThrow()).price;
    expect(drop.text).toContain(`è sceso da ${formatEuro(Number(watched.price))} a ${formatEuro(Number(newPrice))}`);

    // A full feed without 20 of them withdraws those 20: gone from search.
    const omitted = new Set(Array.from({ length: 20 }, (_, i) => 10 + i * 7));
    const third = await upload(keyA, sampleFeed({ repriced, omitted }));
    expect(third.json.report.counts).toEqual({ received: 980, created: 0, updated: 0, unchanged: 970, withdrawn: 20, rejected: 10 });
    await expect.poll(() => inSearch(agencyA), { timeout: 30_000, interval: 50 }).toBe(before + 970);
    const gone = await db
      .selectFrom("publishedListings")
      .select("status")
      .where("publisherId", "=", agencyA)
      .where("externalId", "in", [...omitted].map(sampleUniqueId))
      .execute();
    expect(gone.map((g) => g.status)).toEqual(Array(20).fill("withdrawn"));

    // The imports are listed with their counts; another agency's key sees none of them.
    const imports = await fetch(`${portal.url}${API}/feeds`, { headers: { authorization: `Bearer ${keyA}` } }).then((r) => r.json());
    expect(imports.imports).toHaveLength(4);
    const report = await fetch(`${portal.url}${API}/feeds/${first.json.report.importId}`, { headers: { authorization: `Bearer ${keyB}` } });
    expect(report.status).toBe(404);
  }, 600_000);

  it("stops at broken XML with a clear report: the listings before it imported, nothing withdrawn", async () => {
    const xml = sampleFeed({ count: 30, seed: "broken" });
    const cut = xml.indexOf('<property operation="write"><unique-id>CASA-000021</unique-id>');
    const broken = `${xml.slice(0, cut)}<property operation="write"><unique-id>CASA-000021</unique-id><price>1</prize>\n</properties></feed>`;
    const res = await upload(keyB, broken);
    expect(res.status).toBe(200);
    expect(res.json.report.status).toBe("failed");
    expect(res.json.report.counts).toMatchObject({ created: 20, withdrawn: 0 });
    expect(res.json.report.error.it).toMatch(/^XML non valido alla riga \d+, colonna \d+/);
    expect(res.json.report.error.en).toMatch(/^invalid XML at line \d+/);
  });

  it("refuses a body past the cap, stops a gzip bomb at the cap, and reads JSON Lines", async () => {
    const huge = "x".repeat(3 * 1024 * 1024);
    const tooLarge = await upload(keyB, huge);
    expect([tooLarge.status, tooLarge.json.error.message]).toEqual([413, "feed troppo grande"]);
    // 50 MB of spaces inside an element, 50 KB gzipped: decompression stops at 2 MB.
    const bomb = gzipSync(
      Buffer.concat([Buffer.from('<feed mode="incremental"><properties><property><unique-id>'), Buffer.alloc(50 * 1024 * 1024, 0x20)]),
    );
    expect(bomb.byteLength).toBeLessThan(200_000);
    const stopped = await upload(keyB, bomb, "application/xml", { "content-encoding": "gzip" });
    expect(stopped.json.report).toMatchObject({ status: "failed", error: { it: expect.stringContaining("feed troppo grande") } });
    expect((await upload(keyB, "{}", "text/plain")).status).toBe(415);
    expect((await upload("casa_pk_nessuna000000_" + "x".repeat(43), "<feed/>")).status).toBe(401);

    const listing = await feedListingInput(
      db,
      "Trilocale dal feed JSON Lines",
      "Trilocale al primo piano, importato da un feed in formato JSON Lines per la prova.",
    );
    const lines = [
      JSON.stringify({ feed: "casa-jsonl", version: 1, mode: "incremental" }),
      JSON.stringify({ uniqueId: "J-1", operation: "write", listing }),
      JSON.stringify({ uniqueId: "J-2", operation: "write", listing: { ...listing, energyClass: undefined } }),
      // The same listing twice in one feed (so in one write batch) ends as it would one by one: created then
      // changed, created then withdrawn.
      JSON.stringify({ uniqueId: "J-3", operation: "write", listing: { ...listing, title: "Trilocale J-3 dal feed JSON Lines" } }),
      JSON.stringify({
        uniqueId: "J-3",
        operation: "write",
        listing: { ...listing, title: "Trilocale J-3 dal feed JSON Lines", price: 240_000 },
      }),
      JSON.stringify({ uniqueId: "J-4", operation: "write", listing: { ...listing, title: "Trilocale J-4 dal feed JSON Lines" } }),
      JSON.stringify({ uniqueId: "J-4", operation: "delete" }),
      "{not json",
    ].join("\n");
    const jsonl = await upload(keyB, lines, "application/x-ndjson");
    expect(jsonl.json.report.counts).toMatchObject({ received: 7, created: 3, updated: 1, withdrawn: 1, rejected: 2 });
    const twice = await db
      .selectFrom("publishedListings")
      .select(["externalId", "status", "price"])
      .where("externalId", "in", ["J-3", "J-4"])
      .orderBy("externalId")
      .execute();
    expect(twice.map((r) => [r.externalId, r.status, Number(r.price)])).toEqual([
      ["J-3", "online", 240_000],
      ["J-4", "withdrawn", 250_000],
    ]);
    expect(
      jsonl.json.report.rejected.map((r: { uniqueId: string; problems: Array<{ field: string }> }) => [r.uniqueId, r.problems[0]!.field]),
    ).toEqual([
      ["J-2", "energyClass"],
      ["", "line"],
    ]);
  });
});

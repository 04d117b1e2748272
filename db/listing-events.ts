/**
 * Listing events (docs/decisions/085): what happened to a listing that a person may want to hear about —
 * `new`, `price_drop` (old and new price), `back` (relisted within 14 weeks) — written by triggers on
 * `listings` in the writing transaction (migration 2026-11-26-30-listing-events). Matchers in every
 * process claim them with FOR UPDATE SKIP LOCKED and a lease, as the mail queue claims mail; a
 * delivery's unique key (saved search, listing, channel, occasion) makes a re-processed event harmless.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { recordDelivery } from "./alert-deliveries.ts";
import { enqueueMails, type QueuedMailInput } from "./mail-queue.ts";
import { recordPushDeliveries, type PushDelivery } from "./push.ts";
import type { Database, Row } from "./schema.ts";

type Db = Kysely<Database> | Transaction<Database>;

export type ListingEvent = Pick<Row<"listingEvents">, "id" | "listingId" | "kind" | "oldPrice" | "newPrice" | "previousListingId">;

/** Takes up to `limit` unprocessed events, oldest first, each held for `leaseMs` (then due again if not marked processed). */
export async function claimListingEvents(db: Kysely<Database>, limit: number, leaseMs: number): Promise<ListingEvent[]> {
  const result = await sql<{
    id: string | number;
    listingId: string | number;
    kind: ListingEvent["kind"];
    oldPrice: string | number | null;
    newPrice: string | number;
    previousListingId: string | number | null;
  }>`
    UPDATE listing_events SET claimed_until = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id IN (
      SELECT id FROM listing_events
      WHERE processed_at IS NULL AND (claimed_until IS NULL OR claimed_until <= now())
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, listing_id AS "listingId", kind, old_price AS "oldPrice", new_price AS "newPrice", previous_listing_id AS "previousListingId"`.execute(
    db,
  );
  const num = (v: string | number | null) => (v === null ? null : Number(v));
  return result.rows
    .map((r) => ({
      id: Number(r.id),
      listingId: Number(r.listingId),
      kind: r.kind,
      oldPrice: num(r.oldPrice),
      newPrice: Number(r.newPrice),
      previousListingId: num(r.previousListingId),
    }))
    .sort((a, b) => a.id - b.id);
}

export async function markEventProcessed(db: Db, id: number): Promise<void> {
  await db.updateTable("listingEvents").set({ processedAt: sql<Date>`now()` }).where("id", "=", id).execute();
}

/** The events about some listings, oldest first (tests, a price history). */
export async function eventsOfListings(db: Db, listingIds: readonly number[]): Promise<ListingEvent[]> {
  if (listingIds.length === 0) return [];
  const rows = await db
    .selectFrom("listingEvents")
    .select(["id", "listingId", "kind", "oldPrice", "newPrice", "previousListingId"])
    .where("listingId", "in", [...listingIds])
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    listingId: Number(r.listingId),
    oldPrice: r.oldPrice === null ? null : Number(r.oldPrice),
    newPrice: Number(r.newPrice),
    previousListingId: r.previousListingId === null ? null : Number(r.previousListingId),
  }));
}

/** How many events wait to be matched (tests, readiness of a demo). */
export async function pendingEventCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom("listingEvents")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("processedAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const EVENT_TRIGGERS = ["listings_record_event_inserts", "listings_record_event_updates", "listings_record_event_deletes"];

/** For the bulk loader, inside its transaction: demo listings are no one's news (no 30,000 `new` events). */
export async function suspendListingEvents(trx: Db): Promise<void> {
  for (const t of EVENT_TRIGGERS) await sql.raw(`ALTER TABLE listings DISABLE TRIGGER ${t}`).execute(trx);
}

/**
 * Ends `suspendListingEvents` after a reload replaced every listing: pending events and withdrawn
 * homes speak of listings and publishers that are gone.
 */
export async function resumeListingEventsAfterReload(trx: Db): Promise<void> {
  for (const t of EVENT_TRIGGERS) await sql.raw(`ALTER TABLE listings ENABLE TRIGGER ${t}`).execute(trx);
  await sql`UPDATE listing_events SET processed_at = now() WHERE processed_at IS NULL`.execute(trx);
  await sql`DELETE FROM withdrawn_homes`.execute(trx);
}

/** What an alert needs of a saved search and its owner. */
export interface AlertSearchRecord {
  id: number;
  userId: number;
  email: string;
  serialized: string;
  title: string | null;
  /** The language its alerts speak (the page it was saved from). */
  locale: "it" | "en";
}

export async function alertSearchRecords(db: Db, ids: readonly number[]): Promise<AlertSearchRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("savedSearches as s")
    .innerJoin("users as u", "u.id", "s.userId")
    .select(["s.id", "s.userId", "u.email", "s.serialized", "s.title", "s.locale"])
    .where("s.id", "in", [...ids])
    .orderBy("s.id")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), userId: Number(r.userId) }));
}

/** The users who hid the listing (MyCasa): their searches' results leave it out, so must their alerts. */
export async function ownersWhoHid(db: Db, listingId: number): Promise<Set<number>> {
  const rows = await db.selectFrom("userHiddenListings").select("userId").where("listingId", "=", listingId).execute();
  return new Set(rows.map((r) => Number(r.userId)));
}

/** The listing columns an alert mail shows, besides the match columns. */
export async function readAlertCard(db: Db, listingId: number) {
  const row = await db
    .selectFrom("listings")
    .select([
      "id",
      "title",
      "price",
      "shownPrice",
      "priceMax",
      "originalPrice",
      "isPrivateNegotiation",
      "lat",
      "lon",
      "geoVisibility",
      "streetNumber",
      "photoCount",
      "townId",
      "zoneId",
      "surface",
      "rooms",
    ])
    .where("id", "=", listingId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    id: Number(row.id),
    price: Number(row.price),
    shownPrice: row.shownPrice === null ? null : Number(row.shownPrice),
    priceMax: row.priceMax === null ? null : Number(row.priceMax),
    originalPrice: row.originalPrice === null ? null : Number(row.originalPrice),
  };
}

/** One alert to hand to a channel, and the mail that carries it. */
export interface AlertDelivery {
  savedSearchId: number;
  listingId: number;
  occasion: string;
  eventId: number;
  mail: QueuedMailInput;
}

/** A daily alert, recorded at matching time and mailed in the digest due at `digestAt` (docs/decisions/092). */
export interface DigestDelivery {
  savedSearchId: number;
  listingId: number;
  occasion: string;
  eventId: number;
  digestAt: Date;
  /** 'mail' by default; 'push' for a daily push alert (decision 130). */
  channel?: "mail" | "push";
}

/**
 * In one transaction: daily alerts recorded for their digest, each immediate delivery recorded once (its unique key) with its mail queued — a delivery
 * already recorded (this event processed before, by a matcher that died before marking it) queues
 * nothing — push alerts recorded the same way with a message per device of their owner (db/push.ts), and the
 * event marked processed. Returns how many mails were queued (`onPushes` hears how many push messages were).
 */
export async function deliverMailAlerts(
  db: Kysely<Database>,
  eventId: number,
  deliveries: readonly AlertDelivery[],
  digests: readonly DigestDelivery[] = [],
  pushes: readonly PushDelivery[] = [],
  onPushes?: (queued: number) => void,
): Promise<number> {
  const { queued, pushed } = await db.transaction().execute(async (trx) => {
    // Daily alerts: recorded now (the same unique key), mailed or pushed in their search's digest at `digestAt`.
    if (digests.length > 0) {
      await trx
        .insertInto("alertDeliveries")
        .values(digests.map((d) => ({ ...d, channel: d.channel ?? ("mail" as const) })))
        .onConflict((oc) => oc.constraint("alert_deliveries_once").doNothing())
        .execute();
    }
    let queued = 0;
    for (const d of deliveries) {
      const deliveryId = await recordDelivery(trx, d, "mail");
      if (deliveryId === null) continue;
      const [mailId] = await enqueueMails(trx, [d.mail]);
      await trx.updateTable("alertDeliveries").set({ mailId }).where("id", "=", deliveryId).execute();
      queued++;
    }
    const pushed = await recordPushDeliveries(trx, pushes);
    await markEventProcessed(trx, eventId);
    return { queued, pushed };
  });
  // After the commit: the woken sender finds the messages.
  if (pushed > 0) onPushes?.(pushed);
  return queued;
}

/** The deliveries made for a listing (tests, MyCasa's "last alerts" later). */
export async function deliveriesOfListing(db: Db, listingId: number) {
  const rows = await db
    .selectFrom("alertDeliveries")
    .select(["savedSearchId", "listingId", "channel", "occasion", "eventId", "mailId"])
    .where("listingId", "=", listingId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, savedSearchId: Number(r.savedSearchId), listingId: Number(r.listingId) }));
}

/**
 * Listing events (docs/decisions/085): what happened to a listing that a person may want to hear about —
 * `new`, `price_drop` (old and new price), `back` (relisted within 14 weeks) — written by triggers on
 * `listings` in the writing transaction (migration 2026-11-26-30-listing-events). Matchers in every
 * process claim them with FOR UPDATE SKIP LOCKED and a lease, as the mail queue claims mail; a
 * delivery's unique key (saved search, listing, channel, occasion) makes a re-processed event harmless.
 */
import { sql, type Kysely, type Transaction } from "kysely";
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

/** Events processed, in one statement (a matcher's batch). */
export async function markEventsProcessed(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("listingEvents")
    .set({ processedAt: sql<Date>`now()` })
    .where("id", "in", [...ids])
    .execute();
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
  return (await ownersWhoHidListings(db, [listingId])).get(listingId) ?? new Set();
}

/** `ownersWhoHid` for several listings in one read (a matcher's batch of events): listing id → users; none → absent. */
export async function ownersWhoHidListings(db: Db, listingIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const ids = [...new Set(listingIds)];
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom("userHiddenListings").select(["listingId", "userId"]).where("listingId", "in", ids).execute();
  const out = new Map<number, Set<number>>();
  for (const r of rows) {
    const id = Number(r.listingId);
    let users = out.get(id);
    if (!users) out.set(id, (users = new Set()));
    users.add(Number(r.userId));
  }
  return out;
}

const ALERT_CARD_COLUMNS = [
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
] as const;

/** What an alert mail or push shows of a listing: the listing columns besides the match columns (`readAlertCards`). */
export type AlertCard = NonNullable<ReturnType<Awaited<ReturnType<typeof readAlertCards>>["get"]>>;

/** The alert cards of several listings in one read (an alert mail lists several), by id; withdrawn ones are missing. */
export async function readAlertCards(db: Db, listingIds: readonly number[]) {
  const ids = [...new Set(listingIds)];
  const rows = ids.length === 0 ? [] : await db.selectFrom("listings").select(ALERT_CARD_COLUMNS).where("id", "in", ids).execute();
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        ...row,
        id: Number(row.id),
        price: Number(row.price),
        shownPrice: row.shownPrice === null ? null : Number(row.shownPrice),
        priceMax: row.priceMax === null ? null : Number(row.priceMax),
        originalPrice: row.originalPrice === null ? null : Number(row.originalPrice),
      },
    ]),
  );
}

/**
 * An alert recorded at matching time without a mail: a 'Subito' e-mail alert (`immediate`), mailed at the next
 * delivery run with the search's other pending ones (docs/decisions/142), or a daily one, mailed or pushed in the
 * search's digest at `digestAt` (decisions 092, 130).
 */
export interface PendingDelivery {
  savedSearchId: number;
  listingId: number;
  occasion: string;
  eventId: number;
  /** The digest's time for a daily alert; the matching time for an immediate one (due at once). */
  digestAt: Date;
  /** 'mail' by default; 'push' for a daily push alert (decision 130). */
  channel?: "mail" | "push";
  /** A 'Subito' e-mail alert (decision 142). */
  immediate?: boolean;
}

/** One matched event's alerts, as `recordEventsAlerts` records them. */
export interface EventAlerts {
  eventId: number;
  pending: readonly PendingDelivery[];
  pushes?: readonly PushDelivery[];
}

/**
 * In one transaction: every alert of the event recorded once (its unique key: an alert recorded before — this event
 * processed before, by a matcher that died before marking it — is left as it is), 'Subito' push alerts with a message
 * per device of their owner (db/push.ts), and the event marked processed. No mail is queued here: each search's
 * pending e-mail alerts go out together (server/immediate-alerts.ts, server/alert-digests.ts). Returns how many
 * immediate e-mail alerts were recorded now (`onPushes` hears how many push messages were queued).
 */
export async function recordAlerts(
  db: Kysely<Database>,
  eventId: number,
  pending: readonly PendingDelivery[],
  pushes: readonly PushDelivery[] = [],
  onPushes?: (queued: number) => void,
): Promise<number> {
  return recordEventsAlerts(db, [{ eventId, pending, pushes }], onPushes);
}

/** Rows per INSERT: 7 parameters a row, well under PostgreSQL's 65,535 bind parameters. */
const DELIVERY_ROWS_PER_STATEMENT = 2_000;

/**
 * `recordAlerts` for a batch of matched events (docs/decisions/147), in ONE transaction: their alerts in multi-row
 * inserts with the same unique key and ON CONFLICT DO NOTHING, their pushes, and every event of the batch marked
 * processed in one statement. All or nothing: a failure commits no alert and marks no event (the caller then records
 * the events one by one, so one event that cannot be recorded holds back only itself). The rows go in key order, so
 * that two matchers inserting the same keys (an event processed again after its lease) wait for each other instead
 * of deadlocking. Returns how many immediate e-mail alerts were recorded now.
 */
export async function recordEventsAlerts(
  db: Kysely<Database>,
  events: readonly EventAlerts[],
  onPushes?: (queued: number) => void,
): Promise<number> {
  if (events.length === 0) return 0;
  const rows = events
    .flatMap((e) => e.pending)
    .map((d) => ({ ...d, channel: d.channel ?? ("mail" as const), immediate: d.immediate ?? false }))
    .sort(
      (a, b) =>
        a.savedSearchId - b.savedSearchId ||
        a.listingId - b.listingId ||
        (a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0) ||
        (a.occasion < b.occasion ? -1 : a.occasion > b.occasion ? 1 : 0),
    );
  const pushes = events.flatMap((e) => e.pushes ?? []);
  const { immediate, pushed } = await db.transaction().execute(async (trx) => {
    let immediate = 0;
    for (let i = 0; i < rows.length; i += DELIVERY_ROWS_PER_STATEMENT) {
      const inserted = await trx
        .insertInto("alertDeliveries")
        .values(rows.slice(i, i + DELIVERY_ROWS_PER_STATEMENT))
        .onConflict((oc) => oc.constraint("alert_deliveries_once").doNothing())
        .returning("immediate")
        .execute();
      immediate += inserted.filter((r) => r.immediate).length;
    }
    const pushed = await recordPushDeliveries(trx, pushes);
    await markEventsProcessed(
      trx,
      events.map((e) => e.eventId),
    );
    return { immediate, pushed };
  });
  // After the commit: the woken sender finds the messages.
  if (pushed > 0) onPushes?.(pushed);
  return immediate;
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

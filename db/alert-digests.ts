/**
 * Daily digests (docs/decisions/092): the deliveries of e-mail alerts 'Una volta al giorno' wait without a
 * mail until their `digest_at` (08:00 Europe/Rome); then each saved search's due deliveries become ONE
 * mail, queued in the durable mail queue in the same transaction that links them to it — rows locked FOR
 * UPDATE SKIP LOCKED, so two processes never mail the same digest, and a process killed mid-way leaves
 * the rows to the next one (nothing was committed). Daily push alerts (decision 130) the same way: one push per
 * device, its messages on the digest's first row, every row of the digest pointing at that row. 'Subito' e-mail alerts
 * (decision 142) the same way, due at once: each delivery run mails a search's pending ones in one mail.
 */
import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import { enqueueMails, type QueuedMailInput } from "./mail-queue.ts";
import type { Database } from "./schema.ts";

export interface DueDigestRow {
  id: number;
  listingId: number;
  occasion: string;
  eventId: number;
}

/** Saved searches with a digest (e-mail, or a daily push: decision 130) due at `now` (the caller's clock), lowest id first. */
export async function dueDigestSearches(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  channel: "mail" | "push" = "mail",
): Promise<number[]> {
  const rows = await db
    .selectFrom("alertDeliveries")
    .select("savedSearchId")
    .distinct()
    .where("channel", "=", channel)
    .where("immediate", "=", false)
    .where("mailId", "is", null)
    .where("digestAt", "is not", null)
    .where("digestAt", "<=", now)
    .orderBy("savedSearchId")
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.savedSearchId));
}

/**
 * Saved searches with 'Subito' e-mail alerts waiting for their mail (decision 142), the longest waiting first (a
 * burst's busiest searches cannot hold back the others).
 */
export async function pendingImmediateSearches(db: Kysely<Database>, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("alertDeliveries")
    .select("savedSearchId")
    .where("immediate", "=", true)
    .where("mailId", "is", null)
    .where("digestAt", "is not", null)
    .groupBy("savedSearchId")
    .orderBy(sql`min(id)`)
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.savedSearchId));
}

/**
 * Sends one search's due digest: `compose` gets the due rows (oldest first) and the transaction, and
 * returns the mail, or null when there is nothing to say any more (the search is gone or its listings
 * are): the rows are then closed without a mail. Returns how many deliveries the queued mail carries.
 */
export function sendDueDigest(
  db: Kysely<Database>,
  savedSearchId: number,
  now: Date,
  compose: (rows: DueDigestRow[], trx: Transaction<Database>) => Promise<QueuedMailInput | null>,
): Promise<number> {
  return sendPendingMail(db, savedSearchId, sql`NOT immediate AND digest_at <= ${now}`, compose);
}

/**
 * Sends one search's pending 'Subito' e-mail alerts in one mail (decision 142), as `sendDueDigest` sends a digest:
 * the rows this run finds locked, the mail queued and the rows linked to it in one transaction; rows recorded while
 * it runs wait for the next run.
 */
export function sendImmediateAlerts(
  db: Kysely<Database>,
  savedSearchId: number,
  compose: (rows: DueDigestRow[], trx: Transaction<Database>) => Promise<QueuedMailInput | null>,
): Promise<number> {
  return sendPendingMail(db, savedSearchId, sql`immediate`, compose);
}

/**
 * One mail for a search's pending e-mail rows that `which` selects, in one transaction: the rows locked FOR UPDATE
 * SKIP LOCKED (two processes never mail the same row; one killed mid-way commits nothing and leaves them to the next),
 * the mail queued, every row linked to it.
 */
function sendPendingMail(
  db: Kysely<Database>,
  savedSearchId: number,
  which: RawBuilder<unknown>,
  compose: (rows: DueDigestRow[], trx: Transaction<Database>) => Promise<QueuedMailInput | null>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ id: string | number; listingId: string | number; occasion: string; eventId: string | number }>`
      SELECT id, listing_id AS "listingId", occasion, event_id AS "eventId" FROM alert_deliveries
      WHERE saved_search_id = ${savedSearchId} AND channel = 'mail' AND mail_id IS NULL AND digest_at IS NOT NULL AND ${which}
      ORDER BY id
      FOR UPDATE SKIP LOCKED`.execute(trx);
    const rows = locked.rows.map((r) => ({
      id: Number(r.id),
      listingId: Number(r.listingId),
      occasion: r.occasion,
      eventId: Number(r.eventId),
    }));
    if (rows.length === 0) return 0;
    const mail = await compose(rows, trx);
    const ids = rows.map((r) => r.id);
    if (!mail) {
      await trx.updateTable("alertDeliveries").set({ digestAt: null }).where("id", "in", ids).execute();
      return 0;
    }
    const [mailId] = await enqueueMails(trx, [mail]);
    await trx.updateTable("alertDeliveries").set({ mailId }).where("id", "in", ids).execute();
    return rows.length;
  });
}

/**
 * Sends one search's due daily push (decision 130), as `sendDueDigest` sends its mail: the due push rows locked
 * (FOR UPDATE SKIP LOCKED), `compose` gets them and returns the notification (JSON) or null when there is nothing
 * to say; one `push_messages` row per device of `userId` hangs on the first row (the head), and every row points
 * at the head with its `digest_at` cleared, all in one transaction. An owner with no device, or nothing to say:
 * the rows are closed without a push. Returns how many messages were queued (one per device).
 */
export async function sendDuePushDigest(
  db: Kysely<Database>,
  savedSearchId: number,
  now: Date,
  compose: (rows: DueDigestRow[], trx: Transaction<Database>) => Promise<{ userId: number; payload: string } | null>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ id: string | number; listingId: string | number; occasion: string; eventId: string | number }>`
      SELECT id, listing_id AS "listingId", occasion, event_id AS "eventId" FROM alert_deliveries
      WHERE saved_search_id = ${savedSearchId} AND channel = 'push' AND mail_id IS NULL AND digest_at IS NOT NULL AND digest_at <= ${now}
      ORDER BY id
      FOR UPDATE SKIP LOCKED`.execute(trx);
    const rows = locked.rows.map((r) => ({
      id: Number(r.id),
      listingId: Number(r.listingId),
      occasion: r.occasion,
      eventId: Number(r.eventId),
    }));
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.id);
    const push = await compose(rows, trx);
    const devices = push
      ? await trx.selectFrom("pushSubscriptions").select("id").where("userId", "=", push.userId).orderBy("id").execute()
      : [];
    if (!push || devices.length === 0) {
      await trx.updateTable("alertDeliveries").set({ digestAt: null }).where("id", "in", ids).execute();
      return 0;
    }
    const head = rows[0]!.id;
    await trx
      .insertInto("pushMessages")
      .values(devices.map((s) => ({ deliveryId: head, subscriptionId: s.id, payload: push.payload })))
      .onConflict((oc) => oc.constraint("push_messages_once").doNothing())
      .execute();
    await trx.updateTable("alertDeliveries").set({ digestAt: null, digestDeliveryId: head }).where("id", "in", ids).execute();
    return devices.length;
  });
}

/** The events digest rows point at: what each alert is about (a new listing, or a drop from and to). */
export async function digestEvents(
  db: Kysely<Database> | Transaction<Database>,
  ids: readonly number[],
): Promise<Map<number, { kind: "new" | "price_drop" | "back"; oldPrice: number | null; newPrice: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("listingEvents")
    .select(["id", "kind", "oldPrice", "newPrice"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { kind: r.kind, oldPrice: r.oldPrice === null ? null : Number(r.oldPrice), newPrice: Number(r.newPrice) },
    ]),
  );
}

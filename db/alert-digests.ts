/**
 * Daily digests (docs/decisions/092): the deliveries of e-mail alerts 'Una volta al giorno' wait without a
 * mail until their `digest_at` (08:00 Europe/Rome); then each saved search's due deliveries become ONE
 * mail, queued in the durable mail queue in the same transaction that links them to it — rows locked FOR
 * UPDATE SKIP LOCKED, so two processes never mail the same digest, and a process killed mid-way leaves
 * the rows to the next one (nothing was committed).
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { enqueueMails, type QueuedMailInput } from "./mail-queue.ts";
import type { Database } from "./schema.ts";

export interface DueDigestRow {
  id: number;
  listingId: number;
  occasion: string;
  eventId: number;
}

/** Saved searches with a digest due at `now` (the caller's clock), lowest id first. */
export async function dueDigestSearches(db: Kysely<Database>, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("alertDeliveries")
    .select("savedSearchId")
    .distinct()
    .where("mailId", "is", null)
    .where("digestAt", "is not", null)
    .where("digestAt", "<=", now)
    .orderBy("savedSearchId")
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.savedSearchId));
}

/**
 * Sends one search's due digest: `compose` gets the due rows (oldest first) and the transaction, and
 * returns the mail, or null when there is nothing to say any more (the search is gone or its listings
 * are): the rows are then closed without a mail. Returns how many deliveries the queued mail carries.
 */
export async function sendDueDigest(
  db: Kysely<Database>,
  savedSearchId: number,
  now: Date,
  compose: (rows: DueDigestRow[], trx: Transaction<Database>) => Promise<QueuedMailInput | null>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ id: string | number; listingId: string | number; occasion: string; eventId: string | number }>`
      SELECT id, listing_id AS "listingId", occasion, event_id AS "eventId" FROM alert_deliveries
      WHERE saved_search_id = ${savedSearchId} AND mail_id IS NULL AND digest_at IS NOT NULL AND digest_at <= ${now}
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

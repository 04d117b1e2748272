/** Contact requests (leads) and phone-call records: what the portal brokers between seekers and publishers. */
import type { Kysely } from "kysely";
import { enqueueMails, type QueuedMailInput } from "./mail-queue.ts";
import type { Database, Row } from "./schema.ts";

export type StoredLead = Row<"leads">;
export type LeadKind = StoredLead["kind"];
/** A lead to store: every column but those the database sets. */
export type NewLead = Omit<StoredLead, "id" | "createdAt">;

/** Stores leads (one per recipient) in one statement; returns their ids in order. */
export async function insertLeads(db: Kysely<Database>, leads: readonly NewLead[]): Promise<number[]> {
  if (leads.length === 0) return [];
  const rows = await db
    .insertInto("leads")
    .values(leads.map((l) => ({ ...l })))
    .returning("id")
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Stores leads and, in the same transaction, queues the mail each one sends its publisher (`mails[i]`
 * belongs to `leads[i]`; null: no address to write to). A lead is never stored without its mail, nor
 * the reverse.
 */
export async function insertLeadsWithMail(
  db: Kysely<Database>,
  leads: readonly NewLead[],
  mails: ReadonlyArray<Omit<QueuedMailInput, "leadId"> | null>,
): Promise<{ leadIds: number[]; mailIds: number[] }> {
  if (leads.length === 0) return { leadIds: [], mailIds: [] };
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto("leads")
      .values(leads.map((l) => ({ ...l })))
      .returning("id")
      .execute();
    const leadIds = rows.map((r) => Number(r.id));
    const queued = mails.flatMap((m, i) => (m ? [{ ...m, leadId: leadIds[i]! }] : []));
    return { leadIds, mailIds: await enqueueMails(trx, queued) };
  });
}

/** A publisher's leads, newest first, with the title of the listing each concerns (null once it is gone). */
export async function leadsForPublisher(
  db: Kysely<Database>,
  publisherId: number,
  limit = 50,
): Promise<Array<StoredLead & { listingTitle: string | null }>> {
  const rows = await db
    .selectFrom("leads")
    .leftJoin("listings", "listings.id", "leads.listingId")
    .selectAll("leads")
    .select("listings.title as listingTitle")
    .where("leads.publisherId", "=", publisherId)
    .orderBy("leads.createdAt", "desc")
    .orderBy("leads.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: asDate(r.createdAt) }));
}

const asDate = (d: Date | string) => (d instanceof Date ? d : new Date(String(d)));

export type NewPhoneCall = Omit<Row<"phoneCalls">, "id" | "createdAt">;

export async function insertPhoneCall(db: Kysely<Database>, call: NewPhoneCall): Promise<number> {
  const row = await db
    .insertInto("phoneCalls")
    .values({ ...call })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A publisher's phone-call records, newest first, with the listing's title. */
export async function phoneCallsForPublisher(db: Kysely<Database>, publisherId: number, limit = 50) {
  const rows = await db
    .selectFrom("phoneCalls")
    .leftJoin("listings", "listings.id", "phoneCalls.listingId")
    .selectAll("phoneCalls")
    .select("listings.title as listingTitle")
    .where("phoneCalls.publisherId", "=", publisherId)
    .orderBy("phoneCalls.createdAt", "desc")
    .orderBy("phoneCalls.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: asDate(r.createdAt) }));
}

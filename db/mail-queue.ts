/**
 * The mail queue (docs/decisions/059): mails are stored with what they concern (a lead) and sent
 * later by a worker in each process. A worker claims due mails with FOR UPDATE SKIP LOCKED (two
 * processes never take the same row) and a lease: a claimed mail whose sender died is due again
 * when the lease ends. A mail that fails waits longer after each attempt, up to MAX_MAIL_ATTEMPTS.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, Row } from "./schema.ts";

type QueueRow = Row<"mailQueue">;
/** A mail to queue: what it says, to whom, and the lead it belongs to. */
export type QueuedMailInput = Pick<QueueRow, "kind" | "recipient" | "replyTo" | "subject" | "textBody" | "htmlBody" | "leadId"> & {
  /** Extra headers (an alert's List-Unsubscribe) as a JSON object of one-line values. */
  headers?: string | null;
};
/** A mail claimed for sending, with its attempts so far. */
export type QueuedMail = QueuedMailInput & Pick<QueueRow, "id" | "attempts" | "headers">;

/** After this many failed attempts (about two days with the default delays) a mail stays unsent, kept for inspection. */
export const MAX_MAIL_ATTEMPTS = 30;

export async function enqueueMails(db: Kysely<Database> | Transaction<Database>, mails: readonly QueuedMailInput[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insertInto("mailQueue")
    .values(mails.map((m) => ({ ...m })))
    .returning("id")
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * Takes up to `limit` due mails for this worker: each gets one more attempt counted and is not due
 * again for `leaseMs` (the worker marks it sent or reschedules it before then).
 */
export async function claimDueMails(db: Kysely<Database>, limit: number, leaseMs: number): Promise<QueuedMail[]> {
  // Raw SQL: bigint ids may come back as strings.
  const result = await sql<Omit<QueuedMail, "id" | "leadId"> & { id: string | number; leadId: string | number | null }>`
    UPDATE mail_queue SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    WHERE id IN (
      SELECT id FROM mail_queue
      WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < ${MAX_MAIL_ATTEMPTS}
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, recipient, reply_to AS "replyTo", subject, text_body AS "textBody", html_body AS "htmlBody", lead_id AS "leadId", headers, attempts`.execute(
    db,
  );
  return result.rows
    .map((r) => ({ ...r, id: Number(r.id), leadId: r.leadId === null ? null : Number(r.leadId) }))
    .sort((a, b) => a.id - b.id);
}

export async function markMailSent(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable("mailQueue").set({ sentAt: sql<Date>`now()`, lastError: null }).where("id", "=", id).execute();
}

/** A failed attempt: due again after `retryInMs`. */
export async function rescheduleMail(db: Kysely<Database>, id: number, retryInMs: number, error: string): Promise<void> {
  await db
    .updateTable("mailQueue")
    .set({ nextAttemptAt: sql<Date>`now() + make_interval(secs => ${retryInMs / 1000})`, lastError: error.slice(0, 500) })
    .where("id", "=", id)
    .execute();
}

/** When the next unsent mail is due, or null when none waits (the worker sleeps until then or a wake-up). */
export async function nextMailDueInMs(db: Kysely<Database>): Promise<number | null> {
  const row = await sql<{ ms: number | string | null }>`
    SELECT greatest(0, extract(epoch FROM (min(next_attempt_at) - now())) * 1000) AS ms
    FROM mail_queue WHERE sent_at IS NULL AND attempts < ${MAX_MAIL_ATTEMPTS}`.execute(db);
  const ms = row.rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}

/** The queue's mails about some leads (tests, the publisher inbox). */
export async function mailsForLeads(db: Kysely<Database>, leadIds: readonly number[]) {
  if (leadIds.length === 0) return [];
  const rows = await db
    .selectFrom("mailQueue")
    .select(["id", "leadId", "recipient", "attempts", "sentAt", "lastError"])
    .where("leadId", "in", leadIds)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), leadId: r.leadId === null ? null : Number(r.leadId) }));
}

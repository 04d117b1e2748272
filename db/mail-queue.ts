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
      WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= now() AND attempts < ${MAX_MAIL_ATTEMPTS}
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

/** Never tried again: kept unsent with the reason (a refused or stopped address, decision 118). */
export async function giveUpMail(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db
    .updateTable("mailQueue")
    .set({ givenUpAt: sql<Date>`now()`, lastError: error.slice(0, 500) })
    .where("id", "=", id)
    .execute();
}

/** Mail kinds an address stops receiving once stopped: alerts. Account mails (codes, resets) are always tried. */
export const STOPPABLE_MAIL_KINDS: readonly string[] = ["alert", "alert-digest"];

/**
 * One more refusal of `address` for good by the mail server; at `limit` refusals the address is stopped for alert
 * mails. Returns the count and whether this refusal stopped it.
 */
export async function recordMailRefusal(
  db: Kysely<Database> | Transaction<Database>,
  address: string,
  error: string,
  limit: number,
): Promise<{ failures: number; stoppedNow: boolean }> {
  const row = await sql<{ failures: number; stopped: boolean }>`
    INSERT INTO mail_bounces AS b (address, failures, last_error, stopped_at)
    VALUES (lower(${address}), 1, ${error.slice(0, 500)}, CASE WHEN 1 >= ${limit} THEN now() END)
    ON CONFLICT (address) DO UPDATE SET
      failures = b.failures + 1,
      last_error = excluded.last_error,
      last_failed_at = now(),
      stopped_at = coalesce(b.stopped_at, CASE WHEN b.failures + 1 >= ${limit} THEN now() END)
    RETURNING failures, stopped_at IS NOT NULL AS stopped`.execute(db);
  const r = row.rows[0]!;
  return { failures: Number(r.failures), stoppedNow: Boolean(r.stopped) && Number(r.failures) === limit };
}

/**
 * A mail to the address went through: its refusals are forgotten (the mailbox works again) — unless a bounce report
 * mailed back later was counted for it (decision 131): then the server's 250 proves nothing (a relay accepts every
 * recipient and reports failures afterwards), and the count stays.
 */
export async function clearMailRefusals(db: Kysely<Database>, address: string): Promise<void> {
  await db.deleteFrom("mailBounces").where("address", "=", address.toLowerCase()).where("reportedLateAt", "is", null).execute();
}

/**
 * A bounce report mailed back says mail `mailId` failed for good (decision 131): the mail is marked bounced and the
 * refusal counted against its recipient as a refusal at RCPT is (decision 118), in one transaction and once per mail
 * (a report delivered twice, or two reports for one mail, count once). Only a mail that was handed to the server
 * can bounce. Returns the count, or null when nothing was counted.
 */
export async function recordLateBounce(
  db: Kysely<Database>,
  mailId: number,
  error: string,
  limit: number,
): Promise<{ recipient: string; failures: number; stoppedNow: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    const marked = await sql<{ recipient: string }>`
      UPDATE mail_queue SET bounced_at = now(), last_error = ${error.slice(0, 500)}
      WHERE id = ${mailId} AND sent_at IS NOT NULL AND bounced_at IS NULL
      RETURNING recipient`.execute(trx);
    const recipient = marked.rows[0]?.recipient;
    if (recipient === undefined) return null;
    const counted = await recordMailRefusal(trx, recipient, error, limit);
    await trx.updateTable("mailBounces").set({ reportedLateAt: sql<Date>`now()` }).where("address", "=", recipient.toLowerCase()).execute();
    return { recipient, ...counted };
  });
}

/** The address's stop, if alert mail to it is stopped: when, after how many refusals, the last server answer. */
export async function mailStop(
  db: Kysely<Database>,
  address: string,
): Promise<{ stoppedAt: Date; failures: number; lastError: string } | null> {
  const row = await db
    .selectFrom("mailBounces")
    .select(["stoppedAt", "failures", "lastError"])
    .where("address", "=", address.toLowerCase())
    .where("stoppedAt", "is not", null)
    .executeTakeFirst();
  return row ? { stoppedAt: row.stoppedAt!, failures: Number(row.failures), lastError: row.lastError } : null;
}

/** Whether a mail to `recipient` with this subject still waits in the queue (neither sent nor given up). */
export async function mailWaiting(db: Kysely<Database>, recipient: string, subject: string): Promise<boolean> {
  const row = await db
    .selectFrom("mailQueue")
    .select("id")
    .where("recipient", "=", recipient)
    .where("subject", "=", subject)
    .where("sentAt", "is", null)
    .where("givenUpAt", "is", null)
    .where("attempts", "<", MAX_MAIL_ATTEMPTS)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * How many alert mails wait to be handed to the mail server (not sent, not given up, still to be tried), counted up to
 * `cap`: the immediate alert sender makes no more while `cap` wait (decision 142).
 */
export async function alertMailsWaiting(db: Kysely<Database>, cap: number): Promise<number> {
  const row = await sql<{ n: number | string }>`
    SELECT count(*) AS n FROM (
      SELECT 1 FROM mail_queue
      WHERE sent_at IS NULL AND given_up_at IS NULL AND kind = 'alert' AND attempts < ${MAX_MAIL_ATTEMPTS}
      LIMIT ${cap}
    ) waiting`.execute(db);
  return Number(row.rows[0]!.n);
}

/** When the next unsent mail is due, or null when none waits (the worker sleeps until then or a wake-up). */
export async function nextMailDueInMs(db: Kysely<Database>): Promise<number | null> {
  const row = await sql<{ ms: number | string | null }>`
    SELECT greatest(0, extract(epoch FROM (min(next_attempt_at) - now())) * 1000) AS ms
    FROM mail_queue WHERE sent_at IS NULL AND given_up_at IS NULL AND attempts < ${MAX_MAIL_ATTEMPTS}`.execute(db);
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

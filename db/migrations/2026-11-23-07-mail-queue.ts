// Why: a lead must reach its publisher by mail even when the mail server is down when the lead is
// sent (issue 12 "Bad input"), and the seeker must not wait for SMTP (lead p95 ≤ 150 ms). Mails are
// queued here in the lead's transaction and sent by every process's worker, which claims rows with
// FOR UPDATE SKIP LOCKED (docs/decisions/059). The dev outbox keeps the Reply-To it shows.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_queue (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      recipient text NOT NULL,
      reply_to text,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      lead_id bigint,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX mail_queue_due ON mail_queue (next_attempt_at) WHERE sent_at IS NULL`.execute(db);
  await sql`ALTER TABLE mail_outbox ADD COLUMN reply_to text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_outbox DROP COLUMN reply_to`.execute(db);
  await sql`DROP TABLE mail_queue`.execute(db);
}

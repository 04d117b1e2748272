// Why: an address the mail server refuses for good (5xx at RCPT or DATA) must not be mailed alerts for ever
// (issue 23 item 4, docs/decisions/118). `mail_bounces` counts refusals per address (lower case); at the limit the
// address is stopped for alert mails. A refused mail is given up at once (`mail_queue.given_up_at`) instead of
// being retried for two days: a refusal does not change on a retry.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_bounces (
      address text PRIMARY KEY,
      failures integer NOT NULL,
      last_error text NOT NULL,
      last_failed_at timestamptz NOT NULL DEFAULT now(),
      stopped_at timestamptz
    )`.execute(db);
  await sql`ALTER TABLE mail_queue ADD COLUMN given_up_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_queue DROP COLUMN given_up_at`.execute(db);
  await sql`DROP TABLE mail_bounces`.execute(db);
}

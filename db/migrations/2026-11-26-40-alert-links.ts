// Why: alert mails carry signed links that work without login (issue 23 item 6, docs/decisions/091): the
// links that change something (turn an alert off, remove the address's mail and consents) work once, so
// each use of a link's id for an action is recorded in `alert_link_uses`. Alert mails also carry the
// List-Unsubscribe headers of RFC 8058, so a queued mail keeps extra headers (`mail_queue.headers`, a
// JSON object of header name → one-line value).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_queue ADD COLUMN headers text`.execute(db);
  await sql`
    CREATE TABLE alert_link_uses (
      link_id text NOT NULL,
      action text NOT NULL,
      used_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (link_id, action)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE alert_link_uses`.execute(db);
  await sql`ALTER TABLE mail_queue DROP COLUMN headers`.execute(db);
}

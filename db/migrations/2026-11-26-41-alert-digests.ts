// Why: e-mail alerts 'Una volta al giorno' (issue 23 item 3, docs/decisions/092) are recorded as
// deliveries at matching time, like immediate ones (the same unique key: exactly once), but their mail
// waits for the next 08:00 Europe/Rome: `digest_at` says when, and a delivery without a mail past that
// time is due in its search's digest. A channel switched to 'never' clears `digest_at` of what waits.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alert_deliveries ADD COLUMN digest_at timestamptz`.execute(db);
  await sql`CREATE INDEX alert_deliveries_digest_due ON alert_deliveries (digest_at) WHERE mail_id IS NULL AND digest_at IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX alert_deliveries_digest_due`.execute(db);
  await sql`ALTER TABLE alert_deliveries DROP COLUMN digest_at`.execute(db);
}

// Why: 'Subito' e-mail alerts go out as one mail per saved search per delivery run, listing every alert of the search
// pending then (docs/decisions/142), instead of one mail per search and listing: a burst that alerts a search many
// times sent it many mails, and the mails were what the burst could not get through. An immediate alert is now
// recorded by the matcher like a daily one (`digest_at` set, no mail yet), told apart by `immediate`; the sender takes
// a search's pending rows, queues one mail and links the rows to it in one transaction. The partial index finds the
// searches with pending immediate rows without reading the daily rows that wait for 08:00.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alert_deliveries ADD COLUMN immediate boolean NOT NULL DEFAULT false`.execute(db);
  await sql`CREATE INDEX alert_deliveries_immediate_pending ON alert_deliveries (saved_search_id, id)
    WHERE immediate AND mail_id IS NULL AND digest_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX alert_deliveries_immediate_pending`.execute(db);
  await sql`ALTER TABLE alert_deliveries DROP COLUMN immediate`.execute(db);
}

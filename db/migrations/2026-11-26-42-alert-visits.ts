// Why: MyCasa shows per saved search how many alerted listings are new since the person last looked
// (issue 23 item 7, docs/decisions/093), and the search's results page marks them: `alerts_seen_at` is
// when the owner last opened the search's results.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE saved_searches ADD COLUMN alerts_seen_at timestamptz`.execute(db);
  await sql`CREATE INDEX alert_deliveries_search ON alert_deliveries (saved_search_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX alert_deliveries_search`.execute(db);
  await sql`ALTER TABLE saved_searches DROP COLUMN alerts_seen_at`.execute(db);
}

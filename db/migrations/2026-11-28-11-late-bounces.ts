// Why: bounces mailed back later as DSNs (issue 23 item 4, docs/decisions/131). A mail the server accepted (250) can
// still come back as a report that it failed for good; `mail_queue.bounced_at` records that, once per mail (a report
// delivered twice counts once), and MyCasa's 'N nuovi' does not count a bounced alert (decision 130).
// `mail_bounces.reported_late_at`: the address had a late bounce, so a later 250 proves nothing about it (a relay
// accepts every recipient and bounces afterwards) and no longer clears its count.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_queue ADD COLUMN bounced_at timestamptz`.execute(db);
  await sql`ALTER TABLE mail_bounces ADD COLUMN reported_late_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mail_bounces DROP COLUMN reported_late_at`.execute(db);
  await sql`ALTER TABLE mail_queue DROP COLUMN bounced_at`.execute(db);
}

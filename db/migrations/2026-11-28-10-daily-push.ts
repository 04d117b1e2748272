// Why: push alerts 'Una volta al giorno' (issue 23 item 3 for push, docs/decisions/130). A daily push alert is an
// `alert_deliveries` row with channel 'push' and `digest_at` (the next 08:00 Europe/Rome), like a daily e-mail alert;
// at 08:00 a search's due push rows become ONE push per device: its `push_messages` hang on the first of the rows
// (the digest's head) and every row of the digest points at that head here, in the transaction that sends it, so a
// push alert is sent in one digest only and MyCasa can tell which alerts a push that went out carried.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE alert_deliveries ADD COLUMN digest_delivery_id bigint REFERENCES alert_deliveries (id) ON DELETE CASCADE`.execute(
    db,
  );
  await sql`CREATE INDEX alert_deliveries_digest_head ON alert_deliveries (digest_delivery_id) WHERE digest_delivery_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX alert_deliveries_digest_head`.execute(db);
  await sql`ALTER TABLE alert_deliveries DROP COLUMN digest_delivery_id`.execute(db);
}

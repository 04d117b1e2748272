// Why: a publisher (an agency) reads the leads and phone calls it received on its own page (issue 12 §6).
// A user account may stand for one publisher; the demo data gives every demo agency such an account.
// No foreign key: publishers are replaced by a demo-data reload, accounts are not (like leads).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN publisher_id bigint`.execute(db);
  await sql`CREATE INDEX users_publisher_id ON users (publisher_id) WHERE publisher_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN publisher_id`.execute(db);
}

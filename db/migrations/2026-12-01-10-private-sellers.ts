// Why: a signed-in person can become a private seller (docs/decisions/139), a publisher row made while the portal
// runs; the generator numbers its publishers itself (agencies from 1,000,000, private sellers from 50,000,000), so
// publishers made by people take their ids from a sequence far above both, as published listings do (listing_ids).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE publisher_ids START 900000000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP SEQUENCE publisher_ids`.execute(db);
}

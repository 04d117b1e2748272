// Why: alert mails and pushes speak the language of the page the search was saved from (issue 23 item 4, English
// templates; docs/decisions/116). Searches saved before this migration were saved from Italian pages or the API
// without a language: Italian.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE saved_searches ADD COLUMN locale text NOT NULL DEFAULT 'it' CHECK (locale IN ('it', 'en'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE saved_searches DROP COLUMN locale`.execute(db);
}

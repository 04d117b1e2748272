// Why: approximate listings leaked their home's exact point through map cells and geo filters (issue 14 §1).
// `lat`/`lon` now hold the public point every query reads; the exact point moves to columns that no
// public query selects (docs/decisions/038). Existing rows keep their point as both until the loader,
// whose DATASET_VERSION changed with this, reloads them with snapped public points.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE listings ADD COLUMN exact_lat double precision, ADD COLUMN exact_lon double precision`.execute(db);
  await sql`UPDATE listings SET exact_lat = lat, exact_lon = lon`.execute(db);
  await sql`ALTER TABLE listings ALTER COLUMN exact_lat SET NOT NULL, ALTER COLUMN exact_lon SET NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE listings DROP COLUMN exact_lat, DROP COLUMN exact_lon`.execute(db);
}

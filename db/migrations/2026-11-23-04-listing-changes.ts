// Why: every process keeps copies of the listings (in-memory facts, cached totals, place counts) and must
// follow inserts, updates and deletes made by any process (docs/decisions/050-following-listing-changes.md).
// Statement-level triggers write one row per changed listing into a log with a sequence and the writing
// transaction's id, and NOTIFY followers on PostgreSQL; the bulk loader disables them and leaves one
// reset row instead. Listings published through db/listing-writes.ts take their ids from a sequence
// far above the demo generator's.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE listing_changes (
      seq bigserial PRIMARY KEY,
      -- NULL: everything may have changed (a bulk load); followers reload.
      listing_id bigint,
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX listing_changes_xid ON listing_changes (xid)`.execute(db);
  await sql`CREATE INDEX listing_changes_changed_at ON listing_changes (changed_at)`.execute(db);
  await sql`
    CREATE FUNCTION record_listing_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO listing_changes (listing_id) SELECT id FROM new_rows;
      ELSIF TG_OP = 'UPDATE' THEN
        -- Both ids: an update that changes an id removes one listing and adds another.
        INSERT INTO listing_changes (listing_id) SELECT id FROM new_rows UNION SELECT id FROM old_rows;
      ELSE
        INSERT INTO listing_changes (listing_id) SELECT id FROM old_rows;
      END IF;
      -- Delivered at commit, once per transaction (identical payloads fold); followers then read the log.
      PERFORM pg_notify('listing_changes', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER listings_record_inserts AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION record_listing_changes()`.execute(db);
  await sql`
    CREATE TRIGGER listings_record_updates AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION record_listing_changes()`.execute(db);
  await sql`
    CREATE TRIGGER listings_record_deletes AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION record_listing_changes()`.execute(db);
  await sql`CREATE SEQUENCE listing_ids START 900000000`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP SEQUENCE listing_ids`.execute(db);
  for (const t of ["listings_record_inserts", "listings_record_updates", "listings_record_deletes"]) {
    await sql.raw(`DROP TRIGGER ${t} ON listings`).execute(db);
  }
  await sql`DROP FUNCTION record_listing_changes()`.execute(db);
  await sql`DROP TABLE listing_changes`.execute(db);
}

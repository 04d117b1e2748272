// Why: every process that matches alerts keeps each alerting saved search compiled in memory, with the keys it is
// found under and its owner's address (docs/decisions/137), and must follow inserts, updates and deletes of saved
// searches, their alert settings and keys, and owners' address changes, made by any process or statement.
// Statement-level triggers log the saved search's id as `listing_changes` logs listings (sequence + writing
// transaction, NOTIFY on commit), read by the same code. The matcher asks which owners hid a listing by the listing.
import { sql, type Kysely } from "kysely";

const TABLES = [
  ["saved_searches", "id"],
  ["saved_search_alerts", "saved_search_id"],
  ["saved_search_alert_keys", "saved_search_id"],
] as const;
const TRIGGERS = [
  ["INSERT", "inserts", "NEW TABLE AS new_rows"],
  ["UPDATE", "updates", "OLD TABLE AS old_rows NEW TABLE AS new_rows"],
  ["DELETE", "deletes", "OLD TABLE AS old_rows"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE saved_search_changes (
      seq bigserial PRIMARY KEY,
      -- NULL: everything may have changed; followers reload.
      saved_search_id bigint,
      xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX saved_search_changes_xid ON saved_search_changes (xid)`.execute(db);
  await sql`CREATE INDEX saved_search_changes_changed_at ON saved_search_changes (changed_at)`.execute(db);
  for (const [table, column] of TABLES) {
    // One function a table: the id's column differs.
    await sql
      .raw(
        `CREATE FUNCTION record_${table}_changes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            INSERT INTO saved_search_changes (saved_search_id) SELECT DISTINCT ${column} FROM new_rows;
          ELSIF TG_OP = 'UPDATE' THEN
            INSERT INTO saved_search_changes (saved_search_id) SELECT ${column} FROM new_rows UNION SELECT ${column} FROM old_rows;
          ELSE
            INSERT INTO saved_search_changes (saved_search_id) SELECT DISTINCT ${column} FROM old_rows;
          END IF;
          PERFORM pg_notify('saved_search_changes', '');
          RETURN NULL;
        END $$`,
      )
      .execute(db);
    for (const [op, name, transitions] of TRIGGERS) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_record_${name} AFTER ${op} ON ${table} REFERENCING ${transitions}
          FOR EACH STATEMENT EXECUTE FUNCTION record_${table}_changes()`,
        )
        .execute(db);
    }
  }
  // An owner's new address reaches the searches held with it (user rows change often, addresses seldom).
  await sql`
    CREATE FUNCTION record_user_email_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO saved_search_changes (saved_search_id)
        SELECT s.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN saved_searches s ON s.user_id = n.id
        WHERE n.email IS DISTINCT FROM o.email;
      IF FOUND THEN
        PERFORM pg_notify('saved_search_changes', '');
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_record_email_changes AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION record_user_email_changes()`.execute(db);
  await sql`CREATE INDEX user_hidden_listings_listing ON user_hidden_listings (listing_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX user_hidden_listings_listing`.execute(db);
  await sql`DROP TRIGGER users_record_email_changes ON users`.execute(db);
  await sql`DROP FUNCTION record_user_email_changes()`.execute(db);
  for (const [table] of TABLES) {
    for (const op of ["inserts", "updates", "deletes"])
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_record_${op} ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION record_${table}_changes()`).execute(db);
  }
  await sql`DROP TABLE saved_search_changes`.execute(db);
}

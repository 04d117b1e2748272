// Why: alerts (issue 23, docs/decisions/085) need to know what happened to a listing that a person wants
// to hear about — published, cheaper, back on the market — recorded in the same transaction as the
// change, whoever writes it (db/listing-writes.ts or plain SQL), so statement-level triggers write
// `listing_events` beside the change log of decision 050. A home withdrawn and published again within
// 14 weeks by the same publisher at the same address with the same surface is `back`, not `new`:
// `withdrawn_homes` remembers withdrawn homes for that long. Saved searches are indexed for matching
// (`saved_search_alert_keys`: frame and place keys or an area's box, core/alerts/candidates.ts),
// existing ones backfilled here; `alert_deliveries` holds the one delivery per saved search, listing,
// channel and occasion that makes an alert reach a person exactly once.
import { sql, type Kysely } from "kysely";
import { alertIndexOf } from "../../core/alerts/candidates.ts";
import { PlaceLevel } from "../../core/places.ts";
import { deserializeSearch } from "../../core/search/saved-search.ts";
import { writeAlertIndex } from "../alert-index.ts";
import type { Database } from "../schema.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE listing_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      listing_id bigint NOT NULL,
      kind text NOT NULL CHECK (kind IN ('new', 'price_drop', 'back')),
      -- price_drop: the price before and after (a price history); back: the price when withdrawn and now.
      old_price bigint,
      new_price bigint NOT NULL,
      -- back: the listing that was withdrawn.
      previous_listing_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- A matcher holds an event until then (a matcher that dies leaves it to another).
      claimed_until timestamptz,
      processed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX listing_events_pending ON listing_events (id) WHERE processed_at IS NULL`.execute(db);
  await sql`CREATE INDEX listing_events_listing ON listing_events (listing_id)`.execute(db);
  await sql`
    CREATE TABLE withdrawn_homes (
      listing_id bigint PRIMARY KEY,
      publisher_id bigint NOT NULL,
      address_key text NOT NULL,
      surface integer NOT NULL,
      price bigint NOT NULL,
      withdrawn_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX withdrawn_homes_home ON withdrawn_homes (publisher_id, address_key, surface)`.execute(db);
  await sql`CREATE INDEX withdrawn_homes_at ON withdrawn_homes (withdrawn_at)`.execute(db);
  // The same address whatever the spacing or case the publisher typed it with.
  await sql`
    CREATE FUNCTION listing_address_key(town_id text, street text, street_number text) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$
      SELECT town_id || '|' || lower(regexp_replace(btrim(street), '[[:space:]]+', ' ', 'g')) || '|' || lower(regexp_replace(street_number, '[[:space:]]+', '', 'g'))
    $$`.execute(db);
  await sql`
    CREATE FUNCTION record_listing_events() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO listing_events (listing_id, kind, old_price, new_price, previous_listing_id)
        SELECT n.id, CASE WHEN w.listing_id IS NULL THEN 'new' ELSE 'back' END, w.price, n.price, w.listing_id
        FROM new_rows n
        LEFT JOIN LATERAL (
          SELECT h.listing_id, h.price FROM withdrawn_homes h
          WHERE h.publisher_id = n.publisher_id AND h.surface = n.surface
            AND h.address_key = listing_address_key(n.town_id, n.street, n.street_number)
            AND h.withdrawn_at > now() - interval '14 weeks'
          ORDER BY h.withdrawn_at DESC LIMIT 1
        ) w ON true;
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO listing_events (listing_id, kind, old_price, new_price)
        SELECT n.id, 'price_drop', o.price, n.price FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.price < o.price;
      ELSE
        INSERT INTO withdrawn_homes (listing_id, publisher_id, address_key, surface, price)
        SELECT id, publisher_id, listing_address_key(town_id, street, street_number), surface, price FROM old_rows
        ON CONFLICT (listing_id) DO UPDATE SET withdrawn_at = excluded.withdrawn_at;
        DELETE FROM withdrawn_homes WHERE withdrawn_at <= now() - interval '14 weeks';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER listings_record_event_inserts AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION record_listing_events()`.execute(db);
  await sql`
    CREATE TRIGGER listings_record_event_updates AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION record_listing_events()`.execute(db);
  await sql`
    CREATE TRIGGER listings_record_event_deletes AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION record_listing_events()`.execute(db);

  await sql`
    CREATE TABLE saved_search_alert_keys (
      saved_search_id bigint NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
      frame text NOT NULL,
      key text NOT NULL,
      -- The area's box, for key '@area'.
      west double precision,
      south double precision,
      east double precision,
      north double precision,
      PRIMARY KEY (frame, key, saved_search_id)
    )`.execute(db);
  await sql`CREATE INDEX saved_search_alert_keys_search ON saved_search_alert_keys (saved_search_id)`.execute(db);
  await sql`CREATE INDEX saved_search_alert_keys_area ON saved_search_alert_keys (frame, west, east) WHERE key = '@area'`.execute(db);
  await sql`
    CREATE TABLE alert_deliveries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      saved_search_id bigint NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
      listing_id bigint NOT NULL,
      channel text NOT NULL CHECK (channel IN ('mail', 'push')),
      -- 'listed' (new) or 'price:<new price>' (a drop): what the person is told about.
      occasion text NOT NULL,
      event_id bigint NOT NULL,
      mail_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT alert_deliveries_once UNIQUE (saved_search_id, listing_id, channel, occasion)
    )`.execute(db);

  // Saved searches stored before this migration get their keys now.
  const searches = await sql<{ id: string | number; serialized: string }>`SELECT id, serialized FROM saved_searches`.execute(db);
  if (searches.rows.length === 0) return;
  const places = await sql<{ id: string; level: number; parent_id: string | null }>`SELECT id, level, parent_id FROM places`.execute(db);
  const levels = new Map(places.rows.map((p) => [p.id, Number(p.level)]));
  const stops = new Map<string, string[]>();
  for (const p of places.rows)
    if (Number(p.level) === PlaceLevel.metroStop && p.parent_id) stops.set(p.parent_id, [...(stops.get(p.parent_id) ?? []), p.id]);
  for (const row of searches.rows) {
    let query;
    try {
      query = deserializeSearch(row.serialized);
    } catch {
      continue; // unreadable: never alerted (the matcher could not read it either)
    }
    const index = alertIndexOf(
      query,
      (id) => levels.get(id),
      (id) => stops.get(id) ?? [],
    );
    await writeAlertIndex(db as Kysely<Database>, Number(row.id), index);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE alert_deliveries`.execute(db);
  await sql`DROP TABLE saved_search_alert_keys`.execute(db);
  for (const t of ["listings_record_event_inserts", "listings_record_event_updates", "listings_record_event_deletes"]) {
    await sql.raw(`DROP TRIGGER ${t} ON listings`).execute(db);
  }
  await sql`DROP FUNCTION record_listing_events()`.execute(db);
  await sql`DROP FUNCTION listing_address_key(text, text, text)`.execute(db);
  await sql`DROP TABLE withdrawn_homes`.execute(db);
  await sql`DROP TABLE listing_events`.execute(db);
}

// Why: logged-in users keep saved searches with alert settings (issue 11, seed 001 §3 "Saved search",
// "Notification frequency"). A search is stored in its canonical serialized form with its hash, unique
// per user, so saving the same search twice updates it. Alerts are rows of their own (one per channel)
// so their ids survive updates; the places a search names carry no foreign key: a demo-data reload may
// remove them, and the saved search must then be shown flagged, not lost.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE saved_searches (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    hash text NOT NULL,
    serialized text NOT NULL,
    active_sort text NOT NULL DEFAULT 'rilevanza',
    title text,
    province_id text,
    domain text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT saved_searches_user_hash UNIQUE (user_id, hash)
  )`.execute(db);
  await sql`CREATE TABLE saved_search_alerts (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    saved_search_id bigint NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
    channel text NOT NULL CHECK (channel IN ('mail', 'push')),
    frequency text NOT NULL CHECK (frequency IN ('immediately', 'daily', 'never')),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT saved_search_alerts_channel UNIQUE (saved_search_id, channel)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE saved_search_alerts`.execute(db);
  await sql`DROP TABLE saved_searches`.execute(db);
}

// Why: MyCasa (issue 11 items 3–6, seed 001 §3 "Other My{product} records", "Commute point"): a
// logged-in user's favourites (with the price seen when saved), hidden ads, saved addresses, commute
// points and search history live on the server. Every row belongs to a user and goes with the account
// (ON DELETE CASCADE); listing ids carry no foreign key, as leads do: a demo-data reload replaces the
// listings and must never be blocked by, nor wipe, what users kept.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE user_favourites (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing_id bigint NOT NULL,
    price_at_save double precision,
    saved_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, listing_id)
  )`.execute(db);
  await sql`CREATE INDEX user_favourites_recent ON user_favourites (user_id, saved_at DESC, listing_id DESC)`.execute(db);
  await sql`CREATE TABLE user_hidden_listings (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing_id bigint NOT NULL,
    hidden_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, listing_id)
  )`.execute(db);
  await sql`CREATE TABLE user_addresses (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name text NOT NULL,
    label text NOT NULL,
    address text NOT NULL,
    number text NOT NULL DEFAULT '',
    town text NOT NULL DEFAULT '',
    parent text,
    lat double precision NOT NULL,
    lon double precision NOT NULL,
    is_pin boolean NOT NULL DEFAULT false,
    u_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // One "Casa" per user (names compare case-insensitively), and one row per address key.
  await sql`CREATE UNIQUE INDEX user_addresses_name ON user_addresses (user_id, lower(name))`.execute(db);
  await sql`CREATE UNIQUE INDEX user_addresses_key ON user_addresses (user_id, u_key)`.execute(db);
  await sql`CREATE TABLE user_commute_points (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    point_id text NOT NULL,
    label text NOT NULL,
    type text NOT NULL CHECK (type IN ('home', 'work', 'custom')),
    time_gap integer NOT NULL,
    transport text NOT NULL CHECK (transport IN ('walk', 'bike', 'car')),
    town text NOT NULL DEFAULT '',
    address text NOT NULL DEFAULT '',
    number text NOT NULL DEFAULT 'snc',
    lat double precision NOT NULL,
    lon double precision NOT NULL,
    update_dt timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  // 'dove-vivo', 'dove-lavoro' once each; and §3's equality (lat, lon, mode, time) as a constraint.
  await sql`CREATE UNIQUE INDEX user_commute_points_point ON user_commute_points (user_id, point_id)`.execute(db);
  await sql`CREATE UNIQUE INDEX user_commute_points_same ON user_commute_points (user_id, lat, lon, transport, time_gap)`.execute(db);
  await sql`CREATE TABLE user_search_history (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    uri text NOT NULL,
    localities text NOT NULL,
    filters text NOT NULL,
    searched_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX user_search_history_uri ON user_search_history (user_id, uri)`.execute(db);
  await sql`CREATE INDEX user_search_history_recent ON user_search_history (user_id, searched_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["user_search_history", "user_commute_points", "user_addresses", "user_hidden_listings", "user_favourites"]) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
}

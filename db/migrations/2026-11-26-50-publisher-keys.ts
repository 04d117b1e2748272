// Why: publishers put listings on the portal themselves (issue 24, docs/decisions/096). An agency's
// programs authenticate with API keys it creates and revokes in /area-agenzia/: only a SHA-256 of each
// key is kept (the keys are 192-bit random, so a fast hash is enough), found by a short public prefix.
// `published_listings` is the publisher's side of a listing: its own id for it (`external_id`, the
// feed's unique-id), its status — a withdrawn or expired listing leaves `listings`, its row here stays so
// the listing page can say it is gone (410) and suggest similar ones — and when the publisher last
// confirmed it (a listing not confirmed for 30 days expires). `feed_imports` keeps each feed import's
// report (docs/decisions/097). No foreign keys: like leads, these outlive
// a demo-data reload.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE publisher_api_keys (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      publisher_id bigint NOT NULL,
      label text NOT NULL,
      prefix text NOT NULL UNIQUE,
      key_hash text NOT NULL,
      created_by bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX publisher_api_keys_publisher ON publisher_api_keys (publisher_id)`.execute(db);
  await sql`
    CREATE TABLE published_listings (
      listing_id bigint PRIMARY KEY,
      publisher_id bigint NOT NULL,
      external_id text,
      status text NOT NULL CHECK (status IN ('online', 'withdrawn', 'expired')),
      source text NOT NULL CHECK (source IN ('api', 'feed', 'dashboard')),
      -- What the listing page of a gone listing and the dashboard show once the listing row is gone.
      title text NOT NULL,
      channel text NOT NULL,
      property_type_group text NOT NULL,
      town_id text NOT NULL,
      price bigint NOT NULL,
      lat double precision NOT NULL,
      lon double precision NOT NULL,
      -- The hash of the input it was last written from: a feed that says the same again changes nothing.
      content_hash text,
      confirmed_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz
    )`.execute(db);
  // One online listing per own id; a withdrawn one keeps its id for the history, and may be relisted.
  await sql`CREATE UNIQUE INDEX published_listings_external ON published_listings (publisher_id, external_id) WHERE external_id IS NOT NULL AND status = 'online'`.execute(
    db,
  );
  await sql`CREATE INDEX published_listings_external_any ON published_listings (publisher_id, external_id, listing_id)`.execute(db);
  await sql`CREATE INDEX published_listings_publisher ON published_listings (publisher_id, listing_id)`.execute(db);
  // Feed imports (docs/decisions/097): one row per import, its counts and report.
  await sql`
    CREATE TABLE feed_imports (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      publisher_id bigint NOT NULL,
      source text NOT NULL CHECK (source IN ('upload', 'url')),
      format text NOT NULL CHECK (format IN ('xml', 'jsonl')),
      status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
      report jsonb,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX feed_imports_publisher ON feed_imports (publisher_id, id)`.execute(db);
  // Views of publishers' listing pages per day, for their dashboard's 30-day chart.
  await sql`
    CREATE TABLE listing_views_daily (
      listing_id bigint NOT NULL,
      day date NOT NULL,
      views integer NOT NULL,
      PRIMARY KEY (listing_id, day)
    )`.execute(db);
  await sql`CREATE INDEX published_listings_due ON published_listings (confirmed_at) WHERE status = 'online'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE listing_views_daily`.execute(db);
  await sql`DROP TABLE feed_imports`.execute(db);
  await sql`DROP TABLE published_listings`.execute(db);
  await sql`DROP TABLE publisher_api_keys`.execute(db);
}

// Why: agencies' feeds list their photos by address (`<pictures><picture-url>`, issue 24, docs/decisions/141). Each
// listing's wanted addresses are recorded with the import's write of the listing, in gallery order, and fetched
// later by any process on a lease (`claimed_until`, as feed_sources): waiting until fetched, done with the photo
// it became, or failed with the reason after a few attempts. An address already fetched is not fetched again.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE feed_photo_urls (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      listing_id bigint NOT NULL,
      publisher_id bigint NOT NULL,
      url text NOT NULL,
      position smallint NOT NULL,
      state text NOT NULL CHECK (state IN ('waiting', 'done', 'failed')),
      photo_id bigint,
      attempts smallint NOT NULL DEFAULT 0,
      error text,
      next_try_at timestamptz NOT NULL,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL,
      UNIQUE (listing_id, url)
    )`.execute(db);
  // The downloader's look for due addresses, in the claim's order (id: a listing's addresses in the feed's order):
  // only the waiting ones are indexed, and a listing's end gives up its waiting ones, so the scan stays short.
  await sql`CREATE INDEX feed_photo_urls_due ON feed_photo_urls (next_try_at, id) WHERE state = 'waiting'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE feed_photo_urls`.execute(db);
}

// Why: a feed may keep a photo's address while the agency changes the file behind it (docs/decisions/145). Each
// downloaded address keeps its HTTP validators (ETag, Last-Modified) and when its file was last fetched or confirmed
// (`checked_at`); an import that lists it again after FEED_PHOTO_RECHECK_MS sets `recheck_at`, and any process's
// downloader asks the agency's server again with If-None-Match / If-Modified-Since. Only due re-checks are indexed.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE feed_photo_urls
      ADD COLUMN etag text,
      ADD COLUMN last_modified text,
      ADD COLUMN checked_at timestamptz,
      ADD COLUMN recheck_at timestamptz`.execute(db);
  await sql`CREATE INDEX feed_photo_urls_recheck ON feed_photo_urls (recheck_at, id) WHERE recheck_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX feed_photo_urls_recheck`.execute(db);
  await sql`
    ALTER TABLE feed_photo_urls DROP COLUMN etag, DROP COLUMN last_modified, DROP COLUMN checked_at, DROP COLUMN recheck_at`.execute(db);
}

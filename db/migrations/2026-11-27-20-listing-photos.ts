// Why: publishers upload their listings' photos through the API (issue 24 item 2, docs/decisions/119). Each
// photo is kept as its resized WebP renditions, in the database rather than on one node's disk: every node
// and replica serves them, and a photo and the listing's photo count change in one transaction (nothing
// half-written). `dhash` is the photo's perceptual hash (64 bits) for finding the same home published twice.
// No foreign keys: like published_listings, photos outlive a withdrawal (a relisting may show them again).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE listing_photos (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      listing_id bigint NOT NULL,
      position smallint NOT NULL,
      source_sha256 text NOT NULL,
      dhash bigint NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (listing_id, position)
    )`.execute(db);
  await sql`
    CREATE TABLE listing_photo_files (
      photo_id bigint NOT NULL,
      width integer NOT NULL,
      format text NOT NULL CHECK (format IN ('webp')),
      bytes bytea NOT NULL,
      PRIMARY KEY (photo_id, width, format)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE listing_photo_files`.execute(db);
  await sql`DROP TABLE listing_photos`.execute(db);
}

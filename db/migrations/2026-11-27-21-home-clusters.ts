// Why: the same home published by several agencies is one result with its offers (issue 24 item 5,
// docs/decisions/120). `home_clusters` names, for each listing written through db/listing-writes.ts and
// the listings it matched, the cluster of listings that are the same home; the index on (town, rooms,
// surface) finds a new listing's candidates in one short range scan, within the 1 ms a write may spend.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE home_clusters (
      listing_id bigint PRIMARY KEY,
      cluster_id bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX home_clusters_cluster ON home_clusters (cluster_id)`.execute(db);
  await sql`CREATE INDEX listings_same_home ON listings (town_id, rooms, surface)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX listings_same_home`.execute(db);
  await sql`DROP TABLE home_clusters`.execute(db);
}

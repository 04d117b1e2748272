// Why: search sorts by relevance, price per m² and date and filters by place, channel and area; these
// columns and indexes make the first page an index scan and bounding-box queries a GiST look-up.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE listings ADD COLUMN relevance double precision NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE listings ADD COLUMN price_per_mq double precision GENERATED ALWAYS AS (price::double precision / surface) STORED`.execute(
    db,
  );
  await sql`CREATE INDEX listings_geo ON listings USING gist (point(lon, lat))`.execute(db);
  await sql`CREATE INDEX listings_channel_group_relevance ON listings (channel, property_type_group, relevance DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX listings_town_search ON listings (town_id, channel, property_type_group, relevance DESC)`.execute(db);
  await sql`CREATE INDEX listings_zone_search ON listings (zone_id, channel, property_type_group) WHERE zone_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX listings_block ON listings (block_id) WHERE block_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX listings_metro ON listings USING gin (metro_stop_ids)`.execute(db);
  await sql`CREATE INDEX listings_nonadmin ON listings USING gin (nonadmin_zone_ids)`.execute(db);
  await sql`CREATE INDEX listings_agent ON listings (agent_id) WHERE agent_id IS NOT NULL`.execute(db);
  await sql`DROP INDEX listings_town_channel`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX listings_town_channel ON listings (town_id, channel)`.execute(db);
  for (const index of [
    "listings_geo",
    "listings_channel_group_relevance",
    "listings_town_search",
    "listings_zone_search",
    "listings_block",
    "listings_metro",
    "listings_nonadmin",
    "listings_agent",
  ]) {
    await sql.raw(`DROP INDEX ${index}`).execute(db);
  }
  await sql`ALTER TABLE listings DROP COLUMN price_per_mq`.execute(db);
  await sql`ALTER TABLE listings DROP COLUMN relevance`.execute(db);
}

// Why: measured on 1.2 M listings (docs/BENCHMARKS.md), exact totals and map cells were slow because
// every match was read from the heap. Covering indexes let counts and marker cells be index-only
// scans; bounding boxes use a lat btree (the GiST estimate on point <@ box was off by 100×, so the
// planner chose it for large boxes and read the heap); the other sorts get their own indexes.
import { sql, type Kysely } from "kysely";

/** The filter columns people use most (bench/search.bench.ts mix): counts over them never touch the heap. */
const FILTER_COLUMNS = [
  "price",
  "surface",
  "rooms",
  "price_per_mq",
  "is_auction",
  "is_new_construction",
  "property_type",
  "published_at",
  "bedrooms",
  "baths",
  "has_lift",
  "has_balcony",
  "has_terrace",
  "garden",
  "has_virtual_tour",
  "has_air_conditioning",
  "photo_count",
  "has_floor_plan",
  "is_private_negotiation",
].join(", ");

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX listings_geo`.execute(db);
  await sql`DROP INDEX listings_channel_group_relevance`.execute(db);
  await sql`DROP INDEX listings_town_search`.execute(db);
  await sql
    .raw(
      `CREATE INDEX listings_italy_relevance ON listings (channel, property_type_group, relevance DESC, id DESC) INCLUDE (${FILTER_COLUMNS})`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE INDEX listings_town_relevance ON listings (town_id, channel, property_type_group, relevance DESC, id DESC) INCLUDE (${FILTER_COLUMNS})`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX listings_lat ON listings (channel, property_type_group, lat) INCLUDE (lon, ${FILTER_COLUMNS})`).execute(db);
  await sql`CREATE INDEX listings_italy_price ON listings (channel, property_type_group, price, id)`.execute(db);
  await sql`CREATE INDEX listings_italy_price_per_mq ON listings (channel, property_type_group, price_per_mq, id)`.execute(db);
  await sql`CREATE INDEX listings_italy_surface ON listings (channel, property_type_group, surface, id)`.execute(db);
  await sql`CREATE INDEX listings_italy_published ON listings (channel, property_type_group, published_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "listings_italy_relevance",
    "listings_town_relevance",
    "listings_lat",
    "listings_italy_price",
    "listings_italy_price_per_mq",
    "listings_italy_surface",
    "listings_italy_published",
  ]) {
    await sql.raw(`DROP INDEX ${index}`).execute(db);
  }
  await sql`CREATE INDEX listings_geo ON listings USING gist (point(lon, lat))`.execute(db);
  await sql`CREATE INDEX listings_channel_group_relevance ON listings (channel, property_type_group, relevance DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX listings_town_search ON listings (town_id, channel, property_type_group, relevance DESC)`.execute(db);
}

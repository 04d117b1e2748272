// Why: whether a listing's price may be shown ('Trattativa riservata' hides it) was decided in seven
// places (the price, payment and €/m² filters, the public view, the facts' map cells, the marker SQL,
// the price map, valuation, similar listings). One generated column says it once: shown_price is the
// price or NULL, shown_price_per_mq likewise, and every reader uses them (docs/decisions/088). The
// covering search indexes carry them instead of the raw prices, so price-filtered counts stay index-only.
import { sql, type Kysely } from "kysely";

const COVERING = (priceColumns: string) =>
  [
    priceColumns,
    "surface",
    "rooms",
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

async function coveringIndexes(db: Kysely<unknown>, priceColumns: string): Promise<void> {
  for (const index of ["listings_italy_relevance", "listings_town_relevance", "listings_lat"])
    await sql.raw(`DROP INDEX ${index}`).execute(db);
  const include = COVERING(priceColumns);
  await sql
    .raw(`CREATE INDEX listings_italy_relevance ON listings (channel, property_type_group, relevance DESC, id DESC) INCLUDE (${include})`)
    .execute(db);
  await sql
    .raw(
      `CREATE INDEX listings_town_relevance ON listings (town_id, channel, property_type_group, relevance DESC, id DESC) INCLUDE (${include})`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX listings_lat ON listings (channel, property_type_group, lat) INCLUDE (lon, ${include})`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE listings ADD COLUMN shown_price bigint
    GENERATED ALWAYS AS (CASE WHEN is_private_negotiation THEN NULL ELSE price END) STORED`.execute(db);
  await sql`ALTER TABLE listings ADD COLUMN shown_price_per_mq double precision
    GENERATED ALWAYS AS (CASE WHEN is_private_negotiation THEN NULL ELSE price::double precision / surface END) STORED`.execute(db);
  await coveringIndexes(db, "shown_price, shown_price_per_mq");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await coveringIndexes(db, "price, price_per_mq");
  await sql`ALTER TABLE listings DROP COLUMN shown_price_per_mq`.execute(db);
  await sql`ALTER TABLE listings DROP COLUMN shown_price`.execute(db);
}

// Why: a listing published through the API or a feed gets the distance to the nearest POI of each type
// (docs/decisions/121), read from the POIs in a 10 km box around it; without an index on the point that
// read scanned every POI of Italy once per published listing.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX pois_point ON pois (lat, lon)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX pois_point`.execute(db);
}

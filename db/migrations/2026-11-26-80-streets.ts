// Why: the address search knew only the streets listings use, with invented names (issue 27). The real
// streets of six cities (ANNCSU names) and Milano's house numbers with their points are data of their own,
// loaded with the gazetteer: `streets` is every real street (its point the mean of its house numbers, where
// the data has them), `house_numbers` the numbers a typed address is looked up in (docs/decisions/111).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE streets (
    town_id text NOT NULL,
    street_key text NOT NULL,
    name text NOT NULL,
    lat double precision,
    lon double precision,
    PRIMARY KEY (town_id, street_key)
  )`.execute(db);
  await sql`CREATE TABLE house_numbers (
    town_id text NOT NULL,
    street_key text NOT NULL,
    number integer NOT NULL,
    number_full text NOT NULL,
    lat double precision NOT NULL,
    lon double precision NOT NULL,
    PRIMARY KEY (town_id, street_key, number, number_full)
  )`.execute(db);
  // A results page names its circle by the address at its centre (db/place-search.ts streetAtPoint).
  await sql`CREATE INDEX house_numbers_point ON house_numbers (lat, lon)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE house_numbers`.execute(db);
  await sql`DROP TABLE streets`.execute(db);
}

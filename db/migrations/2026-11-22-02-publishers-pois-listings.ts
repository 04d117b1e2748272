// Why: listings carry every field the filters of seed 000 §3 need, the place keys of every level and
// the distance to the nearest point of interest of each type; publishers and POIs come with them.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE publishers (
      id bigint PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('agency', 'agent', 'private')),
      is_agent_pro boolean NOT NULL DEFAULT false,
      parent_id bigint REFERENCES publishers(id),
      name text NOT NULL,
      slug text NOT NULL,
      phone text,
      email text,
      website text,
      street text,
      town_id text REFERENCES places(id),
      postal_code text,
      description text,
      logo_color text,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX publishers_parent ON publishers (parent_id)`.execute(db);
  await sql`CREATE INDEX publishers_town ON publishers (town_id)`.execute(db);

  await sql`
    CREATE TABLE pois (
      id bigint PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('bus_station', 'subway', 'electric_charging', 'elementary_school',
        'high_school', 'secondary_school', 'nursery_school', 'supermarket')),
      name text NOT NULL,
      lat double precision NOT NULL,
      lon double precision NOT NULL,
      town_id text REFERENCES places(id)
    )`.execute(db);
  await sql`CREATE INDEX pois_type ON pois (type)`.execute(db);

  await sql`
    CREATE TABLE listings (
      id bigint PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('vendita', 'affitto', 'affitto-breve')),
      category text NOT NULL CHECK (category IN ('residenziale', 'commerciale', 'case-vacanza')),
      property_type_group text NOT NULL,
      property_type text NOT NULL,
      is_new_construction boolean NOT NULL,
      price bigint NOT NULL CHECK (price > 0),
      price_unit text NOT NULL CHECK (price_unit IN ('total', 'month', 'week')),
      price_type text NOT NULL,
      original_price bigint,
      price_max bigint,
      surface integer NOT NULL CHECK (surface > 0),
      rooms smallint,
      bedrooms smallint,
      baths smallint,
      parking_spaces smallint NOT NULL,
      floor smallint,
      total_floors smallint,
      has_lift boolean NOT NULL,
      has_balcony boolean NOT NULL,
      has_terrace boolean NOT NULL,
      garden text CHECK (garden IN ('comune', 'privato')),
      heating text CHECK (heating IN ('autonomo', 'centralizzato')),
      energy_class text CHECK (energy_class IN ('A4', 'A3', 'A2', 'A1', 'B', 'C', 'D', 'E', 'F', 'G')),
      energy_index real,
      building_condition text CHECK (building_condition IN ('nuovo', 'nuovo-ristrutturato', 'abitabile', 'da-ristrutturare')),
      building_year smallint,
      availability text CHECK (availability IN ('libero', 'occupato', 'nuda proprieta', 'affittato')),
      seller_type text NOT NULL CHECK (seller_type IN ('agenzia', 'privato')),
      furniture text CHECK (furniture IN ('none', 'partially', 'full')),
      published_at timestamptz NOT NULL,
      is_auction boolean NOT NULL,
      auction_date date,
      is_private_negotiation boolean NOT NULL,
      has_pool boolean NOT NULL,
      has_reception boolean NOT NULL,
      has_virtual_tour boolean NOT NULL,
      has_air_conditioning boolean NOT NULL,
      is_luxury boolean NOT NULL,
      is_under_construction boolean NOT NULL,
      license_type_group text,
      license_type text,
      includes_property_ownership boolean,
      commercial_building_location text,
      photo_count smallint NOT NULL,
      has_floor_plan boolean NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      street text NOT NULL,
      street_number text NOT NULL,
      postal_code text,
      lat double precision NOT NULL CHECK (lat BETWEEN 35 AND 48),
      lon double precision NOT NULL CHECK (lon BETWEEN 6 AND 19),
      geo_visibility smallint NOT NULL,
      region_id text NOT NULL REFERENCES places(id),
      province_id text NOT NULL REFERENCES places(id),
      town_id text NOT NULL REFERENCES places(id),
      zone_id text REFERENCES places(id),
      block_id text REFERENCES places(id),
      nonadmin_zone_ids text[] NOT NULL DEFAULT '{}',
      metro_stop_ids text[] NOT NULL DEFAULT '{}',
      place_hkey text NOT NULL,
      publisher_id bigint NOT NULL REFERENCES publishers(id),
      agent_id bigint REFERENCES publishers(id),
      dist_bus_station integer,
      dist_subway integer,
      dist_electric_charging integer,
      dist_elementary_school integer,
      dist_high_school integer,
      dist_secondary_school integer,
      dist_nursery_school integer,
      dist_supermarket integer
    )`.execute(db);
  // Search indexes proper belong to the search issue; these serve the counts and the hub pages.
  await sql`CREATE INDEX listings_town_channel ON listings (town_id, channel)`.execute(db);
  await sql`CREATE INDEX listings_province_channel ON listings (province_id, channel)`.execute(db);
  await sql`CREATE INDEX listings_publisher ON listings (publisher_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE listings`.execute(db);
  await sql`DROP TABLE pois`.execute(db);
  await sql`DROP TABLE publishers`.execute(db);
}

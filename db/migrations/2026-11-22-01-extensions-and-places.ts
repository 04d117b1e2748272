// Why: the gazetteer (seed 000 §3 Location) is the backbone of search, and the contrib extensions
// that search needs must exist before any table uses them. Runs unchanged on PGlite and PostgreSQL 15+.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const ext of ["pg_trgm", "unaccent", "cube", "earthdistance", "btree_gist"]) {
    await sql.raw(`CREATE EXTENSION IF NOT EXISTS ${ext}`).execute(db);
  }
  await sql`
    CREATE TABLE meta (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE places (
      id text PRIMARY KEY,
      level smallint NOT NULL,
      type text NOT NULL,
      name text NOT NULL,
      name_en text,
      name_alt text,
      slug text NOT NULL,
      qslug text NOT NULL,
      hkey text NOT NULL UNIQUE,
      parent_hkey text,
      parent_id text REFERENCES places(id),
      region_code text NOT NULL,
      province_code text,
      istat_code text,
      short text,
      population integer,
      lat double precision NOT NULL,
      lon double precision NOT NULL,
      bbox_min_lon double precision NOT NULL,
      bbox_min_lat double precision NOT NULL,
      bbox_max_lon double precision NOT NULL,
      bbox_max_lat double precision NOT NULL,
      zoom smallint NOT NULL,
      geometry text,
      extra jsonb NOT NULL DEFAULT '{}',
      search_name text NOT NULL,
      CONSTRAINT places_level_check CHECK (level IN (2, 4, 6, 9, 10, 11, 118, 120, 130, 132)),
      CONSTRAINT places_lat_check CHECK (lat BETWEEN 35 AND 48),
      CONSTRAINT places_lon_check CHECK (lon BETWEEN 6 AND 19)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX places_level_parent_slug ON places (level, parent_id, slug)`.execute(db);
  await sql`CREATE UNIQUE INDEX places_level_qslug ON places (level, qslug)`.execute(db);
  await sql`CREATE INDEX places_parent ON places (parent_id)`.execute(db);
  await sql`CREATE INDEX places_hkey_prefix ON places (hkey text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX places_istat ON places (istat_code)`.execute(db);
  await sql`CREATE INDEX places_search_name_trgm ON places USING gin (search_name gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE places`.execute(db);
  await sql`DROP TABLE meta`.execute(db);
}

// Why: publisher pages need the publisher flags of seed 001 §3 (phone shown, cross subscription,
// auctions disabled, an agent's photo), and a portal must keep the contact requests (leads) and the
// phone calls it brokers. Leads and calls carry no foreign keys: they outlive a demo-data reload
// (which truncates publishers and listings) and must never block it.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE publishers
      ADD COLUMN show_phone_number boolean NOT NULL DEFAULT true,
      ADD COLUMN has_cross_subscription boolean NOT NULL DEFAULT false,
      ADD COLUMN disable_auctions boolean NOT NULL DEFAULT false,
      ADD COLUMN has_photo boolean NOT NULL DEFAULT false`.execute(db);

  await sql`
    CREATE TABLE leads (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('specific', 'generic', 'agency')),
      publisher_id bigint NOT NULL,
      agent_id bigint,
      listing_id bigint,
      user_id text,
      name text NOT NULL,
      email text NOT NULL,
      phone text,
      message text NOT NULL,
      context text NOT NULL,
      client_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX leads_publisher ON leads (publisher_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE phone_calls (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      publisher_id bigint NOT NULL,
      listing_id bigint,
      user_id text,
      device text NOT NULL CHECK (device IN ('PM', 'PT', 'PD')),
      client_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX phone_calls_publisher ON phone_calls (publisher_id, created_at DESC)`.execute(db);
}

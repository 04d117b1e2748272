// Why: agencies publish a feed at an address of theirs and expect the portal to fetch it every hour or so (issue 24
// item 3, docs/decisions/135). One source per publisher: its address, format and interval, when it is next due,
// and how the last pull went. `claimed_until` is the lease of the process pulling it (as the queues' leases):
// two processes never pull the same source at once, and one that dies leaves it due again.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE feed_sources (
      publisher_id bigint PRIMARY KEY,
      url text NOT NULL,
      format text NOT NULL CHECK (format IN ('xml', 'jsonl')),
      interval_minutes integer NOT NULL CHECK (interval_minutes BETWEEN 15 AND 1440),
      next_pull_at timestamptz NOT NULL,
      claimed_until timestamptz,
      last_pull_at timestamptz,
      last_status text CHECK (last_status IN ('done', 'failed')),
      last_error text,
      last_import_id bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX feed_sources_due ON feed_sources (next_pull_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE feed_sources`.execute(db);
}

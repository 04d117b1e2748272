// Why: a session token is checked without a database read and lasts an hour, so a logout everywhere, a
// password reset or an account deletion must reach every process some other way. Each one writes a row
// here; every process reads the recent rows every few seconds and refuses older tokens of those users
// (server/accounts/revocation-follower.ts). Rows older than a token's life are pruned.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE session_revocations (
      id bigserial PRIMARY KEY,
      -- No foreign key: a deleted user's revocation must outlive the user row.
      user_id integer NOT NULL,
      revoked_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX session_revocations_revoked_at ON session_revocations (revoked_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE session_revocations`.execute(db);
}

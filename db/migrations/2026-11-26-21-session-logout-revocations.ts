// Why: a logout must end its own session, not only clear the browser's cookies (issue 21 item 3): the
// session token is checked by signature alone and would keep working for its hour. A logout writes a
// revocation naming that one session (the remember-me token id the session token carries as `sid`); rows
// without a session_id still revoke every session of the user (logout everywhere, reset, deletion).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE session_revocations ADD COLUMN session_id text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE session_revocations DROP COLUMN session_id`.execute(db);
}

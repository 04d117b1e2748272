// Why: accounts and sessions (issue 9, seed 001 §3/§4): users with their consents, remember-me tokens
// stored only as hashes so a database leak cannot log anyone in, one-time codes and the single-use
// tokens of e-mail verification and password reset, and the local mail outbox used when no SMTP is set.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE users (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email text NOT NULL,
    display_name text NOT NULL,
    password_hash text,
    phone text,
    email_verified_at timestamptz,
    last_privacy_acceptance_at timestamptz,
    trusted_identity boolean NOT NULL DEFAULT false,
    login_type text NOT NULL DEFAULT 'email',
    tokens_valid_after timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    last_login_at timestamptz
  )`.execute(db);
  // E-mail addresses are compared case-insensitively: one account per mailbox.
  await sql`CREATE UNIQUE INDEX users_email ON users (lower(email))`.execute(db);
  await sql`CREATE TABLE user_consents (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind text NOT NULL,
    given boolean NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, kind)
  )`.execute(db);
  await sql`CREATE TABLE user_identities (
    provider text NOT NULL,
    subject text NOT NULL,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, subject)
  )`.execute(db);
  await sql`CREATE TABLE remember_tokens (
    id text PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    secret_hash text NOT NULL,
    issued_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    replaced_by text
  )`.execute(db);
  await sql`CREATE INDEX remember_tokens_user ON remember_tokens (user_id)`.execute(db);
  // purpose: login (one-time code), verify-email, reset-password. Only a keyed hash is stored.
  await sql`CREATE TABLE one_time_secrets (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose text NOT NULL,
    secret_hash text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX one_time_secrets_user ON one_time_secrets (user_id, purpose)`.execute(db);
  await sql`CREATE UNIQUE INDEX one_time_secrets_hash ON one_time_secrets (secret_hash)`.execute(db);
  await sql`CREATE TABLE mail_outbox (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    recipient text NOT NULL,
    subject text NOT NULL,
    text_body text NOT NULL,
    html_body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["mail_outbox", "one_time_secrets", "remember_tokens", "user_identities", "user_consents", "users"]) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
}

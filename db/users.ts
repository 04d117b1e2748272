/** Users and their consents: plain objects out, no Kysely types beyond this folder. */
import { sql, type Kysely } from "kysely";
import type { Database, Row, SelectedColumns } from "./schema.ts";
import { recordSessionRevocation } from "./sessions.ts";

const userColumns = [
  "id",
  "email",
  "displayName",
  "passwordHash",
  "phone",
  "emailVerifiedAt",
  "lastPrivacyAcceptanceAt",
  "publisherId",
  "trustedIdentity",
  "loginType",
  "tokensValidAfter",
  "createdAt",
  "lastLoginAt",
] as const;

export type UserRecord = Pick<Row<"users">, SelectedColumns<typeof userColumns>>;

/** The user with this e-mail (case-insensitive), or null. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom("users")
    .select(userColumns)
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return row ?? null;
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRecord | null> {
  const row = await db.selectFrom("users").select(userColumns).where("id", "=", id).executeTakeFirst();
  return row ?? null;
}

export interface NewUser {
  email: string;
  displayName: string;
  passwordHash: string | null;
  consents: Record<string, boolean>;
  loginType?: string;
  emailVerified?: boolean;
  now: Date;
}

/** Creates the user with its consents; null when the e-mail is taken (no exception, no partial row). */
export async function createUser(db: Kysely<Database>, user: NewUser): Promise<UserRecord | null> {
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("users")
      .select("id")
      .where(sql<string>`lower(email)`, "=", user.email.toLowerCase())
      .executeTakeFirst();
    if (taken) return null;
    const row = await trx
      .insertInto("users")
      .values({
        email: user.email,
        displayName: user.displayName,
        passwordHash: user.passwordHash,
        loginType: user.loginType ?? "email",
        emailVerifiedAt: user.emailVerified ? user.now : null,
        lastPrivacyAcceptanceAt: user.consents.privacy ? user.now : null,
        tokensValidAfter: user.now,
        createdAt: user.now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning(userColumns)
      .executeTakeFirst();
    if (!row) return null;
    const kinds = Object.entries(user.consents);
    if (kinds.length) {
      await trx
        .insertInto("userConsents")
        .values(kinds.map(([kind, given]) => ({ userId: row.id, kind, given, recordedAt: user.now })))
        .execute();
    }
    return row;
  });
}

export async function findConsents(db: Kysely<Database>, userId: number): Promise<Record<string, boolean>> {
  const rows = await db.selectFrom("userConsents").select(["kind", "given"]).where("userId", "=", userId).execute();
  return Object.fromEntries(rows.map((r) => [r.kind, r.given]));
}

/** Records consents (upsert per kind); a given privacy consent also moves the last acceptance date. */
export async function recordConsents(db: Kysely<Database>, userId: number, consents: Record<string, boolean>, now: Date): Promise<void> {
  const kinds = Object.entries(consents);
  if (!kinds.length) return;
  await db
    .insertInto("userConsents")
    .values(kinds.map(([kind, given]) => ({ userId, kind, given, recordedAt: now })))
    .onConflict((oc) => oc.columns(["userId", "kind"]).doUpdateSet({ given: (eb) => eb.ref("excluded.given"), recordedAt: now }))
    .execute();
  if (consents.privacy) await db.updateTable("users").set({ lastPrivacyAcceptanceAt: now }).where("id", "=", userId).execute();
}

export async function markEmailVerified(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await db.updateTable("users").set({ emailVerifiedAt: now }).where("id", "=", userId).where("emailVerifiedAt", "is", null).execute();
}

/**
 * The owner of the address proved it (a one-time code, a verified social e-mail, the verification link's
 * 'not me') on an account nobody had verified: whoever registered the address may not be its owner, so the
 * account becomes verified and the password and every session made before are dropped, in one transaction.
 * Session tokens issued up to `sessionsBefore` stop counting. False when it was verified already (no change).
 */
export async function claimUnverifiedAccount(db: Kysely<Database>, userId: number, now: Date, sessionsBefore: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("users")
      .set({ emailVerifiedAt: now, passwordHash: null, tokensValidAfter: sessionsBefore })
      .where("id", "=", userId)
      .where("emailVerifiedAt", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await trx.updateTable("rememberTokens").set({ revokedAt: now }).where("userId", "=", userId).where("revokedAt", "is", null).execute();
    await recordSessionRevocation(trx, userId, sessionsBefore);
    return true;
  });
}

export async function recordLogin(db: Kysely<Database>, userId: number, loginType: string, now: Date): Promise<void> {
  await db.updateTable("users").set({ lastLoginAt: now, loginType }).where("id", "=", userId).execute();
}

/**
 * New password; every session token issued before `now` stops counting and every remember-me token
 * is revoked, in one transaction (a reset logs out everywhere).
 */
export async function setPasswordAndRevokeSessions(db: Kysely<Database>, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ passwordHash, tokensValidAfter: now }).where("id", "=", userId).execute();
    await trx.updateTable("rememberTokens").set({ revokedAt: now }).where("userId", "=", userId).where("revokedAt", "is", null).execute();
    await recordSessionRevocation(trx, userId, now);
  });
}

/** Deletes the user; consents, identities, tokens and codes go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Kysely<Database>, userId: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("users").where("id", "=", userId).executeTakeFirst();
    await recordSessionRevocation(trx, userId, now);
    return Number(result.numDeletedRows) > 0;
  });
}

/** The user a social identity (provider, subject) is linked to, or null. */
export async function findUserByIdentity(db: Kysely<Database>, provider: string, subject: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom("userIdentities")
    .innerJoin("users", "users.id", "userIdentities.userId")
    .select(userColumns.map((c) => `users.${c}` as const))
    .where("userIdentities.provider", "=", provider)
    .where("userIdentities.subject", "=", subject)
    .executeTakeFirst();
  return row ?? null;
}

export async function linkIdentity(db: Kysely<Database>, provider: string, subject: string, userId: number, now: Date): Promise<void> {
  await db
    .insertInto("userIdentities")
    .values({ provider, subject, userId, createdAt: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Sets the display name and a first password (registrationsilently). */
export async function setProfile(db: Kysely<Database>, userId: number, displayName: string, passwordHash: string): Promise<void> {
  await db.updateTable("users").set({ displayName, passwordHash }).where("id", "=", userId).execute();
}

/** The demo login of a demo agency (README): its inbox of leads and phone calls. */
export function demoPublisherEmail(publisherId: number): string {
  return `agenzia${publisherId}@casa.example`;
}

/** Agencies of the loaded data that have no account yet (demo accounts are made for them). */
export async function countAgenciesWithoutAccount(db: Kysely<Database>): Promise<number> {
  const row = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM publishers p WHERE p.kind = 'agency'
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.publisher_id = p.id)`.execute(db);
  return row.rows[0]?.n ?? 0;
}

/**
 * Gives every agency without one a verified account `agenzia{id}@casa.example` with the same password hash
 * (one Argon2 hash for all: these are demo credentials printed in the README), in one statement.
 */
export async function createDemoPublisherAccounts(db: Kysely<Database>, passwordHash: string, now: Date): Promise<number> {
  const result = await sql`
    INSERT INTO users (email, display_name, password_hash, email_verified_at, last_privacy_acceptance_at, tokens_valid_after, created_at, publisher_id)
    SELECT 'agenzia' || p.id || '@casa.example', p.name, ${passwordHash}, ${now}, ${now}, ${now}, ${now}, p.id
    FROM publishers p
    WHERE p.kind = 'agency'
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.publisher_id = p.id)
      AND NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = 'agenzia' || p.id || '@casa.example')
    -- Processes starting together on a fresh database (a primary and its replicas' nodes) insert the same rows.
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

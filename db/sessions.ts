/**
 * Remember-me tokens and single-use secrets. Only hashes are stored: the caller hashes (keyed) what
 * the browser or the mail holds, so the table alone lets nobody in.
 */
import type { Kysely } from "kysely";
import type { Database, Row, SelectedColumns } from "./schema.ts";

export type RememberTokenRecord = Row<"rememberTokens">;

export async function insertRememberToken(
  db: Kysely<Database>,
  token: Omit<RememberTokenRecord, "revokedAt" | "replacedBy">,
): Promise<void> {
  await db.insertInto("rememberTokens").values(token).execute();
}

export async function findRememberToken(db: Kysely<Database>, id: string): Promise<RememberTokenRecord | null> {
  const row = await db
    .selectFrom("rememberTokens")
    .select(["id", "userId", "secretHash", "issuedAt", "expiresAt", "revokedAt", "replacedBy"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Rotation: revokes `oldId` and stores its successor, only if `oldId` was still live — two requests
 * racing with the same token cannot both rotate it. Returns false when it was not live.
 */
export async function rotateRememberToken(
  db: Kysely<Database>,
  oldId: string,
  next: Omit<RememberTokenRecord, "revokedAt" | "replacedBy">,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable("rememberTokens")
      .set({ revokedAt: now, replacedBy: next.id })
      .where("id", "=", oldId)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) !== 1) return false;
    await trx.insertInto("rememberTokens").values(next).execute();
    return true;
  });
}

export async function revokeRememberToken(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db.updateTable("rememberTokens").set({ revokedAt: now }).where("id", "=", id).where("revokedAt", "is", null).execute();
}

/** Logout everywhere: every live remember-me token of the user, and session tokens issued before now. */
export async function revokeAllSessions(db: Kysely<Database>, userId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("rememberTokens").set({ revokedAt: now }).where("userId", "=", userId).where("revokedAt", "is", null).execute();
    await trx.updateTable("users").set({ tokensValidAfter: now }).where("id", "=", userId).execute();
    await recordSessionRevocation(trx, userId, now);
  });
}

/**
 * Tells every process that the user's session tokens issued up to `now` no longer count; with `sessionId`,
 * only the tokens of that one session (a logout), whenever they were issued.
 */
export async function recordSessionRevocation(db: Kysely<Database>, userId: number, now: Date, sessionId?: string): Promise<void> {
  await db
    .insertInto("sessionRevocations")
    .values({ userId, revokedAt: now, sessionId: sessionId ?? null })
    .execute();
}

/** Revocations at or after `since`, oldest first (a process re-reads a window, so late commits are seen). */
export async function sessionRevocationsSince(
  db: Kysely<Database>,
  since: Date,
): Promise<Array<{ userId: number; revokedAt: Date; sessionId: string | null }>> {
  return db
    .selectFrom("sessionRevocations")
    .select(["userId", "revokedAt", "sessionId"])
    .where("revokedAt", ">=", since)
    .orderBy("revokedAt")
    .execute();
}

export async function pruneSessionRevocations(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom("sessionRevocations").where("revokedAt", "<", before).execute();
}

export type SecretPurpose = "login-code" | "verify-email" | "reset-password";

const secretColumns = ["id", "userId", "purpose", "secretHash", "expiresAt", "usedAt", "attempts"] as const;

export type OneTimeSecretRecord = Pick<Row<"oneTimeSecrets">, SelectedColumns<typeof secretColumns>>;

/** A new secret replaces the user's earlier unused ones of the same purpose (only the latest works). */
export async function issueOneTimeSecret(
  db: Kysely<Database>,
  secret: { userId: number; purpose: SecretPurpose; secretHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("oneTimeSecrets")
      .set({ usedAt: now })
      .where("userId", "=", secret.userId)
      .where("purpose", "=", secret.purpose)
      .where("usedAt", "is", null)
      .execute();
    await trx
      .insertInto("oneTimeSecrets")
      .values({ ...secret, createdAt: now })
      .execute();
  });
}

/** The user's latest unused secret of a purpose (for codes, compared by the caller in constant time). */
export async function findLatestSecret(db: Kysely<Database>, userId: number, purpose: SecretPurpose): Promise<OneTimeSecretRecord | null> {
  const row = await db
    .selectFrom("oneTimeSecrets")
    .select(secretColumns)
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ?? null;
}

/** A link token is looked up by its hash (the hash is unique and 256 bits of the token stay secret). */
export async function findSecretByHash(
  db: Kysely<Database>,
  secretHash: string,
  purpose: SecretPurpose,
): Promise<OneTimeSecretRecord | null> {
  const row = await db
    .selectFrom("oneTimeSecrets")
    .select(secretColumns)
    .where("secretHash", "=", secretHash)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  return row ?? null;
}

/** Marks a secret used; false when someone used it first (single use under concurrency). */
export async function consumeSecret(db: Kysely<Database>, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("oneTimeSecrets")
    .set({ usedAt: now })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Counts a wrong guess; the secret is burnt once it reaches `max`. */
export async function countFailedAttempt(db: Kysely<Database>, id: number, max: number, now: Date): Promise<void> {
  await db
    .updateTable("oneTimeSecrets")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .execute();
  await db
    .updateTable("oneTimeSecrets")
    .set({ usedAt: now })
    .where("id", "=", id)
    .where("attempts", ">=", max)
    .where("usedAt", "is", null)
    .execute();
}

const outboxColumns = ["id", "recipient", "subject", "textBody", "htmlBody", "createdAt"] as const;

export type OutboxMail = Pick<Row<"mailOutbox">, SelectedColumns<typeof outboxColumns>>;

export async function storeOutboxMail(
  db: Kysely<Database>,
  mail: Omit<OutboxMail, "id" | "createdAt"> & { replyTo?: string | null },
): Promise<void> {
  await db.insertInto("mailOutbox").values(mail).execute();
}

export async function listOutboxMail(db: Kysely<Database>, limit = 50): Promise<OutboxMail[]> {
  return db.selectFrom("mailOutbox").select(outboxColumns).orderBy("id", "desc").limit(limit).execute();
}

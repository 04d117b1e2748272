/**
 * Feed sources (docs/decisions/135): the address each publisher's feed is pulled from. Every process's puller
 * claims due sources with a lease (FOR UPDATE SKIP LOCKED), so a source is pulled by one process at a time.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.ts";

export interface FeedSource {
  publisherId: number;
  url: string;
  format: "xml" | "jsonl";
  intervalMinutes: number;
  nextPullAt: Date;
  lastPullAt: Date | null;
  lastStatus: "done" | "failed" | null;
  lastError: string | null;
  lastImportId: number | null;
}

const columns = [
  "publisherId",
  "url",
  "format",
  "intervalMinutes",
  "nextPullAt",
  "lastPullAt",
  "lastStatus",
  "lastError",
  "lastImportId",
] as const;

function present(row: {
  publisherId: number | string;
  url: string;
  format: "xml" | "jsonl";
  intervalMinutes: number;
  nextPullAt: Date | string;
  lastPullAt: Date | string | null;
  lastStatus: "done" | "failed" | null;
  lastError: string | null;
  lastImportId: number | string | null;
}): FeedSource {
  return {
    ...row,
    publisherId: Number(row.publisherId),
    nextPullAt: new Date(row.nextPullAt),
    lastPullAt: row.lastPullAt === null ? null : new Date(row.lastPullAt),
    lastImportId: row.lastImportId === null ? null : Number(row.lastImportId),
  };
}

export async function getFeedSource(db: Kysely<Database>, publisherId: number): Promise<FeedSource | null> {
  const row = await db.selectFrom("feedSources").select(columns).where("publisherId", "=", publisherId).executeTakeFirst();
  return row ? present(row) : null;
}

/** Sets (or replaces) the publisher's source; the first pull is due at once. */
export async function setFeedSource(
  db: Kysely<Database>,
  publisherId: number,
  source: { url: string; format: "xml" | "jsonl"; intervalMinutes: number },
  now: Date,
): Promise<FeedSource> {
  const row = await db
    .insertInto("feedSources")
    .values({ publisherId, ...source, nextPullAt: now, createdAt: now })
    .onConflict((oc) =>
      oc.column("publisherId").doUpdateSet({
        url: source.url,
        format: source.format,
        intervalMinutes: source.intervalMinutes,
        nextPullAt: now,
      }),
    )
    .returning(columns)
    .executeTakeFirstOrThrow();
  return present(row);
}

export async function deleteFeedSource(db: Kysely<Database>, publisherId: number): Promise<boolean> {
  const result = await db.deleteFrom("feedSources").where("publisherId", "=", publisherId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Up to `limit` sources due at `now` and not held by another process, each held for `leaseMs`. */
export async function claimDueFeedSources(db: Kysely<Database>, now: Date, leaseMs: number, limit: number): Promise<FeedSource[]> {
  const { rows } = await sql<Parameters<typeof present>[0]>`
    UPDATE feed_sources SET claimed_until = ${new Date(now.getTime() + leaseMs)}
    WHERE publisher_id IN (
      SELECT publisher_id FROM feed_sources
      WHERE next_pull_at <= ${now} AND (claimed_until IS NULL OR claimed_until < ${now})
      ORDER BY next_pull_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING publisher_id, url, format, interval_minutes, next_pull_at, last_pull_at, last_status, last_error, last_import_id`.execute(db);
  return rows.map(present);
}

/**
 * Records a pull and sets the next one an interval later, and lets the source go. The record only while the
 * source is still the one pulled (its address may have been changed meanwhile: the new address stays due).
 */
export async function finishFeedPull(
  db: Kysely<Database>,
  pulled: FeedSource,
  outcome: { status: "done" | "failed"; error: string | null; importId: number | null },
  now: Date,
): Promise<void> {
  await db
    .updateTable("feedSources")
    .set({
      claimedUntil: null,
      lastPullAt: now,
      lastStatus: outcome.status,
      lastError: outcome.error,
      lastImportId: outcome.importId,
      nextPullAt: new Date(now.getTime() + pulled.intervalMinutes * 60_000),
    })
    .where("publisherId", "=", pulled.publisherId)
    .where("url", "=", pulled.url)
    .execute();
  await db.updateTable("feedSources").set({ claimedUntil: null }).where("publisherId", "=", pulled.publisherId).execute();
}

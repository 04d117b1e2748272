/**
 * Following listing changes made by any process (docs/decisions/050-following-listing-changes.md).
 *
 * Triggers on `listings` append the id of every inserted, updated or deleted listing to
 * `listing_changes`, with a sequence number and the writing transaction's id, and NOTIFY
 * `listing_changes` on commit. Each process reads the log from where it last stopped, re-reads those
 * listings and updates its in-memory copies: the listing facts row by row, the cached totals and the
 * place counts by forgetting them. NOTIFY only wakes it early; a poll (1 s) is the fallback.
 *
 * Why a transaction id as well as a sequence: numbers are taken when a row is written but become
 * visible at commit, so a reader can see 11 before 10 commits. Every invisible number at or below the
 * highest seen belongs to a transaction that was still running when the reader looked: one its
 * snapshot lists as running, or one at or above the snapshot's xmax (which is the latest completed
 * transaction + 1, not the next id to be assigned: a running transaction can lie above it). The reader
 * keeps both and asks again for those transactions' rows by id. Nothing is missed and nothing waits.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.ts";

export const LISTING_CHANGES_CHANNEL = "listing_changes";

/** Where a reader stands in the log: the highest number seen, and transactions that may still add rows below it. */
export interface ChangePosition {
  seq: number;
  /** Transaction ids (xid8, as text) running when the log was last read… */
  running: string[];
  /** …and the snapshot's xmax: transactions from it on were invisible too. */
  xmax: string;
}

export interface ChangeBatch {
  /** Listings changed since the position (each once). */
  ids: number[];
  /** True when a bulk load replaced the listings, or more changed than is worth applying one by one. */
  reset: boolean;
  next: ChangePosition;
}

/** "xmin:xmax:xip,xip" → the transactions whose rows the snapshot could not see yet. */
function invisibleOf(snapshot: string): { running: string[]; xmax: string } {
  const [, xmax = "0", xip = ""] = snapshot.split(":");
  return { running: xip === "" ? [] : xip.split(","), xmax };
}

/**
 * A change log written by triggers as `listing_changes` is: `seq`, the changed row's id in `idColumn` (NULL: everything
 * changed), `xid`. The saved searches' log (`saved_search_changes`, docs/decisions/137) is read by the same code.
 */
export interface ChangeLog {
  table: "listing_changes" | "saved_search_changes";
  idColumn: "listing_id" | "saved_search_id";
}
const LISTINGS_LOG: ChangeLog = { table: "listing_changes", idColumn: "listing_id" };

/** The end of the log now: a follower starting here sees every change committed after this call. */
export async function currentChangePosition(db: Kysely<Database>, log: ChangeLog = LISTINGS_LOG): Promise<ChangePosition> {
  const { rows } = await sql<{ snapshot: string; seq: number | null }>`
    SELECT pg_current_snapshot()::text AS snapshot, (SELECT max(seq) FROM ${sql.table(log.table)}) AS seq`.execute(db);
  const row = rows[0]!;
  return { seq: Number(row.seq ?? 0), ...invisibleOf(row.snapshot) };
}

/**
 * The listings changed after `position`, in one statement so the rows and the snapshot's running
 * transactions agree. More than `limit` changes come back as a reset (reloading is then cheaper).
 */
export function readListingChanges(db: Kysely<Database>, position: ChangePosition, limit = 20_000): Promise<ChangeBatch> {
  return readChanges(db, LISTINGS_LOG, position, limit);
}

/** The rows of `log` changed after `position` (see readListingChanges). */
export async function readChanges(db: Kysely<Database>, log: ChangeLog, position: ChangePosition, limit = 20_000): Promise<ChangeBatch> {
  const table = sql.table(log.table);
  const id = sql.ref(log.idColumn);
  const { rows } = await sql<{ snapshot: string; changes: Array<[number, number | null]> }>`
    SELECT pg_current_snapshot()::text AS snapshot,
      (SELECT coalesce(json_agg(json_build_array(seq, id)), '[]'::json) FROM (
        -- Three index scans: one OR'd condition under ORDER BY seq LIMIT walks the log from its start.
        SELECT seq, ${id} AS id FROM ${table} WHERE seq > ${position.seq}
        UNION SELECT seq, ${id} FROM ${table} WHERE xid = ANY(${`{${position.running.join(",")}}`}::xid8[])
        UNION SELECT seq, ${id} FROM ${table} WHERE xid >= ${position.xmax}::xid8
        ORDER BY seq LIMIT ${limit + 1}) c) AS changes`.execute(db);
  const { snapshot, changes } = rows[0]!;
  let seq = position.seq;
  let reset = changes.length > limit;
  const ids = new Set<number>();
  for (const [s, id] of changes) {
    if (s > seq) seq = s;
    if (id === null) reset = true;
    else ids.add(Number(id));
  }
  if (reset && changes.length > limit) {
    // Skip to the end: the reload that follows reads everything.
    return { ids: [], reset, next: await currentChangePosition(db, log) };
  }
  return { ids: [...ids], reset, next: { seq, ...invisibleOf(snapshot) } };
}

/**
 * Drops log rows older than `keepMs`; a follower that has not read the log for half that long reloads
 * instead of trusting it (ListingChangeFollower).
 */
export async function pruneListingChanges(db: Kysely<Database>, keepMs: number, log: ChangeLog = LISTINGS_LOG): Promise<number> {
  const result =
    await sql`DELETE FROM ${sql.table(log.table)} WHERE changed_at < clock_timestamp() - make_interval(secs => ${keepMs / 1000})`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * For bulk loads inside their transaction: stop recording each listing (a million log rows would
 * only be read to be discarded) and leave one reset row at the end, which makes followers reload.
 */
export async function suspendListingChanges(trx: Kysely<Database>): Promise<void> {
  for (const t of ["listings_record_inserts", "listings_record_updates", "listings_record_deletes"]) {
    await sql.raw(`ALTER TABLE listings DISABLE TRIGGER ${t}`).execute(trx);
  }
}

/** Ends `suspendListingChanges`: the log now says only "everything changed". */
export async function resumeListingChangesWithReset(trx: Kysely<Database>): Promise<void> {
  for (const t of ["listings_record_inserts", "listings_record_updates", "listings_record_deletes"]) {
    await sql.raw(`ALTER TABLE listings ENABLE TRIGGER ${t}`).execute(trx);
  }
  await sql`DELETE FROM listing_changes`.execute(trx);
  await sql`INSERT INTO listing_changes (listing_id) VALUES (NULL)`.execute(trx);
  await sql`SELECT pg_notify(${LISTING_CHANGES_CHANNEL}, '')`.execute(trx);
}

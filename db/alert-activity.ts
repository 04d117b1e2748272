/**
 * What alerts sent, for their owner (issue 23 item 7, docs/decisions/093, 117): per saved search the last
 * alerted listings and how many are new since the owner last saw the search's results; the results page
 * marks those, and once it has shown them it POSTs that they were seen (`markAlertsSeen`): no GET writes.
 * Only deliveries that reached the person count (decision 130: sent, not given up, not bounced). Every
 * query is scoped to the user.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * An alert that reached its owner (docs/decisions/130): its mail (immediate, or the digest that carried it) was
 * accepted by the mail server and neither given up nor bounced later; or its push (one of its own, or the daily
 * push that carried it) was accepted by a push service for at least one device. A mail still waiting in the queue,
 * a mail given up (a refused or stopped address) and a push given up or never sent did not reach anyone: what
 * MyCasa counts and the results page marks is what was sent.
 */
const SENT = sql.raw(`(
  (d.channel = 'mail' AND EXISTS (
    SELECT 1 FROM mail_queue q
    WHERE q.id = d.mail_id AND q.sent_at IS NOT NULL AND q.given_up_at IS NULL AND q.bounced_at IS NULL))
  OR (d.channel = 'push' AND EXISTS (
    SELECT 1 FROM push_messages p WHERE p.delivery_id = coalesce(d.digest_delivery_id, d.id) AND p.sent_at IS NOT NULL)))`);

export interface AlertActivity {
  newCount: number;
  last: Array<{ listingId: number; title: string; at: Date }>;
}

export async function alertActivity(
  db: Kysely<Database>,
  userId: number,
  searchIds: readonly number[],
  lastN = 3,
): Promise<Map<number, AlertActivity>> {
  const out = new Map<number, AlertActivity>();
  if (searchIds.length === 0) return out;
  for (const id of searchIds) out.set(id, { newCount: 0, last: [] });
  const counts = await sql<{ id: string | number; n: string | number }>`
    SELECT s.id, count(DISTINCT d.listing_id) AS n
    FROM saved_searches s JOIN alert_deliveries d ON d.saved_search_id = s.id
    WHERE s.user_id = ${userId} AND s.id = ANY(${[...searchIds]}::bigint[]) AND ${SENT}
      AND d.created_at > coalesce(s.alerts_seen_at, '-infinity'::timestamptz)
    GROUP BY s.id`.execute(db);
  for (const r of counts.rows) out.get(Number(r.id))!.newCount = Number(r.n);
  const last = await sql<{ id: string | number; listingId: string | number; title: string; at: Date | string }>`
    SELECT x.saved_search_id AS id, x.listing_id AS "listingId", l.title, x.created_at AS at FROM (
      SELECT d.saved_search_id, d.listing_id, d.created_at,
             row_number() OVER (PARTITION BY d.saved_search_id ORDER BY d.created_at DESC, d.id DESC) AS k
      FROM alert_deliveries d JOIN saved_searches s ON s.id = d.saved_search_id
      WHERE s.user_id = ${userId} AND s.id = ANY(${[...searchIds]}::bigint[]) AND ${SENT}
    ) x JOIN listings l ON l.id = x.listing_id
    WHERE x.k <= ${lastN}
    ORDER BY x.saved_search_id, x.created_at DESC`.execute(db);
  for (const r of last.rows) out.get(Number(r.id))!.last.push({ listingId: Number(r.listingId), title: r.title, at: new Date(r.at) });
  return out;
}

/** What a results page marks for its owner: the listings alerted since the last visit, and the newest alert's time. */
export interface NewAlerts {
  listingIds: number[];
  /** The newest of those alerts' times (microseconds kept, ISO with Z): what marking them seen moves the mark to. */
  until: string | null;
}

/**
 * The listings the user's search alerted since they last marked its alerts seen (read only: a page load never
 * writes, docs/decisions/117). Another user's search id reads as nothing.
 */
export async function newAlertListings(db: Kysely<Database>, userId: number, savedSearchId: number): Promise<NewAlerts> {
  const rows = await sql<{ listingId: string | number; until: string }>`
    SELECT d.listing_id AS "listingId",
           to_char(max(d.created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS until
    FROM alert_deliveries d JOIN saved_searches s ON s.id = d.saved_search_id
    WHERE s.id = ${savedSearchId} AND s.user_id = ${userId} AND ${SENT}
      AND d.created_at > coalesce(s.alerts_seen_at, '-infinity'::timestamptz)
    GROUP BY d.listing_id
    ORDER BY d.listing_id`.execute(db);
  const until = rows.rows.reduce<string | null>((max, r) => (max === null || r.until > max ? r.until : max), null);
  return { listingIds: rows.rows.map((r) => Number(r.listingId)), until };
}

/**
 * The owner saw their search's alerts up to `until` (the page that showed them says so after rendering): the mark
 * only moves forward, so an older page cannot bring back alerts already seen, and alerts that arrived after the
 * page was made stay new. Returns whether the search is the user's.
 */
export async function markAlertsSeen(db: Kysely<Database>, userId: number, savedSearchId: number, until: string): Promise<boolean> {
  const r = await sql`
    UPDATE saved_searches SET alerts_seen_at = greatest(coalesce(alerts_seen_at, '-infinity'::timestamptz), ${until}::timestamptz)
    WHERE id = ${savedSearchId} AND user_id = ${userId}`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/**
 * What alerts sent, for their owner (issue 23 item 7, docs/decisions/093): per saved search the last
 * alerted listings and how many are new since the owner last opened the search's results; the results
 * page marks those and moves the mark. Only deliveries that went to a mail (immediate, or in a sent
 * digest) count. Every query is scoped to the user.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.ts";

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
    WHERE s.user_id = ${userId} AND s.id = ANY(${[...searchIds]}::bigint[]) AND d.mail_id IS NOT NULL
      AND d.created_at > coalesce(s.alerts_seen_at, '-infinity'::timestamptz)
    GROUP BY s.id`.execute(db);
  for (const r of counts.rows) out.get(Number(r.id))!.newCount = Number(r.n);
  const last = await sql<{ id: string | number; listingId: string | number; title: string; at: Date | string }>`
    SELECT x.saved_search_id AS id, x.listing_id AS "listingId", l.title, x.created_at AS at FROM (
      SELECT d.saved_search_id, d.listing_id, d.created_at,
             row_number() OVER (PARTITION BY d.saved_search_id ORDER BY d.created_at DESC, d.id DESC) AS k
      FROM alert_deliveries d JOIN saved_searches s ON s.id = d.saved_search_id
      WHERE s.user_id = ${userId} AND s.id = ANY(${[...searchIds]}::bigint[]) AND d.mail_id IS NOT NULL
    ) x JOIN listings l ON l.id = x.listing_id
    WHERE x.k <= ${lastN}
    ORDER BY x.saved_search_id, x.created_at DESC`.execute(db);
  for (const r of last.rows) out.get(Number(r.id))!.last.push({ listingId: Number(r.listingId), title: r.title, at: new Date(r.at) });
  return out;
}

/**
 * The listings alerted for the user's search since they last opened its results; when there are any, the
 * mark moves to `now` (a page view with nothing new writes nothing; `move: false` only reads).
 */
export async function takeNewAlertListings(
  db: Kysely<Database>,
  userId: number,
  savedSearchId: number,
  now: Date,
  options: { move: boolean } = { move: true },
): Promise<number[]> {
  const seen = await db
    .selectFrom("savedSearches")
    .select("alertsSeenAt")
    .where("id", "=", savedSearchId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!seen) return [];
  const rows = await db
    .selectFrom("alertDeliveries")
    .select("listingId")
    .distinct()
    .where("savedSearchId", "=", savedSearchId)
    .where("mailId", "is not", null)
    .$if(seen.alertsSeenAt !== null, (q) => q.where("createdAt", ">", seen.alertsSeenAt!))
    .execute();
  if (rows.length > 0 && options.move) {
    await db.updateTable("savedSearches").set({ alertsSeenAt: now }).where("id", "=", savedSearchId).where("userId", "=", userId).execute();
  }
  return rows.map((r) => Number(r.listingId));
}

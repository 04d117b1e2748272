/**
 * Saved searches and their alerts (seed 001 §3): plain records out. Every query is scoped to a user id:
 * a saved search is found, changed or deleted only through its owner.
 */
import { sql, type Kysely } from "kysely";
import type { AlertChannel, AlertFrequency, Notifications, SearchAlert } from "../core/search/saved-search.ts";
import { alertIndexOfStored, writeAlertIndex } from "./alert-index.ts";
import type { Database, Row, SelectedColumns } from "./schema.ts";

const searchColumns = ["id", "hash", "serialized", "activeSort", "title", "provinceId", "domain", "createdAt", "updatedAt"] as const;

export type SavedSearchRecord = Pick<Row<"savedSearches">, SelectedColumns<typeof searchColumns>> & { alerts: SearchAlert[] };

/** The search part of a saved search, as the app derives it from the search-state module. */
export type StoredSearch = Pick<Row<"savedSearches">, "hash" | "serialized" | "activeSort" | "provinceId" | "domain">;

async function withAlerts(db: Kysely<Database>, rows: Array<Omit<SavedSearchRecord, "alerts">>): Promise<SavedSearchRecord[]> {
  if (rows.length === 0) return [];
  const alerts = await db
    .selectFrom("savedSearchAlerts")
    .select(["id", "savedSearchId", "channel", "frequency"])
    .where(
      "savedSearchId",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("channel")
    .execute();
  const bySearch = new Map<number, SearchAlert[]>();
  for (const a of alerts) {
    const list = bySearch.get(a.savedSearchId) ?? [];
    list.push({ alertType: a.channel, alertFrequency: a.frequency, searchAlertId: a.id });
    bySearch.set(a.savedSearchId, list);
  }
  return rows.map((r) => ({ ...r, alerts: bySearch.get(r.id) ?? [] }));
}

/** The user's saved searches, newest first. */
export async function listSavedSearches(db: Kysely<Database>, userId: number): Promise<SavedSearchRecord[]> {
  const rows = await db
    .selectFrom("savedSearches")
    .select(searchColumns)
    .where("userId", "=", userId)
    .orderBy("updatedAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return withAlerts(db, rows);
}

/** One of the user's saved searches by id; null when it does not exist or belongs to someone else. */
export async function findSavedSearch(db: Kysely<Database>, userId: number, id: number): Promise<SavedSearchRecord | null> {
  const row = await db
    .selectFrom("savedSearches")
    .select(searchColumns)
    .where("userId", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? (await withAlerts(db, [row]))[0]! : null;
}

/** The user's saved search with this hash (the §4 saved-search check), or null. */
export async function findSavedSearchByHash(db: Kysely<Database>, userId: number, hash: string): Promise<SavedSearchRecord | null> {
  const row = await db
    .selectFrom("savedSearches")
    .select(searchColumns)
    .where("userId", "=", userId)
    .where("hash", "=", hash)
    .executeTakeFirst();
  return row ? (await withAlerts(db, [row]))[0]! : null;
}

export async function countSavedSearches(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("savedSearches")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Stops the deliveries of these searches' alerts on a channel that have not gone out (issue 23: a channel
 * switched to 'never' sends nothing more): their queued, unsent mails are dropped. The delivery rows stay,
 * so the same listing does not alert again if the channel is switched back on.
 */
export async function cancelPendingAlerts(db: Kysely<Database>, savedSearchIds: readonly number[], channel: AlertChannel): Promise<void> {
  if (savedSearchIds.length === 0) return;
  // Daily alerts waiting for their digest (mail, or push since decision 130): no longer due.
  await db
    .updateTable("alertDeliveries")
    .set({ digestAt: null })
    .where("savedSearchId", "in", [...savedSearchIds])
    .where("channel", "=", channel)
    .where("mailId", "is", null)
    .where("digestAt", "is not", null)
    .execute();
  if (channel !== "mail") return;
  await db
    .deleteFrom("mailQueue")
    .where("sentAt", "is", null)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("alertDeliveries")
        .select("mailId")
        .where("savedSearchId", "in", [...savedSearchIds])
        .where("channel", "=", "mail")
        .where("mailId", "is not", null)
        .$narrowType<{ mailId: number }>(),
    )
    .execute();
}

/** Sets each channel's frequency, keeping the alert's id when the channel already has one; a channel set to 'never' stops its pending deliveries. */
async function setAlerts(db: Kysely<Database>, savedSearchId: number, notifications: Notifications, now: Date): Promise<void> {
  const rows: Array<{ channel: AlertChannel; frequency: AlertFrequency }> = [
    { channel: "mail", frequency: notifications.emailFrequency },
    { channel: "push", frequency: notifications.pushFrequency },
  ];
  await db
    .insertInto("savedSearchAlerts")
    .values(rows.map((r) => ({ savedSearchId, channel: r.channel, frequency: r.frequency, updatedAt: now })))
    .onConflict((oc) =>
      oc.columns(["savedSearchId", "channel"]).doUpdateSet({ frequency: (eb) => eb.ref("excluded.frequency"), updatedAt: now }),
    )
    .execute();
  for (const r of rows) if (r.frequency === "never") await cancelPendingAlerts(db, [savedSearchId], r.channel);
}

/**
 * Saves a search for the user; the same search (same hash) saved again updates the existing record
 * (its title when one is given, its alerts when given) instead of adding a second one: one
 * INSERT … ON CONFLICT, so concurrent saves of the same search cannot make two rows.
 * A new search without alert settings gets `initialNotifications`. `limit` caps how many searches one user
 * keeps: over it, a new search is refused with `{ refused: true }` (a soft cap: two saves racing at the limit
 * may both pass; it bounds storage, it is not a quota to the row).
 */
export async function upsertSavedSearch(
  db: Kysely<Database>,
  input: {
    userId: number;
    search: StoredSearch;
    title: string | null;
    notifications: Notifications | null;
    initialNotifications: Notifications;
    /** The language of the page it is saved from (alerts speak it); unchanged when not given. */
    locale?: "it" | "en";
    now: Date;
    limit: number;
  },
): Promise<{ id: number; created: boolean } | { refused: true }> {
  // Read before the transaction: the place directory's first read must not wait on it (PGlite has one connection).
  const index = await alertIndexOfStored(db, input.search.serialized);
  return db.transaction().execute(async (trx) => {
    if ((await countSavedSearches(trx, input.userId)) >= input.limit) {
      const existing = await trx
        .selectFrom("savedSearches")
        .select("id")
        .where("userId", "=", input.userId)
        .where("hash", "=", input.search.hash)
        .executeTakeFirst();
      if (!existing) return { refused: true as const };
    }
    const row = await trx
      .insertInto("savedSearches")
      .values({
        userId: input.userId,
        ...input.search,
        title: input.title,
        createdAt: input.now,
        updatedAt: input.now,
        ...(input.locale ? { locale: input.locale } : {}),
      })
      .onConflict((oc) =>
        oc.constraint("saved_searches_user_hash").doUpdateSet({
          activeSort: (eb) => eb.ref("excluded.activeSort"),
          updatedAt: input.now,
          ...(input.locale ? { locale: input.locale } : {}),
          title: sql<string | null>`coalesce(excluded.title, saved_searches.title)`,
        }),
      )
      // xmax is 0 on a freshly inserted row version, not on one an ON CONFLICT update wrote.
      .returning(["id", sql<boolean>`(xmax = 0)`.as("created")])
      .executeTakeFirstOrThrow();
    const created = Boolean(row.created);
    if (input.notifications || created) await setAlerts(trx, row.id, input.notifications ?? input.initialNotifications, input.now);
    // The keys alerts find it by (docs/decisions/085); a search that no longer parses has none.
    await writeAlertIndex(trx, row.id, index ?? { frame: "", keys: [], bbox: null });
    return { id: row.id, created };
  });
}

/**
 * Changes one of the user's saved searches: title (null restores the default), alerts, and the search
 * itself when it was edited (new hash). Returns "missing" when the user has no such search, "duplicate"
 * when the edited search equals another one the user saved.
 */
export async function updateSavedSearch(
  db: Kysely<Database>,
  input: { userId: number; id: number; title?: string | null; notifications?: Notifications; search?: StoredSearch; now: Date },
): Promise<"updated" | "missing" | "duplicate"> {
  const index = input.search ? await alertIndexOfStored(db, input.search.serialized) : undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("savedSearches")
      .select("id")
      .where("userId", "=", input.userId)
      .where("id", "=", input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return "missing";
    if (input.search) {
      const other = await trx
        .selectFrom("savedSearches")
        .select("id")
        .where("userId", "=", input.userId)
        .where("hash", "=", input.search.hash)
        .where("id", "!=", input.id)
        .executeTakeFirst();
      if (other) return "duplicate";
    }
    await trx
      .updateTable("savedSearches")
      .set({ updatedAt: input.now, ...(input.title !== undefined ? { title: input.title } : {}), ...(input.search ?? {}) })
      .where("id", "=", input.id)
      .where("userId", "=", input.userId)
      .execute();
    if (input.notifications) await setAlerts(trx, input.id, input.notifications, input.now);
    if (index !== undefined) await writeAlertIndex(trx, input.id, index ?? { frame: "", keys: [], bbox: null });
    return "updated";
  });
}

/** Deletes the user's saved searches with these ids; returns how many were the user's and are gone. */
export async function deleteSavedSearches(db: Kysely<Database>, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom("savedSearches").where("userId", "=", userId).where("id", "in", ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * MyCasa records (issue 11 items 3–6): favourites with the price seen when saved, hidden listings,
 * saved addresses, commute points and search history. Every query is scoped to one user id: a row of
 * another user is never read, changed or deleted (it answers as "not found"). Plain objects out.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { ConflictError, NotFoundError } from "../core/errors.ts";
import { roundCoordinate, sameCommutePoint, type StoredCommutePoint } from "../core/mycasa/commute.ts";
import {
  MAX_ACCOUNT_FAVOURITES,
  MAX_ADDRESSES,
  MAX_COMMUTE_POINTS,
  MAX_HIDDEN_LISTINGS,
  MAX_HISTORY,
  mycasaMessages,
} from "../core/mycasa/records.ts";
import { listSavedSearches } from "./saved-searches.ts";
import type { Database, Row, SelectedColumns } from "./schema.ts";

type Db = Kysely<Database>;

/** Serialises one user's writes (limits are counted then inserted): a row lock on the user. */
async function lockUser(trx: Transaction<Database>, userId: number): Promise<void> {
  await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
}

// ---------------------------------------------------------------- favourites

export type FavouriteRecord = Pick<Row<"userFavourites">, "listingId" | "priceAtSave" | "savedAt">;

/** The user's favourites, newest first. */
export async function listFavourites(db: Db, userId: number, page?: { limit: number; offset: number }): Promise<FavouriteRecord[]> {
  let q = db
    .selectFrom("userFavourites")
    .select(["listingId", "priceAtSave", "savedAt"])
    .where("userId", "=", userId)
    .orderBy("savedAt", "desc")
    .orderBy("listingId", "desc");
  if (page) q = q.limit(page.limit).offset(page.offset);
  const rows = await q.execute();
  return rows.map((r) => ({ listingId: Number(r.listingId), priceAtSave: r.priceAtSave, savedAt: r.savedAt }));
}

export async function findFavourite(db: Db, userId: number, listingId: number): Promise<FavouriteRecord | null> {
  const r = await db
    .selectFrom("userFavourites")
    .select(["listingId", "priceAtSave", "savedAt"])
    .where("userId", "=", userId)
    .where("listingId", "=", listingId)
    .executeTakeFirst();
  return r ? { listingId: Number(r.listingId), priceAtSave: r.priceAtSave, savedAt: r.savedAt } : null;
}

export async function countFavourites(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom("userFavourites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Saves favourites (an id already saved keeps its first price and date). With `partial`, as many as
 * fit under the account's limit are saved and the rest returned; without, over the limit is a 409.
 */
export async function addFavourites(
  db: Db,
  userId: number,
  entries: ReadonlyArray<{ listingId: number; price: number | null }>,
  now: Date,
  options: { partial?: boolean } = {},
): Promise<{ added: number[]; notSaved: number[] }> {
  if (entries.length === 0) return { added: [], notSaved: [] };
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const ids = entries.map((e) => e.listingId);
    const existing = new Set(
      (await trx.selectFrom("userFavourites").select("listingId").where("userId", "=", userId).where("listingId", "in", ids).execute()).map(
        (r) => Number(r.listingId),
      ),
    );
    const fresh = entries.filter((e, i) => !existing.has(e.listingId) && ids.indexOf(e.listingId) === i);
    const room = MAX_ACCOUNT_FAVOURITES - (await countFavourites(trx, userId));
    if (fresh.length > room && !options.partial) throw new ConflictError(mycasaMessages.favouritesFull, "listingId");
    const saved = fresh.slice(0, Math.max(0, room));
    // Later entries are older: a merged list keeps its order (newest first) by staggering the dates.
    if (saved.length) {
      await trx
        .insertInto("userFavourites")
        .values(saved.map((e, i) => ({ userId, listingId: e.listingId, priceAtSave: e.price, savedAt: new Date(now.getTime() - i) })))
        .onConflict((oc) => oc.columns(["userId", "listingId"]).doNothing())
        .execute();
    }
    return { added: saved.map((e) => e.listingId), notSaved: fresh.slice(saved.length).map((e) => e.listingId) };
  });
}

/** Removes these favourites of this user; the ids actually removed. */
export async function removeFavourites(db: Db, userId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom("userFavourites")
    .where("userId", "=", userId)
    .where("listingId", "in", [...ids])
    .returning("listingId")
    .execute();
  return rows.map((r) => Number(r.listingId));
}

// ---------------------------------------------------------------- hidden listings

export type HiddenRecord = Pick<Row<"userHiddenListings">, "listingId" | "hiddenAt">;

export async function listHidden(db: Db, userId: number): Promise<HiddenRecord[]> {
  const rows = await db
    .selectFrom("userHiddenListings")
    .select(["listingId", "hiddenAt"])
    .where("userId", "=", userId)
    .orderBy("hiddenAt", "desc")
    .orderBy("listingId", "desc")
    .execute();
  return rows.map((r) => ({ listingId: Number(r.listingId), hiddenAt: r.hiddenAt }));
}

/** Just the ids, for leaving them out of a search. */
export async function hiddenListingIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("userHiddenListings").select("listingId").where("userId", "=", userId).execute();
  return rows.map((r) => Number(r.listingId));
}

/** Hides a listing (hiding it again changes nothing); 409 over the limit. */
export async function hideListing(db: Db, userId: number, listingId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const row = await trx
      .selectFrom("userHiddenListings")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    const already = await trx
      .selectFrom("userHiddenListings")
      .select("listingId")
      .where("userId", "=", userId)
      .where("listingId", "=", listingId)
      .executeTakeFirst();
    if (already) return;
    if (Number(row.n) >= MAX_HIDDEN_LISTINGS) throw new ConflictError(mycasaMessages.hiddenFull, "listingId");
    await trx
      .insertInto("userHiddenListings")
      .values({ userId, listingId, hiddenAt: now })
      .onConflict((oc) => oc.columns(["userId", "listingId"]).doNothing())
      .execute();
  });
}

export async function unhideListings(db: Db, userId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom("userHiddenListings")
    .where("userId", "=", userId)
    .where("listingId", "in", [...ids])
    .returning("listingId")
    .execute();
  return rows.map((r) => Number(r.listingId));
}

// ---------------------------------------------------------------- saved addresses

const addressColumns = ["id", "name", "parent", "lat", "lon", "label", "address", "number", "town", "isPin", "uKey", "updatedAt"] as const;

/** §3 saved address: name, parent, lat, lon, label, address, number, town, isPin, uKey (and our id). */
export type SavedAddress = Pick<Row<"userAddresses">, SelectedColumns<typeof addressColumns>>;

export type NewAddress = Omit<SavedAddress, "id" | "updatedAt">;
const toAddress = (r: { id: number } & Omit<SavedAddress, "id">): SavedAddress => ({ ...r, id: Number(r.id) });

export async function listAddresses(db: Db, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .selectFrom("userAddresses")
    .select(addressColumns)
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map(toAddress);
}

/** A name another of the user's addresses has (case-insensitive), excluding `exceptId`. */
async function nameTaken(db: Db, userId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom("userAddresses").select("id").where("userId", "=", userId).where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Saves an address; the same address key (uKey) again updates its name. 409 for a name in use or over the limit. */
export async function addAddress(db: Db, userId: number, a: NewAddress, now: Date): Promise<SavedAddress> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const same = await trx
      .selectFrom("userAddresses")
      .select("id")
      .where("userId", "=", userId)
      .where("uKey", "=", a.uKey)
      .executeTakeFirst();
    if (await nameTaken(trx, userId, a.name, same ? Number(same.id) : undefined))
      throw new ConflictError(mycasaMessages.addressNameTaken(a.name), "name");
    const values = { ...a, lat: roundCoordinate(a.lat), lon: roundCoordinate(a.lon), updatedAt: now };
    if (same) {
      return toAddress(
        await trx
          .updateTable("userAddresses")
          .set(values)
          .where("id", "=", same.id)
          .where("userId", "=", userId)
          .returning(addressColumns)
          .executeTakeFirstOrThrow(),
      );
    }
    const row = await trx
      .selectFrom("userAddresses")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= MAX_ADDRESSES) throw new ConflictError(mycasaMessages.addressesFull);
    return toAddress(
      await trx
        .insertInto("userAddresses")
        .values({ userId, ...values, createdAt: now })
        .returning(addressColumns)
        .executeTakeFirstOrThrow(),
    );
  });
}

export async function renameAddress(db: Db, userId: number, id: number, name: string, now: Date): Promise<SavedAddress> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    if (await nameTaken(trx, userId, name, id)) throw new ConflictError(mycasaMessages.addressNameTaken(name), "name");
    const row = await trx
      .updateTable("userAddresses")
      .set({ name, updatedAt: now })
      .where("id", "=", id)
      .where("userId", "=", userId)
      .returning(addressColumns)
      .executeTakeFirst();
    if (!row) throw new NotFoundError(mycasaMessages.addressNotFound, "id");
    return toAddress(row);
  });
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  const result = await db.deleteFrom("userAddresses").where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new NotFoundError(mycasaMessages.addressNotFound, "id");
}

// ---------------------------------------------------------------- commute points

const pointColumns = ["pointId", "label", "type", "timeGap", "transport", "town", "address", "number", "lat", "lon", "updateDt"] as const;
type PointRow = Pick<Row<"userCommutePoints">, SelectedColumns<typeof pointColumns>>;
const toPoint = (r: PointRow): StoredCommutePoint => ({
  id: r.pointId,
  label: r.label,
  time_gap: r.timeGap,
  transport: r.transport,
  town: r.town,
  type: r.type,
  address: r.address,
  number: r.number,
  updateDt: r.updateDt.toISOString(),
  lat: r.lat,
  lon: r.lon,
});
const pointValues = (p: StoredCommutePoint) => ({
  pointId: p.id,
  label: p.label,
  type: p.type,
  timeGap: p.time_gap,
  transport: p.transport,
  town: p.town,
  address: p.address,
  number: p.number,
  lat: roundCoordinate(p.lat),
  lon: roundCoordinate(p.lon),
  updateDt: new Date(p.updateDt),
});

export async function listCommutePoints(db: Db, userId: number): Promise<StoredCommutePoint[]> {
  const rows = await db.selectFrom("userCommutePoints").select(pointColumns).where("userId", "=", userId).orderBy("id").execute();
  return rows.map(toPoint);
}

async function insertPoint(
  trx: Transaction<Database>,
  userId: number,
  p: StoredCommutePoint,
  existing: StoredCommutePoint[],
): Promise<StoredCommutePoint> {
  if (existing.some((e) => sameCommutePoint(e, p))) throw new ConflictError(mycasaMessages.pointExists);
  if (existing.some((e) => e.id === p.id)) throw new ConflictError(mycasaMessages.pointIdTaken, "id");
  if (existing.length >= MAX_COMMUTE_POINTS) throw new ConflictError(mycasaMessages.pointsFull);
  return toPoint(
    await trx
      .insertInto("userCommutePoints")
      .values({ userId, ...pointValues(p) })
      .returning(pointColumns)
      .executeTakeFirstOrThrow(),
  );
}

export async function addCommutePoint(db: Db, userId: number, p: StoredCommutePoint): Promise<StoredCommutePoint> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    return insertPoint(trx, userId, p, await listCommutePoints(trx, userId));
  });
}

/** Replaces the point with id `id` (its new id may differ); 404 when this user has no such point. */
export async function updateCommutePoint(db: Db, userId: number, id: string, p: StoredCommutePoint): Promise<StoredCommutePoint> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const all = await listCommutePoints(trx, userId);
    if (!all.some((e) => e.id === id)) throw new NotFoundError(mycasaMessages.pointNotFound, "id");
    const others = all.filter((e) => e.id !== id);
    if (others.some((e) => sameCommutePoint(e, p))) throw new ConflictError(mycasaMessages.pointExists);
    if (others.some((e) => e.id === p.id)) throw new ConflictError(mycasaMessages.pointIdTaken, "id");
    const row = await trx
      .updateTable("userCommutePoints")
      .set(pointValues(p))
      .where("userId", "=", userId)
      .where("pointId", "=", id)
      .returning(pointColumns)
      .executeTakeFirstOrThrow();
    return toPoint(row);
  });
}

export async function deleteCommutePoint(db: Db, userId: number, id: string): Promise<void> {
  const result = await db.deleteFrom("userCommutePoints").where("userId", "=", userId).where("pointId", "=", id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new NotFoundError(mycasaMessages.pointNotFound, "id");
}

/**
 * §4 sync: adds the given points the account lacks (the equality rule; a fixed id already used is
 * kept as the account has it), as many as fit, and returns the account's list.
 */
export async function syncCommutePoints(
  db: Db,
  userId: number,
  points: readonly StoredCommutePoint[],
  toPush: (server: StoredCommutePoint[], local: readonly StoredCommutePoint[]) => StoredCommutePoint[],
): Promise<StoredCommutePoint[]> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const all = await listCommutePoints(trx, userId);
    for (const p of toPush(all, points)) {
      if (all.length >= MAX_COMMUTE_POINTS) break;
      all.push(await insertPoint(trx, userId, p, all));
    }
    return all;
  });
}

// ---------------------------------------------------------------- search history

/** §3 recent-search entry: localities text, filters text, uri (and when it ran). */
export type HistoryEntry = Pick<Row<"userSearchHistory">, "id" | "uri" | "localities" | "filters" | "searchedAt">;

/** Records a search run (the same uri moves to the top); the oldest beyond MAX_HISTORY are dropped. */
export async function recordSearch(db: Db, userId: number, entry: Omit<HistoryEntry, "id" | "searchedAt">, now: Date): Promise<void> {
  await db
    .insertInto("userSearchHistory")
    .values({ userId, ...entry, searchedAt: now })
    // Writes are not awaited by the page, so an older one may land last: the newest time wins.
    .onConflict((oc) =>
      oc.columns(["userId", "uri"]).doUpdateSet({
        searchedAt: sql<Date>`greatest(user_search_history.searched_at, excluded.searched_at)`,
        localities: entry.localities,
        filters: entry.filters,
      }),
    )
    .execute();
  await sql`DELETE FROM user_search_history WHERE user_id = ${userId} AND id NOT IN (
    SELECT id FROM user_search_history WHERE user_id = ${userId} ORDER BY searched_at DESC, id DESC LIMIT ${MAX_HISTORY})`.execute(db);
}

export async function listHistory(db: Db, userId: number): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom("userSearchHistory")
    .select(["id", "uri", "localities", "filters", "searchedAt"])
    .where("userId", "=", userId)
    .orderBy("searchedAt", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export async function deleteHistory(db: Db, userId: number, ids: readonly number[] | "all"): Promise<number> {
  let q = db.deleteFrom("userSearchHistory").where("userId", "=", userId);
  if (ids !== "all") {
    if (ids.length === 0) return 0;
    q = q.where("id", "in", [...ids]);
  }
  return Number((await q.executeTakeFirst()).numDeletedRows);
}

// ---------------------------------------------------------------- export (GDPR access)

/** Everything the portal keeps about a user, for "Scarica i miei dati" (no secrets: hashes and tokens are left out). */
export async function exportUserData(db: Db, userId: number) {
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "displayName",
      "phone",
      "emailVerifiedAt",
      "lastPrivacyAcceptanceAt",
      "trustedIdentity",
      "loginType",
      "createdAt",
      "lastLoginAt",
      "passwordHash",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new NotFoundError(mycasaMessages.loginRequired);
  const { passwordHash, ...account } = user;
  const [consents, identities, favourites, hidden, addresses, commutePoints, history, savedSearches] = await Promise.all([
    db.selectFrom("userConsents").select(["kind", "given", "recordedAt"]).where("userId", "=", userId).orderBy("kind").execute(),
    db.selectFrom("userIdentities").select(["provider", "createdAt"]).where("userId", "=", userId).orderBy("provider").execute(),
    listFavourites(db, userId),
    listHidden(db, userId),
    listAddresses(db, userId),
    listCommutePoints(db, userId),
    listHistory(db, userId),
    listSavedSearches(db, userId),
  ]);
  return {
    account: { ...account, id: Number(account.id), hasPassword: passwordHash !== null },
    consents,
    socialLogins: identities,
    favourites,
    hiddenListings: hidden,
    addresses,
    commutePoints,
    searchHistory: history,
    savedSearches: savedSearches.map(({ hash: _hash, ...search }) => search),
  };
}

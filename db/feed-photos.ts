/**
 * Photos a feed lists by address (docs/decisions/141): each listing's wanted addresses in gallery order, written
 * in the import's transaction of the listing, and their downloads, claimed on a lease by any process. A photo
 * stored from an address goes through db/listing-photos.ts (the photo count and clustering follow).
 */
import { sql, type Kysely } from "kysely";
import { addPhotoToLockedListing, listingPhotos, lockOwnOnline, type NewPhoto, placePhotos } from "./listing-photos.ts";
import { clusterListing, setListingPhotoCount } from "./listing-writes.ts";
import type { Database } from "./schema.ts";

export type FeedPhotoState = "waiting" | "done" | "failed";

export interface FeedPhotoUrl {
  id: number;
  listingId: number;
  publisherId: number;
  url: string;
  position: number;
  state: FeedPhotoState;
  photoId: number | null;
  attempts: number;
  error: string | null;
  nextTryAt: Date;
  /** The validators of the file last downloaded from it, and when it was downloaded or confirmed (docs/decisions/145). */
  etag: string | null;
  lastModified: string | null;
  checkedAt: Date | null;
}

const columns = [
  "id",
  "listingId",
  "publisherId",
  "url",
  "position",
  "state",
  "photoId",
  "attempts",
  "error",
  "nextTryAt",
  "etag",
  "lastModified",
  "checkedAt",
] as const;

function present(row: {
  id: number | string;
  listingId: number | string;
  publisherId: number | string;
  url: string;
  position: number | string;
  state: FeedPhotoState;
  photoId: number | string | null;
  attempts: number | string;
  error: string | null;
  nextTryAt: Date | string;
  etag: string | null;
  lastModified: string | null;
  checkedAt: Date | string | null;
}): FeedPhotoUrl {
  return {
    ...row,
    id: Number(row.id),
    listingId: Number(row.listingId),
    publisherId: Number(row.publisherId),
    position: Number(row.position),
    photoId: row.photoId === null ? null : Number(row.photoId),
    attempts: Number(row.attempts),
    nextTryAt: new Date(row.nextTryAt),
    checkedAt: row.checkedAt === null ? null : new Date(row.checkedAt),
  };
}

/** A listing's wanted photo addresses in gallery order, with how each download went. */
export async function feedPhotoUrls(db: Kysely<Database>, listingId: number): Promise<FeedPhotoUrl[]> {
  const rows = await db.selectFrom("feedPhotoUrls").select(columns).where("listingId", "=", listingId).orderBy("position").execute();
  return rows.map(present);
}

/** The recorded addresses of these listings in order, by listing (a feed's batch compares them with the feed's). */
export async function feedPhotoUrlsByListing(db: Kysely<Database>, listingIds: readonly number[]): Promise<Map<number, string[]>> {
  const byListing = new Map<number, string[]>();
  if (listingIds.length === 0) return byListing;
  const rows = await db
    .selectFrom("feedPhotoUrls")
    .select(["listingId", "url"])
    .where("listingId", "in", [...listingIds])
    .orderBy("listingId")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const id = Number(row.listingId);
    const list = byListing.get(id) ?? [];
    list.push(row.url);
    byListing.set(id, list);
  }
  return byListing;
}

/**
 * The addresses of listings just published (the caller's transaction publishes them), all waiting: at their index in
 * `urls`, or at `positions` (the feed's, for addresses added to a listing that has others).
 */
export async function recordNewFeedPhotoUrls(
  trx: Kysely<Database>,
  entries: readonly { listingId: number; publisherId: number; urls: readonly string[]; positions?: readonly number[] }[],
  now: Date,
): Promise<void> {
  const rows = entries.flatMap((e) =>
    e.urls.map((url, i) => ({ listingId: e.listingId, publisherId: e.publisherId, url, position: e.positions?.[i] ?? i })),
  );
  if (rows.length === 0) return;
  // A feed's batch is 100 listings with up to 40 addresses each: four arrays, not thousands of bound values.
  await sql`
    INSERT INTO feed_photo_urls (listing_id, publisher_id, url, position, state, next_try_at, created_at)
    SELECT listing_id, publisher_id, url, position, 'waiting', ${now}::timestamptz, ${now}::timestamptz
    FROM unnest(${rows.map((r) => r.listingId)}::bigint[], ${rows.map((r) => r.publisherId)}::bigint[],
      ${rows.map((r) => r.url)}::text[], ${rows.map((r) => r.position)}::smallint[]) AS u(listing_id, publisher_id, url, position)`.execute(
    trx,
  );
}

/**
 * Makes a listing's recorded addresses the feed's `urls`, in the caller's transaction, which holds the lock of
 * the listing's published row: an address no longer listed is dropped with its photo, a new one waits for its
 * download, the rest only move (not fetched again). The gallery then follows the feed's order. True when
 * anything changed.
 */
export async function syncFeedPhotoUrls(
  trx: Kysely<Database>,
  listingId: number,
  publisherId: number,
  urls: readonly string[],
  now: Date,
): Promise<boolean> {
  const current = (await trx.selectFrom("feedPhotoUrls").select(columns).where("listingId", "=", listingId).execute()).map(present);
  const wanted = new Map(urls.map((url, position) => [url, position]));
  const dropped = current.filter((c) => !wanted.has(c.url));
  const kept = current.filter((c) => wanted.has(c.url));
  const added = urls.filter((url) => !current.some((c) => c.url === url));
  const moved = kept.filter((c) => c.position !== wanted.get(c.url));
  if (dropped.length === 0 && added.length === 0 && moved.length === 0) return false;
  if (dropped.length > 0) {
    await trx
      .deleteFrom("feedPhotoUrls")
      .where(
        "id",
        "in",
        dropped.map((d) => d.id),
      )
      .execute();
  }
  for (const c of moved) {
    await trx
      .updateTable("feedPhotoUrls")
      .set({ position: wanted.get(c.url)! })
      .where("id", "=", c.id)
      .execute();
  }
  // At the feed's positions: an address added beside kept ones must not take position 0 of the first of them.
  await recordNewFeedPhotoUrls(trx, [{ listingId, publisherId, urls: added, positions: added.map((url) => wanted.get(url)!) }], now);
  // The photo of a dropped address goes, unless another kept address is the same file (one photo for both).
  const stillUsed = new Set(kept.map((c) => c.photoId).filter((id) => id !== null));
  const gone = [...new Set(dropped.map((d) => d.photoId).filter((id): id is number => id !== null && !stillUsed.has(id)))];
  if (gone.length > 0) {
    await trx.deleteFrom("listingPhotos").where("listingId", "=", listingId).where("id", "in", gone).execute();
    await trx.deleteFrom("listingPhotoFiles").where("photoId", "in", gone).execute();
  }
  await arrangeGallery(trx, listingId);
  if (gone.length > 0) {
    await setListingPhotoCount(trx, listingId, (await listingPhotos(trx, listingId)).length);
    await clusterListing(trx, listingId);
  }
  return true;
}

/** `syncFeedPhotoUrls` for a listing the import leaves unchanged: its own transaction, the published row locked. */
export async function syncOwnFeedPhotoUrls(
  db: Kysely<Database>,
  publisherId: number,
  listingId: number,
  urls: readonly string[],
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if ((await lockOwnOnline(trx, publisherId, listingId)) !== "ok") return false;
    return syncFeedPhotoUrls(trx, listingId, publisherId, urls, now);
  });
}

/**
 * The gallery in the feed's order: the photos of the listing's addresses by their position, then any photo
 * uploaded through the API, in its order. Nothing is written when the order already holds.
 */
async function arrangeGallery(trx: Kysely<Database>, listingId: number): Promise<void> {
  const photos = await listingPhotos(trx, listingId);
  const done = await trx
    .selectFrom("feedPhotoUrls")
    .select("photoId")
    .where("listingId", "=", listingId)
    .where("state", "=", "done")
    .orderBy("position")
    .execute();
  const present = new Set(photos.map((p) => p.id));
  const fromFeed = [...new Set(done.map((d) => Number(d.photoId)).filter((id) => present.has(id)))];
  const order = [...fromFeed, ...photos.map((p) => p.id).filter((id) => !fromFeed.includes(id))];
  if (order.some((id, i) => photos[i]!.id !== id)) await placePhotos(trx, listingId, order);
}

/**
 * Up to `limit` addresses due at `now` and not held by another process, each held for `leaseMs` with the try
 * counted (state waiting: the caller downloads them). One whose tries were already spent comes back `failed`
 * instead, given up: its process died on it each time, and it must not loop forever. In the index's order.
 */
export async function claimDueFeedPhotos(
  db: Kysely<Database>,
  now: Date,
  leaseMs: number,
  limit: number,
  maxAttempts: number,
): Promise<FeedPhotoUrl[]> {
  // Every SET expression reads the row as it was, so `attempts >= max` means the same in each.
  const { rows } = await sql<Parameters<typeof present>[0]>`
    UPDATE feed_photo_urls SET
      claimed_until = CASE WHEN attempts >= ${maxAttempts} THEN NULL ELSE ${new Date(now.getTime() + leaseMs)}::timestamptz END,
      state = CASE WHEN attempts >= ${maxAttempts} THEN 'failed' ELSE 'waiting' END,
      error = CASE WHEN attempts >= ${maxAttempts} THEN coalesce(error, 'unreachable') ELSE error END,
      attempts = CASE WHEN attempts >= ${maxAttempts} THEN attempts ELSE attempts + 1 END
    WHERE id IN (
      SELECT id FROM feed_photo_urls
      WHERE state = 'waiting' AND next_try_at <= ${now} AND (claimed_until IS NULL OR claimed_until < ${now})
      ORDER BY next_try_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, listing_id AS "listingId", publisher_id AS "publisherId", url, position, state, photo_id AS "photoId",
      attempts, error, next_try_at AS "nextTryAt", etag, last_modified AS "lastModified",
      checked_at AS "checkedAt"`.execute(db);
  return rows.map(present);
}

export type StoreFeedPhotoResult = "done" | "dropped" | "not-online" | "too-many";

/** What the server said of the file (its validators), kept to ask later whether it changed (docs/decisions/145). */
export type Validators = { etag: string | null; lastModified: string | null };

/**
 * Stores the downloaded photo of a claimed address and marks the address done with the file's validators, in one
 * transaction under the listing's lock; "dropped" (nothing stored) when the feed no longer lists the address meanwhile.
 */
export async function storeFeedPhoto(
  db: Kysely<Database>,
  claimed: FeedPhotoUrl,
  photo: NewPhoto,
  max: number,
  now: Date,
  validators: Validators = { etag: null, lastModified: null },
) {
  return db.transaction().execute(async (trx): Promise<StoreFeedPhotoResult> => {
    const own = await lockOwnOnline(trx, claimed.publisherId, claimed.listingId);
    if (own !== "ok") return "not-online";
    const still = await trx
      .selectFrom("feedPhotoUrls")
      .select("id")
      .where("id", "=", claimed.id)
      .where("state", "=", "waiting")
      .executeTakeFirst();
    if (!still) return "dropped";
    const added = await addPhotoToLockedListing(trx, claimed.listingId, photo, max, now);
    if (!added.ok) return added.reason === "too-many" ? "too-many" : "not-online";
    await trx
      .updateTable("feedPhotoUrls")
      .set({ state: "done", photoId: added.photo.id, error: null, claimedUntil: null, ...validators, checkedAt: now })
      .where("id", "=", claimed.id)
      .execute();
    await arrangeGallery(trx, claimed.listingId);
    return "done";
  });
}

/**
 * An import listed these listings' addresses again (docs/decisions/145): each downloaded one last fetched or
 * confirmed `recheckMs` or more ago becomes due for a conditional request. One statement; returns how many.
 */
export async function markFeedPhotoRechecks(
  db: Kysely<Database>,
  listingIds: readonly number[],
  now: Date,
  recheckMs: number,
): Promise<number> {
  if (listingIds.length === 0) return 0;
  const result = await sql`
    UPDATE feed_photo_urls SET recheck_at = ${now}::timestamptz
    WHERE listing_id = ANY(${[...listingIds]}::bigint[]) AND state = 'done' AND recheck_at IS NULL
      AND coalesce(checked_at, created_at) <= ${new Date(now.getTime() - recheckMs)}::timestamptz`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Up to `limit` addresses due for a re-check at `now`, taken by this process (`recheck_at` cleared in the claim, so
 * no other takes them; one whose process dies is asked again by a later import, its `checked_at` still old).
 */
export async function claimDueRechecks(db: Kysely<Database>, now: Date, limit: number): Promise<FeedPhotoUrl[]> {
  const { rows } = await sql<Parameters<typeof present>[0]>`
    UPDATE feed_photo_urls SET recheck_at = NULL
    WHERE id IN (
      SELECT id FROM feed_photo_urls
      WHERE recheck_at <= ${now}
      ORDER BY recheck_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, listing_id AS "listingId", publisher_id AS "publisherId", url, position, state, photo_id AS "photoId",
      attempts, error, next_try_at AS "nextTryAt", etag, last_modified AS "lastModified",
      checked_at AS "checkedAt"`.execute(db);
  return rows.map(present);
}

/** The SHA-256 of the file an address's photo was made from, while the photo is still the listing's; else null. */
export async function feedPhotoSourceSha256(db: Kysely<Database>, claimed: FeedPhotoUrl): Promise<string | null> {
  if (claimed.photoId === null) return null;
  const row = await db
    .selectFrom("listingPhotos")
    .select("sourceSha256")
    .where("id", "=", claimed.photoId)
    .where("listingId", "=", claimed.listingId)
    .executeTakeFirst();
  return row?.sourceSha256 ?? null;
}

/**
 * A re-check that changes no photo (a 304, the same bytes, a failed request): the address keeps its photo and is
 * checked as of `now`, with the new validators when the server sent any, or the reason it could not be asked.
 */
export async function recordFeedPhotoCheck(
  db: Kysely<Database>,
  claimed: FeedPhotoUrl,
  now: Date,
  outcome: { validators: Validators } | { error: string },
): Promise<void> {
  await db
    .updateTable("feedPhotoUrls")
    .set({ checkedAt: now, ...("validators" in outcome ? { ...outcome.validators, error: null } : { error: outcome.error }) })
    .where("id", "=", claimed.id)
    .where("state", "=", "done")
    .execute();
}

export type ReplaceFeedPhotoResult = "replaced" | "dropped" | "not-online" | "too-many";

/** Thrown inside `replaceFeedPhoto`'s transaction to undo it. */
class Undo extends Error {
  readonly result: ReplaceFeedPhotoResult;
  constructor(result: ReplaceFeedPhotoResult) {
    super(result);
    this.result = result;
  }
}

/**
 * The file behind a done address changed (docs/decisions/145): its new photo takes the old one's place, in one
 * transaction under the listing's lock. The old photo goes (unless another address of the listing is the same file),
 * the new one is added through the upload's path (renditions, photo count, clustering by its dHash), and the gallery
 * is put back in the feed's order, so the new photo stands where the old one stood; the address keeps the new
 * validators. A new photo id, never the old one's: renditions are served as immutable. "dropped" (nothing changed)
 * when the feed no longer lists the address, or its photo was deleted through the API meanwhile.
 */
export async function replaceFeedPhoto(
  db: Kysely<Database>,
  claimed: FeedPhotoUrl,
  photo: NewPhoto,
  max: number,
  now: Date,
  validators: Validators,
): Promise<ReplaceFeedPhotoResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<ReplaceFeedPhotoResult> => {
      const own = await lockOwnOnline(trx, claimed.publisherId, claimed.listingId);
      if (own !== "ok") return "not-online";
      const still = await trx
        .selectFrom("feedPhotoUrls")
        .select("photoId")
        .where("id", "=", claimed.id)
        .where("state", "=", "done")
        .executeTakeFirst();
      const oldId = still?.photoId === null || still?.photoId === undefined ? null : Number(still.photoId);
      if (oldId === null || oldId !== claimed.photoId) return "dropped";
      const photos = await listingPhotos(trx, claimed.listingId);
      if (!photos.some((p) => p.id === oldId)) return "dropped";
      const shared = await trx
        .selectFrom("feedPhotoUrls")
        .select("id")
        .where("listingId", "=", claimed.listingId)
        .where("photoId", "=", oldId)
        .where("id", "<>", claimed.id)
        .executeTakeFirst();
      if (!shared) {
        await trx.deleteFrom("listingPhotos").where("id", "=", oldId).execute();
        await trx.deleteFrom("listingPhotoFiles").where("photoId", "=", oldId).execute();
        // The others close up, so the new one can take the next position.
        await placePhotos(
          trx,
          claimed.listingId,
          photos.filter((p) => p.id !== oldId).map((p) => p.id),
        );
      }
      const added = await addPhotoToLockedListing(trx, claimed.listingId, photo, max, now);
      if (!added.ok) throw new Undo(added.reason === "too-many" ? "too-many" : "not-online");
      await trx
        .updateTable("feedPhotoUrls")
        .set({ photoId: added.photo.id, error: null, ...validators, checkedAt: now })
        .where("id", "=", claimed.id)
        .execute();
      await arrangeGallery(trx, claimed.listingId);
      // The new file is a photo the listing had already: the count and the clustering follow the old one's removal.
      if (!added.created) {
        await setListingPhotoCount(trx, claimed.listingId, (await listingPhotos(trx, claimed.listingId)).length);
        await clusterListing(trx, claimed.listingId);
      }
      return "replaced";
    });
  } catch (error) {
    if (error instanceof Undo) return error.result;
    throw error;
  }
}

/**
 * Records a failed try: waiting again at `retryAt`, or failed for good once `maxAttempts` tries were made (or
 * when `final`: the listing is gone, or full). The reason is kept either way.
 */
export async function failFeedPhoto(
  db: Kysely<Database>,
  claimed: FeedPhotoUrl,
  error: string,
  o: { maxAttempts: number; retryAt: Date; final?: boolean },
): Promise<void> {
  const givenUp = o.final === true || claimed.attempts >= o.maxAttempts;
  await db
    .updateTable("feedPhotoUrls")
    .set({ state: givenUp ? "failed" : "waiting", error, nextTryAt: o.retryAt, claimedUntil: null })
    .where("id", "=", claimed.id)
    .where("state", "=", "waiting")
    .execute();
}

/**
 * A listing that ends (withdrawn, expired) gives up its addresses still waiting, in the caller's transaction: nothing
 * is downloaded for it (a relisting is a new listing with its own addresses).
 */
export async function giveUpFeedPhotosOf(trx: Kysely<Database>, listingId: number): Promise<void> {
  await trx
    .updateTable("feedPhotoUrls")
    .set({ state: "failed", error: "not-online", claimedUntil: null })
    .where("listingId", "=", listingId)
    .where("state", "=", "waiting")
    .execute();
}

/** How many photo addresses of the publisher's online listings are waiting, done and failed. */
export async function feedPhotoCounts(
  db: Kysely<Database>,
  publisherId: number,
): Promise<{ wanted: number; waiting: number; done: number; failed: number }> {
  // From the publisher's online listings (published_listings' own index) to their addresses (by listing id).
  const rows = await db
    .selectFrom("publishedListings")
    .innerJoin("feedPhotoUrls", "feedPhotoUrls.listingId", "publishedListings.listingId")
    .select(["feedPhotoUrls.state", (eb) => eb.fn.countAll<string>().as("n")])
    .where("publishedListings.publisherId", "=", publisherId)
    .where("publishedListings.status", "=", "online")
    .groupBy("feedPhotoUrls.state")
    .execute();
  const counts = { wanted: 0, waiting: 0, done: 0, failed: 0 };
  for (const row of rows) {
    counts[row.state] = Number(row.n);
    counts.wanted += Number(row.n);
  }
  return counts;
}

/**
 * Listing photos uploaded by publishers (docs/decisions/119): the photo, its renditions and the listing's
 * photo count change in one transaction, the count through db/listing-writes.ts. Scoped by publisher: a
 * listing of another publisher is "not found".
 */
import type { Kysely } from "kysely";
import { clusterListing, setListingPhotoCount } from "./listing-writes.ts";
import type { Database } from "./schema.ts";

export type StoredPhoto = { id: number; position: number; width: number; height: number };

export type NewPhoto = {
  sourceSha256: string;
  dhash: string;
  width: number;
  height: number;
  renditions: ReadonlyArray<{ width: number; bytes: Buffer }>;
};

export type AddPhotoResult =
  | { ok: true; photo: StoredPhoto; created: boolean }
  | { ok: false; reason: "not-found" | "not-online" | "too-many" };

/**
 * Adds a photo at the end of one of this publisher's online listings. The same file sent again is the photo
 * already there (created: false). At most `max` photos.
 */
export async function addListingPhoto(
  db: Kysely<Database>,
  publisherId: number,
  listingId: number,
  photo: NewPhoto,
  max: number,
  now: Date,
): Promise<AddPhotoResult> {
  return db.transaction().execute(async (trx): Promise<AddPhotoResult> => {
    // The publisher's row, locked: two uploads to one listing take turns, so positions and the cap hold.
    const own = await lockOwnOnline(trx, publisherId, listingId);
    if (own !== "ok") return { ok: false, reason: own };
    return addPhotoToLockedListing(trx, listingId, photo, max, now);
  });
}

/**
 * `addListingPhoto` in the caller's transaction, which holds the lock of the listing's published row
 * (`lockOwnOnline`): a feed photo's download records its address as done in the same transaction.
 */
export async function addPhotoToLockedListing(
  trx: Kysely<Database>,
  listingId: number,
  photo: NewPhoto,
  max: number,
  now: Date,
): Promise<AddPhotoResult> {
  const existing = await trx
    .selectFrom("listingPhotos")
    .select(["id", "position", "width", "height", "sourceSha256"])
    .where("listingId", "=", listingId)
    .orderBy("position")
    .execute();
  const same = existing.find((p) => p.sourceSha256 === photo.sourceSha256);
  if (same) return { ok: true, created: false, photo: stored(same) };
  if (existing.length >= max) return { ok: false, reason: "too-many" };
  const row = await trx
    .insertInto("listingPhotos")
    .values({
      listingId,
      position: existing.length,
      sourceSha256: photo.sourceSha256,
      dhash: photo.dhash,
      width: photo.width,
      height: photo.height,
      createdAt: now,
    })
    .returning(["id", "position", "width", "height"])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("listingPhotoFiles")
    .values(photo.renditions.map((r) => ({ photoId: Number(row.id), width: r.width, format: "webp" as const, bytes: r.bytes })))
    .execute();
  if (!(await setListingPhotoCount(trx, listingId, existing.length + 1))) return { ok: false, reason: "not-online" };
  // A photo another publisher's listing of this home also has makes them one home (decision 120).
  await clusterListing(trx, listingId);
  return { ok: true, created: true, photo: stored(row) };
}

const stored = (r: { id: number; position: number; width: number; height: number }): StoredPhoto => ({
  id: Number(r.id),
  position: Number(r.position),
  width: Number(r.width),
  height: Number(r.height),
});

/** A listing's uploaded photos in gallery order (none for the demo generator's listings). */
export async function listingPhotos(db: Kysely<Database>, listingId: number): Promise<StoredPhoto[]> {
  const rows = await db
    .selectFrom("listingPhotos")
    .select(["id", "position", "width", "height"])
    .where("listingId", "=", listingId)
    .orderBy("position")
    .execute();
  return rows.map(stored);
}

/** The uploaded photo at `position` of a listing, or null. */
export async function listingPhotoAt(db: Kysely<Database>, listingId: number, position: number): Promise<StoredPhoto | null> {
  const row = await db
    .selectFrom("listingPhotos")
    .select(["id", "position", "width", "height"])
    .where("listingId", "=", listingId)
    .where("position", "=", position)
    .executeTakeFirst();
  return row ? stored(row) : null;
}

/** One rendition's bytes, or null (the photo, the width or the listing do not match). */
export async function listingPhotoFile(db: Kysely<Database>, listingId: number, photoId: number, width: number): Promise<Buffer | null> {
  const row = await db
    .selectFrom("listingPhotoFiles")
    .innerJoin("listingPhotos", "listingPhotos.id", "listingPhotoFiles.photoId")
    .select("listingPhotoFiles.bytes")
    .where("listingPhotos.listingId", "=", listingId)
    .where("listingPhotoFiles.photoId", "=", photoId)
    .where("listingPhotoFiles.width", "=", width)
    .where("listingPhotoFiles.format", "=", "webp")
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}

export type ChangePhotosResult =
  | { ok: true; photos: StoredPhoto[] }
  | { ok: false; reason: "not-found" | "not-online" | "photo-not-found" | "not-the-photos" };

/** The publisher's row of an online listing, locked (photo changes to one listing take turns), or why not. */
export async function lockOwnOnline(
  trx: Kysely<Database>,
  publisherId: number,
  listingId: number,
): Promise<"ok" | "not-found" | "not-online"> {
  const own = await trx
    .selectFrom("publishedListings")
    .select("status")
    .where("listingId", "=", listingId)
    .where("publisherId", "=", publisherId)
    .forUpdate()
    .executeTakeFirst();
  return !own ? "not-found" : own.status !== "online" ? "not-online" : "ok";
}

/**
 * Gives the listing's photos the positions 0… in the order of `ids` (every photo of the listing, once). In two
 * steps through negative positions, since UNIQUE (listing_id, position) is checked row by row.
 */
export async function placePhotos(trx: Kysely<Database>, listingId: number, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await trx
      .updateTable("listingPhotos")
      .set({ position: -1 - position })
      .where("id", "=", id)
      .where("listingId", "=", listingId)
      .execute();
  }
  await trx
    .updateTable("listingPhotos")
    .set((eb) => ({ position: eb(eb.neg(eb.ref("position")), "-", 1) }))
    .where("listingId", "=", listingId)
    .where("position", "<", 0)
    .execute();
}

/** Removes one photo of one of this publisher's online listings; the others close up, the photo count follows. */
export async function deleteListingPhoto(
  db: Kysely<Database>,
  publisherId: number,
  listingId: number,
  photoId: number,
): Promise<ChangePhotosResult> {
  return db.transaction().execute(async (trx): Promise<ChangePhotosResult> => {
    const own = await lockOwnOnline(trx, publisherId, listingId);
    if (own !== "ok") return { ok: false, reason: own };
    const deleted = await trx.deleteFrom("listingPhotos").where("id", "=", photoId).where("listingId", "=", listingId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return { ok: false, reason: "photo-not-found" };
    await trx.deleteFrom("listingPhotoFiles").where("photoId", "=", photoId).execute();
    const rest = await listingPhotos(trx, listingId);
    await placePhotos(
      trx,
      listingId,
      rest.map((p) => p.id),
    );
    if (!(await setListingPhotoCount(trx, listingId, rest.length))) return { ok: false, reason: "not-online" };
    await clusterListing(trx, listingId);
    return { ok: true, photos: rest.map((p, position) => ({ ...p, position })) };
  });
}

/** Puts the photos of one of this publisher's online listings in the order of `photoIds` (each of them, once). */
export async function reorderListingPhotos(
  db: Kysely<Database>,
  publisherId: number,
  listingId: number,
  photoIds: readonly number[],
): Promise<ChangePhotosResult> {
  return db.transaction().execute(async (trx): Promise<ChangePhotosResult> => {
    const own = await lockOwnOnline(trx, publisherId, listingId);
    if (own !== "ok") return { ok: false, reason: own };
    const current = await listingPhotos(trx, listingId);
    const same =
      photoIds.length === current.length &&
      new Set(photoIds).size === photoIds.length &&
      photoIds.every((id) => current.some((p) => p.id === id));
    if (!same) return { ok: false, reason: "not-the-photos" };
    await placePhotos(trx, listingId, photoIds);
    const byId = new Map(current.map((p) => [p.id, p]));
    return { ok: true, photos: photoIds.map((id, position) => ({ ...byId.get(id)!, position })) };
  });
}

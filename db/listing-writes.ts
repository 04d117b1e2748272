/**
 * Writing listings: the one way features (agency publishing, expiry, alerts) change them. Every write is
 * plain SQL on `listings`; the triggers of the change log record it, so every process's in-memory
 * facts and caches follow (db/listing-changes.ts, docs/decisions/050). Nothing here needs to tell anyone.
 */
import { sql, type Insertable, type Kysely } from "kysely";
import { PHOTO_MIN_DETAIL_BITS, SAME_PHOTO_MAX_DISTANCE } from "../core/publisher/photo.ts";
import { relevanceScore } from "../core/search/relevance.ts";
import type { Database, ListingsTable } from "./schema.ts";

/** A listing to publish: every column but the id, which comes from the `listing_ids` sequence unless given. */
export type NewListing = Omit<Insertable<ListingsTable>, "id"> & { id?: number };

/** Publishes listings in one transaction; returns their ids in order. */
export async function publishListings(db: Kysely<Database>, listings: readonly NewListing[]): Promise<number[]> {
  if (listings.length === 0) return [];
  // Inside a caller's transaction (the publishing path writes its own rows beside the listing) it runs there.
  const inTransaction = <T>(run: (trx: Kysely<Database>) => Promise<T>) => (db.isTransaction ? run(db) : db.transaction().execute(run));
  return inTransaction(async (trx) => {
    const wanted = listings.filter((l) => l.id === undefined).length;
    const fresh =
      wanted === 0
        ? []
        : (await sql<{ id: string }>`SELECT nextval('listing_ids') AS id FROM generate_series(1, ${wanted})`.execute(trx)).rows.map((r) =>
            Number(r.id),
          );
    const ids = listings.map((l) => l.id ?? fresh.shift()!);
    await trx
      .insertInto("listings")
      .values(listings.map((l, i) => ({ ...l, id: ids[i]! })))
      .execute();
    await clusterPublished(trx, ids, listings);
    return ids;
  });
}

/** Publishes one listing; returns its id. */
export async function publishListing(db: Kysely<Database>, listing: NewListing): Promise<number> {
  return (await publishListings(db, [listing]))[0]!;
}

/**
 * Sets a listing's price. A lower price marks it 'ribassato' and keeps the first price it had as the
 * original (shown struck through); a price back at or above that original drops the mark.
 * False when there is no such listing.
 */
export async function repriceListing(db: Kysely<Database>, id: number, price: number): Promise<boolean> {
  if (!(price > 0) || !Number.isFinite(price)) throw new RangeError(`price must be a positive number, got ${price}`);
  const result = await sql`
    UPDATE listings SET
      original_price = CASE
        WHEN ${price} < price THEN coalesce(original_price, price)
        WHEN ${price} >= coalesce(original_price, 0) THEN NULL
        ELSE original_price END,
      price_type = CASE
        WHEN ${price} < price THEN 'ribassato'
        WHEN price_type = 'ribassato' AND ${price} >= coalesce(original_price, 0) THEN 'fisso'
        ELSE price_type END,
      price = ${price}
    WHERE id = ${id}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Takes a listing off the portal (the publisher withdrew it, or it was sold or let). False when there is none. */
export async function withdrawListing(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("listings").where("id", "=", id).executeTakeFirst();
  // It leaves its home's cluster (the others stay one); readers join listings, so a leftover row would show nothing.
  await db.deleteFrom("homeClusters").where("listingId", "=", id).execute();
  return Number(result.numDeletedRows) > 0;
}

/** Expiry: takes off every listing published before `publishedBefore`; returns how many. */
export async function expireListings(db: Kysely<Database>, publishedBefore: Date): Promise<number> {
  const result = await db.deleteFrom("listings").where("publishedAt", "<", publishedBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What a publisher may change of a listing: every column but the id and the generated ones. */
export type ListingChanges = Partial<Omit<NewListing, "id">>;

/**
 * Publishers' updates (issue 24): sets the changed columns; a new price goes through `repriceListing`'s
 * rule (a lower price marks it 'ribassato', records a price drop event through the triggers). Runs in the
 * caller's transaction when given one. False when there is no such listing.
 */
export async function updatePublishedListing(db: Kysely<Database>, id: number, changes: ListingChanges): Promise<boolean> {
  const { price, originalPrice: _original, priceType, ...rest } = changes;
  const run = async (trx: Kysely<Database>): Promise<boolean> => {
    const exists = await trx.selectFrom("listings").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
    if (!exists) return false;
    if (Object.keys(rest).length > 0) await trx.updateTable("listings").set(rest).where("id", "=", id).execute();
    // The publisher's price type (fisso/trattabile) unless the listing is marked down ('ribassato' is the portal's).
    if (priceType !== undefined) {
      await trx
        .updateTable("listings")
        .set({ priceType })
        .where("id", "=", id)
        .where("priceType", "<>", "ribassato")
        .where("priceType", "<>", priceType)
        .execute();
    }
    if (price !== undefined) await repriceWhenChanged(trx, id, price);
    // A changed surface, rooms, floor or address may make it another home: it is clustered again.
    if (Object.keys(rest).length > 0) await clusterListing(trx, id);
    return true;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

async function repriceWhenChanged(db: Kysely<Database>, id: number, price: number): Promise<void> {
  const current = await db.selectFrom("listings").select("price").where("id", "=", id).executeTakeFirst();
  if (current && Number(current.price) !== price) await repriceListing(db, id, price);
}

/**
 * Sets how many photos a listing has (a publisher uploaded one, decision 119) and its relevance, which counts
 * them. Runs in the caller's transaction (the photo's rows are written there). False when there is no such listing.
 */
export async function setListingPhotoCount(db: Kysely<Database>, id: number, photoCount: number): Promise<boolean> {
  const row = await db
    .selectFrom("listings")
    .select(["publishedAt", "hasFloorPlan", "hasVirtualTour", "priceType"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable("listings")
    .set({ photoCount, relevance: relevanceScore({ ...row, photoCount }) })
    .where("id", "=", id)
    .execute();
  return true;
}

/** The columns `clusterListing` compares (what makes two listings the same home). */
export const homeKeyColumns = [
  "townId",
  "rooms",
  "surface",
  "floor",
  "channel",
  "propertyTypeGroup",
  "publisherId",
  "exactLat",
  "exactLon",
  "street",
  "streetNumber",
] as const;

/** What makes two listings the same home: the columns `clusterListing` compares. */
type HomeKey = Pick<NewListing, (typeof homeKeyColumns)[number]>;

/**
 * Duplicates (docs/decisions/120): puts a listing in the cluster of the listings that are the same home —
 * another publisher's listing on the same channel, of the same kind, in the same town with the same rooms and
 * floor, a surface within 5 %, and the same address, a point within about 30 m, or a photo in common (dHashes at
 * most SAME_PHOTO_MAX_DISTANCE bits apart: the same picture resized or recompressed, where agencies place the
 * home differently; a photo with too little detail, such as a plain wall, is no likeness). It joins the lowest cluster among them (a candidate not yet in one joins too), else stands
 * alone. One range scan of listings_same_home. Run again when a photo is added or removed.
 */
export async function clusterListing(db: Kysely<Database>, id: number): Promise<number | null> {
  const me = await db.selectFrom("listings").select(homeKeyColumns).where("id", "=", id).executeTakeFirst();
  // The candidates by the literal town, rooms and surface range: one range scan of listings_same_home.
  const candidates =
    !me || me.rooms === null
      ? { rows: [] }
      : await sql<{ id: string; clusterId: string | null }>`
    SELECT c.id, h.cluster_id AS "clusterId"
    FROM listings c LEFT JOIN home_clusters h ON h.listing_id = c.id
    WHERE c.town_id = ${me.townId} AND c.rooms = ${me.rooms}
      AND c.surface BETWEEN ${Math.floor(me.surface * 0.95)} AND ${Math.ceil(me.surface * 1.05)}
      AND c.id <> ${id} AND c.publisher_id <> ${me.publisherId}
      AND c.channel = ${me.channel} AND c.property_type_group = ${me.propertyTypeGroup}
      AND c.floor IS NOT DISTINCT FROM ${me.floor}::smallint
      AND ((abs(c.exact_lat - ${me.exactLat}) < 0.00027 AND abs(c.exact_lon - ${me.exactLon}) < 0.00038)
        OR listing_address_key(c.town_id, c.street, c.street_number) = listing_address_key(${me.townId}, ${me.street}, ${me.streetNumber})
        OR EXISTS (
          SELECT 1 FROM listing_photos mine JOIN listing_photos theirs ON theirs.listing_id = c.id
          WHERE mine.listing_id = ${id}
            AND bit_count(mine.dhash::bit(64)) BETWEEN ${PHOTO_MIN_DETAIL_BITS} AND ${64 - PHOTO_MIN_DETAIL_BITS}
            AND bit_count((mine.dhash # theirs.dhash)::bit(64)) <= ${SAME_PHOTO_MAX_DISTANCE}))
    ORDER BY c.id LIMIT 20`.execute(db);
  await db.deleteFrom("homeClusters").where("listingId", "=", id).execute();
  if (candidates.rows.length === 0) return null;
  const clusterId = Math.min(id, ...candidates.rows.map((c) => Number(c.clusterId ?? c.id)));
  const rows = [
    { listingId: id, clusterId },
    ...candidates.rows.filter((c) => c.clusterId === null).map((c) => ({ listingId: Number(c.id), clusterId })),
  ];
  await db
    .insertInto("homeClusters")
    .values(rows)
    .onConflict((oc) => oc.column("listingId").doUpdateSet({ clusterId }))
    .execute();
  return clusterId;
}

/**
 * `clusterListing` for listings just inserted (a publish, a feed's batch), in one query for all of them: their
 * keys are the values written, and none is in a cluster yet. Each is clustered as if they had come one by
 * one, in order: a listing sees the ones before it in the batch, not those after (which see it).
 */
export async function clusterPublished(db: Kysely<Database>, ids: readonly number[], listings: readonly HomeKey[]): Promise<void> {
  const rows = ids
    .map((id, i) => ({ id, order: i, ...listings[i]! }))
    .filter((r): r is typeof r & { rooms: number } => r.rooms !== null && r.rooms !== undefined);
  if (rows.length === 0) return;
  const column = <T>(pick: (r: (typeof rows)[number]) => T) => rows.map(pick);
  const found = await sql<{ id: string; candidate: string; clusterId: string | null }>`
    SELECT m.id, c.id AS candidate, c.cluster_id AS "clusterId"
    FROM unnest(${column((r) => r.id)}::bigint[], ${column((r) => r.townId)}::text[], ${column((r) => r.rooms)}::smallint[],
      ${column((r) => Math.floor(r.surface * 0.95))}::int[], ${column((r) => Math.ceil(r.surface * 1.05))}::int[],
      ${column((r) => r.floor ?? null)}::smallint[], ${column((r) => r.channel)}::text[], ${column((r) => r.propertyTypeGroup)}::text[],
      ${column((r) => r.publisherId)}::bigint[], ${column((r) => r.exactLat)}::float8[], ${column((r) => r.exactLon)}::float8[],
      ${column((r) => r.street)}::text[], ${column((r) => r.streetNumber)}::text[])
      AS m(id, town_id, rooms, surface_min, surface_max, floor, channel, property_type_group, publisher_id, exact_lat, exact_lon, street, street_number)
    CROSS JOIN LATERAL (
      SELECT c.id, h.cluster_id
      FROM listings c LEFT JOIN home_clusters h ON h.listing_id = c.id
      WHERE c.town_id = m.town_id AND c.rooms = m.rooms AND c.surface BETWEEN m.surface_min AND m.surface_max
        AND c.id <> m.id AND c.publisher_id <> m.publisher_id
        AND c.channel = m.channel AND c.property_type_group = m.property_type_group
        AND c.floor IS NOT DISTINCT FROM m.floor
        AND ((abs(c.exact_lat - m.exact_lat) < 0.00027 AND abs(c.exact_lon - m.exact_lon) < 0.00038)
          OR listing_address_key(c.town_id, c.street, c.street_number) = listing_address_key(m.town_id, m.street, m.street_number))
      ORDER BY c.id LIMIT 20) c`.execute(db);
  if (found.rows.length === 0) return;
  const order = new Map(rows.map((r) => [r.id, r.order]));
  const byListing = new Map<number, { id: number; clusterId: number | null }[]>();
  for (const f of found.rows) {
    const list = byListing.get(Number(f.id)) ?? [];
    list.push({ id: Number(f.candidate), clusterId: f.clusterId === null ? null : Number(f.clusterId) });
    byListing.set(Number(f.id), list);
  }
  const assigned = new Map<number, number>();
  for (const r of rows) {
    // Not the batch's later listings: they were not there yet, one by one.
    const candidates = (byListing.get(r.id) ?? []).filter((c) => (order.get(c.id) ?? -1) < r.order);
    if (candidates.length === 0) continue;
    const clusterOf = (c: { id: number; clusterId: number | null }) => assigned.get(c.id) ?? c.clusterId;
    const clusterId = Math.min(r.id, ...candidates.map((c) => clusterOf(c) ?? c.id));
    assigned.set(r.id, clusterId);
    for (const c of candidates) if (clusterOf(c) === null) assigned.set(c.id, clusterId);
  }
  if (assigned.size === 0) return;
  await db
    .insertInto("homeClusters")
    .values([...assigned].map(([listingId, clusterId]) => ({ listingId, clusterId })))
    .onConflict((oc) => oc.column("listingId").doUpdateSet((eb) => ({ clusterId: eb.ref("excluded.clusterId") })))
    .execute();
}

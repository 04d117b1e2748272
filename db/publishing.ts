/**
 * Publishers' own data (issue 24, docs/decisions/096): API keys (stored hashed) and the publisher's side of
 * each listing it published (published_listings: status, own id, last confirmation). Every read and change
 * is scoped by publisher id: another publisher's listing or key is "not found". Listings themselves change
 * only through db/listing-writes.ts, in the same transaction as the row here.
 */
import { sql, type Kysely, type Selectable } from "kysely";
import { publishListings, updatePublishedListing, withdrawListing, type ListingChanges, type NewListing } from "./listing-writes.ts";
import { giveUpFeedPhotosOf, recordNewFeedPhotoUrls, syncFeedPhotoUrls } from "./feed-photos.ts";
import type { Database, PublishedListingsTable, PublisherApiKeysTable } from "./schema.ts";

export type ApiKeyRow = Selectable<PublisherApiKeysTable>;
export type PublishedListingRow = Selectable<PublishedListingsTable>;
export type PublishSource = PublishedListingRow["source"];

/** At most this many keys a publisher may hold unrevoked. */
export const MAX_ACTIVE_KEYS = 10;

export async function insertApiKey(
  db: Kysely<Database>,
  key: { publisherId: number; label: string; prefix: string; keyHash: string; createdBy: number | null; now: Date },
): Promise<ApiKeyRow | null> {
  return db.transaction().execute(async (trx) => {
    // One creation at a time per publisher, so the cap holds under concurrent requests.
    await sql`SELECT pg_advisory_xact_lock(hashtext('publisher_api_keys'), ${key.publisherId}::int)`.execute(trx);
    const active = await trx
      .selectFrom("publisherApiKeys")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("publisherId", "=", key.publisherId)
      .where("revokedAt", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(active.n) >= MAX_ACTIVE_KEYS) return null;
    return trx
      .insertInto("publisherApiKeys")
      .values({
        publisherId: key.publisherId,
        label: key.label,
        prefix: key.prefix,
        keyHash: key.keyHash,
        createdBy: key.createdBy,
        createdAt: key.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function listApiKeys(db: Kysely<Database>, publisherId: number): Promise<ApiKeyRow[]> {
  return db.selectFrom("publisherApiKeys").selectAll().where("publisherId", "=", publisherId).orderBy("id", "desc").execute();
}

/** Revokes one of this publisher's keys; false when it has no such key (or it was revoked already). */
export async function revokeApiKey(db: Kysely<Database>, publisherId: number, keyId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("publisherApiKeys")
    .set({ revokedAt: now })
    .where("id", "=", keyId)
    .where("publisherId", "=", publisherId)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findApiKeyByPrefix(db: Kysely<Database>, prefix: string): Promise<ApiKeyRow | null> {
  return (await db.selectFrom("publisherApiKeys").selectAll().where("prefix", "=", prefix).executeTakeFirst()) ?? null;
}

/** Last use, at most once a minute per key (no write per request). */
export async function touchApiKey(db: Kysely<Database>, keyId: number, now: Date): Promise<void> {
  await db
    .updateTable("publisherApiKeys")
    .set({ lastUsedAt: now })
    .where("id", "=", keyId)
    .where((eb) => eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<", new Date(now.getTime() - 60_000))]))
    .execute();
}

/** What published_listings keeps of a listing for when it is gone. */
function snapshot(l: Pick<NewListing, "title" | "channel" | "propertyTypeGroup" | "townId" | "price" | "lat" | "lon">) {
  return {
    title: l.title,
    channel: l.channel,
    propertyTypeGroup: l.propertyTypeGroup,
    townId: l.townId,
    price: l.price,
    lat: l.lat,
    lon: l.lon,
  };
}

export interface PublishMeta {
  externalId: string | null;
  source: PublishSource;
  now: Date;
  contentHash?: string | null;
  /** A feed listing's photo addresses in order (decision 141), recorded as waiting in the publish's transaction. */
  photoUrls?: readonly string[];
}

/** Publishes a listing for a publisher: the listing and its published_listings row in one transaction. */
export async function publishOwnListing(db: Kysely<Database>, listing: NewListing, meta: PublishMeta): Promise<number> {
  return (await publishOwnListings(db, [{ listing, meta }]))[0]!;
}

/**
 * Publishes several listings in one transaction (a feed's batch): one insert of the listings, one of their
 * published_listings rows. All or none: the caller retries one by one when it fails, so one bad listing is
 * only that listing's.
 */
export async function publishOwnListings(
  db: Kysely<Database>,
  entries: readonly { listing: NewListing; meta: PublishMeta }[],
): Promise<number[]> {
  if (entries.length === 0) return [];
  return db.transaction().execute((trx) => insertPublished(trx, entries));
}

/**
 * Publishes a listing unless its publisher has `maxOnline` online already (a private seller's cap, decision 139):
 * the publisher's row is locked while counting, so two forms sent at once cannot both pass. Null when at the cap.
 */
export async function publishOwnListingCapped(
  db: Kysely<Database>,
  listing: NewListing,
  meta: PublishMeta,
  maxOnline: number,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("publishers").select("id").where("id", "=", listing.publisherId).forUpdate().executeTakeFirst();
    const online = await trx
      .selectFrom("publishedListings")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("publisherId", "=", listing.publisherId)
      .where("status", "=", "online")
      .executeTakeFirstOrThrow();
    if (Number(online.n) >= maxOnline) return null;
    return (await insertPublished(trx, [{ listing, meta }]))[0]!;
  });
}

/** How many of this publisher's published listings are online. */
export async function countOwnOnlineListings(db: Kysely<Database>, publisherId: number): Promise<number> {
  const row = await db
    .selectFrom("publishedListings")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("publisherId", "=", publisherId)
    .where("status", "=", "online")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The listings and their published_listings rows, in the caller's transaction. */
async function insertPublished(trx: Kysely<Database>, entries: readonly { listing: NewListing; meta: PublishMeta }[]): Promise<number[]> {
  const ids = await publishListings(
    trx,
    entries.map((e) => e.listing),
  );
  await trx
    .insertInto("publishedListings")
    .values(
      entries.map(({ listing, meta }, i) => ({
        listingId: ids[i]!,
        publisherId: listing.publisherId,
        externalId: meta.externalId,
        status: "online",
        source: meta.source,
        ...snapshot(listing),
        contentHash: meta.contentHash ?? null,
        confirmedAt: meta.now,
        createdAt: meta.now,
        updatedAt: meta.now,
      })),
    )
    .execute();
  await recordNewFeedPhotoUrls(
    trx,
    entries.map(({ listing, meta }, i) => ({ listingId: ids[i]!, publisherId: listing.publisherId, urls: meta.photoUrls ?? [] })),
    entries[0]!.meta.now,
  );
  return ids;
}

/**
 * Updates one of this publisher's online listings (and confirms it); false when it has none online with
 * this id. The listing row changes through db/listing-writes.ts.
 */
export async function updateOwnListing(
  db: Kysely<Database>,
  publisherId: number,
  listingId: number,
  changes: ListingChanges & Pick<NewListing, "title" | "channel" | "propertyTypeGroup" | "townId" | "price" | "lat" | "lon">,
  now: Date,
  contentHash: string | null = null,
  /** A feed's photo addresses for the listing (decision 141), synced in this transaction; API updates leave them. */
  photoUrls?: readonly string[],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("publishedListings")
      .select("listingId")
      .where("listingId", "=", listingId)
      .where("publisherId", "=", publisherId)
      .where("status", "=", "online")
      .forUpdate()
      .executeTakeFirst();
    if (!own) return false;
    if (!(await updatePublishedListing(trx, listingId, changes))) return false;
    await trx
      .updateTable("publishedListings")
      .set({ ...snapshot(changes), contentHash, confirmedAt: now, updatedAt: now })
      .where("listingId", "=", listingId)
      .execute();
    if (photoUrls) await syncFeedPhotoUrls(trx, listingId, publisherId, photoUrls, now);
    return true;
  });
}

/** Confirms that these online listings of the publisher are still true (freshness); returns how many. */
export async function confirmOwnListings(
  db: Kysely<Database>,
  publisherId: number,
  listingIds: readonly number[],
  now: Date,
): Promise<number> {
  if (listingIds.length === 0) return 0;
  const result = await db
    .updateTable("publishedListings")
    .set({ confirmedAt: now })
    .where("publisherId", "=", publisherId)
    .where("listingId", "in", [...listingIds])
    .where("status", "=", "online")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Withdraws (or expires) one of this publisher's online listings; false when it has none online with this id. */
export async function endOwnListing(
  db: Kysely<Database>,
  publisherId: number,
  listingId: number,
  status: "withdrawn" | "expired",
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable("publishedListings")
      .set({ status, endedAt: now, updatedAt: now })
      .where("listingId", "=", listingId)
      .where("publisherId", "=", publisherId)
      .where("status", "=", "online")
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0) return false;
    await withdrawListing(trx, listingId);
    await giveUpFeedPhotosOf(trx, listingId);
    return true;
  });
}

/** One of this publisher's listings (any status), or null: another publisher's id is the same as none. */
export async function findOwnListing(db: Kysely<Database>, publisherId: number, listingId: number): Promise<PublishedListingRow | null> {
  return (
    (await db
      .selectFrom("publishedListings")
      .selectAll()
      .where("listingId", "=", listingId)
      .where("publisherId", "=", publisherId)
      .executeTakeFirst()) ?? null
  );
}

/** A publisher's listing by its own id (the feed's unique-id): the online one, else the latest. */
/** `findOwnListingByExternalId` for many external ids at once (a feed's batch), by external id. */
export async function findOwnListingsByExternalIds(
  db: Kysely<Database>,
  publisherId: number,
  externalIds: readonly string[],
): Promise<Map<string, PublishedListingRow>> {
  if (externalIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("publishedListings")
    .selectAll()
    .where("publisherId", "=", publisherId)
    .where("externalId", "in", [...externalIds])
    // Per external id the online one if any, else the latest: the first row of each after this order.
    .orderBy("externalId")
    .orderBy(sql`status = 'online'`, "desc")
    .orderBy("listingId", "desc")
    .execute();
  const found = new Map<string, PublishedListingRow>();
  for (const row of rows) if (row.externalId !== null && !found.has(row.externalId)) found.set(row.externalId, row);
  return found;
}

export async function findOwnListingByExternalId(
  db: Kysely<Database>,
  publisherId: number,
  externalId: string,
): Promise<PublishedListingRow | null> {
  return (
    (await db
      .selectFrom("publishedListings")
      .selectAll()
      .where("publisherId", "=", publisherId)
      .where("externalId", "=", externalId)
      // The online one if any, else the latest (a withdrawn home the feed lists again is relisted).
      .orderBy(sql`status = 'online'`, "desc")
      .orderBy("listingId", "desc")
      .limit(1)
      .executeTakeFirst()) ?? null
  );
}

/** A publisher's listings, newest first, `limit` after the id `before` (keyset pages). */
export async function listOwnListings(
  db: Kysely<Database>,
  publisherId: number,
  options: { limit: number; before?: number; status?: PublishedListingRow["status"] },
): Promise<PublishedListingRow[]> {
  let query = db.selectFrom("publishedListings").selectAll().where("publisherId", "=", publisherId);
  if (options.before !== undefined) query = query.where("listingId", "<", options.before);
  if (options.status) query = query.where("status", "=", options.status);
  return query.orderBy("listingId", "desc").limit(options.limit).execute();
}

/** The published_listings row of a listing, whoever published it (the listing page of a gone listing). */
export async function findPublishedListing(db: Kysely<Database>, listingId: number): Promise<PublishedListingRow | null> {
  return (await db.selectFrom("publishedListings").selectAll().where("listingId", "=", listingId).executeTakeFirst()) ?? null;
}

/** Online listings not confirmed since `before` (the freshness job), oldest confirmation first. */
export async function listingsDueForExpiry(
  db: Kysely<Database>,
  before: Date,
  limit: number,
): Promise<Array<{ listingId: number; publisherId: number }>> {
  const rows = await db
    .selectFrom("publishedListings")
    .select(["listingId", "publisherId"])
    .where("status", "=", "online")
    .where("confirmedAt", "<", before)
    .orderBy("confirmedAt")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ listingId: Number(r.listingId), publisherId: Number(r.publisherId) }));
}

/** A listing's price history: its drops and relistings, across relistings of the same home (listing_events). */
export async function listingPriceHistory(
  db: Kysely<Database>,
  listingId: number,
): Promise<Array<{ kind: "new" | "price_drop" | "back"; oldPrice: number | null; newPrice: number; at: Date }>> {
  const rows = await sql<{ kind: "new" | "price_drop" | "back"; oldPrice: string | null; newPrice: string; at: Date }>`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT ${listingId}::bigint, 0
      UNION
      SELECT e.previous_listing_id, c.depth + 1 FROM listing_events e JOIN chain c ON e.listing_id = c.id
      WHERE e.kind = 'back' AND e.previous_listing_id IS NOT NULL AND c.depth < 20
    )
    SELECT e.kind, e.old_price AS "oldPrice", e.new_price AS "newPrice", e.created_at AS "at" FROM listing_events e
    WHERE e.listing_id IN (SELECT id FROM chain)
    ORDER BY e.created_at, e.id`.execute(db);
  return rows.rows.map((r) => ({
    kind: r.kind,
    oldPrice: r.oldPrice === null ? null : Number(r.oldPrice),
    newPrice: Number(r.newPrice),
    at: new Date(r.at),
  }));
}

/** Is this an agent of that agency (a listing may name its agent)? */
export async function isAgentOf(db: Kysely<Database>, agencyId: number, agentId: number): Promise<boolean> {
  const row = await db.selectFrom("publishers").select("id").where("id", "=", agentId).where("parentId", "=", agencyId).executeTakeFirst();
  return row !== undefined;
}

/** The publisher's kind (agency, agent, private), or null when there is none (a demo-data reload replaced it). */
export async function publisherKind(db: Kysely<Database>, publisherId: number): Promise<string | null> {
  const row = await db.selectFrom("publishers").select("kind").where("id", "=", publisherId).executeTakeFirst();
  return row?.kind ?? null;
}

/** A new feed import, running. */
export async function startFeedImport(
  db: Kysely<Database>,
  publisherId: number,
  source: "upload" | "url",
  format: "xml" | "jsonl",
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto("feedImports")
    .values({ publisherId, source, format, status: "running", report: null, startedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function finishFeedImport(
  db: Kysely<Database>,
  id: number,
  status: "done" | "failed",
  report: string,
  at: Date,
): Promise<void> {
  await db.updateTable("feedImports").set({ status, report, finishedAt: at }).where("id", "=", id).execute();
}

/** A publisher's imports, newest first. */
export async function listFeedImports(db: Kysely<Database>, publisherId: number, limit: number) {
  return db.selectFrom("feedImports").selectAll().where("publisherId", "=", publisherId).orderBy("id", "desc").limit(limit).execute();
}

/** One of this publisher's imports, or null (another publisher's is the same as none). */
export async function findFeedImport(db: Kysely<Database>, publisherId: number, id: number) {
  return (
    (await db.selectFrom("feedImports").selectAll().where("id", "=", id).where("publisherId", "=", publisherId).executeTakeFirst()) ?? null
  );
}

/** The publisher's online listings that came from its feed: a full feed withdraws those it no longer lists. */
export async function feedListingsOnline(
  db: Kysely<Database>,
  publisherId: number,
): Promise<Array<{ listingId: number; externalId: string | null }>> {
  const rows = await db
    .selectFrom("publishedListings")
    .select(["listingId", "externalId"])
    .where("publisherId", "=", publisherId)
    .where("source", "=", "feed")
    .where("status", "=", "online")
    .execute();
  return rows.map((r) => ({ listingId: Number(r.listingId), externalId: r.externalId }));
}

/** Counts one view of a published listing's page on that day (Rome's calendar day, 'YYYY-MM-DD'). */
export async function recordListingView(db: Kysely<Database>, listingId: number, day: string): Promise<void> {
  await sql`
    INSERT INTO listing_views_daily (listing_id, day, views) VALUES (${listingId}, ${day}::date, 1)
    ON CONFLICT (listing_id, day) DO UPDATE SET views = listing_views_daily.views + 1`.execute(db);
}

/** One row of the dashboard's listings: a listing of the publisher on the portal, or one it published that is gone. */
export type DashboardListing = {
  listingId: number;
  title: string;
  status: PublishedListingRow["status"];
  externalId: string | null;
  /** The last confirmation of a published listing; null for the demo generator's listings (they never expire). */
  confirmedAt: Date | null;
  views: Map<string, number>;
  contacts: Map<string, number>;
};

/**
 * The dashboard's listings: every listing of the publisher — those on the portal (whoever made them: the
 * demo generator, the API, a feed) and those it published that are gone (withdrawn, expired) — newest id
 * first, one page of `limit` after `offset`, each with its views and contacts (leads and phone calls) per
 * day since `since` ('YYYY-MM-DD' keys), and how many there are in all.
 */
export async function dashboardListings(
  db: Kysely<Database>,
  publisherId: number,
  since: Date,
  page: { limit: number; offset: number },
): Promise<{ total: number; listings: DashboardListing[] }> {
  const own = sql`
    SELECT l.id AS listing_id, l.title, 'online' AS status, p.external_id, p.confirmed_at
    FROM listings l LEFT JOIN published_listings p ON p.listing_id = l.id
    WHERE l.publisher_id = ${publisherId}
    UNION ALL
    SELECT listing_id, title, status, external_id, confirmed_at FROM published_listings
    WHERE publisher_id = ${publisherId} AND status <> 'online'`;
  const [count, rows] = await Promise.all([
    sql<{ n: string }>`SELECT count(*) AS n FROM (${own}) o`.execute(db),
    sql<{ listingId: string; title: string; status: PublishedListingRow["status"]; externalId: string | null; confirmedAt: Date | null }>`
      SELECT listing_id AS "listingId", title, status, external_id AS "externalId", confirmed_at AS "confirmedAt"
      FROM (${own}) o ORDER BY listing_id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
  ]);
  const total = Number(count.rows[0]?.n ?? 0);
  const ids = rows.rows.map((l) => Number(l.listingId));
  if (ids.length === 0) return { total, listings: [] };
  const sinceDay = since.toISOString().slice(0, 10);
  const [views, contacts] = await Promise.all([
    sql<{ listingId: string; day: string; n: number }>`
      SELECT listing_id AS "listingId", to_char(day, 'YYYY-MM-DD') AS day, views AS n FROM listing_views_daily
      WHERE listing_id = ANY(${ids}::bigint[]) AND day >= ${sinceDay}::date`.execute(db),
    sql<{ listingId: string; day: string; n: number }>`
      SELECT listing_id AS "listingId", to_char(created_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day, count(*)::int AS n FROM (
        SELECT listing_id, created_at FROM leads WHERE publisher_id = ${publisherId} AND listing_id = ANY(${ids}::bigint[]) AND created_at >= ${since}
        UNION ALL
        SELECT listing_id, created_at FROM phone_calls WHERE publisher_id = ${publisherId} AND listing_id = ANY(${ids}::bigint[]) AND created_at >= ${since}
      ) c GROUP BY 1, 2`.execute(db),
  ]);
  const byListing = (rows: Array<{ listingId: string; day: string; n: number }>) => {
    const map = new Map<number, Map<string, number>>();
    for (const r of rows) {
      const days = map.get(Number(r.listingId)) ?? new Map<string, number>();
      days.set(r.day, Number(r.n));
      map.set(Number(r.listingId), days);
    }
    return map;
  };
  const v = byListing(views.rows);
  const c = byListing(contacts.rows);
  return {
    total,
    listings: rows.rows.map((l) => ({
      listingId: Number(l.listingId),
      title: l.title,
      status: l.status,
      externalId: l.externalId,
      confirmedAt: l.confirmedAt === null ? null : new Date(l.confirmedAt),
      views: v.get(Number(l.listingId)) ?? new Map<string, number>(),
      contacts: c.get(Number(l.listingId)) ?? new Map<string, number>(),
    })),
  };
}

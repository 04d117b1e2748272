/**
 * The offers of a home published by several publishers (docs/decisions/120): for each listing, the listings
 * on the portal in its cluster (home_clusters, written by db/listing-writes.ts `clusterListing`), cheapest first.
 */
import { sql, type Kysely } from "kysely";
import type { HomeOffer } from "../core/listing/offers.ts";
import type { Database } from "./schema.ts";

/** Each of these listings that has other offers on the portal → every offer of its home (itself included). */
export async function homeOffers(db: Kysely<Database>, listingIds: readonly number[]): Promise<Map<number, HomeOffer[]>> {
  if (listingIds.length === 0) return new Map();
  // Most pages hold no home listed twice: a one-table lookup answers that, and the join below (whose planning
  // alone cost a results request more than the rest of its SQL, docs/BENCHMARKS.md "Worker processes") runs
  // only for the listings that are in a cluster.
  const clustered = await sql<{ id: string }>`
    SELECT listing_id AS id FROM home_clusters WHERE listing_id = ANY(${[...listingIds]}::bigint[])`.execute(db);
  return offersOfClustered(
    db,
    clustered.rows.map((r) => Number(r.id)),
  );
}

/**
 * `homeOffers` for listings already known to be in a cluster (a card's `inCluster`, read with the card): no
 * lookup first, and no query at all when none is.
 */
export async function offersOfClustered(db: Kysely<Database>, clusteredIds: readonly number[]): Promise<Map<number, HomeOffer[]>> {
  const offers = new Map<number, HomeOffer[]>();
  if (clusteredIds.length === 0) return offers;
  const rows = await sql<{ forId: string; listingId: string; publisherId: string; publisherName: string; price: string | null }>`
    SELECT h.listing_id AS "forId", m.listing_id AS "listingId", l.publisher_id AS "publisherId", p.name AS "publisherName", l.shown_price AS price
    FROM home_clusters h
    JOIN home_clusters m ON m.cluster_id = h.cluster_id
    JOIN listings l ON l.id = m.listing_id
    JOIN publishers p ON p.id = l.publisher_id
    WHERE h.listing_id = ANY(${[...clusteredIds]}::bigint[]) AND EXISTS (SELECT 1 FROM listings me WHERE me.id = h.listing_id)
    ORDER BY l.shown_price NULLS LAST, l.id`.execute(db);
  for (const r of rows.rows) {
    const list = offers.get(Number(r.forId)) ?? [];
    list.push({
      listingId: Number(r.listingId),
      publisherId: Number(r.publisherId),
      publisherName: r.publisherName,
      price: r.price === null ? null : Number(r.price),
    });
    offers.set(Number(r.forId), list);
  }
  for (const [id, list] of offers) if (list.length < 2) offers.delete(id);
  return offers;
}

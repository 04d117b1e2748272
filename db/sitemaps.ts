/**
 * What the sitemaps read (docs/decisions/090): listings grouped as results pages are, and listings and
 * agencies in id order, a batch at a time, so a 50,000-URL file is streamed without holding its rows.
 */
import { sql, type Kysely } from "kysely";
import type { ListingGroupRow } from "../core/seo/sitemaps.ts";
import type { Database } from "./schema.ts";

/**
 * Live listings per channel, stored group, town, newness and auction flag, with the newest publication:
 * bounded by the number of towns, not of listings. The same town column a town search matches.
 */
export async function listingGroups(db: Kysely<Database>): Promise<ListingGroupRow[]> {
  const { rows } = await sql<{ channel: string; grp: string; town: string; nc: boolean; au: boolean; n: number; last: Date | string }>`
    SELECT channel, property_type_group AS grp, town_id AS town, is_new_construction AS nc, is_auction AS au,
           count(*)::int AS n, max(published_at) AS last
    FROM listings GROUP BY 1, 2, 3, 4, 5`.execute(db);
  return rows.map((r) => ({
    channel: r.channel,
    group: r.grp,
    townId: r.town,
    newConstruction: r.nc,
    auction: r.au,
    count: Number(r.n),
    lastPublished: new Date(r.last),
  }));
}

export async function countListings(db: Kysely<Database>): Promise<{ count: number; last: Date | null }> {
  const row = await db
    .selectFrom("listings")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.max("publishedAt").as("last")])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), last: row.last ? new Date(row.last) : null };
}

/** The id a part of the listings sitemap starts at (the offset-th in id order, through the primary key), or null. */
export async function listingIdAt(db: Kysely<Database>, offset: number): Promise<number | null> {
  const row = await db.selectFrom("listings").select("id").orderBy("id").offset(offset).limit(1).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Listings from an id on, in id order. */
export async function listingsFrom(db: Kysely<Database>, fromId: number, limit: number): Promise<{ id: number; publishedAt: Date }[]> {
  const rows = await db.selectFrom("listings").select(["id", "publishedAt"]).where("id", ">=", fromId).orderBy("id").limit(limit).execute();
  return rows.map((r) => ({ id: Number(r.id), publishedAt: new Date(r.publishedAt) }));
}

export interface SitemapPublisher {
  id: number;
  kind: string;
  slug: string;
  isAgentPro: boolean;
  lastmod: Date;
}

/** Provinces with estate agencies based in their towns (an agencies hub with content), with the newest agency's creation. */
export async function agencyProvinces(db: Kysely<Database>): Promise<Array<{ provinceId: string; last: Date }>> {
  const { rows } = await sql<{ province: string; last: Date | string }>`
    SELECT t.parent_id AS province, max(p.created_at) AS last
    FROM publishers p JOIN places t ON t.id = p.town_id
    WHERE p.kind = 'agency' AND t.parent_id IS NOT NULL GROUP BY 1`.execute(db);
  return rows.map((r) => ({ provinceId: r.province, last: new Date(r.last) }));
}

/** Publishers with a page of their own (agencies and Agente Pro), counted. */
export async function countPublisherPages(db: Kysely<Database>): Promise<{ count: number; last: Date | null }> {
  const { rows } = await sql<{ n: number; last: Date | string | null }>`
    SELECT count(*)::int AS n, max(created_at) AS last FROM publishers WHERE kind = 'agency' OR is_agent_pro`.execute(db);
  return { count: Number(rows[0]?.n ?? 0), last: rows[0]?.last ? new Date(rows[0].last) : null };
}

/**
 * Publishers with a page, from an offset in id order, with their lastmod: their newest listing (as agency or
 * agent), or their creation when they have none. Parts are small (a few thousand agencies a file).
 */
export async function publisherPages(db: Kysely<Database>, offset: number, limit: number): Promise<SitemapPublisher[]> {
  const { rows } = await sql<{ id: number; kind: string; slug: string; pro: boolean; last: Date | string }>`
    SELECT p.id::int AS id, p.kind, p.slug, p.is_agent_pro AS pro,
      greatest(p.created_at, (SELECT max(published_at) FROM listings WHERE publisher_id = p.id),
        (SELECT max(published_at) FROM listings WHERE agent_id = p.id)) AS last
    FROM publishers p WHERE p.kind = 'agency' OR p.is_agent_pro
    ORDER BY p.id OFFSET ${offset} LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, slug: r.slug, isAgentPro: r.pro, lastmod: new Date(r.last) }));
}

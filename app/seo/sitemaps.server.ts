/**
 * The sitemap index, its per-type files and robots.txt as HTTP answers (docs/decisions/090). Files are
 * streamed: the listings' in batches read from the database as the client takes them; the results and hub
 * pages from one grouped read of the listings, kept a few minutes (bounded by places, not by listings).
 */
import type { Kysely } from "kysely";
import { PlaceLevel } from "../../core/places.ts";
import { publisherPath } from "../../core/publisher/page.ts";
import {
  partsFor,
  resultsPages,
  robotsTxt,
  SITEMAP_MAX_URLS,
  SITEMAP_TYPES,
  type ListingGroupRow,
  type SitemapFile,
  type SitemapPage,
  type SitemapType,
  sitemapIndex,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlEntry,
} from "../../core/seo/sitemaps.ts";
import { hubSegment, type HubKind } from "../../core/hubs/hub.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import type { Database } from "../../db/schema.ts";
import {
  agencyProvinces,
  countListings,
  countPublisherPages,
  listingGroups,
  listingIdAt,
  listingsFrom,
  publisherPages,
} from "../../db/sitemaps.ts";

/** How long the results and hub pages are kept: search engines read sitemaps a few times a day. */
const PAGES_TTL_MS = 5 * 60 * 1000;
/** Rows read from the database at a time while a listings or agencies file streams. */
const BATCH = 5_000;

interface PlacePages {
  results: SitemapPage[];
  hubs: SitemapPage[];
}

const placePagesCache = new WeakMap<Kysely<Database>, { at: number; pages: Promise<PlacePages> }>();

/**
 * The listings hubs a group of listings gives content to (docs/decisions/101, 124): homes for sale, for rent, for
 * short rent, and court auctions (homes for sale at auction).
 */
function hubKindsOf(row: ListingGroupRow): HubKind[] {
  if (row.group !== "case") return [];
  if (row.channel === "vendita") return row.auction ? ["vendita", "aste"] : ["vendita"];
  return row.channel === "affitto" || row.channel === "affitto-breve" ? [row.channel] : [];
}

async function buildPlacePages(db: Kysely<Database>): Promise<PlacePages> {
  const [rows, places, agencies] = await Promise.all([listingGroups(db), getPlaceDirectory(db), agencyProvinces(db)]);
  const hubs = new Map<string, Date>();
  const add = (path: string, last: Date) => {
    const seen = hubs.get(path);
    if (!seen || last > seen) hubs.set(path, last);
  };
  for (const row of rows) {
    if (row.count < 1) continue;
    const province = places.ancestorAt(row.townId, PlaceLevel.province);
    const region = places.ancestorAt(row.townId, PlaceLevel.region);
    if (!region) continue;
    add(`/immobili/${region.slug}/`, row.lastPublished);
    // A province's hubs, each where it lists something: no empty hub is offered.
    if (province)
      for (const kind of hubKindsOf(row)) add(`/immobili/${region.slug}/${province.slug}/${hubSegment(kind)}`, row.lastPublished);
  }
  for (const { provinceId, last } of agencies) {
    const province = places.get(provinceId);
    const region = province ? places.ancestorAt(province.id, PlaceLevel.region) : undefined;
    if (province?.level === PlaceLevel.province && region) add(`/immobili/${region.slug}/${province.slug}/${hubSegment("agenzie")}`, last);
  }
  return {
    results: resultsPages(rows, places),
    hubs: [...hubs].map(([path, lastmod]) => ({ path, lastmod })).sort((a, b) => (a.path < b.path ? -1 : 1)),
  };
}

function placePages(db: Kysely<Database>): Promise<PlacePages> {
  const cached = placePagesCache.get(db);
  if (cached && Date.now() - cached.at < PAGES_TTL_MS) return cached.pages;
  const pages = buildPlacePages(db);
  placePagesCache.set(db, { at: Date.now(), pages });
  pages.catch(() => placePagesCache.delete(db));
  return pages;
}

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };

function maxDate(pages: readonly SitemapPage[]): Date | null {
  let last: Date | null = null;
  for (const p of pages) if (!last || p.lastmod > last) last = p.lastmod;
  return last;
}

export async function sitemapIndexResponse(db: Kysely<Database>, origin: string): Promise<Response> {
  const [pages, listings, publishers] = await Promise.all([placePages(db), countListings(db), countPublisherPages(db)]);
  const sizes: Record<SitemapType, { urls: number; last: Date | null }> = {
    ricerche: { urls: pages.results.length, last: maxDate(pages.results) },
    hub: { urls: pages.hubs.length, last: maxDate(pages.hubs) },
    annunci: { urls: listings.count, last: listings.last },
    agenzie: { urls: publishers.count, last: publishers.last },
  };
  const files: Array<SitemapFile & { lastmod: Date | null }> = [];
  for (const locale of ["it", "en"] as const)
    for (const type of SITEMAP_TYPES)
      for (let part = 1; part <= partsFor(sizes[type].urls); part++) files.push({ type, locale, part, lastmod: sizes[type].last });
  return new Response(sitemapIndex(origin, files), { headers: XML_HEADERS });
}

/** The urlset of one file, produced as the client reads it. */
async function* fileEntries(db: Kysely<Database>, origin: string, file: SitemapFile, first: string | null): AsyncGenerator<string> {
  const { locale, part } = file;
  const skip = (part - 1) * SITEMAP_MAX_URLS;
  yield URLSET_OPEN;
  if (file.type === "ricerche" || file.type === "hub") {
    const pages = await placePages(db);
    const list = file.type === "ricerche" ? pages.results : pages.hubs;
    const end = Math.min(list.length, skip + SITEMAP_MAX_URLS);
    for (let i = skip; i < end; i += BATCH) {
      let chunk = "";
      for (let j = i; j < Math.min(end, i + BATCH); j++) chunk += urlEntry(origin, list[j]!.path, locale, list[j]!.lastmod);
      yield chunk;
    }
  } else if (file.type === "annunci" && first !== null) {
    let from = Number(first);
    for (let sent = 0; sent < SITEMAP_MAX_URLS; ) {
      const rows = await listingsFrom(db, from, Math.min(BATCH, SITEMAP_MAX_URLS - sent));
      if (rows.length === 0) break;
      yield rows.map((r) => urlEntry(origin, `/annunci/${r.id}/`, locale, r.publishedAt)).join("");
      sent += rows.length;
      from = rows[rows.length - 1]!.id + 1;
    }
  } else if (file.type === "agenzie") {
    for (let offset = skip; offset < skip + SITEMAP_MAX_URLS; offset += BATCH) {
      const rows = await publisherPages(db, offset, Math.min(BATCH, skip + SITEMAP_MAX_URLS - offset));
      if (rows.length === 0) break;
      yield rows.map((p) => (publisherPath(p) ? urlEntry(origin, publisherPath(p)!, locale, p.lastmod) : "")).join("");
      if (rows.length < BATCH) break;
    }
  }
  yield URLSET_CLOSE;
}

/** One file of the set, or null when there is no such part (the route answers 404). */
export async function sitemapFileResponse(db: Kysely<Database>, origin: string, file: SitemapFile): Promise<Response | null> {
  const skip = (file.part - 1) * SITEMAP_MAX_URLS;
  let first: string | null = null;
  if (file.part > 1 || file.type === "annunci") {
    // A part past the end does not exist (the first part of every type does, maybe empty).
    if (file.type === "annunci") {
      const id = await listingIdAt(db, skip);
      if (id === null && file.part > 1) return null;
      first = id === null ? null : String(id);
    } else if (file.type === "agenzie") {
      if ((await countPublisherPages(db)).count <= skip) return null;
    } else {
      const pages = await placePages(db);
      if ((file.type === "ricerche" ? pages.results : pages.hubs).length <= skip) return null;
    }
  }
  const encoder = new TextEncoder();
  const chunks = fileEntries(db, origin, file, first);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, { headers: XML_HEADERS });
}

export function robotsResponse(origin: string): Response {
  return new Response(robotsTxt(origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

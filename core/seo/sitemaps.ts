/**
 * Sitemaps and robots.txt (issue 25 item 5, docs/decisions/090): the sitemaps.org XML written piece by piece
 * (a file is streamed, never held whole), the per-type files and their split at 50,000 URLs, the results pages
 * worth listing, and robots.txt. Pure: the routes feed it rows and stream what it returns.
 */
import { PlaceLevel } from "../places.ts";
import { defaultQuery, type SearchQuery } from "../search/query.ts";
import { encodeSearchUrl, type UrlPlaceLookup } from "../search/url.ts";
import { type Channel, groupsByChannel, type PropertyTypeGroup } from "../search/vocabulary.ts";

/** sitemaps.org: at most 50,000 URLs in one file (and 50 MB, far from reached at ~300 B a URL). */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_TYPES = ["ricerche", "hub", "annunci", "agenzie"] as const;
export type SitemapType = (typeof SITEMAP_TYPES)[number];
export type SitemapLocale = "it" | "en";

/** One file of the set: `/sitemaps/{type}-{locale}-{part}.xml`, parts from 1. */
export interface SitemapFile {
  type: SitemapType;
  locale: SitemapLocale;
  part: number;
}

export function sitemapFilePath(f: SitemapFile): string {
  return `/sitemaps/${f.type}-${f.locale}-${f.part}.xml`;
}

/** The file a path names, or null (the route answers 404). */
export function parseSitemapFile(name: string): SitemapFile | null {
  const m = /^(ricerche|hub|annunci|agenzie)-(it|en)-([1-9]\d{0,5})\.xml$/.exec(name);
  return m ? { type: m[1] as SitemapType, locale: m[2] as SitemapLocale, part: Number(m[3]) } : null;
}

/** How many files a type needs for this many URLs (at least one, so every type is listed). */
export function partsFor(urls: number): number {
  return Math.max(1, Math.ceil(urls / SITEMAP_MAX_URLS));
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** W3C datetime, to the second, in UTC. */
export function w3cDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

const localized = (origin: string, path: string, locale: SitemapLocale) => `${origin}${locale === "en" ? `/en${path}` : path}`;

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = "</urlset>\n";

/**
 * One <url>: the page in this file's language, with both languages and x-default (Italian) as alternates, as
 * the pages' own hreflang links say.
 */
export function urlEntry(origin: string, path: string, locale: SitemapLocale, lastmod: Date | null): string {
  const alt = (lang: string, l: SitemapLocale) =>
    `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(localized(origin, path, l))}"/>`;
  return `<url><loc>${escapeXml(localized(origin, path, locale))}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ""}${alt("it", "it")}${alt("en", "en")}${alt("x-default", "it")}</url>\n`;
}

export function sitemapIndex(origin: string, files: ReadonlyArray<SitemapFile & { lastmod: Date | null }>): string {
  const entries = files.map(
    (f) =>
      `<sitemap><loc>${escapeXml(`${origin}${sitemapFilePath(f)}`)}</loc>${f.lastmod ? `<lastmod>${w3cDate(f.lastmod)}</lastmod>` : ""}</sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("")}</sitemapindex>\n`;
}

/** Live listings of one channel, stored group, town, newness and auction flag: what the results sitemap is built from. */
export interface ListingGroupRow {
  channel: string;
  group: string;
  townId: string;
  newConstruction: boolean;
  auction: boolean;
  count: number;
  lastPublished: Date;
}

export interface SitemapPage {
  path: string;
  lastmod: Date;
}

/**
 * The results pages with listings: each channel × property group (and the auction pages) × place (town,
 * province, region), when it has at least one listing. Each is the canonical URL of a plain search
 * (core/search/url.ts), which core/search/seo.ts indexes: one place, no filter but the auction root, default
 * sort. Its lastmod is the newest listing of the page.
 */
export function resultsPages(rows: Iterable<ListingGroupRow>, places: UrlPlaceLookup): SitemapPage[] {
  const pages = new Map<string, { query: SearchQuery; lastmod: Date }>();
  const add = (channel: Channel, group: PropertyTypeGroup, auction: boolean, placeId: string, last: Date) => {
    const key = `${channel}|${group}|${auction}|${placeId}`;
    const seen = pages.get(key);
    if (seen) {
      if (last > seen.lastmod) seen.lastmod = last;
      return;
    }
    const filters = auction ? { ...defaultQuery.filters, auction: "only" } : defaultQuery.filters;
    pages.set(key, { query: { ...defaultQuery, channel, group, places: [placeId], filters } as SearchQuery, lastmod: last });
  };
  for (const row of rows) {
    if (row.count < 1) continue;
    const channel = row.channel as Channel;
    const offered = groupsByChannel[channel];
    if (!offered) continue;
    const groups = [row.group, ...(row.newConstruction && row.group === "case" ? ["nuove-costruzioni"] : [])].filter((g) =>
      offered.includes(g as PropertyTypeGroup),
    ) as PropertyTypeGroup[];
    const placeIds: string[] = [];
    for (let place = places.get(row.townId); place; place = place.parentId ? places.get(place.parentId) : undefined)
      if (place.level === PlaceLevel.town || place.level === PlaceLevel.province || place.level === PlaceLevel.region)
        placeIds.push(place.id);
    for (const group of groups)
      for (const placeId of placeIds) {
        add(channel, group, false, placeId, row.lastPublished);
        if (row.auction && channel === "vendita") add(channel, group, true, placeId, row.lastPublished);
      }
  }
  return [...pages.values()]
    .map(({ query, lastmod }) => ({ path: encodeSearchUrl(query, places), lastmod }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Paths robots should not crawl: personal pages, the API, forms, and views that duplicate an indexed page. */
export const ROBOTS_DISALLOW = [
  "/mycasa/",
  "/account/",
  "/area-agenzia/",
  "/accedi/",
  "/registrati/",
  "/preferiti/",
  "/portal-srp/",
  "/client-account/",
  "/lh/",
  "/cerca/",
  "/ricerca/",
  "/contatta/",
  "/telefono/",
  "/consenso-cookie",
  "/logout",
  "/*/mappa/",
  "/*?*sortType=",
  "/*?*geobounds=",
  "/*?*geopolygon=",
  "/*?*geocircle=",
] as const;

export function robotsTxt(origin: string): string {
  const rules = ROBOTS_DISALLOW.flatMap((p) => (p.startsWith("/*") ? [p] : [p, `/en${p}`]));
  return `User-agent: *\n${rules.map((p) => `Disallow: ${p}\n`).join("")}\nSitemap: ${origin}/sitemap.xml\n`;
}

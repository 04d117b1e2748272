/**
 * The apireq endpoints of seed 000 §7 (apireq, searchParamsForUrl, convertApiParamForEncode,
 * getPaginatorData): their bodies, and the apireq shape built from a SearchQuery through the URL
 * codec (core/search/url.ts). See docs/api.md "Search URLs and apireq".
 */
import { z } from "zod";
import { activeFilterCount, LIMITS, type SearchQuery } from "../../core/search/query.ts";
import { encodeSearchUrl, toRawFilters, type UrlPlaceLookup } from "../../core/search/url.ts";
import { PAGE_SIZE } from "../../core/search/vocabulary.ts";
import { locationRefSchema, searchBodySchema } from "../api/search-input.server.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";

/** Page types the client names; the list and the map are what differ (seed 000 §7). */
const pageTypes = {
  srp: "list",
  list: "list",
  "search-list": "list",
  map: "map",
  "search-map": "map",
  agency: "agency",
  "agency-srp": "agency",
} as const;
type PageType = (typeof pageTypes)[keyof typeof pageTypes];
const pageTypeSchema = z
  .enum(Object.keys(pageTypes) as [keyof typeof pageTypes, ...Array<keyof typeof pageTypes>])
  .transform((p) => pageTypes[p]);
/** Page size by page type: 25 on the list, 20 for a map's shape list (seed 000 §4 "geo shape … size 20"). */
const defaultSize: Readonly<Record<PageType, number>> = { list: PAGE_SIZE, map: 20, agency: PAGE_SIZE };

const locationRef = locationRefSchema;
const localeSchema = z.enum(["it", "en"]);

export const apireqBodySchema = z.strictObject({
  locations: z.array(locationRef).max(LIMITS.maxPlaces).optional(),
  filters: z.record(z.string().max(80), z.unknown()).optional(),
  apireqParams: z.strictObject({ size: z.number().int().min(1).max(150).optional(), locale: localeSchema.optional() }).optional(),
  pageType: pageTypeSchema.optional(),
  locale: localeSchema.optional(),
});

export const searchParamsForUrlBodySchema = z.strictObject({
  uri: z.string().min(1, "uri is required").max(4000),
  domain: z.string().max(200).optional(),
  locale: localeSchema.optional(),
  esapi: z.union([z.boolean(), z.string().max(40)]).optional(),
  pagetype: pageTypeSchema.optional(),
  isAgencySrp: z.boolean().optional(),
});

export const convertBodySchema = z.strictObject({
  filtersToEncode: z.record(z.string().max(80), z.unknown()),
  locations: z.array(locationRef).max(LIMITS.maxPlaces).optional(),
  locale: localeSchema.optional(),
});

export const paginatorBodySchema = z.strictObject({
  ...searchBodySchema.shape,
  totalResults: z.number().int().min(0).max(1_000_000_000).optional(),
  locale: localeSchema.optional(),
});

export interface Apireq {
  /** The canonical URL of the search (path and query), with /en for English. */
  uri: string;
  size: number;
  /** The normalised search, with what the page adds to it. */
  query: SearchQuery & { modifiers: { pageType: PageType; locale: Locale; activeFilters: number } };
  /** The raw flat filters (seed 000 §3 keys) that give back this search: a ready search body's `filters`. */
  filters: ReturnType<typeof toRawFilters>;
}

export function buildApireq(
  query: SearchQuery,
  places: UrlPlaceLookup,
  options: { pageType?: PageType; locale?: Locale; size?: number } = {},
): Apireq {
  const pageType = options.pageType ?? "list";
  const locale = options.locale ?? "it";
  return {
    uri: localizePath(encodeSearchUrl(query, places), locale),
    size: options.size ?? defaultSize[pageType],
    query: { ...query, modifiers: { pageType, locale, activeFilters: activeFilterCount(query) } },
    filters: toRawFilters(query),
  };
}

/** The locale of a search body: its uri's path, else the locale field, else Italian. */
export function bodyLocale(body: { uri?: string; locale?: Locale }): Locale {
  if (body.locale) return body.locale;
  if (body.uri) {
    try {
      return localeFromPath(new URL(body.uri, "http://portal.invalid").pathname);
    } catch {
      return "it";
    }
  }
  return "it";
}

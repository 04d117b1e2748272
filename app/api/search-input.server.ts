/**
 * Reading a search from an API request: one way for every search endpoint (`readSearch`). The body is
 * read and validated (request.ts), the search comes from its `locations` and filters or, when neither
 * is given, from its `uri` (decoded by core/search/url.ts); a `uri` that stands for another search than
 * the locations and filters is refused. Every place is resolved; unknown ones are a 400 naming the field.
 */
import type { Kysely } from "kysely";
import { z, ZodError } from "zod";
import { BadInputError } from "../../core/errors.ts";
import { LIMITS, parseSearch, SearchRuleError, type SearchQuery } from "../../core/search/query.ts";
import { decodeSearchUrl, encodeSearchUrl, toRawFilters } from "../../core/search/url.ts";
import { getPlaceDirectory, type PlaceDirectory } from "../../db/place-directory.ts";
import type { Database } from "../../db/schema.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { readJsonBody } from "./request.ts";

export const locationRefSchema = z.union([
  z.string().min(1).max(80),
  z.looseObject({ id: z.string().min(1).max(80) }).transform((l) => l.id),
]);
const rawFiltersSchema = z.record(z.string().max(80), z.unknown());

export const searchBodySchema = z.strictObject({
  /** A results page's path and query: the search itself when no locations or filters are given (docs/api.md). */
  uri: z.string().max(4000).optional(),
  locations: z.array(locationRefSchema).max(LIMITS.maxPlaces).optional(),
  filters: rawFiltersSchema.optional(),
  size: z.number().int().min(1).max(150).optional(),
});
export type SearchBody = z.infer<typeof searchBodySchema>;

/** What readSearch needs of a body; endpoints extend searchBodySchema with their own fields. */
interface SearchBodyFields {
  uri?: string;
  locations?: string[];
  filters?: Record<string, unknown>;
  filtersToEncode?: Record<string, unknown>;
}

export interface DecodedUri {
  /** The canonical URL of the search, with /en for English. */
  canonical: string;
  locale: Locale;
  /** Whether `uri` was already the canonical URL. */
  isCanonical: boolean;
}

export interface SearchInput<B> {
  body: B;
  query: SearchQuery;
  directory: PlaceDirectory;
  /** Set when the search came from (or was checked against) `uri`. */
  uri: DecodedUri | null;
}

export interface ReadSearchOptions<S extends z.ZodType<SearchBodyFields>> {
  /** The endpoint's body schema (default searchBodySchema). */
  schema?: S;
  /** Filters the endpoint sets itself from its body, over the body's filters (cerca-intorno-a-te's circle). */
  extra?: (body: z.infer<S>) => Record<string, unknown>;
  /** The body field holding the raw filters: "filters", or convertApiParamForEncode's "filtersToEncode". */
  filtersField?: "filters" | "filtersToEncode";
}

/**
 * Reads and validates a search request: body, query, the place directory, and the decoded `uri`.
 * Throws a Response (413, 400 for bad JSON) or a BadInputError naming the field; the API boundary
 * answers both.
 */
export async function readSearch<S extends z.ZodType<SearchBodyFields> = typeof searchBodySchema>(
  request: Request,
  db: Kysely<Database>,
  options: ReadSearchOptions<S> = {},
): Promise<SearchInput<z.infer<S>>> {
  const body = (await readJsonBody(request, options.schema ?? searchBodySchema)) as z.infer<S> & SearchBodyFields;
  const directory = await getPlaceDirectory(db);
  const filtersField = options.filtersField ?? "filters";
  const rawFilters = body[filtersField];
  const locations = body.locations ?? [];
  const extra = options.extra?.(body);
  const given = locations.length > 0 || (rawFilters !== undefined && Object.keys(rawFilters).length > 0);

  let query: SearchQuery | null = null;
  if (given || body.uri === undefined) {
    query = parseQuery({ ...(rawFilters ?? {}), ...extra }, locations, filtersField);
    checkPlaces(query, locations, directory, filtersField);
  }
  let uri: DecodedUri | null = null;
  if (body.uri !== undefined) {
    const decoded = decodeUri(body.uri, directory);
    uri = decoded;
    if (query === null) {
      query = extra ? parseQuery({ ...toRawFilters(decoded.query), ...extra }, decoded.query.places, "uri") : decoded.query;
    } else {
      // The page may differ: clients send the current page's uri while asking for another page.
      const fromBody = encodeSearchUrl({ ...query, page: 1 }, directory);
      const fromUri = encodeSearchUrl({ ...decoded.query, page: 1 }, directory);
      if (fromBody !== fromUri) {
        throw new BadInputError(
          `uri: ${fromUri.slice(0, 300)} is another search than the locations and filters (${fromBody.slice(0, 300)}): send one of them, or both for the same search`,
          "uri",
        );
      }
    }
  }
  return { body, query: query!, directory, uri };
}

function parseQuery(raw: Record<string, unknown>, locations: string[], prefix: string): SearchQuery {
  try {
    return parseSearch(raw, locations);
  } catch (error) {
    throw searchInputError(error, prefix);
  }
}

/** A ZodError or SearchRuleError from raw filters as a BadInputError naming `prefix.field`; anything else as is. */
export function searchInputError(error: unknown, prefix = "filters"): unknown {
  if (error instanceof SearchRuleError) {
    // "locations" is a body field of its own, not a filter.
    const field = error.field === "locations" ? "locations" : `${prefix}.${error.field}`;
    return new BadInputError(field === "locations" ? error.message : `${prefix}.${error.message}`, field);
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0]!;
    const field = [prefix, ...issue.path].join(".");
    return new BadInputError(`${field}: ${issue.message}`, field);
  }
  return error;
}

/** Every place of the query must exist: an unknown one is a 400 naming its position in `locations`, or the zones filter. */
function checkPlaces(query: SearchQuery, locations: string[], directory: PlaceDirectory, prefix: string): void {
  const unknown = query.places.find((id) => directory.get(id) === undefined);
  if (unknown === undefined) return;
  const index = locations.indexOf(unknown);
  const field = index >= 0 ? `locations.${index}` : `${prefix}.zones`;
  throw new BadInputError(`${field}: unknown place "${unknown.slice(0, 80)}"`, field);
}

/**
 * The search a page URL stands for. `uri` may be a path ("/vendita/case/milano/?page=2"), with or
 * without /en, or an absolute URL. Throws a BadInputError naming `uri` when it is no search URL.
 */
export function decodeUri(uri: string, directory: PlaceDirectory): DecodedUri & { query: SearchQuery } {
  let url: URL;
  try {
    url = new URL(uri, "http://portal.invalid");
  } catch {
    throw new BadInputError("uri: not a URL or path", "uri");
  }
  const locale = localeFromPath(url.pathname);
  const bare = localizePath(url.pathname, "it");
  const decoded = decodeSearchUrl(bare, url.search, directory);
  if (decoded.kind === "not-found") throw new BadInputError(`uri: not a search URL: ${decoded.reason}`, "uri");
  const requested = `${url.pathname}${url.search}`;
  const canonical = localizePath(decoded.canonical, locale);
  return { query: decoded.query, canonical, locale, isCanonical: requested === canonical };
}

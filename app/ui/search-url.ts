/**
 * Search URLs in the browser: the tools build the new SearchQuery and encode it with the same codec
 * the server uses (core/search/url.ts), loaded only when the visitor applies a change, so the
 * codec and the search model (with zod) stay out of the results page's first JavaScript
 * (docs/decisions/027). The lookup holds the places the tool knows: the current ones and the ones
 * it loaded, each with its parent chain up to the town.
 */
import type { SearchQuery } from "../../core/search/query.ts";
import type { UrlPlace, UrlPlaceLookup } from "../../core/search/url.ts";

export function placeLookup(places: Iterable<UrlPlace>): UrlPlaceLookup {
  const byId = new Map<string, UrlPlace>();
  for (const p of places) if (!byId.has(p.id)) byId.set(p.id, p);
  return {
    get: (id) => byId.get(id),
    bySlug: (level, qslug) => [...byId.values()].find((p) => p.level === level && p.qslug === qslug),
  };
}

/** Starts loading the codec when a tool opens, so 'Applica' does not wait for it (a failure shows on apply). */
export function preloadSearchUrl(): void {
  import("../../core/search/url.ts").catch(() => {});
}

/** Path and query of a search, without the locale prefix. */
export async function searchUrl(query: SearchQuery, places: Iterable<UrlPlace>): Promise<string> {
  const { encodeSearchUrl } = await import("../../core/search/url.ts");
  return encodeSearchUrl(query, placeLookup(places));
}

/**
 * From the results page's GET filter form to a SearchQuery: repeated names become lists, empty
 * values are unset, and a value the rules refuse (a group the new channel does not offer, a
 * minimum above its maximum, a mistyped number) is dropped rather than failing the whole search,
 * so the visitor lands on the nearest valid search. Pure; app/routes/search-form.ts redirects to
 * the canonical address of the result.
 */
import { ZodError } from "zod";
import { geoFormByKey, searchFilters } from "./filters.ts";
import { defaultQuery, parseSearch, SearchRuleError, type SearchQuery } from "./query.ts";
import { decodeSearchUrl, encodeSearchUrl, MAP_SEGMENT, MAP_ZOOM_KEY, type UrlPlaceLookup } from "./url.ts";

/** Form fields that are never filters (buttons and the like). */
const IGNORED = new Set(["submit", "q"]);
const MAX_FIELDS = 200;

export function formEntriesToRaw(entries: Iterable<[string, string]>): Record<string, string | string[]> {
  const lists = new Map<string, string[]>();
  let n = 0;
  for (const [key, value] of entries) {
    if (++n > MAX_FIELDS) break;
    const text = value.trim();
    if (text === "" || IGNORED.has(key) || key.startsWith("utm_")) continue;
    lists.set(key, [
      ...(lists.get(key) ?? []),
      ...text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ]);
  }
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of lists) out[key] = values.length === 1 ? values[0]! : values;
  return out;
}

/** The raw keys an error points at. */
function keysToDrop(error: unknown, raw: Record<string, unknown>): string[] {
  let field: string | undefined;
  if (error instanceof SearchRuleError) field = error.field;
  else if (error instanceof ZodError) {
    const issue = error.issues[0];
    if (issue?.code === "unrecognized_keys") return issue.keys.filter((k) => Object.hasOwn(raw, k));
    field = String(issue?.path[0] ?? "");
  }
  if (!field) return [];
  const candidates = field === "locations" ? ["zones"] : searchFilters.keysOfField(field);
  const present = candidates.filter((k) => Object.hasOwn(raw, k));
  // An unrecognised key (strict schema) is reported by its own name.
  return present.length > 0 ? present : Object.keys(raw).filter((k) => k === field);
}

/**
 * Parses the form's fields leniently: each refused field is dropped and parsing retried. Page is
 * always 1 (new filters start from the first page). Returns the query and the fields dropped.
 */
export function searchFromForm(entries: Iterable<[string, string]>): { query: SearchQuery; dropped: string[] } {
  const raw: Record<string, unknown> = formEntriesToRaw(entries);
  delete raw.page;
  const dropped: string[] = [];
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      return { query: { ...parseSearch(raw), page: 1 }, dropped };
    } catch (error) {
      const keys = keysToDrop(error, raw);
      if (keys.length === 0) break;
      for (const k of keys) delete raw[k];
      dropped.push(...keys);
    }
  }
  return { query: { ...defaultQuery, filters: { ...defaultQuery.filters } }, dropped: [...dropped, ...Object.keys(raw)] };
}

/** The form field that keeps the map view (its value "mappa"), beside the hidden geo and zoom fields. */
export const VIEW_FIELD = "vista";

/**
 * The canonical address a submitted filter form goes to. The search's area travels in hidden fields
 * holding the URL text of its geo key (geobounds, geopolygon, geocircle, nearby), and the map view in
 * `vista=mappa` plus its zoom: they are read by the URL codec, as if typed in the address.
 */
export function searchUrlFromForm(entries: Iterable<[string, string]>, places: UrlPlaceLookup): string {
  const all = [...entries].slice(0, MAX_FIELDS);
  const own = (k: string) => geoFormByKey.has(k) || k === VIEW_FIELD || k === MAP_ZOOM_KEY;
  const { query } = searchFromForm(all.filter(([k]) => !own(k)));
  const list = encodeSearchUrl({ ...query, places: query.places.filter((id) => places.get(id) !== undefined) }, places);
  const isMap = all.some(([k, v]) => k === VIEW_FIELD && v === MAP_SEGMENT);
  const extra = all.filter(([k, v]) => own(k) && k !== VIEW_FIELD && v.trim() !== "" && (isMap || k !== MAP_ZOOM_KEY));
  if (!isMap && extra.length === 0) return list;
  const [path, search = ""] = list.split("?", 2) as [string, string?];
  const pairs = [search, ...extra.map(([k, v]) => `${k}=${encodeURIComponent(v.trim())}`)].filter(Boolean);
  const decoded = decodeSearchUrl(isMap ? `${path}${MAP_SEGMENT}/` : path, pairs.length > 0 ? `?${pairs.join("&")}` : "", places);
  return decoded.kind === "search" ? decoded.canonical : list;
}

/**
 * A filter form's entries as a search body's filters, for the live count (seed 000 §5): which keys are
 * filters (from the registry, core/search/filters.ts) and what the count keeps from the page's query.
 * Pure, no zod; the browser loads it when the filter form is first used (app/ui/search-live-count.tsx),
 * so the registry stays out of the results page's first JavaScript.
 */
import { frameRawKeys, geoFormOf, geoForms, searchFilters, type SearchFilters } from "./filters.ts";
import type { SearchQuery } from "./query.ts";

/**
 * The raw filter keys parseSearch accepts (seed 000 §3), so a form's other fields (submit buttons,
 * sort, page) are not sent as filters.
 */
export const RAW_FILTER_KEYS: readonly string[] = [
  ...frameRawKeys,
  ...geoForms.map((g) => g.key),
  ...Object.keys(searchFilters.schemaShape),
];
const RANGE_KEY = new RegExp(`^(${Object.keys(searchFilters.rangeBases).join("|")})_?(min|max|Min|Max)$`);
/** Keys the form may carry that the count takes from elsewhere: page and sort change nothing, places and map areas come from the page's query. */
const NOT_COUNTED = new Set(["page", "sortType", "zones", ...geoForms.map((g) => g.key)]);

/**
 * The filters of a form as a search body's `filters`: repeated names become lists, empty values and
 * unknown names are left out, the page, sort, places and map area are dropped. `base` (channel, group,
 * types, map area) comes first and the form's values override it.
 */
export function formEntriesToFilters(entries: Iterable<[string, string]>, base: Record<string, unknown> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  const lists = new Map<string, string[]>();
  for (const [key, value] of entries) {
    if (value.trim() === "" || NOT_COUNTED.has(key)) continue;
    if (!RAW_FILTER_KEYS.includes(key) && !RANGE_KEY.test(key)) continue;
    lists.set(key, [...(lists.get(key) ?? []), value.trim()]);
  }
  for (const [key, values] of lists) out[key] = values.length === 1 ? values[0] : values;
  // Another group picked in the form: the page's types belong to the old group.
  if (base.propertyTypeGroup !== undefined && out.propertyTypeGroup !== base.propertyTypeGroup) delete out.propertyTypes;
  return out;
}

/** What the search keeps from the page's query when the form does not say otherwise: channel, group, types, map area. */
export function baseFilters(query: SearchQuery): Record<string, unknown> {
  const base: Record<string, unknown> = { channel: query.channel, propertyTypeGroup: query.group };
  if (query.propertyTypes.length > 0) base.propertyTypes = query.propertyTypes;
  if (query.geo) {
    const form = geoFormOf(query.geo.kind);
    base[form.key] = form.toRaw(query.geo as never);
  }
  if (query.filters.publisherId) Object.assign(base, searchFilters.write({ publisherId: query.filters.publisherId } as SearchFilters));
  return base;
}

/**
 * The texts of a recent-search entry ('Ricerche recenti', seed 001 §9; app/ui/search-recent.tsx): the page's loader
 * writes them for the browser to record, and the search history and a saved search's summary use them too.
 */
import { formatInteger } from "../../core/format.ts";
import type { SearchQuery } from "../../core/search/query.ts";
import { FILTER_SEPARATOR } from "../../core/search/recent-searches.ts";
import type { Locale } from "../i18n/locale.ts";
import { propertyLabels, searchToolsTexts } from "../i18n/search-tools.ts";
import type { ToolPlace } from "../ui/search-locality.tsx";
import { groupLabel } from "../ui/search-property-types.tsx";

function rangeText(range: { min?: number; max?: number } | undefined, unit: string, locale: Locale): string | null {
  if (!range) return null;
  const f = (n: number) => formatInteger(n, locale);
  const [from, upTo] = locale === "en" ? ["from", "up to"] : ["da", "fino a"];
  if (range.min !== undefined && range.max !== undefined) return `${f(range.min)}–${f(range.max)} ${unit}`;
  if (range.min !== undefined) return `${from} ${f(range.min)} ${unit}`;
  if (range.max !== undefined) return `${upTo} ${f(range.max)} ${unit}`;
  return null;
}

/**
 * The texts of a recent-search entry: the places, and the filters whose first part says what and how
 * ("Case in vendita"), then the types, price, rooms, surface and how many other filters.
 */
export function recentSearchTexts(
  query: SearchQuery,
  places: readonly ToolPlace[],
  locale: Locale,
): { localities: string; filters: string } {
  const labels = propertyLabels[locale];
  const t = searchToolsTexts[locale];
  const names = query.places.map((id) => places.find((p) => p.id === id)?.name ?? null).filter((n): n is string => n !== null);
  const localities = names.length > 0 ? names.join(", ") : query.geo ? (locale === "en" ? "Map search" : "Ricerca su Mappa") : t.everywhere;
  const parts = [`${groupLabel(query, query.group, locale)} ${labels.channel[query.channel]}`];
  if (query.propertyTypes.length > 0) parts.push(query.propertyTypes.map((x) => labels.type[x] ?? x).join(", "));
  const { price, rooms, mq, auction, privateNegotiation, publisherId: _p, ...others } = query.filters;
  const priceText = rangeText(price, "€", locale);
  if (priceText) parts.push(priceText);
  const roomsText = rangeText(rooms, locale === "en" ? "rooms" : "locali", locale);
  if (roomsText) parts.push(roomsText);
  const mqText = rangeText(mq, "m²", locale);
  if (mqText) parts.push(mqText);
  const more =
    Object.values(others).filter((v) => v !== undefined).length +
    (auction !== "include" ? 1 : 0) +
    (privateNegotiation !== "include" ? 1 : 0);
  if (more > 0)
    parts.push(
      locale === "en"
        ? `+${formatInteger(more)} ${more === 1 ? "filter" : "filters"}`
        : `+${formatInteger(more)} ${more === 1 ? "filtro" : "filtri"}`,
    );
  return { localities, filters: parts.join(FILTER_SEPARATOR) };
}

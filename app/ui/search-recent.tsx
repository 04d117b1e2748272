/**
 * 'Ricerche recenti' (seed 000 §2.5, seed 001 §9): the searches made in this browser, kept in local
 * storage by core/search/recent-searches.ts rules, listed in a modal as links.
 */
import { useEffect, useState } from "react";
import { formatInteger } from "../../core/format.ts";
import type { SearchQuery } from "../../core/search/query.ts";
import {
  addRecentSearch,
  FILTER_SEPARATOR,
  parseRecentSearches,
  RECENT_SEARCHES_KEY,
  serializeRecentSearches,
  type RecentSearch,
} from "../../core/search/recent-searches.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { propertyLabels, searchToolsTexts } from "../i18n/search-tools.ts";
import type { ToolPlace } from "./search-locality.tsx";
import { leaveTo, SearchModal } from "./search-modal.tsx";
import { groupLabel } from "./search-property-types.tsx";
import "./search-tools.css";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readRecentSearches(): RecentSearch[] {
  return parseRecentSearches(storage()?.getItem(RECENT_SEARCHES_KEY) ?? null);
}

/** Adds a search to the browser's recent searches (same uri replaced, near-duplicates dropped, at most 20). */
export function recordRecentSearch(entry: RecentSearch): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(RECENT_SEARCHES_KEY, serializeRecentSearches(addRecentSearch(readRecentSearches(), entry)));
  } catch {
    // Storage full or refused (private mode): recent searches are a convenience.
  }
}

const it = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 0, useGrouping: "always" });
function rangeText(range: { min?: number; max?: number } | undefined, unit: string, locale: Locale): string | null {
  if (!range) return null;
  const f = (n: number) => it.format(n);
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

/** Records the search being shown (call on the results page); uri is the path and query without the /en prefix. */
export function useRecordRecentSearch(query: SearchQuery, places: readonly ToolPlace[], locale: Locale, uri: string): void {
  const { localities, filters } = recentSearchTexts(query, places, locale);
  useEffect(() => {
    recordRecentSearch({ uri, localities, filters });
  }, [uri, localities, filters]);
}

export function RecentSearchesButton({ locale }: { locale: Locale }) {
  const t = searchToolsTexts[locale];
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<RecentSearch[]>([]);
  return (
    <>
      <button
        type="button"
        className="st-button st-button--recent"
        aria-haspopup="dialog"
        onClick={() => {
          setList(readRecentSearches());
          setOpen(true);
        }}
      >
        <span aria-hidden="true" className="st-button__icon">
          ↺
        </span>
        <span>{t.recentButton}</span>
      </button>
      <SearchModal open={open} onClose={() => setOpen(false)} title={t.recentTitle} closeLabel={t.close} className="st-modal--recent">
        {list.length === 0 ? (
          <p className="st-muted">{t.recentEmpty}</p>
        ) : (
          <ul className="st-recent">
            {list.map((entry) => (
              <li key={entry.uri}>
                <a
                  href={localizePath(entry.uri, locale)}
                  className="st-recent__link"
                  onClick={(event) => {
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                    event.preventDefault();
                    // Replaces the modal's history entry, so back from the chosen search returns here.
                    void leaveTo(localizePath(entry.uri, locale));
                  }}
                >
                  <span className="st-recent__places">{entry.localities}</span>
                  <span className="st-recent__filters">{entry.filters}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </SearchModal>
    </>
  );
}

/**
 * 'Ricerche recenti' (seed 000 §2.5, seed 001 §9): the searches made in this browser, kept in local
 * storage by core/search/recent-searches.ts rules, listed in a modal as links.
 */
import { useEffect, useState } from "react";
import {
  addRecentSearch,
  parseRecentSearches,
  RECENT_SEARCHES_KEY,
  serializeRecentSearches,
  type RecentSearch,
} from "../../core/search/recent-searches.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { searchToolsTexts } from "../i18n/search-tools.ts";
import { leaveTo } from "./modal-history.ts";
import { SearchModal } from "./search-modal.tsx";
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

/**
 * Records the search being shown (call on the results page) with its texts, which the page's loader writes
 * (app/search/recent-search-texts.server.ts); uri is the path and query without the /en prefix.
 */
export function useRecordRecentSearch({ localities, filters }: { localities: string; filters: string }, uri: string): void {
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
        className="st-button"
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

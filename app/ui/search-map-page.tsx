/**
 * The map view of a search (page type "search map", docs/decisions/056). Its own chunk: the results
 * route loads it only for map pages (app/routes/search-results.tsx), so the list page carries none of
 * the map's code. The server renders it in full, so the map page's list works without JavaScript.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { searchMapTexts } from "../i18n/search-map.ts";
import { searchTexts } from "../i18n/search.ts";
import type { CardView, SearchPageData } from "../search/search-page.server.ts";
import { ResultsCard } from "./results-card.tsx";
import { ResultsFilters } from "./results-filters.tsx";
import { Breadcrumbs, Pager } from "./results-nav.tsx";
import { SaveSearchButton, type SaveSearchState } from "./save-search-button.tsx";
import { LiveCountFooter } from "./search-live-count.tsx";
import { SearchMapPane } from "./search-map.tsx";

/**
 * The map view of the search (page type "search map", docs/decisions/056): the list beside the map on
 * a desktop, a full-screen map with the list in a sheet on a phone. The server renders the list (and
 * without JavaScript that is what the page is); the map loads in the browser. Hovering a card
 * highlights its pin, clicking a pin highlights its card.
 */
interface MapList {
  path: string;
  pages: Array<{ page: number; cards: CardView[] }>;
  nextHref: string | null;
  /** The fetched page last appended (or, for a new search, the one left from the last search). */
  applied: SearchPageData | undefined;
  activeId: number | null;
  hoverId: number | null;
}
function freshList(d: SearchPageData, fetched: SearchPageData | undefined): MapList {
  return { path: d.searchPath, pages: [], nextHref: d.view.nextHref, applied: fetched, activeId: null, hoverId: null };
}

export default function SearchMapPage({ data: d }: { data: SearchPageData & { saveSearch: SaveSearchState } }) {
  const t = searchTexts[d.locale];
  const [sheetOpen, setSheetOpen] = useState(false);
  const [scrolling, setScrolling] = useState(false);
  const fetcher = useFetcher<SearchPageData>();
  const sentinel = useRef<HTMLDivElement>(null);
  // What belongs to one search (its path): the highlighted cards and the scroll-loaded list pages (seed 000 §4
  // Map data: a scroll fetch appends items, the first of each page flagged). A new search starts them afresh,
  // during render rather than in an effect, so no frame shows the last search's pages; a page the fetcher
  // loaded is appended once (`applied`).
  const [list, setList] = useState<MapList>(() => freshList(d, fetcher.data));
  let next = list.path === d.searchPath ? list : freshList(d, fetcher.data);
  const more = fetcher.data;
  if (more && fetcher.state === "idle" && more !== next.applied && more.searchPath !== d.searchPath) {
    const pages = next.pages.some((x) => x.page === more.page) ? next.pages : [...next.pages, { page: more.page, cards: more.cards }];
    next = { ...next, pages, nextHref: more.view.nextHref, applied: more };
  }
  if (next !== list) setList(next);
  const { pages, nextHref, activeId, hoverId } = next;
  const setActiveId = useCallback((id: number | null) => setList((l) => ({ ...l, activeId: id })), []);
  const setHoverId = (id: number | null) => setList((l) => ({ ...l, hoverId: id }));
  const load = fetcher.load;
  const loading = fetcher.state !== "idle";
  useEffect(() => {
    setScrolling(true);
    // The list scrolls in its own column (desktop), in the sheet (phone) or with the page (no map): load the
    // next page when the end of the list comes within 300 px of what is visible of it.
    const check = () => {
      const end = sentinel.current;
      const list = end?.parentElement;
      if (!end || !list || !nextHref || loading) return;
      const visibleBottom = Math.min(window.innerHeight, list.getBoundingClientRect().bottom);
      if (end.getBoundingClientRect().top <= visibleBottom + 300) void load(nextHref);
    };
    document.addEventListener("scroll", check, { capture: true, passive: true });
    window.addEventListener("resize", check);
    return () => {
      document.removeEventListener("scroll", check, { capture: true });
      window.removeEventListener("resize", check);
    };
  }, [nextHref, loading, load]);
  useEffect(() => {
    if (activeId === null) return;
    setSheetOpen(true);
    document.getElementById(`annuncio-${activeId}`)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);
  return (
    <div className="page search-page search-page--map">
      <Breadcrumbs crumbs={d.breadcrumbs} related={d.related} locale={d.locale} />
      <header className="search-header">
        <h1>{d.seo.h1}</h1>
        <p className="search-total" data-testid="search-total" aria-live="polite">
          {t.resultsCount(d.total)}
        </p>
        <SaveSearchButton state={d.saveSearch} locale={d.locale} total={d.total} page={d.page} hints={false} />
      </header>
      <div className={`map-layout${sheetOpen ? " is-sheet-open" : ""}`}>
        <section id="risultati" className="map-list" aria-label={t.resultsCount(d.total)} tabIndex={-1}>
          <button type="button" className="map-list__handle" aria-expanded={sheetOpen} onClick={() => setSheetOpen((o) => !o)}>
            {t.resultsCount(d.total)}
          </button>
          {d.total === 0 ? (
            <div className="no-results">
              <h2>{t.noResultsTitle}</h2>
              {d.activeFilters > 0 && <p>{t.noResultsHint}</p>}
            </div>
          ) : (
            <ol className="results-list" data-testid="map-list">
              {d.cards.map((card, i) => (
                <li
                  key={card.id}
                  id={`annuncio-${card.id}`}
                  data-listing-id={card.id}
                  data-page-start={i === 0 ? d.page : undefined}
                  className={activeId === card.id ? "is-active" : hoverId === card.id ? "is-hovered" : undefined}
                  onMouseEnter={() => setHoverId(card.id)}
                  onMouseLeave={() => setHoverId(null)}
                  onFocus={() => setHoverId(card.id)}
                  onBlur={() => setHoverId(null)}
                >
                  <ResultsCard card={card} locale={d.locale} eager={i === 0} />
                </li>
              ))}
              {pages.flatMap(({ page, cards }) =>
                cards.map((card, i) => (
                  <li
                    key={card.id}
                    id={`annuncio-${card.id}`}
                    data-listing-id={card.id}
                    data-page-start={i === 0 ? page : undefined}
                    className={activeId === card.id ? "is-active" : hoverId === card.id ? "is-hovered" : undefined}
                    onMouseEnter={() => setHoverId(card.id)}
                    onMouseLeave={() => setHoverId(null)}
                    onFocus={() => setHoverId(card.id)}
                    onBlur={() => setHoverId(null)}
                  >
                    <ResultsCard card={card} locale={d.locale} />
                  </li>
                )),
              )}
            </ol>
          )}
          <div ref={sentinel} className="map-list__more" aria-hidden="true" />
          {loading && (
            <p role="status" className="map-list__loading">
              {searchMapTexts[d.locale].loadingMore}
            </p>
          )}
          {/* Without JavaScript (or before it runs) the pager; then pages load as the list scrolls. */}
          {d.paginator && !scrolling && <Pager paginator={d.paginator} locale={d.locale} />}
        </section>
        <SearchMapPane data={d} activeId={activeId} onActive={setActiveId} hoverId={hoverId}>
          <ResultsFilters
            key={d.searchPath}
            form={d.form}
            total={d.total}
            activeFilters={d.activeFilters}
            locale={d.locale}
            keep={d.formKeep}
            overlay
            footer={(formRef) => <LiveCountFooter formRef={formRef} query={d.query} total={d.total} locale={d.locale} />}
          />
        </SearchMapPane>
      </div>
    </div>
  );
}

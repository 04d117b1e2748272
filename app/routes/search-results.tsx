/**
 * The search results page (seed 000 §2): /vendita/case/milano/, /affitto/case/roma/bilocali/?price_max=1200,
 * /aste/…, and the same under /en/. Rendered on the server and usable without JavaScript: the filters
 * are a GET form, the pager and cards are links. The loader decodes the address with the URL codec,
 * redirects to the canonical one and calls app/search/search-page.server.ts.
 */
import { useEffect, useRef, useState } from "react";
import { data, redirect, useFetcher } from "react-router";
import { deviceClass, fillInRevealDelay } from "../../core/device.ts";
import { formatInteger } from "../../core/format.ts";
import { sortKeys } from "../../core/search/vocabulary.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { optionLabels, searchTexts } from "../i18n/search.ts";
import { loadSearchPage, type CardView, type SearchPageData } from "../search/search-page.server.ts";
import { requestInfo, services } from "../services.ts";
import { hiddenListingIds, recordSearch } from "../../db/mycasa.ts";
import { formCsrfToken } from "../account/form.server.ts";
import { mycasaTexts } from "../i18n/mycasa.ts";
import { saveSearchState } from "../search/save-search-state.server.ts";
import { SaveSearchButton, type SaveSearchState } from "../ui/save-search-button.tsx";
import { ResultsCard } from "../ui/results-card.tsx";
import { FILTER_FORM_ID, ResultsFilters } from "../ui/results-filters.tsx";
import { ResultsPlaceSearch } from "../ui/results-place-search.tsx";
import { LiveCountFooter } from "../ui/search-live-count.tsx";
import { LocalityButton } from "../ui/search-locality.tsx";
import { PropertyTypeButton } from "../ui/search-property-types.tsx";
import { RecentSearchesButton, recentSearchTexts, useRecordRecentSearch } from "../ui/search-recent.tsx";
import { SmartBackButton } from "../ui/search-smart-back.tsx";
import { SearchMapPane, ShowMapLink } from "../ui/search-map.tsx";
import { searchMapTexts } from "../i18n/search-map.ts";
import type { Route } from "./+types/search-results";
import "../ui/results.css";
import "../ui/search-map.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const svc = services(context);
  // A logged-in user (from the signed session token): their hidden ads are left out, and the search goes into their history.
  const uid = requestInfo(context).session?.uid ?? null;
  const user = uid === null ? null : { hiddenIds: () => hiddenListingIds(svc.database.readDb, uid) };
  const outcome = await loadSearchPage(svc.database.readDb, svc, documentUrl(request), user);
  if (outcome.kind === "not-found") throw data(outcome.reason, { status: 404 });
  if (outcome.kind === "redirect") throw redirect(outcome.location, outcome.status);
  const d = outcome.data;
  if (uid !== null && d.page === 1) {
    const texts = recentSearchTexts(d.query, d.toolPlaces, d.locale);
    // Not awaited: the page does not wait for its history row; a failure is only logged (§8).
    void recordSearch(svc.database.db, uid, { uri: d.searchPath, ...texts }, new Date()).catch((error: unknown) => svc.logger.warn({ err: error }, "search history not recorded"));
  }
  const started = performance.now();
  // The user's own record is read from the primary: right after a save the page must show it saved.
  const saveSearch = await saveSearchState(svc.database.db, svc.database.readDb, d.query, uid, d.locale);
  const timing = [...outcome.timings, ["saved", performance.now() - started] as const].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(", ");
  return data({ ...d, saveSearch, csrf: uid === null ? "" : formCsrfToken(request, context) }, { headers: { "Server-Timing": timing } });
}

/**
 * The page's own address: client navigations fetch "/vendita/case/milano/_.data?…" (single fetch),
 * and this splat route sees that path; the suffix and the `_routes` key are not part of the search.
 */
function documentUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith("/_.data")) url.pathname = url.pathname.slice(0, -"_.data".length);
  else if (url.pathname.endsWith(".data")) url.pathname = url.pathname.slice(0, -".data".length);
  if (/[?&]_routes=/.test(url.search)) url.search = url.search.replace(/([?&])_routes=[^&]*&?/, "$1").replace(/[?&]$/, "");
  return url;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const timing = loaderHeaders.get("Server-Timing");
  return timing ? { "Server-Timing": timing } : {};
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Pagina non trovata" }, { name: "robots", content: "all" }];
  const { seo } = loaderData;
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { name: "robots", content: seo.robots },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    ...seo.alternates.map((a) => ({ tagName: "link", rel: "alternate", hrefLang: a.hreflang, href: a.href })),
    ...(seo.prev ? [{ tagName: "link", rel: "prev", href: seo.prev }] : []),
    ...(seo.next ? [{ tagName: "link", rel: "next", href: seo.next }] : []),
  ];
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  const t = searchTexts[d.locale];
  const empty = d.total === 0;
  useRecordRecentSearch(d.query, d.toolPlaces, d.locale, d.searchPath);
  if (d.view.kind === "map") return <SearchMapPage data={d} />;
  return (
    <div className="page search-page">
      <Breadcrumbs crumbs={d.breadcrumbs} related={d.related} locale={d.locale} />
      <header className="search-header">
        <h1>{d.seo.h1}</h1>
        <p className="search-total" data-testid="search-total">{t.resultsCount(d.total)}</p>
        {d.hidden && d.hidden.count > 0 && (
          <p className="search-hidden" data-testid="search-hidden">
            {mycasaTexts[d.locale].hiddenCount(d.hidden.count)} · <a href={localizePath("/mycasa/nascosti/", d.locale)}>{mycasaTexts[d.locale].hiddenManage}</a>
          </p>
        )}
        <SaveSearchButton state={d.saveSearch} locale={d.locale} total={d.total} page={d.page} />
        <ShowMapLink href={d.view.mapHref} locale={d.locale} />
      </header>
      <ResultsPlaceSearch key={`places-${d.searchPath}`} data={d} />
      <div className="search-tools" key={`tools-${d.searchPath}`}>
        <SmartBackButton locale={d.locale} />
        <LocalityButton query={d.query} places={d.toolPlaces} locale={d.locale} />
        <PropertyTypeButton query={d.query} places={d.toolPlaces} locale={d.locale} />
        <RecentSearchesButton locale={d.locale} />
      </div>
      <div className="search-layout" key={d.searchPath} data-search-path={localizePath(d.searchPath, d.locale)}>
        <aside className="search-aside" aria-label={t.filters}>
          <ResultsFilters
            form={d.form} total={d.total} activeFilters={d.activeFilters} locale={d.locale} keep={d.formKeep}
            footer={(formRef) => <LiveCountFooter formRef={formRef} query={d.query} total={d.total} locale={d.locale} />}
          />
        </aside>
        <section id="risultati" className="search-results" aria-label={t.resultsCount(d.total)} tabIndex={-1}>
          {!empty && <SortBar sort={d.form.sort} locale={d.locale} />}
          {empty ? (
            // Seed 000 §4: the empty-results header shows only when no publisher id filters the search.
            d.query.filters.publisherId === undefined ? (
              <div className="no-results">
                <h2>{t.noResultsTitle}</h2>
                {d.activeFilters > 0 && <p>{t.noResultsHint}</p>}
              </div>
            ) : null
          ) : (
            <ol className="results-list">
              {d.cards.map((card, i) => (
                <li key={card.id}><ResultsCard card={card} locale={d.locale} eager={i === 0} hide={d.canHide ? { csrf: d.csrf, back: `${localizePath(d.searchPath, d.locale)}` } : undefined} /></li>
              ))}
            </ol>
          )}
          <FillIn data={d} />
          {d.paginator && <Pager paginator={d.paginator} locale={d.locale} />}
          {d.publishers.length > 0 && <PublisherHelp publishers={d.publishers} locale={d.locale} />}
        </section>
      </div>
    </div>
  );
}

/**
 * The map view of the search (page type "search map", docs/decisions/056): the list beside the map on
 * a desktop, a full-screen map with the list in a sheet on a phone. The server renders the list (and
 * without JavaScript that is what the page is); the map loads in the browser. Hovering a card
 * highlights its pin, clicking a pin highlights its card.
 */
function SearchMapPage({ data: d }: { data: SearchPageData & { saveSearch: SaveSearchState } }) {
  const t = searchTexts[d.locale];
  const [activeId, setActiveId] = useState<number | null>(null);
  const [hoverId, setHoverId] = useState<number | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Scroll-loaded list pages (seed 000 §4 Map data: a scroll fetch appends items, the first of each page flagged).
  const [pages, setPages] = useState<Array<{ page: number; cards: CardView[] }>>([]);
  const [nextHref, setNextHref] = useState<string | null>(d.view.nextHref);
  const [scrolling, setScrolling] = useState(false);
  const fetcher = useFetcher<typeof loader>();
  const sentinel = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (its path) resets the scroll-loaded pages
  useEffect(() => {
    setPages([]);
    setNextHref(d.view.nextHref);
  }, [d.searchPath]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: applies a loaded page once, when it arrives
  useEffect(() => {
    const more = fetcher.data;
    if (!more || fetcher.state !== "idle" || more.searchPath === d.searchPath) return;
    setPages((p) => (p.some((x) => x.page === more.page) ? p : [...p, { page: more.page, cards: more.cards }]));
    setNextHref(more.view.nextHref);
  }, [fetcher.data, fetcher.state]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-armed when the next page or the fetcher changes
  useEffect(() => {
    setScrolling(true);
    // The list scrolls in its own column (desktop), in the sheet (phone) or with the page (no map): load the
    // next page when the end of the list comes within 300 px of what is visible of it.
    const check = () => {
      const end = sentinel.current;
      const list = end?.parentElement;
      if (!end || !list || !nextHref || fetcher.state !== "idle") return;
      const visibleBottom = Math.min(window.innerHeight, list.getBoundingClientRect().bottom);
      if (end.getBoundingClientRect().top <= visibleBottom + 300) fetcher.load(nextHref);
    };
    document.addEventListener("scroll", check, { capture: true, passive: true });
    window.addEventListener("resize", check);
    return () => {
      document.removeEventListener("scroll", check, { capture: true });
      window.removeEventListener("resize", check);
    };
  }, [nextHref, fetcher.state]);
  useEffect(() => {
    if (activeId === null) return;
    setSheetOpen(true);
    document.getElementById(`annuncio-${activeId}`)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (its path) clears the highlights
  useEffect(() => {
    setActiveId(null);
    setHoverId(null);
  }, [d.searchPath]);
  return (
    <div className="page search-page search-page--map">
      <Breadcrumbs crumbs={d.breadcrumbs} related={d.related} locale={d.locale} />
      <header className="search-header">
        <h1>{d.seo.h1}</h1>
        <p className="search-total" data-testid="search-total" aria-live="polite">{t.resultsCount(d.total)}</p>
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
                  key={card.id} id={`annuncio-${card.id}`} data-listing-id={card.id} data-page-start={i === 0 ? d.page : undefined}
                  className={activeId === card.id ? "is-active" : hoverId === card.id ? "is-hovered" : undefined}
                  onMouseEnter={() => setHoverId(card.id)} onMouseLeave={() => setHoverId(null)}
                  onFocus={() => setHoverId(card.id)} onBlur={() => setHoverId(null)}
                >
                  <ResultsCard card={card} locale={d.locale} eager={i === 0} />
                </li>
              ))}
              {pages.flatMap(({ page, cards }) => cards.map((card, i) => (
                <li
                  key={card.id} id={`annuncio-${card.id}`} data-listing-id={card.id} data-page-start={i === 0 ? page : undefined}
                  className={activeId === card.id ? "is-active" : hoverId === card.id ? "is-hovered" : undefined}
                  onMouseEnter={() => setHoverId(card.id)} onMouseLeave={() => setHoverId(null)}
                  onFocus={() => setHoverId(card.id)} onBlur={() => setHoverId(null)}
                >
                  <ResultsCard card={card} locale={d.locale} />
                </li>
              )))}
            </ol>
          )}
          <div ref={sentinel} className="map-list__more" aria-hidden="true" />
          {fetcher.state !== "idle" && <p role="status" className="map-list__loading">{searchMapTexts[d.locale].loadingMore}</p>}
          {/* Without JavaScript (or before it runs) the pager; then pages load as the list scrolls. */}
          {d.paginator && !scrolling && <Pager paginator={d.paginator} locale={d.locale} />}
        </section>
        <SearchMapPane data={d} activeId={activeId} onActive={setActiveId} hoverId={hoverId}>
          <ResultsFilters
            key={d.searchPath} form={d.form} total={d.total} activeFilters={d.activeFilters} locale={d.locale} keep={d.formKeep} overlay
            footer={(formRef) => <LiveCountFooter formRef={formRef} query={d.query} total={d.total} locale={d.locale} />}
          />
        </SearchMapPane>
      </div>
    </div>
  );
}

/** Breadcrumb bar with the related-locations dropdown: opens and closes on click, closes on outside click and Escape. */
function Breadcrumbs({ crumbs, related, locale }: { crumbs: SearchPageData["breadcrumbs"]; related: SearchPageData["related"]; locale: Locale }) {
  const t = searchTexts[locale];
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <nav className="breadcrumb search-breadcrumb" aria-label={t.breadcrumb}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={`${i}-${c.label}`}>{c.href ? <a href={c.href}>{c.label}</a> : <span aria-current="page">{c.label}</span>}</li>
        ))}
      </ol>
      {related.length > 0 && (
        <details className="related-places" ref={ref}>
          <summary>{t.relatedLocations}</summary>
          <ul>
            {related.map((r) => (
              <li key={r.href}><a href={r.href}>{r.name}</a> <span className="count">({formatInteger(r.count)})</span></li>
            ))}
          </ul>
        </details>
      )}
    </nav>
  );
}

function SortBar({ sort, locale }: { sort: SearchPageData["form"]["sort"]; locale: Locale }) {
  const t = searchTexts[locale];
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return (
    <div className="results-toolbar">
      <label htmlFor="f-sortType">{t.sort}</label>
      <select
        id="f-sortType"
        name="sortType"
        form={FILTER_FORM_ID}
        defaultValue={sort === "rilevanza" ? "" : sort.replace(/_/g, "-")}
        onChange={(event) => (document.getElementById(FILTER_FORM_ID) as HTMLFormElement | null)?.requestSubmit()}
      >
        {sortKeys.map((k) => <option key={k} value={k === "rilevanza" ? "" : k.replace(/_/g, "-")}>{optionLabels[locale].sort[k]}</option>)}
      </select>
      {!interactive && <button type="submit" form={FILTER_FORM_ID} className="button-secondary">{t.sortApply}</button>}
      <a href={localizePath("/come-ordiniamo-i-risultati/", locale)} className="how-we-sort">{t.howWeSort}</a>
    </div>
  );
}

/**
 * Fill-in list (seed 000 §4): with no results the top 2 nearby listings and a trigger 'Vedi N annunci
 * vicini'; with few results a banner 'Vedi N annunci circostanti'. The rest sit in a <details>, so
 * without JavaScript the trigger simply opens them; with it they are revealed one by one, 150 ms apart
 * (300 ms on mobile).
 */
function FillIn({ data: d }: { data: SearchPageData }) {
  const t = searchTexts[d.locale];
  const { plan, cards } = d.fillIn;
  const [revealed, setRevealed] = useState<number | null>(null);
  const hiddenCards = plan.mode === "no-results" ? cards.slice(plan.top) : plan.mode === "few-results" ? cards : [];
  useEffect(() => {
    if (revealed === null || revealed >= hiddenCards.length) return;
    const delay = fillInRevealDelay(deviceClass({ width: window.innerWidth, height: window.innerHeight, touch: navigator.maxTouchPoints > 0 }));
    const timer = window.setTimeout(() => setRevealed((n) => (n ?? 0) + 1), delay);
    return () => window.clearTimeout(timer);
  }, [revealed, hiddenCards.length]);
  if (plan.mode === "none") return null;
  const trigger = plan.mode === "no-results" ? t.seeNearby(plan.more) : t.seeSurrounding(plan.more);
  const list = (items: CardView[]) => (
    <ol className="results-list fill-in-list">
      {items.map((card) => <li key={card.id}><ResultsCard card={card} locale={d.locale} headingLevel={3} /></li>)}
    </ol>
  );
  return (
    <section className={`fill-in fill-in--${plan.mode}`} aria-labelledby="fill-in-title">
      {plan.mode === "few-results" && <p className="few-results-banner">{t.fewResults(d.total)}</p>}
      <h2 id="fill-in-title">{t.nearbyTitle}</h2>
      {plan.mode === "no-results" && list(cards.slice(0, plan.top))}
      {hiddenCards.length > 0 && (revealed === null ? (
        <details className="fill-in-more">
          <summary
            className="button-secondary"
            onClick={(event) => {
              event.preventDefault();
              setRevealed(1);
            }}
          >
            {trigger}
          </summary>
          {list(hiddenCards)}
        </details>
      ) : (
        <div aria-live="polite">{list(hiddenCards.slice(0, revealed))}</div>
      ))}
    </section>
  );
}

function Pager({ paginator, locale }: { paginator: NonNullable<SearchPageData["paginator"]>; locale: Locale }) {
  const t = searchTexts[locale];
  return (
    <nav className="pager" aria-label={t.pager}>
      {paginator.prevLink && <a href={paginator.prevLink} rel="prev" className="pager__step">‹ <span>{t.previousPage}</span></a>}
      <ol>
        {paginator.btns.map((b, i) => (
          <li key={`${i}-${b.text}`}>
            {b.hasDots ? <span className="pager__dots" aria-hidden="true">…</span>
              : b.isCurrent ? <span aria-current="page" className="pager__current"><span className="visually-hidden">{t.pageN(Number(b.text))}</span><span aria-hidden="true">{b.text}</span></span>
              : <a href={b.href ?? "#"} aria-label={t.pageN(Number(b.text))}>{b.text}</a>}
          </li>
        ))}
      </ol>
      {paginator.nextLink && <a href={paginator.nextLink} rel="next" className="pager__step"><span>{t.nextPage}</span> ›</a>}
    </nav>
  );
}

function PublisherHelp({ publishers, locale }: { publishers: SearchPageData["publishers"]; locale: Locale }) {
  const t = searchTexts[locale];
  const typeLabel: Record<string, string> = { agency: t.agency, agent: t.agent, private: t.privateSeller };
  return (
    <section className="publisher-help" aria-labelledby="publisher-help-title">
      <h2 id="publisher-help-title">{t.helpTitle}</h2>
      <ul>
        {publishers.map((p) => (
          <li key={p.id} className="publisher-card">
            {p.logo ? <img src={p.logo} alt="" width={48} height={48} loading="lazy" />
              : <span className="publisher-card__initials" aria-hidden="true">{initialsOf(p.name)}</span>}
            <div>
              <p className="publisher-card__name">{p.name}</p>
              <p className="publisher-card__type">{typeLabel[p.type] ?? p.type}</p>
              <a href={p.href}>{t.helpSeeListings}<span className="visually-hidden">: {p.name}</span></a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function initialsOf(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join("");
}

/**
 * The search results page (seed 000 §2): /vendita/case/milano/, /affitto/case/roma/bilocali/?price_max=1200,
 * /aste/…, and the same under /en/. Rendered on the server and usable without JavaScript: the filters
 * are a GET form, the pager and cards are links. The loader decodes the address with the URL codec,
 * redirects to the canonical one and calls app/search/search-page.server.ts.
 */
import { lazy, memo, Suspense, useEffect, useState } from "react";
import { data, redirect } from "react-router";
import { deviceClass, fillInRevealDelay } from "../../core/device.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { searchTexts } from "../i18n/search.ts";
import type { FieldOption } from "../search/filter-form.server.ts";
import { loadSearchPage, type CardView, type SearchPageData } from "../search/search-page.server.ts";
import { requestInfo, services } from "../services.ts";
import { hiddenListingIds, recordSearch } from "../../db/mycasa.ts";
import { formCsrfToken } from "../account/form.server.ts";
import { hiddenAdsTexts } from "../i18n/hidden-ads.ts";
import { saveSearchState } from "../search/save-search-state.server.ts";
import { SaveSearchButton, type SaveSearchState } from "../ui/save-search-button.tsx";
import { Breadcrumbs, Pager, ShowMapLink } from "../ui/results-nav.tsx";
import { ResultsCard } from "../ui/results-card.tsx";
import { newAlertListings } from "../../db/alert-activity.ts";
import { useMarkAlertsSeen } from "../ui/alerts-seen.ts";
import { FILTER_FORM_ID, FiltersToggle, ResultsFilters, useFiltersPanel } from "../ui/results-filters.tsx";
import { PlaceChips, ResultsPlaceSearch } from "../ui/results-place-search.tsx";
import { LiveCountFooter } from "../ui/search-live-count.tsx";
import { LocalityButton } from "../ui/search-locality.tsx";
import { PropertyTypeButton } from "../ui/search-property-types.tsx";
import { RecentSearchesButton, useRecordRecentSearch } from "../ui/search-recent.tsx";
import { SmartBackButton } from "../ui/search-smart-back.tsx";
import { SocialPrompt } from "../ui/social-prompt-host.tsx";
import type { Route } from "./+types/search-results";
import "../ui/results.css";
import "../ui/search-map.css";

/**
 * The map view (list, map pane and their tools) is its own chunk, so the list page carries none of the
 * map's code: the server renders it in full; in the browser it loads while a map page hydrates (below),
 * and before a navigation to a map page commits (clientLoader).
 */
const loadSearchMapPage = () => import("../ui/search-map-page.tsx");
const SearchMapPage = lazy(loadSearchMapPage);
// A map page's first load (its path ends in /mappa/, MAP_SEGMENT of core/search/url.ts, whose codec stays out of
// this chunk): fetch the chunk as soon as this route module runs, alongside hydration, not after it.
if (typeof window !== "undefined" && /\/mappa\/$/.test(window.location.pathname)) void loadSearchMapPage();

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
    // Not awaited: the page does not wait for its history row; a failure is only logged (§8).
    void recordSearch(svc.database.db, uid, { uri: d.searchPath, ...d.recentSearch }, new Date()).catch((error: unknown) =>
      svc.logger.warn({ err: error }, "search history not recorded"),
    );
  }
  const started = performance.now();
  // The user's own record: right after a save the page must show it saved; on replicas the session that
  // saved reads the primary for a while (read-your-writes, docs/decisions/107).
  const saveSearch = await saveSearchState(svc.database.readDb, svc.database.readDb, d.query, uid, d.locale);
  // The owner of this saved search sees the listings its alerts brought since their last visit marked (docs/decisions/093);
  // only read here: the page marks them seen with a POST once it has shown them (useMarkAlertsSeen, decision 117).
  const newAlerts =
    uid !== null && saveSearch.saved ? await newAlertListings(svc.database.db, uid, saveSearch.saved.id) : { listingIds: [], until: null };
  const alertedIds = newAlerts.listingIds;
  const alertsSeen = saveSearch.saved && newAlerts.until ? { searchId: saveSearch.saved.id, until: newAlerts.until } : null;
  const timing = [...outcome.timings, ["saved", performance.now() - started] as const]
    .map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`)
    .join(", ");
  return data(
    { ...d, saveSearch, alertedIds, alertsSeen, csrf: uid === null ? "" : formCsrfToken(request, context) },
    { headers: { "Server-Timing": timing } },
  );
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

/** Navigations and fetches: the server's data, and the map page's chunk before a map page renders (no fallback shown). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = await serverLoader();
  if (page.view.kind === "map") await loadSearchMapPage();
  return page;
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
  useRecordRecentSearch(d.recentSearch, d.searchPath);
  const filters = useFiltersPanel(false, d.searchPath);
  useMarkAlertsSeen(d.alertsSeen);
  if (d.view.kind === "map") return <MapView data={d} />;
  return (
    <div className="page search-page">
      <Breadcrumbs crumbs={d.breadcrumbs} related={d.related} locale={d.locale} />
      <header className="search-header">
        <h1>{d.seo.h1}</h1>
        <p className="search-total" data-testid="search-total">
          {t.resultsCount(d.total)}
        </p>
        {d.hidden && d.hidden.count > 0 && (
          <p className="search-hidden" data-testid="search-hidden">
            {hiddenAdsTexts[d.locale].hiddenCount(d.hidden.count)} ·{" "}
            <a href={localizePath("/mycasa/nascosti/", d.locale)}>{hiddenAdsTexts[d.locale].hiddenManage}</a>
          </p>
        )}
        <SaveSearchButton state={d.saveSearch} locale={d.locale} total={d.total} page={d.page} />
        <ShowMapLink href={d.view.mapHref} locale={d.locale} />
      </header>
      <ResultsPlaceSearch key={`places-${d.searchPath}`} data={d} />
      {/* One row of chips (scrolled sideways on phones): the filters' button, the places searched, the search tools. */}
      <div className="search-tools" key={`tools-${d.searchPath}`}>
        <FiltersToggle panel={filters} activeFilters={d.activeFilters} locale={d.locale} />
        <PlaceChips data={d} />
        <SmartBackButton locale={d.locale} />
        <LocalityButton query={d.query} places={d.toolPlaces} locale={d.locale} />
        <PropertyTypeButton query={d.query} places={d.toolPlaces} locale={d.locale} />
        <RecentSearchesButton locale={d.locale} />
      </div>
      <div className="search-layout" key={d.searchPath} data-search-path={localizePath(d.searchPath, d.locale)}>
        <aside className="search-aside" aria-label={t.filters}>
          <ResultsFilters
            form={d.form}
            total={d.total}
            activeFilters={d.activeFilters}
            locale={d.locale}
            keep={d.formKeep}
            panel={filters}
            footer={(formRef) => <LiveCountFooter formRef={formRef} query={d.query} total={d.total} locale={d.locale} />}
          />
        </aside>
        <section id="risultati" className="search-results" aria-label={t.resultsCount(d.total)} tabIndex={-1}>
          {!empty && <SortBar sort={d.form.sort} options={d.form.choices.sort} locale={d.locale} />}
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
                <li key={card.id}>
                  <ResultsCard
                    card={card}
                    locale={d.locale}
                    eager={i === 0}
                    alerted={d.alertedIds.includes(card.id)}
                    hide={d.canHide ? { csrf: d.csrf, back: `${localizePath(d.searchPath, d.locale)}` } : undefined}
                  />
                </li>
              ))}
            </ol>
          )}
          <FillIn data={d} />
          {d.paginator && <Pager paginator={d.paginator} locale={d.locale} />}
          {d.publishers.length > 0 && <PublisherHelp publishers={d.publishers} locale={d.locale} />}
        </section>
      </div>
      <SocialPrompt locale={d.locale} />
    </div>
  );
}

/**
 * The map page behind its Suspense boundary. Memoised: while the chunk is still loading the boundary keeps
 * the server's HTML, and a re-render reaching it then would make React drop that HTML for the fallback.
 */
const MapView = memo(function MapView({ data }: { data: SearchPageData & { saveSearch: SaveSearchState } }) {
  return (
    <Suspense fallback={null}>
      <SearchMapPage data={data} />
    </Suspense>
  );
});

function SortBar({ sort, options, locale }: { sort: SearchPageData["form"]["sort"]; options: FieldOption[]; locale: Locale }) {
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
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {!interactive && (
        <button type="submit" form={FILTER_FORM_ID} className="button-secondary">
          {t.sortApply}
        </button>
      )}
      <a href={localizePath("/come-ordiniamo-i-risultati/", locale)} className="how-we-sort">
        {t.howWeSort}
      </a>
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
    const delay = fillInRevealDelay(
      deviceClass({ width: window.innerWidth, height: window.innerHeight, touch: navigator.maxTouchPoints > 0 }),
    );
    const timer = window.setTimeout(() => setRevealed((n) => (n ?? 0) + 1), delay);
    return () => window.clearTimeout(timer);
  }, [revealed, hiddenCards.length]);
  if (plan.mode === "none") return null;
  const trigger = plan.mode === "no-results" ? t.seeNearby(plan.more) : t.seeSurrounding(plan.more);
  const list = (items: CardView[]) => (
    <ol className="results-list fill-in-list">
      {items.map((card) => (
        <li key={card.id}>
          <ResultsCard card={card} locale={d.locale} headingLevel={3} />
        </li>
      ))}
    </ol>
  );
  return (
    <section className={`fill-in fill-in--${plan.mode}`} aria-labelledby="fill-in-title">
      {plan.mode === "few-results" && <p className="few-results-banner">{t.fewResults(d.total)}</p>}
      <h2 id="fill-in-title">{t.nearbyTitle}</h2>
      {plan.mode === "no-results" && list(cards.slice(0, plan.top))}
      {hiddenCards.length > 0 &&
        (revealed === null ? (
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

function PublisherHelp({ publishers, locale }: { publishers: SearchPageData["publishers"]; locale: Locale }) {
  const t = searchTexts[locale];
  const typeLabel: Record<string, string> = { agency: t.agency, agent: t.agent, private: t.privateSeller };
  return (
    <section className="publisher-help" aria-labelledby="publisher-help-title">
      <h2 id="publisher-help-title">{t.helpTitle}</h2>
      <ul>
        {publishers.map((p) => (
          <li key={p.id} className="publisher-card">
            {p.logo ? (
              <img src={p.logo} alt="" width={48} height={48} loading="lazy" />
            ) : (
              <span className="publisher-card__initials" aria-hidden="true">
                {initialsOf(p.name)}
              </span>
            )}
            <div>
              <p className="publisher-card__name">{p.name}</p>
              <p className="publisher-card__type">{typeLabel[p.type] ?? p.type}</p>
              <a href={p.href}>
                {t.helpSeeListings}
                <span className="visually-hidden">: {p.name}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

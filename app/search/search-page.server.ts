/**
 * The results page's work on the server (seed 000 §2 Search results page): decode the address with
 * the URL codec, redirect to the canonical one, run the search, and shape what the page shows
 * (SEO, breadcrumbs, related places, cards, fill-in, pager, publishers). The route module stays thin.
 */
import type { Kysely } from "kysely";
import { formatEuro } from "../../core/format.ts";
import { cardPriceIn, cardTitleIn, priceTextIn } from "../listing/listing-text.ts";
import { PlaceLevel } from "../../core/places.ts";
import { planFillIn, type FillInPlan } from "../../core/search/fill-in.ts";
import { buildPaginator } from "../../core/search/paginator.ts";
import { geoFormOf, searchFilters } from "../../core/search/filters.ts";
import type { SearchQuery } from "../../core/search/query.ts";
import { searchSeo } from "../../core/search/seo.ts";
import { decodeSearchUrl, encodeSearchUrl, listUrlOf, mapUrlOf, toRawFilters, withPage, type MapView } from "../../core/search/url.ts";
import { countListingsIn } from "../../db/places.ts";
import { streetAtPoint } from "../../db/place-search.ts";
import { getPlaceDirectory, type DirectoryPlace, type PlaceDirectory } from "../../db/place-directory.ts";
import type { Database } from "../../db/schema.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { listingTexts } from "../i18n/listing.ts";
import { searchTexts } from "../i18n/search.ts";
import type { Services } from "../services.ts";
import { recentSearchTexts } from "./recent-search-texts.server.ts";
import { filterFormGroups, formChoices, type FilterFormGroup, type FormChoices } from "./filter-form.server.ts";
import { runListingSearch, searchOptions, type ResultCard } from "./run-search.server.ts";

/** What one card on the page needs, nothing more (the page's HTML and hydration data stay small). */
export interface CardView {
  id: number;
  href: string;
  title: string;
  priceText: string;
  originalPriceText: string | null;
  hasPriceRange: boolean;
  surface: number | null;
  rooms: number | null;
  baths: number | null;
  floor: number | null;
  address: string;
  isAuction: boolean;
  exactPin: boolean;
  /** The photos are listingPhotoPath(id, 0 … photoCount − 1): a count instead of 20 addresses per card. */
  photoCount: number;
  publisherName: string;
  contactLabel: string;
  contactHref: string;
  /** The home's offers when several publishers list it (one card: decision 120), cheapest first. */
  offers?: Array<{ id: number; href: string; publisherName: string; priceText: string }>;
}

export interface Crumb {
  label: string;
  href: string | null;
}
export interface RelatedPlace {
  name: string;
  href: string;
  count: number;
}

export interface SearchPageData {
  locale: Locale;
  seo: ReturnType<typeof searchSeo>;
  total: number;
  page: number;
  totalPages: number;
  activeFilters: number;
  cards: CardView[];
  fillIn: { plan: FillInPlan; cards: CardView[] };
  breadcrumbs: Crumb[];
  related: RelatedPlace[];
  paginator: ReturnType<typeof buildPaginator> | null;
  publishers: Array<{ id: number; name: string; type: string; logo: string | null; href: string }>;
  /** Filter form state: where it submits, the hidden context, and the raw filter values. */
  form: {
    action: string;
    channel: SearchQuery["channel"];
    group: SearchQuery["group"];
    places: string[];
    propertyTypes: string[];
    sort: SearchQuery["sort"];
    values: Record<string, string | string[]>;
    /** The filter fields of this search, by group, labelled in the page's locale (the registry stays on the server). */
    fieldGroups: FilterFormGroup[];
    /** The contract, category and sort menus' options, labelled in the page's locale. */
    choices: FormChoices;
    resetHref: string;
  };
  /** The search itself and its places with their ancestors, for the client search tools (locality, types, recent searches). */
  query: SearchQuery;
  toolPlaces: Array<{ id: string; level: number; qslug: string; name: string; parentId: string | null }>;
  /** The page's address as the codec writes it (without the locale prefix), for recent searches and smart back. */
  searchPath: string;
  /** The texts this search is remembered with in 'Ricerche recenti' and in a user's history. */
  recentSearch: { localities: string; filters: string };
  /** A logged-in user's hidden ads among this search's matches (left out of the results), or null for visitors. */
  hidden: { count: number } | null;
  /** The results page may offer 'Nascondi' on its cards (a logged-in user). */
  canHide: boolean;
  /**
   * The two views of the search (docs/decisions/056): where each is, and on the map page what the map
   * needs to open (its zoom from the URL, the places' boxes, the configured style).
   */
  view: {
    kind: "list" | "map";
    listHref: string;
    mapHref: string;
    zoom: number | null;
    placeBoxes: Array<[number, number, number, number]>;
    styleUrl: string | null;
    /** The next page of the same view (the map list loads it as the visitor scrolls), or null on the last. */
    nextHref: string | null;
  };
  /** Hidden fields of the filter form that keep the search's area (and the map view) when filters change. */
  formKeep: Array<[name: string, value: string]>;
  /** The place search above the results: the places (and a map shape) searched, each removable, and what /ricerca/ reported back. */
  placeSearch: {
    chips: Array<{ key: string; label: string; removeHref: string }>;
    outcome: "not-found" | "empty" | null;
    q: string;
  };
}

export type SearchPageOutcome =
  | { kind: "not-found"; reason: string }
  | { kind: "redirect"; location: string; status: 301 | 302 }
  | { kind: "page"; data: SearchPageData; timings: Array<[name: string, ms: number]> };

/** Sale, rent… titles for the breadcrumb root, per channel. */
const rootLabels: Record<Locale, Record<SearchQuery["channel"], string>> = {
  it: { vendita: "Vendita", affitto: "Affitto", "affitto-breve": "Affitto breve" },
  en: { vendita: "For sale", affitto: "For rent", "affitto-breve": "Holiday rentals" },
};

const RELATED_MAX = 15;

/**
 * Whether the requested path and query already are the canonical URL. Query values are compared
 * decoded: browsers and React Router's data requests write the codec's commas as %2C, and redirecting
 * those to the same URL would loop.
 */
export function sameSearchUrl(canonical: string, pathname: string, search: string): boolean {
  const at = canonical.indexOf("?");
  const canonicalPath = at < 0 ? canonical : canonical.slice(0, at);
  if (canonicalPath !== pathname) return false;
  const wanted = [...new URLSearchParams(at < 0 ? "" : canonical.slice(at))];
  const got = [...new URLSearchParams(search)];
  return wanted.length === got.length && wanted.every(([k, v], i) => got[i]![0] === k && got[i]![1] === v);
}

export async function loadSearchPage(
  db: Kysely<Database>,
  svc: Pick<Services, "isochrones" | "counts"> & Partial<Pick<Services, "mapStyleUrl">>,
  url: URL,
  user: { hiddenIds: () => Promise<number[]> } | null = null,
): Promise<SearchPageOutcome> {
  const started = performance.now();
  const locale: Locale = url.pathname === "/en" || url.pathname.startsWith("/en/") ? "en" : "it";
  const bare = localizePath(url.pathname, "it");
  const directory = await getPlaceDirectory(db);
  // What the place search (/ricerca/) reports back when it found nothing: shown on the page, not part of the search.
  const params = new URLSearchParams(url.search);
  const esito = params.get("esito");
  const placeSearchText = (params.get("q") ?? "").slice(0, 100);
  params.delete("esito");
  params.delete("q");
  const search = params.size > 0 ? `?${params}` : "";
  const decoded = decodeSearchUrl(bare, search, directory);
  if (decoded.kind === "not-found") return { kind: "not-found", reason: decoded.reason };
  const { query, canonical } = decoded;
  const map: MapView | null = decoded.map ?? null;
  if (!sameSearchUrl(canonical, bare, search)) return { kind: "redirect", location: localizePath(canonical, locale), status: 301 };

  const decodedAt = performance.now();
  const hiddenIds = user ? await user.hiddenIds() : [];
  const result = await runListingSearch(db, query, { ...searchOptions(svc), excludeListings: hiddenIds });
  const searchedAt = performance.now();
  // On the map page every link stays on the map (a new place opens on its own view: no zoom).
  const href = (q: SearchQuery) => {
    const list = encodeSearchUrl(q, directory);
    return localizePath(map ? mapUrlOf(list) : list, locale);
  };
  if (result.total === 0 && query.page > 1) return { kind: "redirect", location: href({ ...query, page: 1 }), status: 302 };
  if (result.totalPages > 0 && query.page > result.totalPages) {
    return { kind: "redirect", location: href({ ...query, page: result.totalPages }), status: 302 };
  }

  const places = query.places.map((id) => directory.get(id)).filter((p): p is DirectoryPlace => p !== undefined);
  // A circle made from a street pick is centred on that street: the title names it.
  const circleCentre = query.geo?.kind === "circle" ? (await streetAtPoint(db, query.geo.lat, query.geo.lon))?.label : undefined;
  const seo = searchSeo({
    query,
    places,
    total: result.total,
    totalPages: result.totalPages,
    locale,
    canonicalPath: canonical,
    lookup: directory,
    origin: url.origin,
    circleCentre,
    map: map !== null,
  });
  const t = searchTexts[locale];
  const toView = (card: ResultCard): CardView => presentCard(card, locale, t);
  const fillInPlan = planFillIn({
    total: result.total,
    page: query.page,
    nearbyShown: result.fillin?.listings.length ?? 0,
    nearbyTotal: result.fillin?.total ?? 0,
  });
  const related = await relatedPlaces(db, directory, query, places, href);
  const firstPage: SearchQuery = { ...query, page: 1 };
  const tools = toolPlaces(directory, places);
  const data: SearchPageData = {
    locale,
    seo,
    total: result.total,
    page: query.page,
    totalPages: result.totalPages,
    activeFilters: result.activeFilters,
    cards: result.listings.map(toView),
    fillIn: { plan: fillInPlan, cards: fillInPlan.mode === "none" ? [] : (result.fillin?.listings ?? []).map(toView) },
    breadcrumbs: breadcrumbs(directory, query, places, locale, href),
    related,
    paginator:
      result.totalPages > 1 ? buildPaginator(query.page, result.totalPages, (n) => localizePath(withPage(canonical, n), locale)) : null,
    // Professionals only: a private seller is not someone to "get help" from, and has no logo.
    publishers: result.publishers
      .filter((p) => p.publisherType !== "private")
      .slice(0, 3)
      .map((p) => ({
        id: p.publisherId,
        name: p.publisherName,
        type: p.publisherType,
        logo: p.publisherType === "agency" ? `/media/publisher/${p.publisherId}/logo.svg` : null,
        href: href({ ...firstPage, filters: { ...query.filters, publisherId: p.publisherId } }),
      })),
    form: {
      action: localizePath("/cerca/", locale),
      channel: query.channel,
      group: query.group,
      places: query.places,
      propertyTypes: query.propertyTypes,
      sort: query.sort,
      values: formValues(toRawFilters(query)),
      fieldGroups: filterFormGroups(query, locale),
      choices: formChoices(query, locale),
      resetHref: href({ ...firstPage, filters: { ...searchFilters.defaults }, sort: query.sort }),
    },
    query,
    toolPlaces: tools,
    searchPath: canonical,
    recentSearch: recentSearchTexts(query, tools, locale),
    hidden: user ? { count: result.hidden } : null,
    canHide: user !== null,
    view: {
      kind: map ? "map" : "list",
      listHref: localizePath(map ? listUrlOf(canonical) : canonical, locale),
      mapHref: localizePath(map ? canonical : mapUrlOf(withPage(canonical, 1)), locale),
      zoom: map?.zoom ?? null,
      placeBoxes: places.map((p) => p.bbox),
      styleUrl: svc.mapStyleUrl ?? null,
      nextHref: query.page < result.totalPages ? localizePath(withPage(canonical, query.page + 1), locale) : null,
    },
    formKeep: [
      ...(query.geo
        ? [
            [
              geoFormOf(query.geo.kind).key,
              geoFormOf(query.geo.kind).toText(geoFormOf(query.geo.kind).toRaw(query.geo as never) as Record<string, unknown>),
            ] as [string, string],
          ]
        : []),
      ...(map ? [["vista", "mappa"] as [string, string]] : []),
    ],
    placeSearch: {
      chips: [
        ...places.map((p) => ({
          key: p.id,
          label: p.name,
          removeHref: href({ ...firstPage, places: query.places.filter((id) => id !== p.id) }),
        })),
        ...(query.geo ? [{ key: "geo", label: circleCentre ?? seo.h1, removeHref: href({ ...firstPage, geo: null }) }] : []),
      ],
      outcome: esito === "nessun-risultato" ? "not-found" : esito === "vuoto" ? "empty" : null,
      q: placeSearchText,
    },
  };
  return {
    kind: "page",
    data,
    timings: [
      ["decode", decodedAt - started],
      ["search", searchedAt - decodedAt],
      ["present", performance.now() - searchedAt],
    ],
  };
}

/** Raw filter values as the form's inputs hold them: strings, lists for multiple choices. */
function formValues(raw: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out[key] = value.map(String);
    else if (typeof value === "object") {
      // A grouped range { min, max } → key_min / key_max as the form names them.
      for (const [bound, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) out[`${key}_${bound}`] = String(v);
    } else out[key] = String(value);
  }
  return out;
}

function presentCard(card: ResultCard, locale: Locale, t: (typeof searchTexts)[Locale]): CardView {
  const contact = { agent: t.contactAgent, agency: t.contactAgency, private: t.contactPrivate }[card.contact.target];
  const href = localizePath(card.uri, locale);
  const unit = t.priceUnit(card.features.price.marker.unit);
  return {
    ...(card.offers && {
      offers: card.offers.map((o) => ({
        id: o.listingId,
        href: localizePath(`/annunci/${o.listingId}/`, locale),
        publisherName: o.publisherName,
        priceText: o.price === null ? listingTexts[locale].privateNegotiation : priceTextIn(o.price, null, unit, locale),
      })),
    }),
    id: card.id,
    href,
    // The stored title is Italian; English pages build theirs from the same parts (docs/decisions/081).
    title: locale === "it" ? card.title : cardTitleIn(card, locale),
    // A private negotiation has no price to show (core/listing/public.ts): the card says so in the page's language;
    // the price and a rent's unit are written in the page's language too ('1.250 €/mese', '€1,250/month').
    priceText: cardPriceIn(card, t.priceUnit(card.features.price.marker.unit), locale) ?? listingTexts[locale].privateNegotiation,
    originalPriceText: card.features.price.marker.originalPrice ? formatEuro(card.features.price.marker.originalPrice, locale) : null,
    hasPriceRange: card.features.price.marker.hasPriceRange,
    surface: card.features.surface,
    rooms: card.features.rooms,
    baths: card.features.baths,
    floor: card.features.floor,
    address: card.address,
    isAuction: card.features.isAuction,
    exactPin: card.geoInfos.geo_visibility_level === 1,
    photoCount: card.media.photos.length,
    publisherName: card.publisher.publisherName,
    contactLabel: contact,
    contactHref: `${href}#contatti`,
  };
}

/**
 * Seed 000 §2 breadcrumb order (home, hub, root, state, province, property group, town, non-administrative
 * zone, …, zone, metro line): here home, the channel root with its property group, then the place's
 * ancestors from the region down and the place itself. Only a single place gets the place chain.
 */
function breadcrumbs(
  directory: PlaceDirectory,
  query: SearchQuery,
  places: DirectoryPlace[],
  locale: Locale,
  href: (q: SearchQuery) => string,
): Crumb[] {
  const t = searchTexts[locale];
  const base: SearchQuery = {
    ...query,
    places: [],
    page: 1,
    filters: { auction: "include", privateNegotiation: "include" },
    propertyTypes: [],
    geo: null,
    sort: "rilevanza",
  };
  const crumbs: Crumb[] = [
    { label: t.home, href: localizePath("/", locale) },
    { label: rootLabels[locale][query.channel], href: href(base) },
  ];
  const place = places.length === 1 ? places[0]! : undefined;
  if (place) {
    const chain = [...directory.ancestors(place.id), place].filter((p) => p.level > PlaceLevel.country);
    for (const p of chain) crumbs.push({ label: p.name, href: href({ ...base, places: [p.id] }) });
  }
  crumbs[crumbs.length - 1] = { ...crumbs[crumbs.length - 1]!, href: null };
  return crumbs;
}

/** The searched places and their ancestors below the country, each once. */
function toolPlaces(directory: PlaceDirectory, places: DirectoryPlace[]): SearchPageData["toolPlaces"] {
  const out = new Map<string, SearchPageData["toolPlaces"][number]>();
  for (const p of places) {
    for (const a of [...directory.ancestors(p.id), p]) {
      if (a.level > PlaceLevel.country && !out.has(a.id))
        out.set(a.id, { id: a.id, level: a.level, qslug: a.qslug, name: a.name, parentId: a.parentId });
    }
  }
  return [...out.values()];
}

/**
 * The related-locations dropdown: a town's zones, or else the place's siblings (the other towns of its
 * province, the other zones of its town), with the listing counts of the channel; the busiest first.
 */
async function relatedPlaces(
  db: Kysely<Database>,
  directory: PlaceDirectory,
  query: SearchQuery,
  places: DirectoryPlace[],
  href: (q: SearchQuery) => string,
): Promise<RelatedPlace[]> {
  if (places.length !== 1) return [];
  const place = places[0]!;
  const base: SearchQuery = { ...query, page: 1 };
  let parentId: string | null = place.parentId;
  let levels = [place.level];
  if (place.level === PlaceLevel.town && directory.children(place.id).some((c) => c.level === PlaceLevel.zone)) {
    parentId = place.id;
    levels = [PlaceLevel.zone];
  }
  if (!parentId || place.level > PlaceLevel.block) return [];
  // From the place directory and the listing facts (both in memory): no query on a results page's way.
  const siblings = directory.children(parentId).filter((s) => levels.includes(s.level));
  const counts = await countListingsIn(db, siblings, { channel: query.channel });
  return siblings
    .map((s) => ({ id: s.id, name: s.name, count: counts.get(s.id) ?? 0 }))
    .filter((s) => s.id !== place.id && s.count > 0)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, "it"))
    .slice(0, RELATED_MAX)
    .map((s) => ({ name: s.name, href: href({ ...base, places: [s.id] }), count: s.count }));
}

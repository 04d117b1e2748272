/**
 * SEO data for a search results page (seed 000 §3 "SEO data", §9 page titles, issue 3 part 7):
 * title, h1, meta description, robots, canonical, hreflang alternates (pages 1–30 only) and prev/next.
 * Pure. The rules are in docs/decisions/012-search-seo.md.
 */
import { formatInteger } from "../format.ts";
import { PlaceLevel } from "../places.ts";
import { activeFilterCount, type SearchQuery } from "./query.ts";
import type { PropertyTypeGroup } from "./vocabulary.ts";
import { anchorOf, withPage, type UrlPlace, type UrlPlaceLookup } from "./url.ts";

export interface SearchSeoInput {
  query: SearchQuery;
  /** Resolved query.places, primary first. */
  places: UrlPlace[];
  total: number;
  totalPages: number;
  locale: "it" | "en";
  /** From encodeSearchUrl: the Italian path and query, without locale prefix. */
  canonicalPath: string;
  /** "https://example.org" to make the links absolute; relative links without it. */
  origin?: string;
  /** With it, places below a town name their town: "in zona Duomo a Milano". */
  lookup?: UrlPlaceLookup;
  /** The map view of the search (docs/decisions/056): with no place and no shape it is 'Ricerca su Mappa'; never indexed. */
  map?: boolean;
  /** What a circle search is centred on, when known ("Via Roma, Milano"): the title says "entro 500 m da …". */
  circleCentre?: string;
}

export interface SearchSeo {
  title: string;
  h1: string;
  description: string;
  robots: string;
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
  prev: string | null;
  next: string | null;
}

/** Alternate-language links only up to this page (seed 000 §5). */
export const MAX_ALTERNATE_PAGE = 30;

type Locale = "it" | "en";

const groupNouns: Record<Locale, Record<PropertyTypeGroup, string>> = {
  it: {
    case: "Case",
    "nuove-costruzioni": "Nuove costruzioni",
    stanze: "Stanze",
    "garage-posti-auto": "Garage e posti auto",
    "cantine-solai": "Cantine e solai",
    "edifici-palazzi": "Edifici e palazzi",
    uffici: "Uffici",
    commerciale: "Locali commerciali",
    capannoni: "Capannoni",
    terreni: "Terreni",
  },
  en: {
    case: "Homes",
    "nuove-costruzioni": "New homes",
    stanze: "Rooms",
    "garage-posti-auto": "Garages and parking spaces",
    "cantine-solai": "Cellars and lofts",
    "edifici-palazzi": "Buildings",
    uffici: "Offices",
    commerciale: "Commercial premises",
    capannoni: "Warehouses",
    terreni: "Land",
  },
};

const typeNouns: Record<Locale, Record<string, string>> = {
  it: {
    appartamento: "Appartamenti",
    "attico-mansarda": "Attici e mansarde",
    "casa-bi-trifamiliare": "Case bi/trifamiliari",
    "casa-indipendente": "Case indipendenti",
    loft: "Loft",
    "rustico-casale": "Rustici e casali",
    villa: "Ville",
    "villetta-a-schiera": "Villette a schiera",
    "baita-bungalow-chalet-trullo": "Baite, chalet e trulli",
    stanza: "Stanze",
    box: "Box",
    "posto-auto": "Posti auto",
    "cantina-solaio": "Cantine e solai",
    palazzo: "Palazzi",
    edificio: "Edifici",
    ufficio: "Uffici",
    "negozio-locale-commerciale": "Negozi e locali commerciali",
    "attivita-licenza-commerciale": "Attività e licenze commerciali",
    capannone: "Capannoni",
    "terreno-edificabile": "Terreni edificabili",
    "terreno-agricolo": "Terreni agricoli",
  },
  en: {
    appartamento: "Flats",
    "attico-mansarda": "Penthouses and attics",
    "casa-bi-trifamiliare": "Two- and three-family houses",
    "casa-indipendente": "Detached houses",
    loft: "Lofts",
    "rustico-casale": "Farmhouses",
    villa: "Villas",
    "villetta-a-schiera": "Terraced houses",
    "baita-bungalow-chalet-trullo": "Huts, chalets and trulli",
    stanza: "Rooms",
    box: "Garages",
    "posto-auto": "Parking spaces",
    "cantina-solaio": "Cellars and lofts",
    palazzo: "Mansions",
    edificio: "Buildings",
    ufficio: "Offices",
    "negozio-locale-commerciale": "Shops and commercial premises",
    "attivita-licenza-commerciale": "Businesses and commercial licences",
    capannone: "Warehouses",
    "terreno-edificabile": "Building land",
    "terreno-agricolo": "Farmland",
  },
};

const roomNouns: Record<Locale, Record<number, string>> = {
  it: { 1: "Monolocali", 2: "Bilocali", 3: "Trilocali", 4: "Quadrilocali" },
  en: { 1: "Studio flats", 2: "Two-room flats", 3: "Three-room flats", 4: "Four-room flats" },
};

const texts = {
  it: {
    sale: "in vendita",
    rent: "in affitto",
    holiday: "Case vacanza",
    holidayRooms: (rooms: string) => `${rooms} per vacanze`,
    newBuild: (rooms: string) => `${rooms} di nuova costruzione`,
    italy: "in tutta Italia",
    rentList: "Case in affitto",
    auctions: "Aste Giudiziarie",
    map: "Ricerca su Mappa",
    around: (metres: string, centre: string) => `entro ${metres} m da ${centre}`,
    anywhere: "Ovunque (tutte le località)",
    page: (n: number) => ` - pagina ${n}`,
    more: (n: number) => (n === 1 ? " e un'altra località" : ` e altre ${n} località`),
    region: (name: string) => `in ${name}`,
    province: (name: string) => `in provincia di ${name}`,
    town: (name: string) => `a ${name}`,
    zone: (name: string) => `in zona ${name}`,
    metroLine: (name: string) => `lungo la metro ${name}`,
    metroStop: (name: string) => `vicino alla fermata ${name}`,
    coast: (province: string) => `nelle località di mare della provincia di ${province}`,
    count: (n: string, total: number) => (total === 1 ? `1 annuncio` : `${n} annunci`),
    description: (count: string, subject: string) => `${count}: ${subject}. Foto, planimetrie, prezzi e mappa: trova la tua casa su casa.`,
    none: (subject: string) => `Nessun annuncio al momento: ${subject}. Allarga la ricerca o salvala per ricevere i nuovi annunci.`,
  },
  en: {
    sale: "for sale",
    rent: "for rent",
    holiday: "Holiday homes",
    holidayRooms: (rooms: string) => `${rooms} for holidays`,
    newBuild: (rooms: string) => `New-build ${rooms.toLowerCase()}`,
    italy: "across Italy",
    rentList: "Homes for rent",
    auctions: "Court auctions",
    map: "Map search",
    around: (metres: string, centre: string) => `within ${metres} m of ${centre}`,
    anywhere: "Anywhere (all places)",
    page: (n: number) => ` - page ${n}`,
    more: (n: number) => (n === 1 ? " and 1 more place" : ` and ${n} more places`),
    region: (name: string) => `in ${name}`,
    province: (name: string) => `in the province of ${name}`,
    town: (name: string) => `in ${name}`,
    zone: (name: string) => `in the ${name} area`,
    metroLine: (name: string) => `along the ${name}`,
    metroStop: (name: string) => `near ${name} station`,
    coast: (province: string) => `in the seaside towns of the province of ${province}`,
    count: (n: string, total: number) => (total === 1 ? `1 listing` : `${n} listings`),
    description: (count: string, subject: string) => `${count}: ${subject}. Photos, floor plans, prices and map: find your home on casa.`,
    none: (subject: string) => `No listings right now: ${subject}. Widen the search or save it to hear about new listings.`,
  },
} as const;

const formatCount = (n: number, locale: Locale) => formatInteger(n, locale);

/** "a Milano", "in provincia di Milano", "in tutta Italia"; with more places "… e altre 2 località". */
export function placePhrase(places: UrlPlace[], locale: Locale, lookup?: UrlPlaceLookup): string {
  const t = texts[locale];
  const primary = places[0];
  if (!primary || (primary.level === PlaceLevel.country && places.length === 1)) return t.italy;
  // Places keep their official names in every locale: "Milano", not "Milan" (docs/decisions/081).
  const name = primary.name;
  const anchor = primary.level > PlaceLevel.town && lookup ? anchorOf(primary, lookup) : undefined;
  // A non-administrative zone spanning a province is its coast ("Località di mare - Imperia").
  const coastOf = primary.level === PlaceLevel.nonAdminZone && anchor?.level === PlaceLevel.province ? anchor : undefined;
  const phrase = coastOf
    ? t.coast(coastOf.name)
    : primary.level === PlaceLevel.country
      ? t.italy
      : primary.level === PlaceLevel.region
        ? t.region(name)
        : primary.level === PlaceLevel.province
          ? t.province(name)
          : primary.level === PlaceLevel.town
            ? t.town(name)
            : primary.level === PlaceLevel.metroLine
              ? t.metroLine(name)
              : primary.level === PlaceLevel.metroStop
                ? t.metroStop(name)
                : t.zone(name);
  const town = anchor?.level === PlaceLevel.town ? anchor : undefined;
  // Metro lines carry their city in the name ("M1 Milano"): no "a Milano" after it.
  const inTown = town && !name.includes(town.name) ? ` ${t.town(town.name)}` : "";
  return places.length > 1 ? `${phrase}${inTown}${t.more(places.length - 1)}` : `${phrase}${inTown}`;
}

/** The place summary a search box shows: the names, or 'Ovunque (tutte le località)' for no place (seed 000 §9). */
export function searchPlaceLabel(places: UrlPlace[], locale: Locale): string {
  if (places.length === 0) return texts[locale].anywhere;
  return places.map((p) => p.name).join(", ");
}

/**
 * A saved search's default title (seed 001 §3): 'Ricerca su Mappa' for a map search (a shape drawn or
 * placed on the map, also over a place's results: the place's name would make it look like the plain
 * search), else the places' names, 'Ovunque (tutte le località)' for no place.
 */
export function savedSearchDefaultTitle(query: SearchQuery, places: UrlPlace[], locale: Locale): string {
  if (query.geo) return texts[locale].map;
  return searchPlaceLabel(places, locale);
}

/** What is searched, as a noun: "Bilocali", "Ville", "Case". */
function subjectNoun(query: SearchQuery, locale: Locale): string {
  const t = texts[locale];
  const rooms = query.filters.rooms;
  const roomNoun = rooms && rooms.min !== undefined && rooms.min === rooms.max ? roomNouns[locale][rooms.min] : undefined;
  const typeNoun = query.propertyTypes.length === 1 ? typeNouns[locale][query.propertyTypes[0]!] : undefined;
  if (query.channel === "affitto-breve") return roomNoun ? t.holidayRooms(roomNoun) : (typeNoun ?? t.holiday);
  if (roomNoun && (query.group === "case" || query.group === "nuove-costruzioni")) {
    return query.group === "nuove-costruzioni" ? t.newBuild(roomNoun) : roomNoun;
  }
  return typeNoun ?? groupNouns[locale][query.group];
}

/**
 * The title without the page suffix. A map shape is 'Ricerca su Mappa', except a circle whose centre
 * is named (a street pick): "Case in vendita entro 500 m da Via Roma, Milano".
 */
export function searchTitle(
  query: SearchQuery,
  places: UrlPlace[],
  locale: Locale,
  lookup?: UrlPlaceLookup,
  circleCentre?: string,
  map = false,
): string {
  const t = texts[locale];
  if (map && places.length === 0 && !(query.geo?.kind === "circle" && circleCentre)) return t.map;
  const namedCircle = query.geo?.kind === "circle" && circleCentre ? t.around(formatCount(query.geo.radius, locale), circleCentre) : null;
  if (query.geo && !namedCircle) return t.map;
  const place = namedCircle ?? placePhrase(places, locale, lookup);
  const noPlace = place === t.italy;
  const noun = subjectNoun(query, locale);
  if (query.channel === "vendita" && query.filters.auction === "only") {
    const what = noun === groupNouns[locale].case ? "" : `: ${noun}`;
    return `${t.auctions}${what}${noPlace ? "" : ` ${place}`}`;
  }
  if (query.channel === "affitto-breve") return `${noun} ${place}`;
  const transaction = query.channel === "vendita" ? t.sale : t.rent;
  if (query.channel === "affitto" && noPlace && noun === groupNouns[locale].case) return t.rentList;
  return `${noun} ${transaction} ${place}`;
}

/**
 * Indexable only when the page is a plain, useful landing page: some results, no map shape, at most
 * one place, at most one active filter, the default sort and no fill-in or publisher filter.
 */
export function isIndexable(query: SearchQuery, places: UrlPlace[], total: number): boolean {
  return (
    total > 0 &&
    query.geo === null &&
    places.length <= 1 &&
    activeFilterCount(query) <= 1 &&
    query.sort === "rilevanza" &&
    !query.includeSurrounding &&
    query.filters.publisherId === undefined
  );
}

export function searchSeo(input: SearchSeoInput): SearchSeo {
  const { query, places, total, locale } = input;
  const t = texts[locale];
  const origin = (input.origin ?? "").replace(/\/+$/, "");
  const localized = (path: string, l: Locale) => `${origin}${l === "en" ? `/en${path}` : path}`;
  const page = query.page;
  const totalPages = Math.max(0, Math.floor(input.totalPages));

  const h1 = searchTitle(query, places, locale, input.lookup, input.circleCentre, input.map);
  const title = page > 1 ? `${h1}${t.page(page)}` : h1;
  // "case in vendita a Milano", but proper titles (Aste Giudiziarie, Ricerca su Mappa) keep their capitals.
  const subject = h1.startsWith(t.auctions) || h1 === t.map ? h1 : `${h1.charAt(0).toLowerCase()}${h1.slice(1)}`;
  const description = total > 0 ? t.description(t.count(formatCount(total, locale), total), subject) : t.none(subject);

  const path = input.canonicalPath;
  const alternates =
    page <= MAX_ALTERNATE_PAGE
      ? [
          { hreflang: "it", href: localized(path, "it") },
          { hreflang: "en", href: localized(path, "en") },
          { hreflang: "x-default", href: localized(path, "it") },
        ]
      : [];
  return {
    title,
    h1,
    description,
    robots: !input.map && isIndexable(query, places, total) ? "index,follow" : "noindex,follow",
    canonical: localized(path, locale),
    alternates,
    prev: page > 1 ? localized(withPage(path, Math.min(page - 1, Math.max(totalPages, 1))), locale) : null,
    next: page < totalPages ? localized(withPage(path, page + 1), locale) : null,
  };
}

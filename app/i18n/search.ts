/** Texts of the search results page (seed 000 §2, §4, §8). Italian exactly as the spec gives them. */
import { formatInteger } from "../../core/format.ts";
import type { FormFilterKey, FormGroup } from "../../core/search/filters.ts";
import type { Locale, Messages } from "./locale.ts";

type SearchTexts = {
  breadcrumb: string;
  home: string;
  relatedLocations: string;
  /** The list's link to the same search on the map (docs/decisions/056). */
  showMap: string;
  resultsCount: (n: number) => string;
  filters: string;
  filtersButton: (n: number) => string;
  closeFilters: string;
  filtersTitle: string;
  channel: string;
  propertyGroup: string;
  any: string;
  select: string;
  selectedMany: (n: number) => string;
  submit: (n: number) => string;
  reset: string;
  sort: string;
  sortApply: string;
  howWeSort: string;
  noResultsTitle: string;
  noResultsHint: string;
  fewResults: (n: number) => string;
  nearbyTitle: string;
  seeNearby: (n: number) => string;
  seeSurrounding: (n: number) => string;
  helpTitle: string;
  helpSeeListings: string;
  pager: string;
  previousPage: string;
  nextPage: string;
  pageN: (n: number) => string;
  previousPhoto: string;
  nextPhoto: string;
  photoOf: (i: number, n: number) => string;
  noPhoto: string;
  exactPin: string;
  approximatePin: string;
  rooms: (n: number) => string;
  bathsN: (n: number) => string;
  floorN: (n: number) => string;
  groundFloor: string;
  auction: string;
  /** A listing a saved search's alert brought since the last visit (docs/decisions/093). */
  alertedNew: string;
  /** The same home offered by several publishers: one card, its offers listed (decision 120). */
  offers: (n: number) => string;
  contactAgent: string;
  /** After a price: "/mese" for a monthly rent, "/settimana" for a weekly one, nothing for a sale. */
  priceUnit: (unit: string) => string;
  contactAgency: string;
  contactPrivate: string;
  agency: string;
  agent: string;
  privateSeller: string;
};

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const searchTexts: Messages<SearchTexts> = {
  it: {
    breadcrumb: "Percorso",
    home: "Home",
    relatedLocations: "Località vicine",
    showMap: "Mappa",
    resultsCount: (n) => `${formatInteger(n)} ${plural(n, "annuncio", "annunci")}`,
    filters: "Filtri",
    filtersButton: (n) => (n > 0 ? `Filtri (${n})` : "Filtri"),
    closeFilters: "Chiudi i filtri",
    filtersTitle: "Filtra la ricerca",
    channel: "Contratto",
    propertyGroup: "Tipologia",
    any: "Indifferente",
    select: "Seleziona",
    selectedMany: (n) => `${n} selezionate`,
    submit: (n) => (n === 0 ? "Nessun risultato" : `Vedi ${formatInteger(n)} ${plural(n, "risultato", "risultati")}`),
    reset: "Cancella filtri",
    sort: "Ordina per",
    sortApply: "Ordina",
    howWeSort: "Come ordiniamo i risultati",
    noResultsTitle: "Al momento non ci sono annunci con le caratteristiche che cerchi",
    noResultsHint: "Prova a modificare o eliminare qualche filtro",
    fewResults: (n) => `Abbiamo trovato solo ${formatInteger(n)} ${plural(n, "annuncio", "annunci")} con le caratteristiche che cerchi.`,
    nearbyTitle: "Annunci nelle vicinanze",
    seeNearby: (n) => (n === 1 ? "Vedi 1 annuncio vicino" : `Vedi ${formatInteger(n)} annunci vicini`),
    seeSurrounding: (n) => (n === 1 ? "Vedi 1 annuncio circostante" : `Vedi ${formatInteger(n)} annunci circostanti`),
    helpTitle: "Fatti aiutare nella tua ricerca",
    helpSeeListings: "Vedi i suoi annunci",
    pager: "Pagine dei risultati",
    previousPage: "Pagina precedente",
    nextPage: "Pagina successiva",
    pageN: (n) => `Pagina ${n}`,
    previousPhoto: "Foto precedente",
    nextPhoto: "Foto successiva",
    photoOf: (i, n) => `Foto ${i} di ${n}`,
    noPhoto: "Nessuna foto",
    exactPin: "Posizione esatta",
    approximatePin: "Posizione approssimativa",
    rooms: (n) => `${n} ${plural(n, "locale", "locali")}`,
    bathsN: (n) => `${n} ${plural(n, "bagno", "bagni")}`,
    floorN: (n) => `Piano ${n}`,
    groundFloor: "Piano terra",
    auction: "Asta",
    alertedNew: "Nuovo per te",
    offers: (n) => `${n} offerte per questa casa`,
    contactAgent: "Contatta l'agente",
    priceUnit: (unit) => (unit === "month" ? "/mese" : unit === "week" ? "/settimana" : ""),
    contactAgency: "Contatta l'agenzia",
    contactPrivate: "Contatta l'inserzionista",
    agency: "Agenzia",
    agent: "Agente",
    privateSeller: "Privato",
  },
  en: {
    breadcrumb: "Breadcrumb",
    home: "Home",
    relatedLocations: "Nearby places",
    showMap: "Map",
    resultsCount: (n) => `${formatInteger(n, "en")} ${plural(n, "listing", "listings")}`,
    filters: "Filters",
    filtersButton: (n) => (n > 0 ? `Filters (${n})` : "Filters"),
    closeFilters: "Close the filters",
    filtersTitle: "Refine your search",
    channel: "Contract",
    propertyGroup: "Property type",
    any: "Any",
    select: "Select",
    selectedMany: (n) => `${n} selected`,
    submit: (n) => (n === 0 ? "No results" : `See ${formatInteger(n, "en")} ${plural(n, "result", "results")}`),
    reset: "Clear filters",
    sort: "Sort by",
    sortApply: "Sort",
    howWeSort: "How we sort the results",
    noResultsTitle: "There are currently no listings matching your search",
    noResultsHint: "Try changing or removing some filters",
    fewResults: (n) => `We found only ${formatInteger(n, "en")} ${plural(n, "listing", "listings")} matching your search.`,
    nearbyTitle: "Listings nearby",
    seeNearby: (n) => (n === 1 ? "See 1 listing nearby" : `See ${formatInteger(n, "en")} listings nearby`),
    seeSurrounding: (n) => (n === 1 ? "See 1 listing in the surroundings" : `See ${formatInteger(n, "en")} listings in the surroundings`),
    helpTitle: "Get help with your search",
    helpSeeListings: "See their listings",
    pager: "Result pages",
    previousPage: "Previous page",
    nextPage: "Next page",
    pageN: (n) => `Page ${n}`,
    previousPhoto: "Previous photo",
    nextPhoto: "Next photo",
    photoOf: (i, n) => `Photo ${i} of ${n}`,
    noPhoto: "No photo",
    exactPin: "Exact location",
    approximatePin: "Approximate location",
    rooms: (n) => `${n} ${plural(n, "room", "rooms")}`,
    bathsN: (n) => `${n} ${plural(n, "bathroom", "bathrooms")}`,
    floorN: (n) => `Floor ${n}`,
    groundFloor: "Ground floor",
    auction: "Auction",
    alertedNew: "New for you",
    offers: (n) => `${n} offers for this home`,
    contactAgent: "Contact the agent",
    priceUnit: (unit) => (unit === "month" ? "/month" : unit === "week" ? "/week" : ""),
    contactAgency: "Contact the agency",
    contactPrivate: "Contact the advertiser",
    agency: "Agency",
    agent: "Agent",
    privateSeller: "Private",
  },
};

/**
 * Labels of the search filters (core/search/filters.ts): one entry per filter that has a form field,
 * which TypeScript requires here. A range labels its two inputs; options not listed show their value.
 */
export interface FilterLabel {
  label?: string;
  min?: string;
  max?: string;
  options?: Readonly<Record<string, string>>;
}

export const filterLabels: Readonly<Record<Locale, { groups: Record<FormGroup, string>; filters: Record<FormFilterKey, FilterLabel> }>> = {
  it: {
    groups: {
      price: "Prezzo e superficie",
      rooms: "Locali e bagni",
      features: "Caratteristiche",
      condition: "Stato e classe energetica",
      other: "Altro",
    },
    filters: {
      price: { min: "Prezzo minimo (€)", max: "Prezzo massimo (€)" },
      mq: { min: "Superficie minima (m²)", max: "Superficie massima (m²)" },
      rooms: { min: "Locali minimi", max: "Locali massimi" },
      baths: { label: "Bagni", options: { 1: "1+", 2: "2+", 3: "3+" } },
      floorLevels: { label: "Piano", options: { terra: "Piano terra", intermedi: "Piani intermedi", ultimo: "Ultimo piano" } },
      lift: { label: "Ascensore" },
      balcony: { label: "Balcone" },
      terrace: { label: "Terrazzo" },
      garden: { label: "Giardino", options: { any: "Qualsiasi", comune: "Comune", privato: "Privato" } },
      heating: { label: "Riscaldamento", options: { autonomo: "Autonomo", centralizzato: "Centralizzato" } },
      furniture: { label: "Arredamento", options: { none: "Non arredato", partially: "Parzialmente arredato", full: "Arredato" } },
      buildingConditions: {
        label: "Stato dell'immobile",
        options: {
          nuovo: "Nuovo",
          "nuovo-ristrutturato": "Nuovo / Ristrutturato",
          abitabile: "Buono / Abitabile",
          "da-ristrutturare": "Da ristrutturare",
        },
      },
      energyClasses: { label: "Classe energetica" },
      publicationDate: {
        label: "Data di pubblicazione",
        options: { "2d": "Ultime 48 ore", "7d": "Ultima settimana", "30d": "Ultimo mese" },
      },
      sellerType: { label: "Inserzionista", options: { privato: "Privato", agenzia: "Agenzia" } },
      auction: { label: "Aste giudiziarie", options: { include: "Includi le aste", only: "Solo aste", exclude: "Escludi le aste" } },
      privateNegotiation: {
        label: "Trattativa riservata",
        options: { include: "Includi", only: "Solo trattativa riservata", exclude: "Escludi trattativa riservata" },
      },
    },
  },
  en: {
    groups: {
      price: "Price and size",
      rooms: "Rooms and bathrooms",
      features: "Features",
      condition: "Condition and energy class",
      other: "More",
    },
    filters: {
      price: { min: "Minimum price (€)", max: "Maximum price (€)" },
      mq: { min: "Minimum size (m²)", max: "Maximum size (m²)" },
      rooms: { min: "Minimum rooms", max: "Maximum rooms" },
      baths: { label: "Bathrooms", options: { 1: "1+", 2: "2+", 3: "3+" } },
      floorLevels: { label: "Floor", options: { terra: "Ground floor", intermedi: "Middle floors", ultimo: "Top floor" } },
      lift: { label: "Lift" },
      balcony: { label: "Balcony" },
      terrace: { label: "Terrace" },
      garden: { label: "Garden", options: { any: "Any", comune: "Shared", privato: "Private" } },
      heating: { label: "Heating", options: { autonomo: "Independent", centralizzato: "Central" } },
      furniture: { label: "Furniture", options: { none: "Unfurnished", partially: "Partly furnished", full: "Furnished" } },
      buildingConditions: {
        label: "Condition",
        options: {
          nuovo: "New",
          "nuovo-ristrutturato": "New / Renovated",
          abitabile: "Good / Habitable",
          "da-ristrutturare": "To renovate",
        },
      },
      energyClasses: { label: "Energy class" },
      publicationDate: { label: "Published", options: { "2d": "Last 48 hours", "7d": "Last week", "30d": "Last month" } },
      sellerType: { label: "Advertiser", options: { privato: "Private", agenzia: "Agency" } },
      auction: { label: "Court auctions", options: { include: "Include auctions", only: "Auctions only", exclude: "Exclude auctions" } },
      privateNegotiation: {
        label: "Price on request",
        options: { include: "Include", only: "Price on request only", exclude: "Exclude price on request" },
      },
    },
  },
};

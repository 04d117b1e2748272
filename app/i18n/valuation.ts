/** Texts of the home valuation page and the find-an-agency page. */
import type { Messages } from "./locale.ts";

type ValuationTexts = {
  title: string;
  heading: string;
  intro: string;
  town: string;
  townHint: string;
  surface: string;
  type: string;
  anyType: string;
  condition: string;
  anyCondition: string;
  submit: string;
  resultHeading: string;
  estimateLabel: string;
  rangeLabel: string;
  perMqLabel: string;
  perMqRange: string;
  basis: (count: number, scope: string) => string;
  scopeTown: (town: string) => string;
  scopeProvince: (province: string) => string;
  tooFew: (count: number, town: string) => string;
  method: string;
  searchSale: (town: string) => string;
  errorTown: string;
  errorSurface: string;
  errorType: string;
  errorCondition: string;
  errorSummary: string;
};

export const valuationTexts: Messages<ValuationTexts> = {
  it: {
    title: "Valutazione immobile: quanto vale casa tua",
    heading: "Quanto vale casa tua?",
    intro: "Una stima gratuita dai prezzi richiesti per case simili in vendita nella stessa zona.",
    town: "Comune",
    townHint: "Per esempio: Milano, oppure Samone (TN) se ci sono più comuni con lo stesso nome.",
    surface: "Superficie (m²)",
    type: "Tipologia",
    anyType: "Qualsiasi tipologia",
    condition: "Stato dell'immobile",
    anyCondition: "Qualsiasi stato",
    submit: "Calcola la stima",
    resultHeading: "La stima",
    estimateLabel: "Valore stimato",
    rangeLabel: "Intervallo probabile",
    perMqLabel: "Prezzo mediano al m²",
    perMqRange: "Metà dei prezzi al m² è tra",
    basis: (count, scope) => `Calcolata su ${count} ${count === 1 ? "annuncio simile" : "annunci simili"} in vendita ${scope}.`,
    scopeTown: (town) => `a ${town}`,
    scopeProvince: (province) => `in provincia di ${province}`,
    tooFew: (count, town) =>
      `Ci sono troppo pochi annunci simili (${count}) a ${town} e nella sua provincia per una stima affidabile. Prova con un'altra tipologia o senza indicare lo stato.`,
    method:
      "Come calcoliamo la stima: prendiamo le case in vendita con prezzo indicato, della stessa tipologia e dello stesso stato (se li scegli) e con una superficie entro il 35% della tua, nel comune o, se sono meno di 5, nella provincia. La stima è il prezzo mediano al m² moltiplicato per la superficie; l'intervallo va dal 25° al 75° percentile.",
    searchSale: (town) => `Vedi le case in vendita a ${town}`,
    errorTown: "Comune non trovato: scrivi il nome di un comune italiano.",
    errorSurface: "Indica una superficie tra 10 e 2.000 m².",
    errorType: "Scegli una tipologia dall'elenco.",
    errorCondition: "Scegli uno stato dall'elenco.",
    errorSummary: "Controlla i campi evidenziati.",
  },
  en: {
    title: "Home valuation: what is your home worth",
    heading: "What is your home worth?",
    intro: "A free estimate from the asking prices of similar homes for sale in the same area.",
    town: "Town",
    townHint: "For example: Milano, or Samone (TN) when several towns share the name.",
    surface: "Floor area (m²)",
    type: "Type",
    anyType: "Any type",
    condition: "Condition",
    anyCondition: "Any condition",
    submit: "Get the estimate",
    resultHeading: "The estimate",
    estimateLabel: "Estimated value",
    rangeLabel: "Likely range",
    perMqLabel: "Median price per m²",
    perMqRange: "Half of the prices per m² are between",
    basis: (count, scope) => `Based on ${count} similar ${count === 1 ? "listing" : "listings"} for sale ${scope}.`,
    scopeTown: (town) => `in ${town}`,
    scopeProvince: (province) => `in the province of ${province}`,
    tooFew: (count, town) =>
      `There are too few similar listings (${count}) in ${town} and its province for a reliable estimate. Try another type or leave the condition open.`,
    method:
      "How we estimate: we take homes for sale with a stated price, of the same type and condition (if you choose them) and with a floor area within 35% of yours, in the town or, when there are fewer than 5, in the province. The estimate is the median price per m² times your floor area; the range runs from the 25th to the 75th percentile.",
    searchSale: (town) => `See homes for sale in ${town}`,
    errorTown: "Town not found: type the name of an Italian municipality.",
    errorSurface: "Enter a floor area between 10 and 2,000 m².",
    errorType: "Choose a type from the list.",
    errorCondition: "Choose a condition from the list.",
    errorSummary: "Please check the highlighted fields.",
  },
};

type AgencyTexts = {
  title: string;
  heading: string;
  intro: string;
  town: string;
  submit: string;
  empty: string;
  notFound: string;
  results: (n: number, town: string) => string;
  resultsByName: (n: number) => string;
  name: string;
  featured: string;
  seeAll: string;
  seeAllOf: (name: string) => string;
  listings: (n: number) => string;
  agents: (n: number) => string;
  logoAlt: (name: string) => string;
  call: (phone: string) => string;
  website: string;
  previous: string;
  next: string;
  pager: string;
  page: (n: number, total: number) => string;
};

export const agencyTexts: Messages<AgencyTexts> = {
  it: {
    title: "Agenzie immobiliari",
    heading: "Agenzie immobiliari",
    intro: "Trova un'agenzia immobiliare nel tuo comune.",
    town: "Comune",
    submit: "Cerca agenzie",
    empty: "Al momento non ci sono agenzie in questa località",
    notFound: "Comune non trovato: scrivi il nome di un comune italiano.",
    results: (n, town) => `${n} ${n === 1 ? "agenzia" : "agenzie"} a ${town}`,
    resultsByName: (n) => `${n} ${n === 1 ? "agenzia trovata" : "agenzie trovate"}`,
    name: "Nome dell'agenzia (facoltativo)",
    featured: "Le agenzie con più annunci",
    seeAll: "Vedi tutti",
    seeAllOf: (name) => `Vedi tutti gli annunci di ${name}`,
    listings: (n) => `${n} ${n === 1 ? "annuncio" : "annunci"}`,
    agents: (n) => `${n} ${n === 1 ? "agente" : "agenti"}`,
    logoAlt: (name) => `Logo di ${name}`,
    call: (phone) => `Telefono: ${phone}`,
    website: "Sito web",
    previous: "Pagina precedente",
    next: "Pagina successiva",
    pager: "Pagine",
    page: (n, total) => `Pagina ${n} di ${total}`,
  },
  en: {
    title: "Estate agencies",
    heading: "Estate agencies",
    intro: "Find an estate agency in your town.",
    town: "Town",
    submit: "Find agencies",
    empty: "There are no agencies in this place at the moment",
    notFound: "Town not found: type the name of an Italian municipality.",
    results: (n, town) => `${n} ${n === 1 ? "agency" : "agencies"} in ${town}`,
    resultsByName: (n) => `${n} ${n === 1 ? "agency" : "agencies"} found`,
    name: "Agency name (optional)",
    featured: "Agencies with the most listings",
    seeAll: "See all",
    seeAllOf: (name) => `See all listings of ${name}`,
    listings: (n) => `${n} ${n === 1 ? "listing" : "listings"}`,
    agents: (n) => `${n} ${n === 1 ? "agent" : "agents"}`,
    logoAlt: (name) => `${name} logo`,
    call: (phone) => `Phone: ${phone}`,
    website: "Website",
    previous: "Previous page",
    next: "Next page",
    pager: "Pages",
    page: (n, total) => `Page ${n} of ${total}`,
  },
};

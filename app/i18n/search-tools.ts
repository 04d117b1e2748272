/**
 * Texts of the search tools on the results page: the locality and property-type buttons and modals, recent searches,
 * live count, back. What only the modals' contents say is app/i18n/search-tool-panels.ts, loaded with them.
 */
import { propertyGroupLabels } from "./property-groups.ts";
import { formatInteger } from "../../core/format.ts";
import type { Messages } from "./locale.ts";

type SearchToolsTexts = {
  close: string;
  loading: string;
  failure: string;
  localityTitle: string;
  localityTitlePublisher: string;
  localityButton: (label: string) => string;
  everywhere: string;
  propertyTypeTitle: string;
  propertyTypeButton: (label: string) => string;
  recentTitle: string;
  recentButton: string;
  recentEmpty: string;
  back: string;
  liveCount: (n: number) => string;
  liveCountNone: string;
  liveCountLoading: string;
  /** The submit button before the count can follow the form (server render, no JavaScript). */
  liveCountStatic: string;
};

export const searchToolsTexts: Messages<SearchToolsTexts> = {
  it: {
    close: "Chiudi",
    loading: "Caricamento…",
    failure: "Si è verificato un problema, riprova.",
    localityTitle: "Scegli il luogo",
    localityTitlePublisher: "Scegli dove",
    localityButton: (label) => `Luogo: ${label}. Scegli il luogo`,
    everywhere: "Ovunque (tutte le località)",
    propertyTypeTitle: "Tipologia",
    propertyTypeButton: (label) => `Tipologia: ${label}`,
    recentTitle: "Ricerche recenti",
    recentButton: "Ricerche recenti",
    recentEmpty: "Non hai ancora fatto ricerche.",
    back: "Indietro",
    liveCount: (n) => `Vedi ${formatInteger(n)} ${n === 1 ? "risultato" : "risultati"}`,
    liveCountNone: "Nessun risultato",
    liveCountLoading: "Calcolo dei risultati…",
    liveCountStatic: "Cerca",
  },
  en: {
    close: "Close",
    loading: "Loading…",
    failure: "Something went wrong, please try again.",
    localityTitle: "Choose the place",
    localityTitlePublisher: "Choose where",
    localityButton: (label) => `Place: ${label}. Choose the place`,
    everywhere: "Anywhere (all places)",
    propertyTypeTitle: "Property type",
    propertyTypeButton: (label) => `Property type: ${label}`,
    recentTitle: "Recent searches",
    recentButton: "Recent searches",
    recentEmpty: "You have not searched yet.",
    back: "Back",
    liveCount: (n) => `See ${formatInteger(n, "en")} ${n === 1 ? "result" : "results"}`,
    liveCountNone: "No results",
    liveCountLoading: "Counting results…",
    liveCountStatic: "Search",
  },
};

/** Group and type names in the property-type panel and in the recent-search texts. */
export const propertyLabels = {
  it: {
    group: propertyGroupLabels.it,
    type: {
      appartamento: "Appartamento",
      "attico-mansarda": "Attico / Mansarda",
      "casa-bi-trifamiliare": "Casa bi/trifamiliare",
      "casa-indipendente": "Casa indipendente",
      loft: "Loft / Open space",
      "rustico-casale": "Rustico / Casale",
      villa: "Villa",
      "villetta-a-schiera": "Villetta a schiera",
      "baita-bungalow-chalet-trullo": "Baita / Chalet / Trullo",
      stanza: "Stanza",
      box: "Box",
      "posto-auto": "Posto auto",
      "cantina-solaio": "Cantina / Solaio",
      palazzo: "Palazzo",
      edificio: "Edificio",
      ufficio: "Ufficio",
      "negozio-locale-commerciale": "Negozio / Locale commerciale",
      "attivita-licenza-commerciale": "Attività / Licenza commerciale",
      capannone: "Capannone",
      "terreno-edificabile": "Terreno edificabile",
      "terreno-agricolo": "Terreno agricolo",
    } as Record<string, string>,
    channel: { vendita: "in vendita", affitto: "in affitto", "affitto-breve": "in affitto breve" },
    holidayHomes: "Case vacanza",
  },
  en: {
    group: propertyGroupLabels.en,
    type: {
      appartamento: "Flat",
      "attico-mansarda": "Penthouse / Attic",
      "casa-bi-trifamiliare": "Two/three-family house",
      "casa-indipendente": "Detached house",
      loft: "Loft / Open space",
      "rustico-casale": "Farmhouse",
      villa: "Villa",
      "villetta-a-schiera": "Terraced house",
      "baita-bungalow-chalet-trullo": "Cabin / Chalet / Trullo",
      stanza: "Room",
      box: "Garage",
      "posto-auto": "Parking space",
      "cantina-solaio": "Cellar / Loft",
      palazzo: "Palazzo",
      edificio: "Building",
      ufficio: "Office",
      "negozio-locale-commerciale": "Shop / Commercial premises",
      "attivita-licenza-commerciale": "Business / Licence",
      capannone: "Warehouse",
      "terreno-edificabile": "Building land",
      "terreno-agricolo": "Farmland",
    } as Record<string, string>,
    channel: { vendita: "for sale", affitto: "for rent", "affitto-breve": "holiday rentals" },
    holidayHomes: "Holiday homes",
  },
} as const;

/** Texts of the home page (issue 4 part 1). */
import type { Messages } from "./locale.ts";

type HomeTexts = {
  title: string;
  rentTitle: string;
  description: string;
  rentDescription: string;
  heading: string;
  intro: (listings: string, towns: string) => string;
  tabsLabel: string;
  tabSell: string;
  tabBuy: string;
  tabRent: string;
  searchLabelBuy: string;
  searchLabelRent: string;
  placeholder: string;
  submit: string;
  notFound: (text: string) => string;
  emptyQuery: string;
  categoriesHeading: string;
  categoriesBuy: string;
  categoriesRent: string;
  homesForSale: string;
  newBuildsForSale: string;
  commercialForSale: string;
  auctions: string;
  apartments: string;
  penthouses: string;
  detachedHouses: string;
  villas: string;
  rooms: string;
  agencyHeading: string;
  agencyText: string;
  agencyLink: string;
  valuationLink: string;
  regionsHeading: string;
};

export const homeTexts: Messages<HomeTexts> = {
  it: {
    title: "Case e appartamenti in vendita e in affitto in tutta Italia",
    rentTitle: "Case e appartamenti in affitto in tutta Italia",
    description: "Cerca case, appartamenti, nuove costruzioni e aste giudiziarie in vendita e in affitto in tutti i comuni d'Italia.",
    rentDescription: "Cerca case, appartamenti e stanze in affitto in tutti i comuni d'Italia.",
    heading: "Trova casa in tutta Italia",
    intro: (listings, towns) => `${listings} annunci di case in vendita e in affitto, nuove costruzioni e aste in ${towns} comuni.`,
    tabsLabel: "Cosa vuoi fare",
    tabSell: "Vendere",
    tabBuy: "Comprare",
    tabRent: "Affittare",
    searchLabelBuy: "Dove vuoi comprare casa?",
    searchLabelRent: "Dove cerchi casa in affitto?",
    placeholder: "Inserisci comune, provincia o zona",
    submit: "Cerca",
    notFound: (text) => `Nessun risultato per «${text}». Controlla il nome o prova con un comune vicino.`,
    emptyQuery: "Scrivi il nome di un comune, di una provincia o di una zona.",
    categoriesHeading: "Cerca per tipologia",
    categoriesBuy: "In vendita",
    categoriesRent: "In affitto",
    homesForSale: "Case e appartamenti",
    newBuildsForSale: "Nuove costruzioni",
    commercialForSale: "Immobili commerciali",
    auctions: "Aste giudiziarie",
    apartments: "Appartamenti",
    penthouses: "Attici e mansarde",
    detachedHouses: "Case indipendenti",
    villas: "Ville",
    rooms: "Stanze",
    agencyHeading: "Cerchi un'agenzia?",
    agencyText: "Trova le agenzie immobiliari che lavorano nella tua zona.",
    agencyLink: "Trova agenzia",
    valuationLink: "Valuta il tuo immobile",
    regionsHeading: "Cerca per regione",
  },
  en: {
    title: "Homes and flats for sale and for rent all over Italy",
    rentTitle: "Homes and flats for rent all over Italy",
    description: "Search homes, flats, new builds and court auctions for sale and for rent in every Italian municipality.",
    rentDescription: "Search homes, flats and rooms for rent in every Italian municipality.",
    heading: "Find a home all over Italy",
    intro: (listings, towns) => `${listings} listings of homes for sale and for rent, new builds and auctions in ${towns} municipalities.`,
    tabsLabel: "What do you want to do",
    tabSell: "Sell",
    tabBuy: "Buy",
    tabRent: "Rent",
    searchLabelBuy: "Where do you want to buy?",
    searchLabelRent: "Where are you looking to rent?",
    placeholder: "Enter a municipality, province or area",
    submit: "Search",
    notFound: (text) => `No results for “${text}”. Check the name or try a nearby municipality.`,
    emptyQuery: "Type the name of a municipality, province or area.",
    categoriesHeading: "Search by property type",
    categoriesBuy: "For sale",
    categoriesRent: "For rent",
    homesForSale: "Homes and flats",
    newBuildsForSale: "New builds",
    commercialForSale: "Commercial property",
    auctions: "Court auctions",
    apartments: "Flats",
    penthouses: "Penthouses and attics",
    detachedHouses: "Detached houses",
    villas: "Villas",
    rooms: "Rooms",
    agencyHeading: "Looking for an agency?",
    agencyText: "Find the estate agencies working in your area.",
    agencyLink: "Find an agency",
    valuationLink: "Value your property",
    regionsHeading: "Search by region",
  },
};

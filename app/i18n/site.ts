/** Texts of the page frame (header, footer, error pages). */
import type { Messages } from "./locale.ts";

type SiteTexts = {
  skipToContent: string;
  nav: string;
  menu: string;
  buy: string;
  rent: string;
  shortRent: string;
  auctions: string;
  agencies: string;
  valuation: string;
  favourites: string;
  /** The footer's 'Vendi o affitta casa da privato': a private seller's page (docs/decisions/139; the header's row is full). */
  publish: string;
  /** The header's account corner (app/ui/site-user.tsx). */
  login: string;
  logout: string;
  myAccount: string;
  otherLocaleName: string;
  otherLocaleLabel: string;
  footerData: string;
  notFoundTitle: string;
  notFoundText: string;
  errorTitle: string;
  errorText: string;
  backHome: string;
};

export const siteTexts: Messages<SiteTexts> = {
  it: {
    skipToContent: "Vai al contenuto",
    nav: "Navigazione principale",
    menu: "Menu",
    buy: "Comprare",
    rent: "Affittare",
    shortRent: "Affitto breve",
    auctions: "Aste",
    agencies: "Agenzie",
    valuation: "Valuta casa",
    favourites: "Preferiti",
    publish: "Pubblica annuncio: vendi o affitta casa da privato",
    login: "Accedi",
    logout: "Esci",
    myAccount: "Il mio account",
    otherLocaleName: "English",
    otherLocaleLabel: "Read this page in English",
    footerData:
      "Confini e codici dei comuni: ISTAT, elaborazione openpolis (CC BY 4.0). Annunci, agenzie e persone sono dati dimostrativi generati.",
    notFoundTitle: "Pagina non trovata",
    notFoundText: "La pagina che cerchi non esiste o è stata spostata.",
    errorTitle: "Si è verificato un errore",
    errorText: "Riprova tra qualche istante.",
    backHome: "Torna alla home",
  },
  en: {
    skipToContent: "Skip to content",
    nav: "Main navigation",
    menu: "Menu",
    buy: "Buy",
    rent: "Rent",
    shortRent: "Holiday rentals",
    auctions: "Auctions",
    agencies: "Agencies",
    valuation: "Home valuation",
    favourites: "Favourites",
    publish: "Publish a listing: sell or rent your home privately",
    login: "Log in",
    logout: "Log out",
    myAccount: "My account",
    otherLocaleName: "Italiano",
    otherLocaleLabel: "Leggi questa pagina in italiano",
    footerData:
      "Municipal boundaries and codes: ISTAT, processed by openpolis (CC BY 4.0). Listings, agencies and people are generated demo data.",
    notFoundTitle: "Page not found",
    notFoundText: "The page you are looking for does not exist or has moved.",
    errorTitle: "Something went wrong",
    errorText: "Please try again in a moment.",
    backHome: "Back to the home page",
  },
};

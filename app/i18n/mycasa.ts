/** Texts of the MyCasa page (/mycasa/); its hidden-ads tab uses app/i18n/hidden-ads.ts too. */
import { formatInteger } from "../../core/format.ts";
import type { Messages } from "./locale.ts";

type MycasaTexts = {
  title: string;
  heading: string;
  intro: string;
  /** The way to the private seller's page (docs/decisions/139). */
  sell: string;
  sellLink: string;
  tabs: string;
  tabFavourites: string;
  tabSearches: string;
  tabHidden: string;
  tabAddresses: string;
  tabHistory: string;
  download: string;
  downloadHint: string;
  favouritesCount: (n: number) => string;
  favouritesEmpty: string;
  removeFavourite: string;
  savedAt: (date: string) => string;
  priceDown: (amount: string, percent: string) => string;
  priceUp: (amount: string, percent: string) => string;
  priceSame: string;
  listingGone: string;
  previous: string;
  next: string;
  pageOf: (page: number, pages: number) => string;
  addressesHeading: string;
  addressesEmpty: string;
  addressName: string;
  addressText: string;
  addressHint: string;
  addAddress: string;
  rename: string;
  renameLabel: (name: string) => string;
  deleteLabel: (name: string) => string;
  delete: string;
  pointsHeading: string;
  pointsEmpty: string;
  pointKind: string;
  pointHome: string;
  pointWork: string;
  pointCustom: string;
  pointName: string;
  pointMode: string;
  pointMinutes: string;
  minutes: (n: number) => string;
  addPoint: string;
  mode_walk: string;
  mode_bike: string;
  mode_car: string;
  pointSummary: (minutes: string, mode: string) => string;
  historyHeading: string;
  historyEmpty: string;
  clearHistory: string;
  runSearch: string;
  saved: string;
  removed: string;
};

export const mycasaTexts: Messages<MycasaTexts> = {
  it: {
    title: "MyCasa - casa.it",
    heading: "MyCasa",
    intro: "I tuoi preferiti, gli annunci nascosti, gli indirizzi e le ricerche, su ogni dispositivo.",
    sell: "Vendi o affitti casa?",
    sellLink: "Pubblica annuncio",
    tabs: "Sezioni di MyCasa",
    tabFavourites: "Preferiti",
    tabSearches: "Ricerche salvate",
    tabHidden: "Annunci nascosti",
    tabAddresses: "Indirizzi e tragitti",
    tabHistory: "Cronologia",
    download: "Scarica i miei dati",
    downloadHint: "Un file JSON con tutti i dati che conserviamo su di te.",
    favouritesCount: (n) => (n === 1 ? "1 annuncio preferito" : `${formatInteger(n)} annunci preferiti`),
    favouritesEmpty: "Non hai ancora annunci preferiti. Tocca il cuore su un annuncio per ritrovarlo qui.",
    removeFavourite: "Elimina dai preferiti",
    savedAt: (date) => `Salvato il ${date}`,
    priceDown: (amount, percent) => `Prezzo sceso di ${amount} (${percent}) da quando l'hai salvato`,
    priceUp: (amount, percent) => `Prezzo salito di ${amount} (${percent}) da quando l'hai salvato`,
    priceSame: "Prezzo invariato da quando l'hai salvato",
    listingGone: "Annuncio non più disponibile",
    previous: "Pagina precedente",
    next: "Pagina successiva",
    pageOf: (page, pages) => `Pagina ${page} di ${pages}`,
    addressesHeading: "Indirizzi salvati",
    addressesEmpty: "Non hai ancora salvato indirizzi.",
    addressName: "Nome",
    addressText: "Indirizzo",
    addressHint: "Via e città, per esempio: Via Roma, Milano",
    addAddress: "Salva indirizzo",
    rename: "Rinomina",
    renameLabel: (name) => `Nuovo nome per ${name}`,
    deleteLabel: (name) => `Elimina ${name}`,
    delete: "Elimina",
    pointsHeading: "Tragitti",
    pointsEmpty: "Non hai ancora salvato punti per cercare in base al tempo di viaggio.",
    pointKind: "Punto",
    pointHome: "Dove vivo",
    pointWork: "Dove lavoro",
    pointCustom: "Altro punto",
    pointName: "Nome del punto",
    pointMode: "Mezzo",
    pointMinutes: "Tempo di viaggio",
    minutes: (n) => `${n} minuti`,
    addPoint: "Salva punto",
    mode_walk: "a piedi",
    mode_bike: "in bicicletta",
    mode_car: "in macchina",
    pointSummary: (minutes, mode) => `Entro ${minutes} ${mode}`,
    historyHeading: "Ricerche recenti",
    historyEmpty: "Le ricerche che fai da utente registrato compaiono qui.",
    clearHistory: "Cancella la cronologia",
    runSearch: "Cerca di nuovo",
    saved: "Salvato.",
    removed: "Eliminato.",
  },
  en: {
    title: "MyCasa - casa.it",
    heading: "MyCasa",
    intro: "Your favourites, hidden listings, addresses and searches, on every device.",
    sell: "Selling or letting your home?",
    sellLink: "Publish a listing",
    tabs: "MyCasa sections",
    tabFavourites: "Favourites",
    tabSearches: "Saved searches",
    tabHidden: "Hidden listings",
    tabAddresses: "Addresses and commutes",
    tabHistory: "History",
    download: "Download my data",
    downloadHint: "A JSON file with all the data we keep about you.",
    favouritesCount: (n) => (n === 1 ? "1 favourite listing" : `${formatInteger(n, "en")} favourite listings`),
    favouritesEmpty: "You have no favourite listings yet. Tap the heart on a listing to find it here.",
    removeFavourite: "Remove from favourites",
    savedAt: (date) => `Saved on ${date}`,
    priceDown: (amount, percent) => `Price down by ${amount} (${percent}) since you saved it`,
    priceUp: (amount, percent) => `Price up by ${amount} (${percent}) since you saved it`,
    priceSame: "Price unchanged since you saved it",
    listingGone: "Listing no longer available",
    previous: "Previous page",
    next: "Next page",
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
    addressesHeading: "Saved addresses",
    addressesEmpty: "You have not saved any addresses yet.",
    addressName: "Name",
    addressText: "Address",
    addressHint: "Street and town, for example: Via Roma, Milano",
    addAddress: "Save address",
    rename: "Rename",
    renameLabel: (name) => `New name for ${name}`,
    deleteLabel: (name) => `Delete ${name}`,
    delete: "Delete",
    pointsHeading: "Commutes",
    pointsEmpty: "You have not saved any points to search by travel time yet.",
    pointKind: "Point",
    pointHome: "Where I live",
    pointWork: "Where I work",
    pointCustom: "Another point",
    pointName: "Point name",
    pointMode: "Travel by",
    pointMinutes: "Travel time",
    minutes: (n) => `${n} minutes`,
    addPoint: "Save point",
    mode_walk: "on foot",
    mode_bike: "by bike",
    mode_car: "by car",
    pointSummary: (minutes, mode) => `Within ${minutes} ${mode}`,
    historyHeading: "Recent searches",
    historyEmpty: "The searches you run while logged in appear here.",
    clearHistory: "Clear history",
    runSearch: "Search again",
    saved: "Saved.",
    removed: "Deleted.",
  },
};

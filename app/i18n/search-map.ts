/** Texts of the search map (seed 000 §2 items 6–9, §8). Italian exactly as the spec gives them. */
import { formatInteger } from "../../core/format.ts";
import type { Messages } from "./locale.ts";

type SearchMapTexts = {
  showList: string;
  mapRegion: string;
  canvasLabel: string;
  loading: string;
  unavailable: string;
  locate: string;
  options: string;
  zoomIn: string;
  zoomOut: string;
  mapType: string;
  mapTypeRoadmap: string;
  mapTypeHybrid: string;
  mapTypeSatellite: string;
  mapTypeOnlyOffline: string;
  drawArea: string;
  deleteArea: string;
  cancel: string;
  drawHint: string;
  editArea: string;
  done: string;
  editHint: string;
  listSheet: (n: number) => string;
  loadingMore: string;
  gotAway: string;
  backToArea: string;
  aroundTitle: string;
  aroundIntro: string;
  aroundSale: string;
  aroundRent: string;
  aroundChannel: string;
  aroundSearch: string;
  aroundNoScript: string;
  aroundNeedsPermission: string;
  aroundOpenMap: string;
  locating: string;
  priceMap: string;
  priceLegend: string;
  priceUnder: (euros: string) => string;
  priceFrom: (euros: string) => string;
  priceRange: (from: string, to: string) => string;
  priceNote: string;
  pricePlace: (name: string, euros: string, count: number) => string;
  priceFailed: string;
  poiTool: string;
  poiLegend: string;
  nearbyTool: string;
  nearbyHint: string;
  nearbyMinutes: string;
  nearbyMode: string;
  nearbySearch: string;
  modeWalk: string;
  modeBike: string;
  modeCar: string;
  nearbyLabel: (minutes: number, mode: string) => string;
  savedPoints: string;
  saveAsHome: string;
  saveAsWork: string;
  saveAsCustom: string;
  deletePoint: (name: string) => string;
  pointLabel: (name: string, minutes: number, mode: string) => string;
  useMyPosition: string;
  circleTool: string;
  circleHint: string;
  circleRadius: string;
  circleLabel: (metres: number, place: string | null) => string;
  circleConfirm: (n: number) => string;
  circleNone: string;
  circleLoading: string;
  geolocationFailed: string;
  markersFailed: string;
  addressSearch: string;
  addressStart: string;
  addressPanel: string;
  oppure: string;
  recent: string;
  recentEmpty: string;
  removeRecent: (label: string) => string;
  remove: string;
  saveAddress: (label: string) => string;
  favourites: string;
  manageFavourites: string;
  favouritesEmpty: string;
  favouritesLogin: string;
  login: string;
  favouritesFailed: string;
  saveTitle: (label: string) => string;
  saveName: string;
  saveNameHint: string;
  save: string;
  saveFailed: string;
  saved: (name: string) => string;
  circleHandle: string;
};

export const searchMapTexts: Messages<SearchMapTexts> = {
  it: {
    showList: "Elenco",
    mapRegion: "Mappa dei risultati",
    canvasLabel: "Mappa degli annunci: trascina per spostarti, usa i pulsanti per lo zoom",
    loading: "Caricamento della mappa…",
    unavailable: "La mappa non è disponibile su questo dispositivo: ecco l'elenco degli annunci.",
    locate: "Cerca intorno a te",
    options: "Opzioni mappa",
    zoomIn: "Aumenta zoom",
    zoomOut: "Riduci zoom",
    mapType: "Tipo di mappa",
    mapTypeRoadmap: "Mappa",
    mapTypeHybrid: "Satellite",
    mapTypeSatellite: "Satellite (senza nomi)",
    mapTypeOnlyOffline: "Le viste satellitari sono disponibili solo con uno stile di mappa che le fornisce.",
    drawArea: "Disegna area",
    deleteArea: "Elimina area",
    cancel: "Annulla",
    drawHint: "Clicca sulla mappa per aggiungere i punti; clicca sul primo punto o premi Invio per chiudere l'area.",
    editArea: "Modifica area",
    done: "Fine",
    editHint: "Trascina i vertici per modificare l'area, o i punti intermedi per aggiungerne; poi premi Fine.",
    listSheet: (n) => (n === 1 ? "1 annuncio" : `${formatInteger(n)} annunci`),
    loadingMore: "Caricamento di altri annunci…",
    gotAway: "Ti sei allontanato dall'area della ricerca.",
    backToArea: "Torna all'area",
    aroundTitle: "Cerca intorno a te",
    aroundIntro: "Gli annunci intorno a dove sei ora, entro il raggio che scegli.",
    aroundSale: "in vendita",
    aroundRent: "in affitto",
    aroundChannel: "Annunci",
    aroundSearch: "Cerca",
    aroundNoScript: "Per cercare intorno a te serve la posizione del dispositivo: attiva JavaScript e consenti l'accesso alla posizione.",
    aroundNeedsPermission: "Per cercare intorno a te consenti l'accesso alla posizione dalla mappa, con il pulsante 'Cerca intorno a te'.",
    aroundOpenMap: "Apri la mappa",
    locating: "Ricerca della posizione…",
    priceMap: "Mappa dei prezzi",
    priceLegend: "Prezzo richiesto al m² (mediana)",
    priceUnder: (e) => `meno di ${e}`,
    priceFrom: (e) => `da ${e}`,
    priceRange: (a, b) => `${a} – ${b}`,
    priceNote: "Comuni e zone con almeno 5 annunci; clicca su un'area per vedere quanti.",
    pricePlace: (name, e, n) => `${name}: ${e}/m², mediana di ${formatInteger(n)} annunci`,
    priceFailed: "Non riusciamo a mostrare la mappa dei prezzi in questo momento.",
    poiTool: "Punti di interesse",
    poiLegend: "Annunci vicini a",
    nearbyTool: "Cerco a pochi minuti da",
    nearbyHint: "Sposta la mappa: si parte dal centro, segnato dal mirino.",
    nearbyMinutes: "Minuti",
    nearbyMode: "Come",
    nearbySearch: "Cerca",
    modeWalk: "a piedi",
    modeBike: "in bicicletta",
    modeCar: "in macchina",
    nearbyLabel: (m, mode) => `A ${m} minuti ${mode}`,
    savedPoints: "I tuoi punti",
    saveAsHome: "Salva come Dove vivo",
    saveAsWork: "Salva come Dove lavoro",
    saveAsCustom: "Salva il punto",
    deletePoint: (n) => `Elimina ${n}`,
    pointLabel: (n, m, mode) => `${n}: ${m} minuti ${mode}`,
    useMyPosition: "Usa la tua posizione",
    circleTool: "Cerca nel raggio",
    circleHint: "Cerca indirizzo o tocca il punto intorno a cui cercare sulla mappa",
    circleRadius: "Raggio",
    circleLabel: (m, place) => `Entro ${formatInteger(m)} m. da ${place ?? "questo punto"}`,
    circleConfirm: (n) => (n === 1 ? "Vedi 1 risultato" : `Vedi ${formatInteger(n)} risultati`),
    circleNone: "Nessun risultato",
    circleLoading: "Conteggio in corso…",
    geolocationFailed: "Non è possibile trovare la tua posizione al momento. Riprova o usa la barra di ricerca.",
    markersFailed: "Non riusciamo a mostrare gli annunci sulla mappa in questo momento.",
    addressSearch: "Cerca indirizzo",
    addressStart: "Cerca indirizzo di partenza",
    addressPanel: "Ricerca di un indirizzo",
    oppure: "oppure",
    recent: "RECENTI",
    recentEmpty: "Gli indirizzi che cerchi compariranno qui.",
    removeRecent: (label) => `Elimina ${label}`,
    remove: "Elimina",
    saveAddress: (label) => `Salva ${label} nei preferiti`,
    favourites: "PREFERITI",
    manageFavourites: "Gestisci",
    favouritesEmpty: "Non hai ancora indirizzi preferiti: salvane uno dai recenti con la stella.",
    favouritesLogin: "Accedi per salvare i tuoi indirizzi e ritrovarli qui.",
    login: "Accedi",
    favouritesFailed: "Non riusciamo a caricare i tuoi indirizzi preferiti in questo momento.",
    saveTitle: (label) => `Salva ${label} nei preferiti`,
    saveName: "Nome dell'indirizzo",
    saveNameHint: "Scegli un nome o scrivine uno tuo.",
    save: "Salva",
    saveFailed: "Non è stato possibile salvare l'indirizzo. Riprova.",
    saved: (name) => `Indirizzo salvato nei preferiti come «${name}».`,
    circleHandle: "Trascina la maniglia sul bordo del cerchio per cambiare il raggio.",
  },
  en: {
    showList: "List",
    mapRegion: "Map of the results",
    canvasLabel: "Map of the listings: drag to move, use the buttons to zoom",
    loading: "Loading the map…",
    unavailable: "The map is not available on this device: here is the list of listings.",
    locate: "Search around you",
    options: "Map options",
    zoomIn: "Zoom in",
    zoomOut: "Zoom out",
    mapType: "Map type",
    mapTypeRoadmap: "Map",
    mapTypeHybrid: "Satellite",
    mapTypeSatellite: "Satellite (no labels)",
    mapTypeOnlyOffline: "Satellite views are available only with a map style that provides them.",
    drawArea: "Draw an area",
    deleteArea: "Delete the area",
    cancel: "Cancel",
    drawHint: "Click the map to add points; click the first point or press Enter to close the area.",
    editArea: "Edit the area",
    done: "Done",
    editHint: "Drag the corners to change the area, or the midpoints to add corners; then press Done.",
    listSheet: (n) => (n === 1 ? "1 listing" : `${formatInteger(n, "en")} listings`),
    loadingMore: "Loading more listings…",
    gotAway: "You have moved away from the search area.",
    backToArea: "Back to the area",
    aroundTitle: "Search around you",
    aroundIntro: "Listings around where you are now, within the radius you choose.",
    aroundSale: "for sale",
    aroundRent: "for rent",
    aroundChannel: "Listings",
    aroundSearch: "Search",
    aroundNoScript: "Searching around you needs the device's position: turn on JavaScript and allow access to your location.",
    aroundNeedsPermission: "To search around you, allow access to your location from the map, with the 'Search around you' button.",
    aroundOpenMap: "Open the map",
    locating: "Finding your position…",
    priceMap: "Price map",
    priceLegend: "Asking price per m² (median)",
    priceUnder: (e) => `under ${e}`,
    priceFrom: (e) => `from ${e}`,
    priceRange: (a, b) => `${a} – ${b}`,
    priceNote: "Municipalities and zones with at least 5 listings; click an area to see how many.",
    pricePlace: (name, e, n) => `${name}: ${e}/m², median of ${formatInteger(n, "en")} listings`,
    priceFailed: "We cannot show the price map right now.",
    poiTool: "Points of interest",
    poiLegend: "Listings near",
    nearbyTool: "A few minutes from",
    nearbyHint: "Move the map: the start is its centre, marked by the crosshair.",
    nearbyMinutes: "Minutes",
    nearbyMode: "By",
    nearbySearch: "Search",
    modeWalk: "on foot",
    modeBike: "by bike",
    modeCar: "by car",
    nearbyLabel: (m, mode) => `${m} minutes ${mode}`,
    savedPoints: "Your points",
    saveAsHome: "Save as where I live",
    saveAsWork: "Save as where I work",
    saveAsCustom: "Save the point",
    deletePoint: (n) => `Delete ${n}`,
    pointLabel: (n, m, mode) => `${n}: ${m} minutes ${mode}`,
    useMyPosition: "Use your position",
    circleTool: "Search within a radius",
    circleHint: "Search an address or tap the point to search around on the map",
    circleRadius: "Radius",
    circleLabel: (m, place) => `Within ${formatInteger(m, "en")} m of ${place ?? "this point"}`,
    circleConfirm: (n) => (n === 1 ? "See 1 result" : `See ${formatInteger(n, "en")} results`),
    circleNone: "No results",
    circleLoading: "Counting…",
    geolocationFailed: "We cannot find your position right now. Try again or use the search bar.",
    markersFailed: "We cannot show the listings on the map right now.",
    addressSearch: "Search an address",
    addressStart: "Search a starting address",
    addressPanel: "Address search",
    oppure: "or",
    recent: "RECENT",
    recentEmpty: "The addresses you search will show here.",
    removeRecent: (label) => `Delete ${label}`,
    remove: "Delete",
    saveAddress: (label) => `Save ${label} to favourites`,
    favourites: "FAVOURITES",
    manageFavourites: "Manage",
    favouritesEmpty: "You have no favourite addresses yet: save one from the recent ones with the star.",
    favouritesLogin: "Log in to save your addresses and find them here.",
    login: "Log in",
    favouritesFailed: "We cannot load your favourite addresses right now.",
    saveTitle: (label) => `Save ${label} to favourites`,
    saveName: "Name of the address",
    saveNameHint: "Choose a name or type your own.",
    save: "Save",
    saveFailed: "The address could not be saved. Please try again.",
    saved: (name) => `Address saved to favourites as “${name}”.`,
    circleHandle: "Drag the handle on the circle's edge to change the radius.",
  },
};

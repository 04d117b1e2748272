/** Texts of the guided flow 'cerca casa' (docs/decisions/102). */
import { formatEuro, formatInteger } from "../../core/format.ts";
import type { Messages } from "./locale.ts";

type GuidedTexts = {
  title: string;
  intro: string;
  stepOf: (n: number, total: number) => string;
  stepTitle: (step: string) => string;
  contract: string;
  sale: string;
  rent: string;
  homeType: string;
  anyType: string;
  where: string;
  wherePlaceholder: string;
  placeRequired: string;
  placeNotFound: string;
  whereMode: string;
  inPlace: string;
  withinTime: string;
  travelTime: string;
  travelMode: string;
  minutes: (m: number) => string;
  travelBy: (mode: string) => string;
  /** The where step's map area (docs/decisions/134). */
  inMap: string;
  areaRequired: string;
  areaRegion: string;
  areaCanvas: string;
  areaDrawHint: string;
  areaDrawn: string;
  areaShowOnMap: string;
  areaTypePlace: string;
  areaClear: string;
  areaConfirm: string;
  areaLoading: string;
  areaUnavailable: string;
  areaZoomIn: string;
  areaZoomOut: string;
  minPrice: string;
  maxPrice: string;
  liveCount: (count: number) => string;
  rooms: string;
  baths: string;
  atLeast: (n: number) => string;
  any: string;
  available: (count: number) => string;
  features: string;
  feature: (key: string) => string;
  next: string;
  back: string;
  summary: string;
  emailAlerts: string;
  frequency: (f: string) => string;
  saveAlert: string;
  loginToSave: string;
  loginToSaveHint: string;
  thanksTitle: string;
  thanksText: string;
  seeResults: string;
  mySearches: string;
};

/** The chat's turns: the flow's steps, the parameters and rooms steps asked as two questions each. */
export type ChatTurn = "contratto" | "tipologia" | "dove" | "budget" | "locali" | "bagni" | "filtri" | "salva";

/** The chat variant's texts (docs/decisions/123). */
type ChatTexts = {
  title: string;
  intro: string;
  tryChat: string;
  noScript: string;
  ask: (turn: ChatTurn) => string;
  log: string;
  you: string;
  assistant: string;
  choices: string;
  answer: string;
  answerPlaceholder: string;
  send: string;
  notUnderstood: string;
  upTo: (euros: number) => string;
  done: string;
  none: string;
  found: (count: number) => string;
  placeFound: (place: string, count: number) => string;
  saving: string;
};

const stepTitlesIt: Record<string, string> = {
  parametri: "Cosa cerchi?",
  dove: "Dove cerchi casa?",
  budget: "Qual è il tuo budget?",
  locali: "Quanti locali e bagni?",
  filtri: "Cosa non deve mancare?",
  salva: "Salva la ricerca e ricevi gli avvisi",
  grazie: "Grazie!",
};
const stepTitlesEn: Record<string, string> = {
  parametri: "What are you looking for?",
  dove: "Where are you looking?",
  budget: "What is your budget?",
  locali: "How many rooms and bathrooms?",
  filtri: "What must it have?",
  salva: "Save the search and get alerts",
  grazie: "Thank you!",
};
const featuresIt: Record<string, string> = {
  lift: "Ascensore",
  balcony: "Balcone",
  terrace: "Terrazzo",
  air_conditioned: "Aria condizionata",
  has_swimming_pool: "Piscina",
};
const featuresEn: Record<string, string> = {
  lift: "Lift",
  balcony: "Balcony",
  terrace: "Terrace",
  air_conditioned: "Air conditioning",
  has_swimming_pool: "Swimming pool",
};
const chatQuestionsIt: Record<ChatTurn, string> = {
  contratto: "Ciao! Vuoi comprare casa o prenderla in affitto?",
  tipologia: "Che tipo di casa cerchi?",
  dove: "Dove cerchi? Scrivi un comune, una zona o un quartiere.",
  budget: "Qual è il tuo budget?",
  locali: "Quanti locali almeno?",
  bagni: "E quanti bagni?",
  filtri: "Cosa non deve mancare? Scegli quante vuoi, poi Continua.",
  salva: "Salvo la ricerca e ti avviso via email quando arrivano nuovi annunci: quanto spesso?",
};
const chatQuestionsEn: Record<ChatTurn, string> = {
  contratto: "Hello! Do you want to buy a home or rent one?",
  tipologia: "What kind of home are you looking for?",
  dove: "Where are you looking? Type a town, a zone or a neighbourhood.",
  budget: "What is your budget?",
  locali: "How many rooms at least?",
  bagni: "And how many bathrooms?",
  filtri: "What must it have? Pick as many as you like, then Continue.",
  salva: "I save the search and e-mail you when new listings arrive: how often?",
};
const travelModeIt: Record<string, string> = { walk: "a piedi", bike: "in bicicletta", car: "in macchina" };
const travelModeEn: Record<string, string> = { walk: "on foot", bike: "by bike", car: "by car" };
const frequencyIt: Record<string, string> = { immediately: "Subito", daily: "Una volta al giorno", never: "Mai" };
const frequencyEn: Record<string, string> = { immediately: "Immediately", daily: "Once a day", never: "Never" };

export const guidedTexts: Messages<GuidedTexts> = {
  it: {
    title: "Cerca casa",
    intro: "Rispondi a poche domande: ti avvisiamo noi quando arrivano gli annunci giusti.",
    stepOf: (n, total) => `Passo ${n} di ${total}`,
    stepTitle: (step) => stepTitlesIt[step] ?? step,
    contract: "Contratto",
    sale: "Comprare",
    rent: "Affittare",
    homeType: "Tipologia",
    anyType: "Qualsiasi tipologia",
    where: "Comune, zona o quartiere",
    wherePlaceholder: "Es. Milano, Navigli",
    placeRequired: "Indica dove cerchi casa",
    placeNotFound: "Non abbiamo trovato questo luogo: prova con il nome di un comune",
    whereMode: "Cerca",
    inPlace: "in questo luogo",
    withinTime: "a pochi minuti da questo luogo o indirizzo",
    travelTime: "Tempo di viaggio",
    travelMode: "Mezzo",
    minutes: (m) => `${m} minuti`,
    travelBy: (mode) => travelModeIt[mode] ?? mode,
    inMap: "Disegna l'area sulla mappa",
    areaRequired: "Disegna l'area sulla mappa, oppure cerca per luogo",
    areaRegion: "Mappa per disegnare l'area",
    areaCanvas: "Mappa: tocca per segnare i punti dell'area in cui cerchi casa",
    areaDrawHint: "Tocca la mappa per segnare i punti dell'area, poi tocca il primo punto (o premi Invio) per chiuderla.",
    areaDrawn: "Area disegnata: conferma per continuare, oppure cancellala per disegnarne un'altra.",
    areaShowOnMap: "Mostra il luogo sulla mappa",
    areaTypePlace: "Scrivi un comune o una zona qui sopra per spostare la mappa lì.",
    areaClear: "Cancella area",
    areaConfirm: "Conferma area",
    areaLoading: "Caricamento della mappa…",
    areaUnavailable: "La mappa non si può mostrare su questo dispositivo: cerca per luogo o per tempo di viaggio.",
    areaZoomIn: "Aumenta zoom",
    areaZoomOut: "Riduci zoom",
    minPrice: "Prezzo minimo (€)",
    maxPrice: "Prezzo massimo (€)",
    liveCount: (count) => `${formatInteger(count)} ${count === 1 ? "annuncio corrisponde" : "annunci corrispondono"} alla tua ricerca`,
    rooms: "Locali",
    baths: "Bagni",
    atLeast: (n) => `${n}+`,
    any: "Indifferente",
    available: (count) => `${formatInteger(count)} ${count === 1 ? "annuncio" : "annunci"}`,
    features: "Caratteristiche",
    feature: (key) => featuresIt[key] ?? key,
    next: "Avanti",
    back: "Indietro",
    summary: "La tua ricerca",
    emailAlerts: "Avvisi via email",
    frequency: (f) => frequencyIt[f] ?? f,
    saveAlert: "Salva ricerca",
    loginToSave: "Accedi o registrati per salvare la ricerca",
    loginToSaveHint: "Per ricevere gli avvisi ti chiediamo di accedere o registrarti: poi torni qui.",
    thanksTitle: "Grazie! La tua ricerca è salvata",
    thanksText: "Ti scriveremo quando arrivano nuovi annunci adatti a te.",
    seeResults: "Vedi gli annunci",
    mySearches: "Le mie ricerche",
  },
  en: {
    title: "Find a home",
    intro: "Answer a few questions: we tell you when the right listings arrive.",
    stepOf: (n, total) => `Step ${n} of ${total}`,
    stepTitle: (step) => stepTitlesEn[step] ?? step,
    contract: "Contract",
    sale: "Buy",
    rent: "Rent",
    homeType: "Property type",
    anyType: "Any type",
    where: "Town, zone or neighbourhood",
    wherePlaceholder: "E.g. Milano, Navigli",
    placeRequired: "Tell us where you are looking",
    placeNotFound: "We did not find this place: try a town's name",
    whereMode: "Search",
    inPlace: "in this place",
    withinTime: "a few minutes from this place or address",
    travelTime: "Travel time",
    travelMode: "By",
    minutes: (m) => `${m} minutes`,
    travelBy: (mode) => travelModeEn[mode] ?? mode,
    inMap: "Draw the area on the map",
    areaRequired: "Draw the area on the map, or search by place",
    areaRegion: "Map to draw the area",
    areaCanvas: "Map: tap to mark the points of the area where you are looking",
    areaDrawHint: "Tap the map to mark the area's points, then tap the first point (or press Enter) to close it.",
    areaDrawn: "Area drawn: confirm to go on, or clear it to draw another.",
    areaShowOnMap: "Show the place on the map",
    areaTypePlace: "Type a town or a zone above to move the map there.",
    areaClear: "Clear the area",
    areaConfirm: "Confirm the area",
    areaLoading: "Loading the map…",
    areaUnavailable: "The map cannot show on this device: search by place or by travel time.",
    areaZoomIn: "Zoom in",
    areaZoomOut: "Zoom out",
    minPrice: "Minimum price (€)",
    maxPrice: "Maximum price (€)",
    liveCount: (count) => `${formatInteger(count, "en")} ${count === 1 ? "listing matches" : "listings match"} your search`,
    rooms: "Rooms",
    baths: "Bathrooms",
    atLeast: (n) => `${n}+`,
    any: "Any",
    available: (count) => `${formatInteger(count, "en")} ${count === 1 ? "listing" : "listings"}`,
    features: "Features",
    feature: (key) => featuresEn[key] ?? key,
    next: "Next",
    back: "Back",
    summary: "Your search",
    emailAlerts: "E-mail alerts",
    frequency: (f) => frequencyEn[f] ?? f,
    saveAlert: "Save search",
    loginToSave: "Log in or sign up to save the search",
    loginToSaveHint: "To get alerts please log in or sign up: then you come back here.",
    thanksTitle: "Thank you! Your search is saved",
    thanksText: "We will write when new listings that suit you arrive.",
    seeResults: "See the listings",
    mySearches: "My searches",
  },
};

export const guidedChatTexts: Messages<ChatTexts> = {
  it: {
    title: "Cerca casa in chat",
    intro: "Rispondi con un tocco o scrivendo: capiamo luoghi, prezzi e locali.",
    tryChat: "Preferisci chattare? Cerca casa in chat",
    noScript: "La chat ha bisogno di JavaScript: intanto puoi usare il modulo qui sotto.",
    ask: (turn) => chatQuestionsIt[turn],
    log: "Conversazione",
    you: "Tu",
    assistant: "Cerca casa",
    choices: "Risposte rapide",
    answer: "La tua risposta",
    answerPlaceholder: "Scrivi qui, ad esempio: trilocale fino a 300 mila",
    send: "Invia",
    notUnderstood: "Non ho capito: prova con una delle risposte rapide o scrivi in un altro modo",
    upTo: (euros) => `Fino a ${formatEuro(euros)}`,
    done: "Continua",
    none: "Nessuna",
    found: (count) => `${formatInteger(count)} ${count === 1 ? "annuncio corrisponde" : "annunci corrispondono"} alla tua ricerca.`,
    placeFound: (place, count) =>
      `${place}: ${formatInteger(count)} ${count === 1 ? "annuncio corrisponde" : "annunci corrispondono"} alla tua ricerca.`,
    saving: "Salvataggio in corso…",
  },
  en: {
    title: "Find a home by chat",
    intro: "Answer with a tap or in words: we understand places, prices and rooms.",
    tryChat: "Rather chat? Find a home by chat",
    noScript: "The chat needs JavaScript: meanwhile you can use the form below.",
    ask: (turn) => chatQuestionsEn[turn],
    log: "Conversation",
    you: "You",
    assistant: "Find a home",
    choices: "Quick replies",
    answer: "Your answer",
    answerPlaceholder: "Type here, for example: 3 rooms up to 300,000",
    send: "Send",
    notUnderstood: "I did not understand: try a quick reply or say it another way",
    upTo: (euros) => `Up to ${formatEuro(euros, "en")}`,
    done: "Continue",
    none: "None",
    found: (count) => `${formatInteger(count, "en")} ${count === 1 ? "listing matches" : "listings match"} your search.`,
    placeFound: (place, count) =>
      `${place}: ${formatInteger(count, "en")} ${count === 1 ? "listing matches" : "listings match"} your search.`,
    saving: "Saving…",
  },
};

/** Texts of the guided flow 'cerca casa' (docs/decisions/102). */
import { formatInteger } from "../../core/format.ts";
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

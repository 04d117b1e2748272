/** Texts of the place autocomplete (seed 000 §8: 'Nessun risultato', 'Indirizzo non trovato, riprova.', the maps prompt). */
import type { Messages } from "./locale.ts";

export const autocompleteTexts = {
  it: {
    noResults: "Nessun risultato",
    noAddress: "Indirizzo non trovato, riprova.",
    loading: "Caricamento dei suggerimenti",
    promptLocality: "Non hai trovato la località che cercavi?",
    promptAddress: "Non hai trovato l'indirizzo che cercavi?",
    promptAction: "Visualizza altri risultati per località o indirizzo",
    failed: "Non è stato possibile caricare i suggerimenti. Riprova.",
    listLabel: "Suggerimenti",
    available: (n: number) => (n === 1 ? "1 suggerimento disponibile" : `${n} suggerimenti disponibili`),
  },
  en: {
    noResults: "No results",
    noAddress: "Address not found, try again.",
    loading: "Loading suggestions",
    promptLocality: "Didn't find the place you were looking for?",
    promptAddress: "Didn't find the address you were looking for?",
    promptAction: "Show more results for places or addresses",
    failed: "Suggestions could not be loaded. Please try again.",
    listLabel: "Suggestions",
    available: (n: number) => (n === 1 ? "1 suggestion available" : `${n} suggestions available`),
  },
} satisfies Messages<{
  noResults: string;
  noAddress: string;
  loading: string;
  promptLocality: string;
  promptAddress: string;
  promptAction: string;
  failed: string;
  listLabel: string;
  available: (n: number) => string;
}>;

/** Texts of the favourites page; the heart's own are app/i18n/favourite-button.ts (the pages with hearts load only those). */
import type { Messages } from "./locale.ts";

type FavouriteTexts = {
  title: string;
  heading: string;
  intro: string;
  noScript: string;
  empty: string;
  loading: string;
  loadError: string;
  count: (n: number) => string;
  clear: string;
  more: (left: number) => string;
  gone: (n: number) => string;
};

export const favouriteTexts: Messages<FavouriteTexts> = {
  it: {
    title: "I tuoi annunci preferiti",
    heading: "Preferiti",
    intro: "Gli annunci che salvi con il cuore restano in questo browser, anche senza account.",
    noScript: "I preferiti sono conservati in questo browser: per vederli attiva JavaScript.",
    empty: "Non hai ancora salvato annunci. Tocca il cuore su un annuncio per ritrovarlo qui.",
    loading: "Caricamento dei preferiti…",
    loadError: "Non è stato possibile caricare i preferiti. Riprova tra qualche istante.",
    count: (n) => (n === 1 ? "1 annuncio salvato" : `${n} annunci salvati`),
    clear: "Svuota i preferiti",
    more: (n) => (n === 1 ? "Mostra l'altro annuncio salvato" : `Mostra altri annunci salvati (${n})`),
    gone: (n) => (n === 1 ? "1 annuncio salvato non è più disponibile." : `${n} annunci salvati non sono più disponibili.`),
  },
  en: {
    title: "Your favourite listings",
    heading: "Favourites",
    intro: "Listings you save with the heart stay in this browser, even without an account.",
    noScript: "Favourites are kept in this browser: turn on JavaScript to see them.",
    empty: "You have not saved any listings yet. Tap the heart on a listing to find it here.",
    loading: "Loading your favourites…",
    loadError: "Your favourites could not be loaded. Please try again in a moment.",
    count: (n) => (n === 1 ? "1 saved listing" : `${n} saved listings`),
    clear: "Clear favourites",
    more: (n) => (n === 1 ? "Show the other saved listing" : `Show more saved listings (${n})`),
    gone: (n) => (n === 1 ? "1 saved listing is no longer available." : `${n} saved listings are no longer available.`),
  },
};

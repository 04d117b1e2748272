/**
 * MyCasa records of a logged-in user (seed 001 §3 "Other My{product} records", §4 "Favourites",
 * "User lifecycle"): the limits, the Italian messages of the API and the page, and the rules for the
 * browser's copies of server-backed favourites. Pure: no I/O.
 */
import { MAX_FAVOURITES } from "../listing/favourites.ts";

/** An account keeps at most this many favourites (a visitor's browser keeps MAX_FAVOURITES). */
export const MAX_ACCOUNT_FAVOURITES = 10_000;
export const MAX_HIDDEN_LISTINGS = 10_000;
export const MAX_ADDRESSES = 50;
export const MAX_COMMUTE_POINTS = 20;
/** Search history: the newest entries kept per user (older ones drop out), like the browser's recent searches. */
export const MAX_HISTORY = 50;
/** Names offered for a saved address (seed 000 §3: {product}, Lavoro, Scuola, {product} dei nonni). */
export const ADDRESS_NAMES = ["Casa", "Lavoro", "Scuola", "Casa dei nonni"] as const;
/** MyCasa shows this many favourites per page. */
export const FAVOURITES_PER_PAGE = 24;

/** localStorage: whose server list the favourites key mirrors (a user id); absent: a visitor's own list. */
export const FAVOURITES_OWNER_KEY = "casa:favourites-owner";

export const mycasaMessages = {
  loginRequired: "Accedi per usare MyCasa.",
  otherUser: "Non puoi leggere o modificare i dati di un altro utente.",
  listingNotFound: "Annuncio non trovato.",
  favouriteNotFound: "Questo annuncio non è tra i tuoi preferiti.",
  hiddenNotFound: "Questo annuncio non è tra i tuoi annunci nascosti.",
  favouritesFull: `Hai raggiunto il limite di ${MAX_ACCOUNT_FAVOURITES.toLocaleString("it-IT")} annunci preferiti: eliminane qualcuno per salvarne altri.`,
  hiddenFull: `Hai raggiunto il limite di ${MAX_HIDDEN_LISTINGS.toLocaleString("it-IT")} annunci nascosti.`,
  addressNotFound: "Indirizzo non trovato.",
  addressNameTaken: (name: string) => `Hai già un indirizzo chiamato «${name}».`,
  addressesFull: `Puoi salvare al massimo ${MAX_ADDRESSES} indirizzi.`,
  addressUnknown: "Non abbiamo trovato questo indirizzo: prova con via e città.",
  pointNotFound: "Punto non trovato.",
  pointsFull: `Puoi salvare al massimo ${MAX_COMMUTE_POINTS} punti.`,
  pointExists: "Hai già salvato questo punto con lo stesso mezzo e tempo.",
  pointIdTaken: "Hai già un punto con questo nome.",
  historyNotFound: "Ricerca non trovata nella cronologia.",
  invalidField: (field: string) => `Il campo «${field}» non è valido.`,
  invalidBody: "Richiesta non valida.",
  unknownField: (field: string) => `Il campo «${field}» non è previsto.`,
} as const;

/**
 * What to do with the browser's favourites when a user's list is loaded (§4 "User lifecycle": caches
 * refilled from the server after login; nothing lost):
 * - a visitor's own list (no owner): every id goes up to the account, then the mirror is the server's list;
 * - this user's mirror: the server wins (a removal made on another device stays removed);
 * - another account's mirror: dropped, never merged into this account.
 */
export function favouritesToMerge(local: readonly number[], owner: string | null): number[] {
  return owner === null ? [...local] : [];
}

/** The cap that applies to the browser's list: the account's when it mirrors an account. */
export function favouritesCap(owner: string | null): number {
  return owner === null ? MAX_FAVOURITES : MAX_ACCOUNT_FAVOURITES;
}

/** The price change since a favourite was saved: null when either price is hidden or unknown, or nothing changed. */
export function priceChange(savedPrice: number | null, currentPrice: number | null): { delta: number; percent: number } | null {
  if (savedPrice === null || currentPrice === null || savedPrice <= 0 || savedPrice === currentPrice) return null;
  const delta = currentPrice - savedPrice;
  return { delta, percent: Math.round((delta / savedPrice) * 1000) / 10 };
}

/**
 * What an immediate alert mail says (issue 23 items 3–4): its subject, the lines of its text and the
 * listing card (photo, price, place, links), in Italian or English. The price comes from the public
 * view of the listing (core/listing/public.ts): a private negotiation never shows one, and a price drop
 * of such a listing is no alert at all (`alertOccasion`). Pure: server/alerts/alert-mail.tsx renders it
 * to HTML with React (escaped) and to plain text.
 */
import { formatEuro } from "../format.ts";
import { listingPhotoPath } from "../listing/media.ts";
import { publicListing } from "../listing/public.ts";

export type AlertLocale = "it" | "en";

/** The listing change an alert tells about. */
export type AlertReason = { kind: "new" } | { kind: "price_drop"; oldPrice: number; newPrice: number };

/**
 * What a listing event is an alert about, as the occasion key of its delivery (one per saved search,
 * listing, channel and occasion), or null when it alerts no one: a listing back on the market within
 * 14 weeks is not news, and a price drop of a private negotiation would show a price that is private.
 */
export function alertOccasion(
  event: { kind: "new" | "price_drop" | "back"; newPrice: number },
  listing: { shownPrice: number | null },
): string | null {
  switch (event.kind) {
    case "new":
      return "listed";
    case "price_drop":
      return listing.shownPrice === null ? null : `price:${event.newPrice}`;
    case "back":
      return null;
  }
}

/** The listing as the mail shows it (before the public view hides what it must). */
export interface AlertListing {
  id: number;
  title: string;
  price: number;
  /** The price that may be shown, null when it is private (docs/decisions/088). */
  shownPrice: number | null;
  priceMax: number | null;
  originalPrice: number | null;
  isPrivateNegotiation: boolean;
  lat: number;
  lon: number;
  geoVisibility: number;
  streetNumber: string;
  photoCount: number;
  /** "Milano, Brera": the town and zone names. */
  place: string;
  surface: number;
  rooms: number | null;
}

export interface AlertMailInput {
  locale: AlertLocale;
  /** The saved search's title (the user's, or the default one). */
  searchTitle: string;
  reason: AlertReason;
  listing: AlertListing;
  /** Absolute links: the listing's page and the search's results page. */
  listingUrl: string;
  resultsUrl: string;
  /** PUBLIC_URL: the photo's origin. */
  origin: string;
}

export interface AlertMailContent {
  /** Not yet made a header line: the renderer passes it through headerText. */
  subject: string;
  heading: string;
  card: { title: string; price: string; oldPrice: string | null; place: string; facts: string; photoUrl: string | null };
  listingUrl: string;
  listingLink: string;
  resultsUrl: string;
  resultsLink: string;
  footer: string;
}

const texts = {
  it: {
    newSubject: (search: string) => `Nuovo annuncio per «${search}»`,
    dropSubject: (search: string) => `Prezzo ribassato per «${search}»`,
    newHeading: (search: string) => `C'è un nuovo annuncio per la tua ricerca «${search}».`,
    dropHeading: (search: string, from: string, to: string) =>
      `Il prezzo di un annuncio della tua ricerca «${search}» è sceso da ${from} a ${to}.`,
    privateNegotiation: "Trattativa riservata",
    rooms: (n: number) => `${n} ${n === 1 ? "locale" : "locali"}`,
    listingLink: "Vedi l'annuncio",
    resultsLink: "Vedi tutti i risultati della ricerca",
    footer: "Ricevi questa email perché hai salvato questa ricerca su casa.it con gli avvisi via email «Subito». Puoi cambiarli in MyCasa.",
  },
  en: {
    newSubject: (search: string) => `New listing for “${search}”`,
    dropSubject: (search: string) => `Price reduced for “${search}”`,
    newHeading: (search: string) => `There is a new listing for your search “${search}”.`,
    dropHeading: (search: string, from: string, to: string) =>
      `The price of a listing in your search “${search}” went down from ${from} to ${to}.`,
    privateNegotiation: "Private negotiation",
    rooms: (n: number) => `${n} ${n === 1 ? "room" : "rooms"}`,
    listingLink: "See the listing",
    resultsLink: "See all the search's results",
    footer:
      "You receive this e-mail because you saved this search on casa.it with e-mail alerts set to “Immediately”. You can change them in MyCasa.",
  },
} as const;

export function alertMailContent(input: AlertMailInput): AlertMailContent {
  const t = texts[input.locale];
  // Only what the public view shows leaves the server: no private-negotiation price, no hidden street number.
  const l = publicListing(input.listing);
  const price =
    l.price === null ? t.privateNegotiation : `${formatEuro(l.price)}${l.priceMax !== null ? ` - ${formatEuro(l.priceMax)}` : ""}`;
  const drop = input.reason.kind === "price_drop" && l.price !== null ? input.reason : null;
  const facts = [`${l.surface} m²`, l.rooms !== null ? t.rooms(l.rooms) : null].filter((x) => x !== null).join(" · ");
  return {
    subject: drop ? t.dropSubject(input.searchTitle) : t.newSubject(input.searchTitle),
    heading: drop
      ? t.dropHeading(input.searchTitle, formatEuro(drop.oldPrice), formatEuro(drop.newPrice))
      : t.newHeading(input.searchTitle),
    card: {
      title: l.title,
      price,
      oldPrice: drop ? formatEuro(drop.oldPrice) : null,
      place: l.place,
      facts,
      photoUrl: l.photoCount > 0 ? `${input.origin}${listingPhotoPath(l.id, 0)}` : null,
    },
    listingUrl: input.listingUrl,
    listingLink: t.listingLink,
    resultsUrl: input.resultsUrl,
    resultsLink: t.resultsLink,
    footer: t.footer,
  };
}

/**
 * What an alert mail says (issue 23 items 3–4): its subject, the lines of its text and each listing's card (photo,
 * price, place, links), in Italian or English; one mail lists every alert of a search sent together (decision 142). The price comes from the public
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
  /** The signed links that work without login (core/alerts/alert-links.ts alertLinkUrls). */
  links: AlertMailLinks;
}

export interface AlertMailLinks {
  deactivate: string;
  manage: string;
  remove: string;
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
  /** The links without login, each with its label, in the order the mail shows them. */
  manageLinks: Array<{ label: string; url: string }>;
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
    deactivate: "Disattiva questo avviso",
    manage: "Gestisci i tuoi avvisi",
    remove: "Non ricevere più email e revoca i consensi",
    digestSubject: (n: number, search: string) => (n === 1 ? `1 nuovo annuncio per «${search}»` : `${n} nuovi annunci per «${search}»`),
    digestHeading: (n: number, search: string) =>
      n === 1
        ? `Nelle ultime 24 ore c'è 1 annuncio nuovo per la tua ricerca «${search}».`
        : `Nelle ultime 24 ore ci sono ${n} annunci nuovi per la tua ricerca «${search}».`,
    digestDrop: (from: string, to: string) => `Prezzo sceso da ${from} a ${to}`,
    digestMore: (n: number) => (n === 1 ? "…e 1 altro annuncio." : `…e altri ${n} annunci.`),
    digestMoreLink: "Vedili tutti nei risultati della ricerca",
    listSubject: (n: number, drops: boolean, search: string) =>
      drops ? `${n} annunci nuovi o ribassati per «${search}»` : `${n} nuovi annunci per «${search}»`,
    listHeading: (n: number, drops: boolean, search: string) =>
      drops
        ? `Ci sono ${n} annunci nuovi o con il prezzo ribassato per la tua ricerca «${search}».`
        : `Ci sono ${n} annunci nuovi per la tua ricerca «${search}».`,
    digestFooter:
      "Ricevi questa email perché hai salvato questa ricerca su casa.it con gli avvisi via email «Una volta al giorno». Puoi cambiarli in MyCasa.",
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
    deactivate: "Turn this alert off",
    manage: "Manage your alerts",
    remove: "Stop all e-mails and withdraw consents",
    digestSubject: (n: number, search: string) => (n === 1 ? `1 new listing for “${search}”` : `${n} new listings for “${search}”`),
    digestHeading: (n: number, search: string) =>
      n === 1
        ? `In the last 24 hours there is 1 new listing for your search “${search}”.`
        : `In the last 24 hours there are ${n} new listings for your search “${search}”.`,
    digestDrop: (from: string, to: string) => `Price down from ${from} to ${to}`,
    digestMore: (n: number) => (n === 1 ? "…and 1 more listing." : `…and ${n} more listings.`),
    digestMoreLink: "See them all in the search's results",
    listSubject: (n: number, drops: boolean, search: string) =>
      drops ? `${n} new or reduced listings for “${search}”` : `${n} new listings for “${search}”`,
    listHeading: (n: number, drops: boolean, search: string) =>
      drops
        ? `There are ${n} new or reduced listings for your search “${search}”.`
        : `There are ${n} new listings for your search “${search}”.`,
    digestFooter:
      "You receive this e-mail because you saved this search on casa.it with e-mail alerts set to “Once a day”. You can change them in MyCasa.",
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
    manageLinks: [
      { label: t.deactivate, url: input.links.deactivate },
      { label: t.manage, url: input.links.manage },
      { label: t.remove, url: input.links.remove },
    ],
  };
}

/** One listing of an alert mail that lists several: a 'Subito' one or a daily digest. */
export interface AlertListItem {
  listing: AlertListing;
  reason: AlertReason;
  listingUrl: string;
}

export interface AlertListInput {
  locale: AlertLocale;
  /**
   * 'immediately': a 'Subito' mail, every alert of the search pending at a delivery run (decision 142; one listing
   * is said as before: "Nuovo annuncio per «…»"); 'daily': the digest of 08:00 (decision 092).
   */
  frequency: "immediately" | "daily";
  searchTitle: string;
  /** Every listing the mail is about, oldest first: the mail shows `max` and counts the rest. */
  items: readonly AlertListItem[];
  max: number;
  /** The search's results, newest first. */
  resultsUrl: string;
  origin: string;
  links: AlertMailLinks;
}

export interface AlertListContent {
  subject: string;
  heading: string;
  cards: Array<AlertMailContent["card"] & { url: string; note: string | null }>;
  /** "Vedi l'annuncio": each card's link in the plain text. */
  listingLink: string;
  /** "…e altri 3 annunci." when the mail does not show them all, else null. */
  more: string | null;
  resultsUrl: string;
  resultsLink: string;
  footer: string;
  manageLinks: AlertMailContent["manageLinks"];
}

/**
 * An alert mail about one or more listings, as cards: the daily digest ('Una volta al giorno', docs/decisions/092)
 * and, since decision 142, every 'Subito' mail. Never silently truncated: past `max` cards it says how many more and
 * links to the results.
 */
export function alertListContent(input: AlertListInput): AlertListContent {
  const t = texts[input.locale];
  const n = input.items.length;
  const shown = input.items.slice(0, input.max);
  const more = n - shown.length;
  const single = (item: AlertListItem) =>
    alertMailContent({ ...input, reason: item.reason, listing: item.listing, listingUrl: item.listingUrl, resultsUrl: input.resultsUrl });
  const cards = shown.map((item) => {
    const one = single(item);
    const drop = item.reason.kind === "price_drop" && one.card.oldPrice !== null ? item.reason : null;
    return { ...one.card, url: item.listingUrl, note: drop ? t.digestDrop(formatEuro(drop.oldPrice), formatEuro(drop.newPrice)) : null };
  });
  const first = single(input.items[0]!);
  const drops = input.items.some((item) => item.reason.kind === "price_drop");
  const [subject, heading, footer]: [string, string, string] =
    input.frequency === "daily"
      ? [t.digestSubject(n, input.searchTitle), t.digestHeading(n, input.searchTitle), t.digestFooter]
      : n === 1
        ? [first.subject, first.heading, first.footer]
        : [t.listSubject(n, drops, input.searchTitle), t.listHeading(n, drops, input.searchTitle), t.footer];
  return {
    subject,
    heading,
    cards,
    listingLink: t.listingLink,
    more: more > 0 ? t.digestMore(more) : null,
    resultsUrl: input.resultsUrl,
    resultsLink: more > 0 ? t.digestMoreLink : t.resultsLink,
    footer,
    manageLinks: first.manageLinks,
  };
}

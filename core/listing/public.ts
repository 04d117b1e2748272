/**
 * The one public view of a listing: what may leave the server about it, whoever asks (result cards,
 * the search and favourites APIs, map pins, the listing page and its JSON-LD, similar listings).
 * - A private-negotiation ('Trattativa riservata') listing shows no price: the price is the row's
 *   generated `shownPrice` (null then), and range and original price become null with it.
 * - An approximate location shows its public point only, and neither the street number nor a title
 *   that names it.
 * - A private seller's phone is personal data: it is never sent (a reveal request will give it).
 * Pure: works on any row that has the fields it hides, and leaves the other fields as they are.
 */
import { publicLocation, publicTitle, type PublicLocation } from "./location.ts";

/** What the projection needs; the optional fields are hidden when present. */
export interface ListingPrivateFields {
  price: number;
  /** The database's one rule of what price may be shown (null: hidden). */
  shownPrice: number | null;
  isPrivateNegotiation: boolean;
  lat: number;
  lon: number;
  geoVisibility: number;
  priceMax?: number | null;
  originalPrice?: number | null;
  title?: string;
  streetNumber?: string;
  publisherKind?: string;
  publisherPhone?: string | null;
}

export type PublicListing<T extends ListingPrivateFields> = {
  [K in keyof T as K extends "shownPrice" ? never : K]: K extends "price" | "priceMax" | "originalPrice"
    ? number | null
    : K extends "publisherPhone"
      ? string | null
      : T[K];
} & {
  location: PublicLocation;
  /** False for private sellers: the page shows a contact label, never the number. */
  showPhoneNumber: boolean;
};

export function publicListing<T extends ListingPrivateFields>(listing: T): PublicListing<T> {
  const location = publicLocation(listing.lat, listing.lon, listing.geoVisibility);
  const out: Record<string, unknown> = { ...(listing as object), lat: location.lat, lon: location.lon, location };
  out.price = listing.shownPrice;
  delete out.shownPrice;
  if (listing.shownPrice === null) {
    if ("priceMax" in listing) out.priceMax = null;
    if ("originalPrice" in listing) out.originalPrice = null;
  }
  if (!location.exact && listing.streetNumber !== undefined) {
    if (listing.title !== undefined) out.title = publicTitle(listing.title, listing.streetNumber, false);
    out.streetNumber = "";
  }
  const isPrivateSeller = listing.publisherKind === "private";
  if (isPrivateSeller && "publisherPhone" in listing) out.publisherPhone = null;
  out.showPhoneNumber = !isPrivateSeller && Boolean(listing.publisherPhone);
  return out as PublicListing<T>;
}

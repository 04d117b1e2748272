/**
 * Agency feeds (issue 24, docs/decisions/097): one `<property>` of an XML feed in the immobiliare.it style
 * (version 2.8: `unique-id`, `operation` write/force/delete, transactions sale/rent with auctions, energy
 * class) or one line of the JSON Lines equivalent, turned into the raw listing input that
 * core/publisher/listing-input.ts validates. Pure: the parser (saxes, streamed) lives on the server; this
 * module only reads a small element tree. Values the schema does not know are passed through as written,
 * so the report names the field and says the value is not allowed, never guesses.
 */

import { PHOTOS_PER_LISTING } from "./photo.ts";

export const feedOperations = ["write", "force", "delete"] as const;
export type FeedOperation = (typeof feedOperations)[number];
export type FeedMode = "full" | "incremental";

/** One element of a property, as the streaming parser builds it (only inside `<property>`). */
export interface FeedElement {
  name: string;
  attributes: Record<string, string>;
  children: FeedElement[];
  text: string;
}

export interface FeedItem {
  /** The publisher's id of the listing (`unique-id`); "" when missing. */
  uniqueId: string;
  operation: FeedOperation | string;
  /** The listing input to validate (absent for a delete). */
  listing: Record<string, unknown>;
  /** The photos' addresses in gallery order (decision 141): http(s) only, no duplicates, at most the per-listing cap. */
  photoUrls: string[];
  /** Addresses left out, and why: reported for the listing, which is imported anyway. */
  photoProblems: FeedPhotoProblem[];
}

/** Why a photo address of a feed was left out. */
export type FeedPhotoProblem = { url: string; reason: "not-http" | "too-many" };

/** At most this many bad photo addresses are named per listing. */
const MAX_PHOTO_PROBLEMS = 10;

/** Longest photo address kept (a longer one is a broken feed, not a photo). */
export const FEED_PHOTO_URL_MAX = 2_000;

/**
 * A listing's photo addresses as the feed lists them: only absolute http and https addresses (a relative path,
 * `file:`, `data:`, `javascript:` or something that is no address is reported), each once, at most
 * `PHOTOS_PER_LISTING` (the rest reported as too many). Nothing is fetched here.
 */
export function feedPhotoUrls(raw: readonly unknown[]): { urls: string[]; problems: FeedPhotoProblem[] } {
  const urls: string[] = [];
  const problems: FeedPhotoProblem[] = [];
  for (const value of raw) {
    const written = typeof value === "string" ? value.trim() : String(value);
    let url: URL | null = null;
    try {
      url = written.length <= FEED_PHOTO_URL_MAX ? new URL(written) : null;
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") {
      if (problems.length < MAX_PHOTO_PROBLEMS) problems.push({ url: written.slice(0, 200), reason: "not-http" });
      continue;
    }
    const href = url.href;
    if (urls.includes(href)) continue;
    if (urls.length >= PHOTOS_PER_LISTING) {
      // Named once, with the first address left out: a hostile feed's thousands of pictures do not fill the report.
      if (!problems.some((p) => p.reason === "too-many")) problems.push({ url: href.slice(0, 200), reason: "too-many" });
      continue;
    }
    urls.push(href);
  }
  return { urls, problems };
}

/** Messages of a photo address left out of a feed listing, in Italian and English. */
export const feedPhotoProblemMessages = {
  "not-http": { it: "indirizzo della foto non valido (solo http o https)", en: "invalid photo address (http or https only)" },
  "too-many": {
    it: `foto oltre il limite di ${PHOTOS_PER_LISTING} per annuncio: ignorate questa e le seguenti`,
    en: `photos beyond the limit of ${PHOTOS_PER_LISTING} per listing: this one and the next left out`,
  },
} as const;

/** Transaction types of the XML feed: S sale, R rent, V holiday let. */
const CHANNELS: Readonly<Record<string, string>> = { S: "vendita", R: "affitto", V: "affitto-breve" };

function child(el: FeedElement | undefined, name: string): FeedElement | undefined {
  return el?.children.find((c) => c.name === name);
}

function text(el: FeedElement | undefined): string | undefined {
  if (!el) return undefined;
  const t = el.text.trim();
  return t === "" ? undefined : t;
}

/** A number as written, or the text itself when it is not one (the schema then says the field is invalid). */
function numberOf(el: FeedElement | undefined): number | string | undefined {
  const t = text(el);
  if (t === undefined) return undefined;
  const n = Number(t.replace(",", "."));
  return Number.isFinite(n) && /^-?\d+([.,]\d+)?$/.test(t) ? n : t;
}

function flagOf(el: FeedElement | undefined): boolean | string | undefined {
  const t = text(el)?.toLowerCase();
  if (t === undefined) return undefined;
  if (t === "yes" || t === "true" || t === "si" || t === "sì" || t === "1") return true;
  if (t === "no" || t === "false" || t === "0") return false;
  return t;
}

function defined(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/**
 * A `<property>` element as a feed item. `townIdOf` turns the `<city code="…">` ISTAT code into the
 * portal's municipality id (an unknown code stays as written: the report says the municipality is unknown).
 */
export function propertyToFeedItem(property: FeedElement, townIdOf: (istatCode: string) => string | undefined): FeedItem {
  const uniqueId = text(child(property, "unique-id")) ?? "";
  const operation = (property.attributes.operation ?? "write").toLowerCase();
  if (operation === "delete") return { uniqueId, operation, listing: {}, photoUrls: [], photoProblems: [] };
  // `<pictures><picture-url>…</picture-url></pictures>` (the 2.8 form) or `<picture url="…"/>`, in the feed's order.
  const pictures = (child(property, "pictures")?.children ?? [])
    .map((p) => (p.name === "picture-url" ? text(p) : p.name === "picture" ? (p.attributes.url ?? text(p)) : undefined))
    .filter((u): u is string => u !== undefined && u.trim() !== "");
  const { urls: photoUrls, problems: photoProblems } = feedPhotoUrls(pictures);
  const transaction = child(child(property, "transactions"), "transaction");
  const price = child(transaction, "price");
  const auction = child(transaction, "auction");
  const building = child(property, "building");
  const location = child(property, "location");
  const city = child(location, "city");
  const locality = child(location, "locality");
  const features = child(property, "features");
  const descriptions = child(property, "descriptions")?.children.filter((c) => c.name === "description") ?? [];
  const description = descriptions.find((d) => (d.attributes.language ?? "it") === "it") ?? descriptions[0];
  const type = transaction?.attributes.type;
  const istat = city?.attributes.code?.trim();
  const thoroughfare = child(locality, "thoroughfare");
  const listing = defined({
    externalId: uniqueId || undefined,
    channel: type === undefined ? undefined : (CHANNELS[type.toUpperCase()] ?? type),
    propertyType: text(child(building, "type")),
    isNewConstruction: flagOf(child(building, "new-construction")),
    buildingCondition: text(child(building, "condition")),
    buildingYear: numberOf(child(building, "year")),
    price: numberOf(price),
    priceType: text(child(transaction, "price-type")),
    isPrivateNegotiation: price?.attributes.reserved === undefined ? undefined : flagOf({ ...price, text: price.attributes.reserved }),
    isAuction: auction ? true : undefined,
    auctionDate: text(child(auction, "date")),
    surface: numberOf(child(features, "size")),
    rooms: numberOf(child(features, "rooms")),
    bedrooms: numberOf(child(features, "bedrooms")),
    baths: numberOf(child(features, "bathrooms")),
    floor: numberOf(child(features, "floor")),
    totalFloors: numberOf(child(features, "floors")),
    parkingSpaces: numberOf(child(features, "parking-spaces")),
    energyClass: text(child(features, "energy-class"))?.toUpperCase(),
    energyIndex: numberOf(child(features, "energy-performance")),
    heating: text(child(features, "heating")),
    hasLift: flagOf(child(features, "elevator")),
    hasBalcony: flagOf(child(features, "balcony")),
    hasTerrace: flagOf(child(features, "terrace")),
    hasAirConditioning: flagOf(child(features, "air-conditioning")),
    hasPool: flagOf(child(features, "pool")),
    garden: text(child(features, "garden")),
    furniture: text(child(features, "furniture")),
    availability: text(child(features, "availability")),
    title: text(child(description, "title")),
    description: text(child(description, "content")),
    address: defined({
      townId: istat === undefined ? text(city) : (townIdOf(istat) ?? `istat:${istat}`),
      street: text(thoroughfare),
      streetNumber: text(child(locality, "street-number")),
      postalCode: text(child(locality, "postal-code")),
      lat: numberOf(child(locality, "latitude")),
      lon: numberOf(child(locality, "longitude")),
      showExactPoint: thoroughfare?.attributes.display === undefined ? undefined : thoroughfare.attributes.display === "yes",
    }),
  });
  return { uniqueId, operation, listing, photoUrls, photoProblems };
}

/**
 * One line of a JSON Lines feed: `{"uniqueId", "operation"?, "listing", "photos"?}` (photos: addresses in order);
 * null when it is not such an object.
 */
export function jsonLineToFeedItem(value: unknown): FeedItem | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const uniqueId = typeof v.uniqueId === "string" ? v.uniqueId.trim() : "";
  const operation = typeof v.operation === "string" ? v.operation.toLowerCase() : "write";
  const listing =
    typeof v.listing === "object" && v.listing !== null && !Array.isArray(v.listing) ? (v.listing as Record<string, unknown>) : {};
  if (operation === "delete") return { uniqueId, operation, listing: {}, photoUrls: [], photoProblems: [] };
  const photos = v.photos ?? (listing as { photos?: unknown }).photos;
  const { urls: photoUrls, problems: photoProblems } = Array.isArray(photos)
    ? feedPhotoUrls(photos)
    : { urls: [], problems: photos === undefined ? [] : [{ url: String(photos).slice(0, 200), reason: "not-http" as const }] };
  const { photos: _photos, ...fields } = listing as Record<string, unknown>;
  return { uniqueId, operation, listing: { ...fields, externalId: uniqueId || undefined }, photoUrls, photoProblems };
}

/** Every rejected listing of a report is kept up to this many (the count is always whole). */
export const REPORT_REJECTED_MAX = 5_000;

export interface FeedReport {
  importId: number;
  status: "done" | "failed";
  mode: FeedMode;
  counts: { received: number; created: number; updated: number; unchanged: number; withdrawn: number; rejected: number };
  rejected: Array<{ uniqueId: string; line: number | null; problems: Array<{ field: string; it: string; en: string }> }>;
  /**
   * The listings' photo addresses when the import finished (decision 141): downloaded in the background, so most
   * are still waiting then; `failed` are those given up after their attempts. `problems`: addresses left out.
   */
  photos?: {
    wanted: number;
    waiting: number;
    done: number;
    failed: number;
    problems: Array<{ uniqueId: string; line: number | null; url: string; it: string; en: string }>;
  };
  /** Why the feed stopped early (broken XML, too large): the listings before it were imported, none withdrawn. */
  error: { it: string; en: string; line?: number; column?: number } | null;
}

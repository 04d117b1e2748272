/**
 * A listing's generated title and its price in the page's language (issue 21 item 15, docs/decisions/081).
 * The stored title is the portal's Italian one ('Bilocale in vendita in Via Roma 12, Milano'); English
 * pages build theirs from the same parts: rooms or type, contract, the public address ('Two-room flat for
 * sale in Via Roma, Milano'). Prices: '1.250.000 €' in Italian, '€1,250,000' in English.
 */
import { formatEuro } from "../../core/format.ts";
import { cardTitle } from "../../core/listing/location.ts";
import { englishValues } from "../i18n/listing.ts";
import type { Locale } from "../i18n/locale.ts";

/** The Italian titles' room nouns (Monolocale … Quadrilocale) in English. */
const roomNouns: Readonly<Record<number, string>> = { 1: "Studio flat", 2: "Two-room flat", 3: "Three-room flat", 4: "Four-room flat" };

export interface TitleParts {
  propertyType: string;
  propertyTypeGroup: string;
  rooms: number | null;
  channel: string;
  isAuction: boolean;
  /** The public address: 'Via Roma, Milano' (with the number only when the pin is exact). */
  address: string;
}

/** 'Two-room flat for sale in Via Roma, Milano', 'Villa at auction in …', 'Shop for rent in …'. */
export function englishListingTitle(p: TitleParts): string {
  const residential = p.propertyTypeGroup === "case" || p.propertyTypeGroup === "stanze";
  const noun =
    p.rooms && p.rooms <= 4 && residential && p.propertyType !== "stanza"
      ? roomNouns[p.rooms]!
      : (englishValues.propertyType?.[p.propertyType] ?? "Property");
  const contract =
    p.channel === "vendita" ? (p.isAuction ? "at auction" : "for sale") : p.channel === "affitto" ? "for rent" : "for holiday rental";
  return `${noun} ${contract} in ${p.address}`;
}

/** What the cards need of the API's listing card (seed 000 §3). */
export interface CardTextSource {
  title: string;
  address: string;
  channel: string;
  propertyType: string;
  propertyTypeGroup: string;
  geoInfos: { geo_visibility_level: number };
  features: {
    rooms: number | null;
    isAuction: boolean;
    price: { marker: { price: number | null; unit: string }; maxPrice: number | null };
  };
}

/** A card's price in the page's language ('Trattativa riservata' / 'Price on request' comes from the caller's texts). */
export function cardPriceIn(card: CardTextSource, unitWord: string, locale: Locale): string | null {
  const { marker, maxPrice } = card.features.price;
  return marker.price === null ? null : priceTextIn(marker.price, maxPrice, unitWord, locale);
}

/** A card's title: the stored one without a hidden street number in Italian, the built one in English. */
export function cardTitleIn(card: CardTextSource, locale: Locale): string {
  if (locale === "it") return cardTitle(card.title, card.address, card.geoInfos.geo_visibility_level === 1);
  return englishListingTitle({
    propertyType: card.propertyType,
    propertyTypeGroup: card.propertyTypeGroup,
    rooms: card.features.rooms,
    channel: card.channel,
    isAuction: card.features.isAuction,
    address: card.address,
  });
}

/** '1.250.000 €', '280.000 € - 349.000 €', '€1,250/month': a price (and the top of a range) with the unit word given. */
export function priceTextIn(price: number, priceMax: number | null, unitWord: string, locale: Locale): string {
  return `${formatEuro(price, locale)}${priceMax ? ` - ${formatEuro(priceMax, locale)}` : ""}${unitWord}`;
}

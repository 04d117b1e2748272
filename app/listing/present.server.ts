/** Turns a ListingDetail into what the listing page shows, in the page's locale. */
import { formatDate, formatEuro, formatInteger } from "../../core/format.ts";
import { contactLabels, contactTarget } from "../../core/listing/contact.ts";
import { energySteps } from "../../core/listing/energy.ts";
import { listingFloorPlanPath, listingPhotoPaths } from "../../core/listing/media.ts";
import {
  availabilityLabels,
  channelLabels,
  conditionLabels,
  floorLabel,
  furnitureLabels,
  gardenLabels,
  heatingLabels,
  licenseTypeLabel,
  priceUnitSuffix,
  propertyTypeLabels,
} from "../../core/listing/labels.ts";
import { publicAddress } from "../../core/listing/location.ts";
import { publicListing } from "../../core/listing/public.ts";
import { PlaceLevel } from "../../core/places.ts";
import { defaultQuery } from "../../core/search/query.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import { channels, propertyTypeGroups, type Channel } from "../../core/search/vocabulary.ts";
import type { ListingDetail } from "../../db/listings.ts";
import type { PlaceDirectory } from "../../db/place-directory.ts";
import { englishValues, featureNames, listingTexts } from "../i18n/listing.ts";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { englishListingTitle, priceTextIn } from "./listing-text.ts";

const unitSuffixEn: Record<string, string> = { total: "", month: "/month", week: "/week" };

export interface Breadcrumb {
  name: string;
  href: string | null;
}

/** The results page of one place for the listing's channel and group (the search's own URL codec). */
export function placeResultsPath(directory: PlaceDirectory, channel: string, group: string, placeId: string | null): string {
  const query = {
    ...defaultQuery,
    channel: (channels as readonly string[]).includes(channel) ? (channel as Channel) : defaultQuery.channel,
    group: group in propertyTypeGroups ? (group as keyof typeof propertyTypeGroups) : defaultQuery.group,
    places: placeId ? [placeId] : [],
  };
  return encodeSearchUrl(query as typeof defaultQuery, directory);
}

function dateText(value: Date | string, locale: Locale): string {
  return formatDate(value instanceof Date ? value : new Date(`${value}T12:00:00Z`), locale);
}

function englishFloor(floor: number | null, total: number | null): string | null {
  if (floor === null) return null;
  if (floor < 0) return "Basement";
  if (floor === 0) return "Ground floor";
  return total !== null && floor === total ? `Top floor (${floor})` : `Floor ${floor}`;
}

export function presentListing(detail: ListingDetail, directory: PlaceDirectory, locale: Locale) {
  // The page, its JSON-LD and its map read the public view only (core/listing/public.ts).
  const l = publicListing(detail);
  const t = listingTexts[locale];
  const names = featureNames[locale];
  const value = (table: string, itLabels: Readonly<Record<string, string>>, key: string | null) =>
    key === null ? null : locale === "it" ? (itLabels[key] ?? key) : (englishValues[table]?.[key] ?? itLabels[key] ?? key);
  const yesNo = (v: boolean) => (v ? t.yes : t.no);

  const town = directory.get(l.townId);
  const zone = l.zoneId ? directory.get(l.zoneId) : undefined;
  const province = directory.ancestorAt(l.townId, PlaceLevel.province);
  const region = directory.ancestorAt(l.townId, PlaceLevel.region);
  const location = l.location;
  const townName = town?.name ?? "";
  const address = publicAddress(l.street, l.streetNumber, townName, location.exact);
  // The stored title is the portal's Italian one; English builds its own from the same parts (docs/decisions/081).
  const title =
    locale === "it"
      ? l.title
      : englishListingTitle({
          propertyType: l.propertyType,
          propertyTypeGroup: l.propertyTypeGroup,
          rooms: l.rooms,
          channel: l.channel,
          isAuction: l.isAuction,
          address,
        });
  const suffix = (locale === "it" ? priceUnitSuffix : unitSuffixEn)[l.priceUnit] ?? "";
  const price = l.price;
  const priceText = price === null ? t.privateNegotiation : priceTextIn(price, l.priceMax, suffix, locale);
  const perMq = price !== null && l.surface > 0 ? `${formatEuro(Math.round(price / l.surface), locale)}/m²${suffix}` : null;
  const resultsFor = (placeId: string | null) => localizePath(placeResultsPath(directory, l.channel, l.propertyTypeGroup, placeId), locale);
  const resultsPath = resultsFor(town?.id ?? null);

  const features: Array<{ name: string; value: string }> = [];
  const add = (name: string, v: string | number | null | undefined) => {
    if (v !== null && v !== undefined && v !== "") features.push({ name, value: String(v) });
  };
  add(names.type, value("propertyType", propertyTypeLabels, l.propertyType));
  add(names.contract, locale === "it" ? channelLabels[l.channel] : englishValues.channel?.[l.channel]);
  add(names.surface, `${formatInteger(l.surface, locale)} m²`);
  add(names.rooms, l.rooms);
  add(names.bedrooms, l.bedrooms);
  add(names.baths, l.baths);
  add(names.floor, locale === "it" ? floorLabel(l.floor, l.totalFloors) : englishFloor(l.floor, l.totalFloors));
  add(names.totalFloors, l.totalFloors);
  if (l.floor !== null || l.hasLift) add(names.lift, yesNo(l.hasLift));
  if (l.propertyTypeGroup === "case" || l.hasBalcony) add(names.balcony, yesNo(l.hasBalcony));
  if (l.propertyTypeGroup === "case" || l.hasTerrace) add(names.terrace, yesNo(l.hasTerrace));
  add(names.garden, value("garden", gardenLabels, l.garden));
  add(names.heating, value("heating", heatingLabels, l.heating));
  add(names.parking, l.parkingSpaces > 0 ? l.parkingSpaces : null);
  add(names.condition, value("condition", conditionLabels, l.buildingCondition));
  add(names.year, l.buildingYear);
  add(names.availability, value("availability", availabilityLabels, l.availability));
  add(names.furniture, value("furniture", furnitureLabels, l.furniture));
  if (l.isAuction) add(names.auction, t.yes);
  if (l.auctionDate) add(names.auctionDate, dateText(l.auctionDate, locale));
  add(names.license, licenseTypeLabel(l.licenseType));
  if (l.hasAirConditioning) add(names.airConditioning, t.yes);
  if (l.hasPool) add(names.pool, t.yes);
  if (l.hasReception) add(names.reception, t.yes);
  if (l.hasVirtualTour) add(names.virtualTour, t.yes);
  add(names.published, dateText(l.publishedAt, locale));
  add(names.reference, String(l.id));

  const target = contactTarget(l.publisherKind, l.agentIsPro);
  const breadcrumbs: Breadcrumb[] = [
    { name: t.home, href: localizePath("/", locale) },
    ...(region ? [{ name: region.name, href: resultsFor(region.id) }] : []),
    ...(province ? [{ name: province.name, href: resultsFor(province.id) }] : []),
    ...(town ? [{ name: townName, href: resultsPath }] : []),
    { name: title, href: null },
  ];

  return {
    id: l.id,
    title,
    description: l.description,
    channel: l.channel,
    priceText,
    price,
    originalPriceText: l.originalPrice ? `${formatEuro(l.originalPrice, locale)}${suffix}` : null,
    perMqText: perMq,
    features,
    energy: {
      energyClass: l.energyClass,
      indexText:
        l.energyIndex !== null
          ? `${formatInteger(Math.round(l.energyIndex), locale)} kWh/m² ${locale === "it" ? "anno" : "per year"}`
          : null,
      steps: energySteps(l.energyClass),
    },
    photos: listingPhotoPaths(l.id, l.photoCount),
    floorPlan: l.hasFloorPlan ? listingFloorPlanPath(l.id) : null,
    address,
    zoneName: zone?.name ?? null,
    postalCode: l.postalCode,
    location,
    townName,
    provinceShort: province?.short ?? null,
    regionName: region?.name ?? null,
    resultsPath,
    breadcrumbs,
    publisher: {
      id: l.publisherId,
      name: l.publisherName,
      kind: l.publisherKind,
      phone: l.publisherPhone,
      showPhoneNumber: l.showPhoneNumber,
      logo: l.publisherKind === "private" ? null : `/media/publisher/${l.publisherId}/logo.svg`,
      agentName: l.agentName,
      contactLabel:
        locale === "it"
          ? contactLabels[target]
          : { agent: "Contact the agent", agency: "Contact the agency", private: "Contact the advertiser" }[target],
    },
    publishedAt: l.publishedAt instanceof Date ? l.publishedAt.toISOString() : String(l.publishedAt),
    propertyType: l.propertyType,
    surface: l.surface,
    rooms: l.rooms,
    baths: l.baths,
  };
}

export type ListingView = ReturnType<typeof presentListing>;

/** schema.org structured data for search engines: the listing, its offer and the place. */
export function listingJsonLd(v: ListingView, origin: string, canonicalPath: string) {
  const url = `${origin}${canonicalPath}`;
  const place = {
    "@type": "Place",
    name: v.address,
    address: {
      "@type": "PostalAddress",
      streetAddress: v.address.split(",")[0],
      addressLocality: v.townName,
      ...(v.provinceShort ? { addressRegion: v.provinceShort } : {}),
      ...(v.postalCode ? { postalCode: v.postalCode } : {}),
      addressCountry: "IT",
    },
    geo: { "@type": "GeoCoordinates", latitude: v.location.lat, longitude: v.location.lon },
  };
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    "@id": url,
    url,
    name: v.title,
    description: v.description,
    datePosted: v.publishedAt,
    image: v.photos.map((p) => `${origin}${p}`),
    contentLocation: place,
    offers: {
      "@type": "Offer",
      url,
      ...(v.price !== null ? { price: v.price, priceCurrency: "EUR" } : {}),
      businessFunction: v.channel === "vendita" ? "http://purl.org/goodrelations/v1#Sell" : "http://purl.org/goodrelations/v1#LeaseOut",
      availability: "https://schema.org/InStock",
      seller: {
        "@type": v.publisher.kind === "private" ? "Person" : "RealEstateAgent",
        name: v.publisher.name,
        ...(v.publisher.phone ? { telephone: v.publisher.phone } : {}),
      },
      itemOffered: {
        "@type": "Accommodation",
        floorSize: { "@type": "QuantitativeValue", value: v.surface, unitCode: "MTK" },
        ...(v.rooms ? { numberOfRooms: v.rooms } : {}),
      },
    },
  };
}

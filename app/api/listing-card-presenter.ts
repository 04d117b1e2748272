/** The listing card of seed 000 §3 as the search API returns it. */
import { formatEuro } from "../../core/format.ts";
import { contactLabels, contactTarget } from "../../core/listing/contact.ts";
import { publicAddress, publicLocation, publicTitle } from "../../core/listing/location.ts";
import type { ListingSummary } from "../../db/listings-search.ts";
import type { PlaceDirectory } from "../../db/place-directory.ts";

const unitSuffix: Record<string, string> = { total: "", month: "/mese", week: "/settimana" };

export function presentListingCard(l: ListingSummary, directory: PlaceDirectory) {
  const town = directory.get(l.townId);
  const zone = l.zoneId ? directory.get(l.zoneId) : undefined;
  const exact = l.geoVisibility === 1;
  // Approximate listings never reveal the street number or the exact point (seed 000 §3 geoInfos).
  const location = publicLocation(l.lat, l.lon, l.geoVisibility);
  const target = contactTarget(l.publisherKind, l.agentIsPro);
  return {
    id: l.id,
    uri: `/annunci/${l.id}/`,
    title: publicTitle(l.title, l.streetNumber, exact),
    channel: l.channel,
    propertyTypeGroup: l.propertyTypeGroup,
    propertyType: l.propertyType,
    publishedAt: l.publishedAt instanceof Date ? l.publishedAt.toISOString() : l.publishedAt,
    address: publicAddress(l.street, l.streetNumber, town?.name ?? "", exact),
    town: town ? { id: town.id, name: town.name, short: town.short } : null,
    zone: zone ? { id: zone.id, name: zone.name } : null,
    features: {
      price: {
        marker: { price: l.price, unit: l.priceUnit, originalPrice: l.originalPrice, hasPriceRange: l.priceMax !== null },
        text: `${formatEuro(l.price)}${l.priceMax ? ` - ${formatEuro(l.priceMax)}` : ""}${unitSuffix[l.priceUnit] ?? ""}`,
        originalText: l.originalPrice ? formatEuro(l.originalPrice) : null,
      },
      surface: l.surface,
      rooms: l.rooms,
      baths: l.baths,
      floor: l.floor,
      energyClass: l.energyClass,
      isAuction: l.isAuction,
      isLuxury: l.isLuxury,
      isNewConstruction: l.isNewConstruction,
    },
    media: {
      photos: Array.from({ length: l.photoCount }, (_, i) => `/media/listing/${l.id}/${i}.svg`),
      floorPlan: l.hasFloorPlan ? `/media/listing/${l.id}/planimetria.svg` : null,
      virtualTour: l.hasVirtualTour,
    },
    geoInfos: { lat: location.lat, lon: location.lon, geo_visibility_level: l.geoVisibility },
    isProjectProfile: l.isNewConstruction && l.priceMax !== null,
    refPublisher: l.publisherId,
    proposeGeneric: false,
    publisher: {
      publisherId: l.publisherId,
      publisherSlug: l.publisherSlug,
      publisherName: l.publisherName,
      publisherPhone: l.publisherPhone,
      publisherType: l.publisherKind,
      hasCrossSubscription: false,
      agent: l.agentId ? { id: l.agentId, name: l.agentName, isAgentPro: Boolean(l.agentIsPro) } : null,
    },
    contact: { target, label: contactLabels[target] },
    leadsData: { partnerId: l.publisherId, idlPropertyType: l.propertyType },
  };
}

export type ListingCard = ReturnType<typeof presentListingCard>;

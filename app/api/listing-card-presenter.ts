/** The listing card of seed 000 §3 as the search API returns it. */
import { formatEuro } from "../../core/format.ts";
import { contactLabels, contactTarget } from "../../core/listing/contact.ts";
import { priceUnitSuffix } from "../../core/listing/labels.ts";
import { listingFloorPlanPath, listingPhotoPaths } from "../../core/listing/media.ts";
import { publicAddress } from "../../core/listing/location.ts";
import { publicListing } from "../../core/listing/public.ts";
import type { ListingSummary } from "../../db/listings-search.ts";
import type { PlaceDirectory } from "../../db/place-directory.ts";

/** The price text of a private negotiation (seed 000), as the listing page shows it. */
const PRIVATE_NEGOTIATION = "Trattativa riservata";

export function presentListingCard(summary: ListingSummary, directory: PlaceDirectory) {
  // Everything below reads the public view only: no hidden price, exact point, street number or private phone.
  const l = publicListing(summary);
  const town = directory.get(l.townId);
  const zone = l.zoneId ? directory.get(l.zoneId) : undefined;
  const target = contactTarget(l.publisherKind, l.agentIsPro);
  return {
    id: l.id,
    uri: `/annunci/${l.id}/`,
    title: l.title,
    channel: l.channel,
    propertyTypeGroup: l.propertyTypeGroup,
    propertyType: l.propertyType,
    publishedAt: l.publishedAt instanceof Date ? l.publishedAt.toISOString() : l.publishedAt,
    address: publicAddress(l.street, l.streetNumber, town?.name ?? "", l.location.exact),
    town: town ? { id: town.id, name: town.name, short: town.short } : null,
    zone: zone ? { id: zone.id, name: zone.name } : null,
    features: {
      price: {
        marker: { price: l.price, unit: l.priceUnit, originalPrice: l.originalPrice, hasPriceRange: l.priceMax !== null },
        text:
          l.price === null
            ? PRIVATE_NEGOTIATION
            : `${formatEuro(l.price)}${l.priceMax ? ` - ${formatEuro(l.priceMax)}` : ""}${priceUnitSuffix[l.priceUnit] ?? ""}`,
        originalText: l.originalPrice ? formatEuro(l.originalPrice) : null,
        /** The top of a price range (new builds), for pages that write the price in their own language. */
        maxPrice: l.priceMax,
        isPrivateNegotiation: l.isPrivateNegotiation,
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
      photos: listingPhotoPaths(l.id, l.photoCount),
      floorPlan: l.hasFloorPlan ? listingFloorPlanPath(l.id) : null,
      virtualTour: l.hasVirtualTour,
    },
    geoInfos: { lat: l.location.lat, lon: l.location.lon, geo_visibility_level: l.geoVisibility },
    isProjectProfile: l.isNewConstruction && l.priceMax !== null,
    refPublisher: l.publisherId,
    proposeGeneric: false,
    publisher: {
      publisherId: l.publisherId,
      publisherSlug: l.publisherSlug,
      publisherName: l.publisherName,
      publisherPhone: l.publisherPhone,
      showPhoneNumber: l.showPhoneNumber,
      publisherType: l.publisherKind,
      hasCrossSubscription: false,
      agent: l.agentId ? { id: l.agentId, name: l.agentName, isAgentPro: Boolean(l.agentIsPro) } : null,
    },
    contact: { target, label: contactLabels[target] },
    leadsData: { partnerId: l.publisherId, idlPropertyType: l.propertyType },
  };
}

export type ListingCard = ReturnType<typeof presentListingCard>;

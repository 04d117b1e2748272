/**
 * Publishing (issue 24, docs/decisions/096): API keys (made, checked), a publisher's listing input turned
 * into a listing row (the schema of core/publisher/listing-input.ts, then the checks that need the
 * database: the municipality, the point inside it or the address geocoded from the street table), and
 * the create / update / withdraw steps every way of publishing shares (API, feed, dashboard).
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { distanceMeters } from "../../core/geo.ts";
import { listingPoints } from "../../core/listing/location.ts";
import { PlaceLevel } from "../../core/places.ts";
import {
  type InputLocale,
  type ListingInput,
  type ListingInputProblem,
  listingInput,
  listingInputProblems,
  listingIssueText,
  propertyTypeGroupOf,
} from "../../core/publisher/listing-input.ts";
import { relevanceScore } from "../../core/search/relevance.ts";
import { categoryOf } from "../../core/search/vocabulary.ts";
import type { NewListing } from "../../db/listing-writes.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { geocodeStreet, placesAtPoint } from "../../db/place-search.ts";
import { isAgentOf } from "../../db/publishing.ts";
import { nearestPoiDistances } from "../../db/map-pois.ts";
import type { Database } from "../../db/schema.ts";
import { jsonError } from "../api/errors.ts";

/** An API key as newApiKey makes it: its prefix (looked up) and its secret. */
export const API_KEY_PATTERN = /^casa_pk_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** A new key: shown once to its creator; the database keeps its prefix and hash. */
export function newApiKey(): { key: string; prefix: string; keyHash: string } {
  const prefix = randomBytes(12)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")
    .slice(0, 12);
  const key = `casa_pk_${prefix}_${randomBytes(32).toString("base64url")}`;
  return { key, prefix, keyHash: hashApiKey(key) };
}

/** The caller's language for messages: English when the request prefers it, else Italian. */
export function inputLocale(request: Request): InputLocale {
  const accept = request.headers.get("accept-language") ?? "";
  return /^\s*en\b/i.test(accept) ? "en" : "it";
}

/** A 400 naming the first problem's field, in the caller's language (the one error shape). */
export function inputProblemResponse(problems: ListingInputProblem[], locale: InputLocale): Response {
  const first = problems[0] ?? { field: "body", message: "invalid" as const };
  return jsonError(400, listingIssueText(first, locale), first.field);
}

export type ListingCheck = { ok: true; listing: NewListing; input: ListingInput } | { ok: false; problems: ListingInputProblem[] };

/** Parses a publisher's listing (schema, then places) into the row to write; every problem found, each with its field. */
export async function checkListingInput(
  db: Kysely<Database>,
  raw: unknown,
  publisher: { id: number; kind: string },
  now: Date,
  publishedAt: Date = now,
): Promise<ListingCheck> {
  const parsed = listingInput.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: listingInputProblems(parsed.error as z.ZodError) };
  const input = parsed.data;
  if (input.agentId !== undefined && !(await isAgentOf(db, publisher.id, input.agentId))) {
    return { ok: false, problems: [{ field: "agentId", message: "notAllowed" }] };
  }
  const directory = await getPlaceDirectory(db);
  const town = directory.get(input.address.townId);
  if (!town || town.level !== PlaceLevel.town) return { ok: false, problems: [{ field: "address.townId", message: "unknownTown" }] };
  let point: { lat: number; lon: number };
  if (input.address.lat !== undefined && input.address.lon !== undefined) {
    point = { lat: input.address.lat, lon: input.address.lon };
  } else {
    const found = await geocodeStreet(db, town.id, input.address.street);
    if (!found) return { ok: false, problems: [{ field: "address.street", message: "addressNotFound" }] };
    point = found;
  }
  const containing = await placesAtPoint(db, point.lat, point.lon);
  const inTown = containing.find((p) => p.level === PlaceLevel.town);
  if (input.address.lat !== undefined && inTown?.id !== town.id) {
    return { ok: false, problems: [{ field: "address.lat", message: "pointNotInTown" }] };
  }
  const within = inTown?.id === town.id ? containing : [];
  const zone = within.find((p) => p.level === PlaceLevel.zone) ?? null;
  const block = within.find((p) => p.level === PlaceLevel.block) ?? null;
  const nonAdmin = within.filter((p) => p.level === PlaceLevel.nonAdminZone || p.level === PlaceLevel.nonAdminSubZone).map((p) => p.id);
  const province = directory.ancestorAt(town.id, PlaceLevel.province);
  const region = directory.ancestorAt(town.id, PlaceLevel.region);
  const geoVisibility = input.address.showExactPoint === true ? 1 : 2;
  const points = listingPoints(point.lat, point.lon, geoVisibility);
  const group = propertyTypeGroupOf[input.propertyType]!;
  const priceType = input.priceType ?? "fisso";
  const metroStopIds = directory
    .atLevel(PlaceLevel.metroStop)
    .filter((s) => s.lat !== null && s.lon !== null && distanceMeters(points.lat, points.lon, Number(s.lat), Number(s.lon)) <= 1_000)
    .map((s) => s.id)
    .sort();
  // Measured from the public point, as the generator does (decision 038): the distances are searchable.
  const poi = await nearestPoiDistances(db, points.lat, points.lon);
  const listing: NewListing = {
    channel: input.channel,
    category: categoryOf(input.channel, group),
    propertyTypeGroup: group,
    propertyType: input.propertyType,
    isNewConstruction: input.isNewConstruction ?? false,
    price: input.price,
    priceUnit: input.channel === "vendita" ? "total" : input.channel === "affitto" ? "month" : "week",
    priceType,
    originalPrice: null,
    priceMax: null,
    surface: input.surface,
    rooms: input.rooms ?? null,
    bedrooms: input.bedrooms ?? null,
    baths: input.baths ?? null,
    parkingSpaces: input.parkingSpaces ?? 0,
    floor: input.floor ?? null,
    totalFloors: input.totalFloors ?? null,
    hasLift: input.hasLift ?? false,
    hasBalcony: input.hasBalcony ?? false,
    hasTerrace: input.hasTerrace ?? false,
    garden: input.garden ?? null,
    heating: input.heating ?? null,
    energyClass: input.energyClass ?? null,
    energyIndex: input.energyIndex ?? null,
    buildingCondition: input.buildingCondition ?? (input.isNewConstruction ? "nuovo" : null),
    buildingYear: input.buildingYear ?? null,
    availability: input.availability === "nuda-proprieta" ? "nuda proprieta" : (input.availability ?? null),
    sellerType: publisher.kind === "private" ? "privato" : "agenzia",
    furniture: input.furniture ?? null,
    publishedAt,
    isAuction: input.isAuction ?? false,
    auctionDate: input.auctionDate ?? null,
    isPrivateNegotiation: input.isPrivateNegotiation ?? false,
    hasPool: input.hasPool ?? false,
    hasReception: false,
    hasVirtualTour: false,
    hasAirConditioning: input.hasAirConditioning ?? false,
    isLuxury: false,
    isUnderConstruction: false,
    licenseTypeGroup: null,
    licenseType: null,
    includesPropertyOwnership: null,
    commercialBuildingLocation: null,
    photoCount: 0,
    hasFloorPlan: false,
    title: input.title,
    description: input.description,
    street: input.address.street,
    streetNumber: input.address.streetNumber,
    postalCode: input.address.postalCode ?? null,
    ...points,
    geoVisibility,
    regionId: region?.id ?? town.id,
    provinceId: province?.id ?? town.id,
    townId: town.id,
    zoneId: zone?.id ?? null,
    blockId: block?.id ?? null,
    nonadminZoneIds: nonAdmin,
    metroStopIds,
    placeHkey: block?.hkey ?? zone?.hkey ?? town.hkey,
    publisherId: publisher.id,
    agentId: input.agentId ?? null,
    distBusStation: poi.bus_station,
    distSubway: poi.subway,
    distElectricCharging: poi.electric_charging,
    distElementarySchool: poi.elementary_school,
    distHighSchool: poi.high_school,
    distSecondarySchool: poi.secondary_school,
    distNurserySchool: poi.nursery_school,
    distSupermarket: poi.supermarket,
    relevance: relevanceScore({ publishedAt, photoCount: 0, hasFloorPlan: false, hasVirtualTour: false, priceType }),
  };
  return { ok: true, listing, input };
}

/**
 * What an update of a published listing sets: the checked listing without what belongs to the listing's life
 * rather than its content (its publication time and relevance, its photos, floor plan and tour).
 */
export function listingChanges(listing: NewListing) {
  const {
    publishedAt: _published,
    relevance: _relevance,
    photoCount: _photos,
    hasFloorPlan: _plan,
    hasVirtualTour: _tour,
    ...changes
  } = listing;
  return changes;
}

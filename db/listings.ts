/** Single-listing queries. */
import type { Kysely } from "kysely";
import { circleBBox } from "../core/geo.ts";
import { findListingSummaries, type ListingSummary } from "./listings-search.ts";
import { distanceSql } from "./search-sql.ts";
import type { Database, Row, SelectedColumns } from "./schema.ts";

/** Which of these ids are listings that exist. */
export async function existingListingIds(db: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("listings").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

const detailColumns = [
  "l.id",
  "l.title",
  "l.description",
  "l.channel",
  "l.category",
  "l.propertyTypeGroup",
  "l.propertyType",
  "l.isNewConstruction",
  "l.price",
  "l.priceUnit",
  "l.priceType",
  "l.originalPrice",
  "l.priceMax",
  "l.surface",
  "l.rooms",
  "l.bedrooms",
  "l.baths",
  "l.parkingSpaces",
  "l.floor",
  "l.totalFloors",
  "l.hasLift",
  "l.hasBalcony",
  "l.hasTerrace",
  "l.garden",
  "l.heating",
  "l.energyClass",
  "l.energyIndex",
  "l.buildingCondition",
  "l.buildingYear",
  "l.availability",
  "l.furniture",
  "l.publishedAt",
  "l.isAuction",
  "l.auctionDate",
  "l.isPrivateNegotiation",
  "l.shownPrice",
  "l.hasPool",
  "l.hasReception",
  "l.hasVirtualTour",
  "l.hasAirConditioning",
  "l.isLuxury",
  "l.isUnderConstruction",
  "l.licenseType",
  "l.photoCount",
  "l.hasFloorPlan",
  "l.street",
  "l.streetNumber",
  "l.postalCode",
  "l.lat",
  "l.lon",
  "l.geoVisibility",
  "l.townId",
  "l.zoneId",
  "l.publisherId",
  "l.agentId",
] as const;

type Publisher = Row<"publishers">;

/** Everything the listing page shows: the listing's columns above, its publisher and agent. */
export type ListingDetail = Pick<Row<"listings">, SelectedColumns<typeof detailColumns>> & {
  publisherKind: Publisher["kind"];
  publisherName: Publisher["name"];
  publisherPhone: Publisher["phone"];
  publisherLogoColor: Publisher["logoColor"];
  /** The agent who follows the listing, if any. */
  agentName: Publisher["name"] | null;
  agentIsPro: Publisher["isAgentPro"] | null;
};

/** Everything the listing page shows, or null. */
export async function findListingDetail(db: Kysely<Database>, id: number): Promise<ListingDetail | null> {
  const row = await db
    .selectFrom("listings as l")
    .innerJoin("publishers as p", "p.id", "l.publisherId")
    .leftJoin("publishers as a", "a.id", "l.agentId")
    .select(detailColumns)
    .select([
      "p.kind as publisherKind",
      "p.name as publisherName",
      "p.phone as publisherPhone",
      "p.logoColor as publisherLogoColor",
      "a.name as agentName",
      "a.isAgentPro as agentIsPro",
    ])
    .where("l.id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

/** "Similar nearby": same channel and group, price within ±25 %, within 5 km; closest first. */
export const SIMILAR = { radius: 5_000, priceTolerance: 0.25, limit: 6 } as const;

/**
 * Listings like this one nearby (the listing page's "Annunci simili nella zona"), from the public
 * point. A hidden price ('Trattativa riservata') must not be bracketed by the list: such listings are
 * never matched by price, and one of them gets its neighbours whatever their price.
 */
export async function findSimilarListings(
  db: Kysely<Database>,
  listing: Pick<ListingDetail, "id" | "channel" | "propertyTypeGroup" | "shownPrice" | "lat" | "lon">,
): Promise<ListingSummary[]> {
  const [west, south, east, north] = circleBBox(listing.lat, listing.lon, SIMILAR.radius);
  const distance = distanceSql(listing.lat, listing.lon);
  let query = db
    .selectFrom("listings")
    .select("listings.id")
    .where("listings.channel", "=", listing.channel)
    .where("listings.propertyTypeGroup", "=", listing.propertyTypeGroup)
    .where("listings.id", "!=", listing.id)
    .where("listings.shownPrice", "is not", null);
  if (listing.shownPrice !== null) {
    query = query
      .where("listings.shownPrice", ">=", Math.floor(listing.shownPrice * (1 - SIMILAR.priceTolerance)))
      .where("listings.shownPrice", "<=", Math.ceil(listing.shownPrice * (1 + SIMILAR.priceTolerance)));
  }
  const rows = await query
    .where("listings.lat", ">=", south)
    .where("listings.lat", "<=", north)
    .where("listings.lon", ">=", west)
    .where("listings.lon", "<=", east)
    .where(distance, "<=", SIMILAR.radius)
    .orderBy(distance)
    .orderBy("listings.id")
    .limit(SIMILAR.limit)
    .execute();
  return findListingSummaries(
    db,
    rows.map((r) => Number(r.id)),
  );
}

/** The listing page's data in one call: the listing and the similar listings nearby. */
export async function findListingPage(
  db: Kysely<Database>,
  id: number,
): Promise<{ listing: ListingDetail; similar: ListingSummary[] } | null> {
  const listing = await findListingDetail(db, id);
  if (!listing) return null;
  return { listing, similar: await findSimilarListings(db, listing) };
}

/** What the listing map needs: the public point, its visibility and the town's boundary (GeoJSON text). */
export async function findListingLocation(
  db: Kysely<Database>,
  id: number,
): Promise<{ lat: number; lon: number; geoVisibility: number; townGeometry: unknown | null } | null> {
  const row = await db
    .selectFrom("listings as l")
    .leftJoin("places as t", "t.id", "l.townId")
    .select(["l.lat", "l.lon", "l.geoVisibility", "t.geometry"])
    .where("l.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  let townGeometry: unknown | null = null;
  try {
    townGeometry = row.geometry ? (JSON.parse(row.geometry) as unknown) : null;
  } catch {
    townGeometry = null;
  }
  return { lat: row.lat, lon: row.lon, geoVisibility: row.geoVisibility, townGeometry };
}

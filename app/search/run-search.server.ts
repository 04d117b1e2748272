/** The listing search as the endpoints run it: criteria, one page, the exact total, the fill-in list. */
import { PlaceLevel } from "../../core/places.ts";
import type { IsochroneProvider } from "../../core/search/isochrone.ts";
import { activeFilterCount, type SearchQuery } from "../../core/search/query.ts";
import { PAGE_SIZE, MAX_PAGE } from "../../core/search/vocabulary.ts";
import type { CountCache } from "../../db/count-cache.ts";
import type { DatabaseHandle } from "../../db/database.ts";
import { collapseOffers, type HomeOffer } from "../../core/listing/offers.ts";
import { offersOfClustered } from "../../db/home-offers.ts";
import { nearbyListings, searchListings, type ListingSummary } from "../../db/listings-search.ts";
import { buildCriteria, fillInOrigin } from "../../db/search-criteria.ts";
import { presentListingCard, type ListingCard } from "../api/listing-card-presenter.ts";
import type { Services } from "../services.ts";

/** The shared pieces every search takes from the services. */
export function searchOptions(s: Pick<Services, "isochrones" | "counts">): { isochrones: IsochroneProvider; counts: CountCache } {
  return { isochrones: s.isochrones, counts: s.counts };
}

/** Below this many results the fill-in list of nearby listings is added (seed 000 §4 "few results"). */
export const FEW_RESULTS = 10;
const FILL_IN_SIZE = 25;

/** A result card; `offers` when the home is published by several publishers (one card, its offers: decision 120). */
export type ResultCard = ListingCard & { offers?: HomeOffer[] };

export interface ListingSearchResult {
  listings: ResultCard[];
  total: number;
  /** How many matches were left out because the user hid them. */
  hidden: number;
  page: number;
  size: number;
  totalPages: number;
  isNoResults: boolean;
  activeFilters: number;
  publishers: Array<{ publisherId: number; publisherName: string; publisherType: string }>;
  fillin: { total: number; listings: ResultCard[] } | null;
}

const clusteredIds = (summaries: readonly ListingSummary[]) => summaries.filter((s) => s.inCluster).map((s) => s.id);

export async function runListingSearch(
  db: DatabaseHandle["readDb"],
  query: SearchQuery,
  options: {
    size?: number;
    isochrones?: IsochroneProvider;
    counts?: CountCache;
    withFillIn?: boolean;
    excludeListings?: readonly number[];
  } = {},
): Promise<ListingSearchResult> {
  const size = options.size ?? PAGE_SIZE;
  const built = await buildCriteria(db, query, { isochrones: options.isochrones });
  const directory = built.directory;
  const criteria = options.excludeListings?.length ? { ...built.criteria, excludeListings: options.excludeListings } : built.criteria;
  const result = await searchListings(db, criteria, { number: query.page, size }, { counts: options.counts });
  const cards = result.listings.map((l) => presentListingCard(l, directory));
  const listings = collapseOffers(cards, await offersOfClustered(db, clusteredIds(result.listings)));
  let fillin: ListingSearchResult["fillin"] = null;
  // includeSurrounding asks for the surrounding places' listings whatever the count (seed 000 §3).
  if ((options.withFillIn ?? true) && query.page === 1 && (result.total < FEW_RESULTS || query.includeSurrounding)) {
    const origin = fillInOrigin(criteria, directory.atLevel(PlaceLevel.town));
    if (origin) {
      const nearby = await nearbyListings(db, criteria, origin, FILL_IN_SIZE);
      const near = nearby.listings.map((l) => presentListingCard(l, directory));
      fillin = {
        total: nearby.total,
        listings: collapseOffers(near, await offersOfClustered(db, clusteredIds(nearby.listings))),
      };
    }
  }
  const publishers = new Map<number, { publisherId: number; publisherName: string; publisherType: string }>();
  for (const l of listings)
    publishers.set(l.publisher.publisherId, {
      publisherId: l.publisher.publisherId,
      publisherName: l.publisher.publisherName,
      publisherType: l.publisher.publisherType,
    });
  return {
    listings,
    total: result.total,
    hidden: result.hidden,
    page: query.page,
    size,
    totalPages: Math.min(Math.ceil(result.total / size), MAX_PAGE),
    isNoResults: result.total === 0,
    activeFilters: activeFilterCount(query),
    publishers: [...publishers.values()],
    fillin,
  };
}

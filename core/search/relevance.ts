/**
 * The relevance score behind the default sort ("rilevanza"), stored on each listing so the sort is
 * an index scan. Newer first, with a head start for listings that show more: a listing with five or
 * more photos, a floor plan and a virtual tour ranks like one published a week later.
 * score = days since 1970 of the publication + 3 (≥ 5 photos) + 2 (floor plan) + 2 (virtual tour)
 *       + 1 (price reduced).
 */
export interface RelevanceInput {
  publishedAt: Date | string;
  photoCount: number;
  hasFloorPlan: boolean;
  hasVirtualTour: boolean;
  priceType: string;
}

export function relevanceScore(listing: RelevanceInput): number {
  const days = new Date(listing.publishedAt).getTime() / 86_400_000;
  const boost =
    (listing.photoCount >= 5 ? 3 : 0) +
    (listing.hasFloorPlan ? 2 : 0) +
    (listing.hasVirtualTour ? 2 : 0) +
    (listing.priceType === "ribassato" ? 1 : 0);
  return Math.round((days + boost) * 1000) / 1000;
}

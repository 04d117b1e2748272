/**
 * Where a listing's media are served (app/routes/media.listing.ts). One function per path, so that a card
 * can carry a photo count instead of every photo's address: a results page's data was half photo URLs.
 */

/** Photo `index` (from 0) of a listing. */
export function listingPhotoPath(listingId: number, index: number): string {
  return `/media/listing/${listingId}/${index}.svg`;
}

/** Every photo of a listing, in order. */
export function listingPhotoPaths(listingId: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => listingPhotoPath(listingId, i));
}

/** The floor plan of a listing. */
export function listingFloorPlanPath(listingId: number): string {
  return `/media/listing/${listingId}/planimetria.svg`;
}

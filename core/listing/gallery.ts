/** The listing page's full-screen gallery: which photo a key or a swipe leads to (app/ui/listing-gallery.tsx). */

/** A horizontal move shorter than this (CSS px) is a tap or a wobble, not a swipe. */
export const SWIPE_MIN_PX = 40;

/** The photo `step` places after `index` among `total`, wrapping round at both ends. */
export function galleryStep(index: number, total: number, step: number): number {
  if (total <= 0) return 0;
  return (((index + step) % total) + total) % total;
}

/** The step a key asks for: the arrows move by one, Home and End jump to the ends; other keys none. */
export function keyStep(key: string, index: number, total: number): number | null {
  if (key === "ArrowRight") return 1;
  if (key === "ArrowLeft") return -1;
  if (key === "Home") return -index;
  if (key === "End") return total - 1 - index;
  return null;
}

/** The step a finger's move from start to end asks for: swiping left shows the next photo; mostly vertical moves are scrolls. */
export function swipeStep(dx: number, dy: number): number | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? 1 : -1;
}

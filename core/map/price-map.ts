/**
 * The price map (issue 10 item 11, beyond seed 000): municipalities and city zones coloured by the
 * median asking price per m² of the listings of one channel and property group. Pure rules: which
 * places are shown (at least 5 listings: a median of fewer says little and points at single homes),
 * the legend's classes (quantiles of the shown medians), the colour of a value.
 */

export const PRICE_MAP_MIN_LISTINGS = 5;
/** Light to dark: cheaper to dearer. */
export const PRICE_MAP_COLOURS = ["#fff3bf", "#ffd43b", "#fd7e14", "#e8590c", "#a61e4d"] as const;

export interface PlacePrice {
  id: string;
  median: number;
  count: number;
}

/** The places with enough listings to show. */
export function shownPrices(rows: readonly PlacePrice[]): PlacePrice[] {
  return rows.filter((r) => r.count >= PRICE_MAP_MIN_LISTINGS && Number.isFinite(r.median) && r.median > 0);
}

/**
 * The legend's upper bounds: quantiles of the medians (4 breaks, 5 classes), rounded to 50 €/m² for
 * sale and 1 € for rent (a rent per m² is a few euros), strictly increasing.
 */
export function priceBreaks(medians: readonly number[]): number[] {
  if (medians.length === 0) return [];
  const sorted = [...medians].sort((a, b) => a - b);
  const step = sorted[sorted.length - 1]! >= 200 ? 50 : 1;
  const breaks: number[] = [];
  for (let i = 1; i < PRICE_MAP_COLOURS.length; i++) {
    const q = sorted[Math.min(sorted.length - 1, Math.floor((i * sorted.length) / PRICE_MAP_COLOURS.length))]!;
    const rounded = Math.max(step, Math.round(q / step) * step);
    if (breaks.length === 0 || rounded > breaks[breaks.length - 1]!) breaks.push(rounded);
  }
  return breaks;
}

/** The class (0 = cheapest) of a median under the breaks. */
export function priceClass(median: number, breaks: readonly number[]): number {
  const i = breaks.findIndex((b) => median < b);
  return i < 0 ? breaks.length : i;
}

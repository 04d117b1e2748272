/**
 * Home valuation from comparable listings (issue 4 part 1): the median asking price per m² of similar
 * homes for sale nearby, the 25th–75th percentile range, and the estimate = median × surface.
 * Pure statistics; the comparables come from db/valuation.ts.
 */

/** Fewer comparables than this and the page says so instead of guessing. */
export const MIN_COMPARABLES = 5;
/** Comparables have a surface within this fraction of the home's (±35 %). */
export const SURFACE_TOLERANCE = 0.35;

/** The q-quantile (0…1) of an ascending list, interpolating linearly between ranks (R type 7). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError("quantile of an empty list");
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

/** The surface band comparables must fall in, in whole m². */
export function surfaceBand(surface: number): { min: number; max: number } {
  return { min: Math.floor(surface * (1 - SURFACE_TOLERANCE)), max: Math.ceil(surface * (1 + SURFACE_TOLERANCE)) };
}

export type Valuation =
  | {
      status: "ok";
      /** Comparables used. */
      count: number;
      /** € per m², rounded to the euro. */
      medianPerMq: number;
      lowPerMq: number;
      highPerMq: number;
      /** € for the whole home, rounded to the thousand. */
      estimate: number;
      low: number;
      high: number;
    }
  | { status: "too-few"; count: number };

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** The estimate for a home of `surface` m² from the comparables' prices per m². */
export function estimateValue(pricesPerMq: readonly number[], surface: number, minComparables = MIN_COMPARABLES): Valuation {
  const sorted = pricesPerMq.filter((p) => Number.isFinite(p) && p > 0).sort((a, b) => a - b);
  if (sorted.length < minComparables) return { status: "too-few", count: sorted.length };
  const median = quantile(sorted, 0.5);
  const low = quantile(sorted, 0.25);
  const high = quantile(sorted, 0.75);
  return {
    status: "ok",
    count: sorted.length,
    medianPerMq: Math.round(median),
    lowPerMq: Math.round(low),
    highPerMq: Math.round(high),
    estimate: roundTo(median * surface, 1000),
    low: roundTo(low * surface, 1000),
    high: roundTo(high * surface, 1000),
  };
}

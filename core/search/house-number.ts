/**
 * A typed house number against a street's real numbers (issue 27, docs/decisions/111): the same number
 * ("21", "3/b" = "3B"), else the nearest number on the same street (on a tie the plain number before
 * "21A", then the lower), else nothing and the caller uses the street's point.
 */
export interface HouseNumberPoint {
  /** The integer part: 150 for "150A". */
  number: number;
  /** "21", "150A" */
  numberFull: string;
  lat: number;
  lon: number;
}

/** "3/b", "3 B", "3b" → "3B"; "21" → "21"; null when it does not start with a digit. */
export function normalizeHouseNumber(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s/-]+/g, "");
  return /^\d/.test(compact) ? compact : null;
}

export function nearestHouseNumber<T extends HouseNumberPoint>(numbers: readonly T[], typed: string): T | null {
  const wanted = normalizeHouseNumber(typed);
  if (wanted === null || numbers.length === 0) return null;
  const exact = numbers.find((n) => n.numberFull === wanted);
  if (exact) return exact;
  const value = Number.parseInt(wanted, 10);
  let best: T | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const n of numbers) {
    // Distance first, then the plain number before "A", "B".
    const score = Math.abs(n.number - value) * 2 + (n.numberFull === String(n.number) ? 0 : 1);
    if (score < bestScore || (score === bestScore && best !== null && n.number < best.number)) {
      best = n;
      bestScore = score;
    }
  }
  return best;
}

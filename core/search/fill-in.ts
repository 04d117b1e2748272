/**
 * How the results page lays out the fill-in list of nearby listings (seed 000 §4 "Fill-in list"):
 * with no results, the top 2 nearby listings, then a trigger 'Vedi N annunci vicini' that reveals
 * the rest (all on top when there are 3 or fewer); with few results, a banner 'Vedi N annunci
 * circostanti'. Pure; the wording lives in app/i18n/search.ts.
 */
/** Listings shown before the trigger when there are no results. */
export const FILL_IN_TOP = 2;

export type FillInPlan =
  | { mode: "none" }
  /** No results: `top` listings shown, then a trigger revealing `hidden` more; `more` is the count on the trigger. */
  | { mode: "no-results"; top: number; hidden: number; more: number }
  /** Few results: a banner revealing `hidden` listings; `more` is the count on the banner. */
  | { mode: "few-results"; hidden: number; more: number };

/**
 * `total` is the search's own total; `nearbyShown` how many fill-in listings came back and
 * `nearbyTotal` how many exist. Only page 1 gets a fill-in (the server computes none beyond it).
 */
export function planFillIn(input: { total: number; page: number; nearbyShown: number; nearbyTotal: number }): FillInPlan {
  const { total, page, nearbyShown, nearbyTotal } = input;
  if (page !== 1 || nearbyShown === 0) return { mode: "none" };
  if (total === 0) {
    if (nearbyShown <= FILL_IN_TOP + 1) return { mode: "no-results", top: nearbyShown, hidden: 0, more: 0 };
    return {
      mode: "no-results",
      top: FILL_IN_TOP,
      hidden: nearbyShown - FILL_IN_TOP,
      more: Math.max(nearbyTotal, nearbyShown) - FILL_IN_TOP,
    };
  }
  return { mode: "few-results", hidden: nearbyShown, more: Math.max(nearbyTotal, nearbyShown) };
}

/** The offers of one home published by several publishers (docs/decisions/120): one card, its offers listed. */

/** One publisher's offer of a home; `price` is null for a private negotiation (the shown price, decision 088). */
export type HomeOffer = { listingId: number; publisherId: number; publisherName: string; price: number | null };

/**
 * One card per home: the first listing of each cluster keeps its place (and carries the offers), the others
 * in the same list are left out, so two offers of one home never stand side by side.
 */
export function collapseOffers<T extends { id: number }>(
  cards: readonly T[],
  offers: ReadonlyMap<number, HomeOffer[]>,
): Array<T & { offers?: HomeOffer[] }> {
  const shown = new Set<number>();
  const out: Array<T & { offers?: HomeOffer[] }> = [];
  for (const card of cards) {
    if (shown.has(card.id)) continue;
    const home = offers.get(card.id);
    if (!home) {
      out.push(card);
      continue;
    }
    for (const o of home) shown.add(o.listingId);
    out.push({ ...card, offers: home });
  }
  return out;
}

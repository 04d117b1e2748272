import { expect, it } from "vitest";
import { collapseOffers, type HomeOffer } from "./offers.ts";

const offer = (listingId: number, publisherId: number): HomeOffer => ({
  listingId,
  publisherId,
  publisherName: `P${publisherId}`,
  price: 100,
});

it("shows one card per home: the first of a cluster carries its offers, the others are left out", () => {
  const home = [offer(3, 1), offer(7, 2)];
  const offers = new Map([
    [3, home],
    [7, home],
  ]);
  const cards = [{ id: 1 }, { id: 7 }, { id: 2 }, { id: 3 }, { id: 4 }];
  expect(collapseOffers(cards, offers)).toEqual([{ id: 1 }, { id: 7, offers: home }, { id: 2 }, { id: 4 }]);
  expect(collapseOffers(cards, new Map())).toEqual(cards);
});

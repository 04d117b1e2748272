/**
 * Stored saved searches are found again by their hash (db/saved-searches.ts): a change to the registry's
 * order, a key's name or the canonical form would silently orphan every stored row. These searches and
 * their strings and hashes are pinned; a change here must come with a migration of the stored hashes.
 */
import { describe, expect, it } from "vitest";
import { parseSearch } from "./query.ts";
import { serializeWithHash } from "./saved-search.ts";

const golden: Array<{ name: string; raw: Record<string, unknown>; places: string[]; str: string; hash: string }> = [
  {
    name: "a town, for sale, with a price ceiling",
    raw: { channel: "vendita", price_max: 300000 },
    places: ["IT-03-015146"],
    str: '{"zones":["IT-03-015146"],"price_max":300000}',
    hash: "c93ee3248dde18512b4aa9afb1cee2eb",
  },
  {
    name: "rent in two zones with rooms, lift and energy classes",
    raw: { channel: "affitto", numRooms_min: 2, numRooms_max: 4, lift: true, energyClass: "A4,B" },
    places: ["IT-03-015146-Z05", "IT-03-015146-Z01"],
    str: '{"channel":"affitto","zones":["IT-03-015146-Z01","IT-03-015146-Z05"],"numRooms_min":2,"numRooms_max":4,"lift":true,"energyClass":["A4","B"]}',
    hash: "0c5a239840ca21dcae629c91694afb81",
  },
  {
    name: "new constructions with private negotiation excluded",
    raw: { channel: "vendita", propertyTypeGroup: "nuove-costruzioni", exclude_private_negotiation: true, mq_min: 80 },
    places: ["IT-12-058091"],
    str: '{"propertyTypeGroup":"nuove-costruzioni","zones":["IT-12-058091"],"mq_min":80,"exclude_private_negotiation":true}',
    hash: "573d9dbbeeb01293b0dabbb24baf276a",
  },
  {
    name: "a drawn area with auctions excluded",
    raw: {
      channel: "vendita",
      exclude_auction: true,
      geopolygon: {
        polygon: [
          [45.47, 9.17],
          [45.47, 9.21],
          [45.45, 9.21],
          [45.45, 9.17],
        ],
      },
    },
    places: [],
    str: '{"is_auction":false,"exclude_auction":true,"geopolygon":{"polygon":[[45.45,9.17],[45.45,9.21],[45.47,9.21],[45.47,9.17]]}}',
    hash: "8c3760d6d8c8b1ed4b85db5e474c98c1",
  },
  {
    name: "a circle for short rent",
    raw: { channel: "affitto-breve", geocircle: { circle: [{ distance: 1500, center: [41.9, 12.49] }] } },
    places: [],
    str: '{"channel":"affitto-breve","geocircle":{"circle":[{"distance":1500,"center":[41.9,12.49]}]}}',
    hash: "2bbb4a2a8beeedc74e8a1ef2f302d902",
  },
];

describe("saved-search hashes are pinned", () => {
  it.each(golden)("$name", ({ raw, places, str, hash }) => {
    expect(serializeWithHash(parseSearch(raw, places))).toEqual({ str, hash });
  });
});

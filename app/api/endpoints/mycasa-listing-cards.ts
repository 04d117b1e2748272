/**
 * POST /portal-srp/api/v1/mycasa/listings/cards — the cards of saved listings for the favourites page:
 * `{ ids: number[] (≤ 25, what the page shows at once) }` → `{ listings: Card[], missing: number[] }`, in the order asked;
 * `missing` are ids that no longer exist (the page drops them from the browser's list).
 */
import { z } from "zod";
import { CARDS_PER_PAGE } from "../../../core/listing/favourites.ts";
import { findListingSummaries } from "../../../db/listings-search.ts";
import { getPlaceDirectory } from "../../../db/place-directory.ts";
import { presentListingCard } from "../listing-card-presenter.ts";
import { endpoint, privateJson } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";

const cardsBodySchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(CARDS_PER_PAGE, `at most ${CARDS_PER_PAGE} ids per call`),
});

const api = endpoint("POST", {
  limit: "cards",
  // Public cards of public listings: what the favourites page of a visitor's browser list shows.
  authorise: anyone,
  validate: (input) => input.jsonOf(cardsBodySchema),
  command: async ({ input, svc }) => {
    const unique = [...new Set(input.ids)];
    const db = svc.database.readDb;
    const [summaries, directory] = await Promise.all([findListingSummaries(db, unique), getPlaceDirectory(db)]);
    const found = new Set(summaries.map((s) => s.id));
    return { listings: summaries.map((s) => presentListingCard(s, directory)), missing: unique.filter((id) => !found.has(id)) };
  },
  present: privateJson,
});

export const loader = api.loader;
export const action = api.action;

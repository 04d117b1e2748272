/**
 * POST /portal-srp/api/v1/mycasa/listings/cards — the cards of saved listings for the favourites page:
 * `{ ids: number[] (≤ 25, what the page shows at once) }` → `{ listings: Card[], missing: number[] }`, in the order asked;
 * `missing` are ids that no longer exist (the page drops them from the browser's list).
 */
import { z } from "zod";
import { CARDS_PER_PAGE } from "../../core/listing/favourites.ts";
import { findListingSummaries } from "../../db/listings-search.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { presentListingCard } from "../api/listing-card-presenter.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readJsonBody } from "../api/request.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.mycasa-listing-cards";

const cardsBodySchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(CARDS_PER_PAGE, `at most ${CARDS_PER_PAGE} ids per call`),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "cards" }, async ({ request, context }) => {
  const { ids } = await readJsonBody(request, cardsBodySchema);
  const unique = [...new Set(ids)];
  const db = services(context).database.readDb;
  const [summaries, directory] = await Promise.all([findListingSummaries(db, unique), getPlaceDirectory(db)]);
  const found = new Set(summaries.map((s) => s.id));
  return Response.json(
    { listings: summaries.map((s) => presentListingCard(s, directory)), missing: unique.filter((id) => !found.has(id)) },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/mycasa/listings/cards — the cards of saved listings for the favourites page:
 * `{ ids: number[] (≤ 200) }` → `{ listings: Card[], missing: number[] }`, in the order asked;
 * `missing` are ids that no longer exist (the page drops them from the browser's list).
 */
import { z } from "zod";
import { MAX_FAVOURITES } from "../../core/listing/favourites.ts";
import { findListingSummaries } from "../../db/listings-search.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { presentListingCard } from "../api/listing-card-presenter.ts";
import { postOnly, readJsonBody } from "../api/request.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.mycasa-listing-cards";

export const loader = postOnly;

const cardsBodySchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_FAVOURITES),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { ids } = await readJsonBody(request, cardsBodySchema);
  const unique = [...new Set(ids)];
  const db = services(context).database.readDb;
  const [summaries, directory] = await Promise.all([findListingSummaries(db, unique), getPlaceDirectory(db)]);
  const found = new Set(summaries.map((s) => s.id));
  return Response.json(
    { listings: summaries.map((s) => presentListingCard(s, directory)), missing: unique.filter((id) => !found.has(id)) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

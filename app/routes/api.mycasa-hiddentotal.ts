/**
 * POST /portal-srp/api/v1/mycasa/hiddentotal — how many of the ads the user discarded match this
 * search (they are hidden from its results), and which discarded ads no longer exist (closed).
 */
import { z } from "zod";
import { parseSearch } from "../../core/search/query.ts";
import { countAmong } from "../../db/listings-search.ts";
import { existingListingIds } from "../../db/listings.ts";
import { postOnly, readJsonBody } from "../api/request.ts";
import { searchInputError } from "../api/search-input.server.ts";
import { buildCriteria } from "../search/criteria.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.mycasa-hiddentotal";

export const loader = postOnly;

const ids = z.array(z.number().int().positive()).max(1000);
const bodySchema = z.strictObject({
  userDiscardedAds: ids,
  closedList: ids.optional(),
  locations: z.array(z.union([z.string().max(80), z.looseObject({ id: z.string().max(80) }).transform((l) => l.id)])).max(50).optional(),
  filters: z.record(z.string().max(80), z.unknown()).optional(),
  apireq: z.unknown().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, bodySchema);
  let query;
  try {
    query = parseSearch(body.filters ?? {}, body.locations ?? []);
  } catch (error) {
    throw searchInputError(error);
  }
  const db = services(context).database.readDb;
  const { criteria } = await buildCriteria(db, query, { isochrones: services(context).isochrones });
  const [hiddenTotal, existing] = await Promise.all([countAmong(db, criteria, body.userDiscardedAds), existingListingIds(db, body.userDiscardedAds)]);
  const closed = new Set([...(body.closedList ?? []), ...body.userDiscardedAds.filter((id) => !existing.has(id))]);
  return Response.json({ hiddenTotal, newClosedList: [...closed].sort((a, b) => a - b) });
}

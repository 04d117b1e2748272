/** POST /portal-srp/api/v1/home/availableresults — the count shown on the home search button. */
import { countListings } from "../../db/listings-search.ts";
import { postOnly } from "../api/request.ts";
import { readSearchBody } from "../api/search-input.server.ts";
import { buildCriteria } from "../search/criteria.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.home-availableresults";

export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const { query } = await readSearchBody(request);
  const db = services(context).database.readDb;
  const { criteria } = await buildCriteria(db, query, { isochrones: services(context).isochrones });
  return Response.json({ total: await countListings(db, criteria, services(context).counts) });
}

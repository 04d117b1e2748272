/** POST /portal-srp/api/v1/search/availableresults — the live count for the filter panel, and how many results have each POI type near. */
import { countWithPoi } from "../../db/listings-search.ts";
import { postOnly } from "../api/request.ts";
import { readSearchBody } from "../api/search-input.server.ts";
import { buildCriteria } from "../search/criteria.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.search-availableresults";

export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const { query } = await readSearchBody(request);
  const db = services(context).database.readDb;
  const { criteria } = await buildCriteria(db, query, { isochrones: services(context).isochrones });
  const { total, poi } = await countWithPoi(db, criteria);
  return Response.json({ total, availablePoi: poi });
}

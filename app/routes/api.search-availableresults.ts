/** POST /portal-srp/api/v1/search/availableresults — the live count for the filter panel, and how many results have each POI type near. */
import { countWithPoi } from "../../db/listings-search.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { buildCriteria } from "../../db/search-criteria.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.search-availableresults";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const db = services(context).database.readDb;
  const { query } = await readSearch(request, db);
  const { criteria } = await buildCriteria(db, query, { isochrones: services(context).isochrones });
  const { total, poi } = await countWithPoi(db, criteria);
  return Response.json({ total, availablePoi: poi });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

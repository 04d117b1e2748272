/** POST /portal-srp/api/v1/home/availableresults — the count shown on the home search button. */
import { countListings } from "../../db/listings-search.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { buildCriteria } from "../../db/search-criteria.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.home-availableresults";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const db = services(context).database.readDb;
  const { query } = await readSearch(request, db);
  const { criteria } = await buildCriteria(db, query, { isochrones: services(context).isochrones });
  return Response.json({ total: await countListings(db, criteria, services(context).counts) });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

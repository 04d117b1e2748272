/** POST /portal-srp/api/v1/search — one page of listings with the exact total (seed 000 §7). */
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { runListingSearch, searchOptions } from "../search/run-search.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.search";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const s = services(context);
  const { body, query } = await readSearch(request, s.database.readDb);
  const result = await runListingSearch(s.database.readDb, query, { ...searchOptions(s), size: body.size });
  return Response.json({ ...result, query });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

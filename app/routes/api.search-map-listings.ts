/** POST /portal-srp/api/v1/search-map and /search-map/listings — the list beside the map: 20 per page, only items with coordinates. */
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { runListingSearch, searchOptions } from "../search/run-search.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.search-map-listings";

const MAP_PAGE_SIZE = 20;

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const db = services(context).database.readDb;
  const { body, query } = await readSearch(request, db);
  const result = await runListingSearch(db, query, {
    ...searchOptions(services(context)),
    size: body.size ?? MAP_PAGE_SIZE,
    withFillIn: false,
  });
  const validItems = result.listings.filter((l) => Number.isFinite(l.geoInfos.lat) && Number.isFinite(l.geoInfos.lon));
  return Response.json({ ...result, listings: validItems, validItems: validItems.length, query });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

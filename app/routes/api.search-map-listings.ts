/** POST /portal-srp/api/v1/search-map and /search-map/listings — the list beside the map: 20 per page, only items with coordinates. */
import { postOnly } from "../api/request.ts";
import { readSearchBody } from "../api/search-input.server.ts";
import { runListingSearch, searchOptions } from "../search/run-search.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.search-map-listings";

export const loader = postOnly;
const MAP_PAGE_SIZE = 20;

export async function action({ request, context }: Route.ActionArgs) {
  const { body, query } = await readSearchBody(request);
  const result = await runListingSearch(services(context).database.readDb, query, { ...searchOptions(services(context)), size: body.size ?? MAP_PAGE_SIZE, withFillIn: false });
  const validItems = result.listings.filter((l) => Number.isFinite(l.geoInfos.lat) && Number.isFinite(l.geoInfos.lon));
  return Response.json({ ...result, listings: validItems, validItems: validItems.length, query });
}

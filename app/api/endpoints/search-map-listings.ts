/** POST /portal-srp/api/v1/search-map and /search-map/listings — the list beside the map: 20 per page, only items with coordinates. */
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch } from "../search-input.server.ts";
import { runListingSearch, searchOptions } from "../../search/run-search.server.ts";

const MAP_PAGE_SIZE = 20;

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }, { svc }) => readSearch(request, svc.database.readDb),
  command: ({ input: { body, query }, svc }) =>
    runListingSearch(svc.database.readDb, query, { ...searchOptions(svc), size: body.size ?? MAP_PAGE_SIZE, withFillIn: false }),
  present: (result, { input: { query } }) => {
    const validItems = result.listings.filter((l) => Number.isFinite(l.geoInfos.lat) && Number.isFinite(l.geoInfos.lon));
    return Response.json({ ...result, listings: validItems, validItems: validItems.length, query });
  },
});

export const loader = api.loader;
export const action = api.action;

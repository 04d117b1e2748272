/** POST /portal-srp/api/v1/search — one page of listings with the exact total (seed 000 §7). */
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch } from "../search-input.server.ts";
import { runListingSearch, searchOptions } from "../../search/run-search.server.ts";

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }, { svc }) => readSearch(request, svc.database.readDb),
  command: ({ input: { body, query }, svc }) => runListingSearch(svc.database.readDb, query, { ...searchOptions(svc), size: body.size }),
  present: (result, { input: { query } }) => Response.json({ ...result, query }),
});

export const loader = api.loader;
export const action = api.action;

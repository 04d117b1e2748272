/** POST /portal-srp/api/v1/search/availableresults — the live count for the filter panel, and how many results have each POI type near. */
import { countWithPoi } from "../../../db/listings-search.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch } from "../search-input.server.ts";
import { buildCriteria } from "../../../db/search-criteria.ts";

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }, { svc }) => readSearch(request, svc.database.readDb),
  command: async ({ input: { query }, svc }) => {
    const db = svc.database.readDb;
    const { criteria } = await buildCriteria(db, query, { isochrones: svc.isochrones });
    return countWithPoi(db, criteria);
  },
  present: ({ total, poi }) => Response.json({ total, availablePoi: poi }),
});

export const loader = api.loader;
export const action = api.action;

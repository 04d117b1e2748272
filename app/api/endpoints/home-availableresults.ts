/** POST /portal-srp/api/v1/home/availableresults — the count shown on the home search button. */
import { countListings } from "../../../db/listings-search.ts";
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
    return countListings(db, criteria, svc.counts);
  },
  present: (total) => Response.json({ total }),
});

export const loader = api.loader;
export const action = api.action;

/** POST /portal-srp/api/v1/apireq — the apireq (uri, size, query with modifiers) for locations, filters and a page type (seed 000 §7). */
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch } from "../search-input.server.ts";
import { apireqBodySchema, buildApireq } from "../../search/apireq.server.ts";

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }, { svc }) => readSearch(request, svc.database.readDb, { schema: apireqBodySchema }),
  command: ({ input: { body, query, directory } }) =>
    buildApireq(query, directory, {
      pageType: body.pageType,
      locale: body.apireqParams?.locale ?? body.locale,
      size: body.apireqParams?.size,
    }),
  present: (apireq) => Response.json(apireq),
});

export const loader = api.loader;
export const action = api.action;

/**
 * POST /portal-srp/api/v1/apireq/searchParamsForUrl — the apireq a page URL stands for, with its
 * canonical form (a 400 naming `uri` for URLs that are no search).
 */
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch } from "../search-input.server.ts";
import { buildApireq, searchParamsForUrlBodySchema } from "../../search/apireq.server.ts";

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }, { svc }) => readSearch(request, svc.database.readDb, { schema: searchParamsForUrlBodySchema }),
  command: ({ input: { body, query, directory, uri } }) => {
    const { canonical, locale, isCanonical } = uri!;
    const pageType = body.isAgencySrp ? "agency" : body.pagetype;
    return { ...buildApireq(query, directory, { pageType, locale: body.locale ?? locale }), canonical, isCanonical };
  },
  present: (apireq) => Response.json(apireq),
});

export const loader = api.loader;
export const action = api.action;

/**
 * POST /portal-srp/api/v1/apireq/searchParamsForUrl — the apireq a page URL stands for, with its
 * canonical form (a 400 naming `uri` for URLs that are no search).
 */
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { buildApireq, searchParamsForUrlBodySchema } from "../search/apireq.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.apireq-search-params-for-url";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const { body, query, directory, uri } = await readSearch(request, services(context).database.readDb, {
    schema: searchParamsForUrlBodySchema,
  });
  const { canonical, locale, isCanonical } = uri!;
  const pageType = body.isAgencySrp ? "agency" : body.pagetype;
  return Response.json({ ...buildApireq(query, directory, { pageType, locale: body.locale ?? locale }), canonical, isCanonical });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

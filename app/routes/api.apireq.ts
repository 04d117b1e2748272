/** POST /portal-srp/api/v1/apireq — the apireq (uri, size, query with modifiers) for locations, filters and a page type (seed 000 §7). */
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { apireqBodySchema, buildApireq } from "../search/apireq.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.apireq";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const { body, query, directory } = await readSearch(request, services(context).database.readDb, { schema: apireqBodySchema });
  return Response.json(
    buildApireq(query, directory, {
      pageType: body.pageType,
      locale: body.apireqParams?.locale ?? body.locale,
      size: body.apireqParams?.size,
    }),
  );
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/agency — an agency: the Publisher entity, its agents, one sorted page of its listings.
 * POST /portal-srp/api/v1/agency/availableresultsagency — how many listings it has.
 */
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { listingsJson, readPublisherRequest } from "../publisher/api.server.ts";
import { loadPublisherPage } from "../publisher/publisher-page.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.agency";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const req = await readPublisherRequest(request);
  const countOnly = new URL(request.url).pathname.endsWith("/availableresultsagency");
  const page = await loadPublisherPage(services(context).database.readDb, {
    id: req.id,
    kind: "agency",
    sort: req.sort,
    page: countOnly ? 1 : req.page,
    size: countOnly ? 1 : req.size,
    locale: req.locale,
  });
  if (!page) return jsonError(404, "Agenzia non trovata", "apireq.pId");
  if (countOnly) return Response.json({ total: page.total });
  return Response.json({ publisher: page.publisher, headings: page.headings, ...listingsJson(page) });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/agentPro — an Agente Pro: the Publisher entity (with its parent agency) and its listings.
 * POST /portal-srp/api/v1/agentPro/search — one sorted page of its listings only.
 */
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { listingsJson, readPublisherRequest } from "../publisher/api.server.ts";
import { loadPublisherPage } from "../publisher/publisher-page.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.agent-pro";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const req = await readPublisherRequest(request);
  const page = await loadPublisherPage(services(context).database.readDb, {
    id: req.id,
    kind: "agentPro",
    sort: req.sort,
    page: req.page,
    size: req.size,
    locale: req.locale,
  });
  if (!page) return jsonError(404, "Agente non trovato", "apireq.pId");
  if (new URL(request.url).pathname.endsWith("/search")) return Response.json(listingsJson(page));
  return Response.json({ publisher: page.publisher, headings: { listings: page.headings.listings }, ...listingsJson(page) });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/agentPro — an Agente Pro: the Publisher entity (with its parent agency) and its listings.
 * POST /portal-srp/api/v1/agentPro/search — one sorted page of its listings only.
 */
import { jsonError } from "../errors.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { listingsJson, readPublisherRequest } from "../../publisher/api.server.ts";
import { loadPublisherPage } from "../../publisher/publisher-page.server.ts";

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }) => readPublisherRequest(request),
  command: async ({ input, svc }) => {
    const page = await loadPublisherPage(svc.database.readDb, {
      id: input.id,
      kind: "agentPro",
      sort: input.sort,
      page: input.page,
      size: input.size,
      locale: input.locale,
    });
    if (!page) throw jsonError(404, "Agente non trovato", "apireq.pId");
    return page;
  },
  present: (page, { request }) =>
    new URL(request.url).pathname.endsWith("/search")
      ? Response.json(listingsJson(page))
      : Response.json({ publisher: page.publisher, headings: { listings: page.headings.listings }, ...listingsJson(page) }),
});

export const loader = api.loader;
export const action = api.action;

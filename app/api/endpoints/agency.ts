/**
 * POST /portal-srp/api/v1/agency — an agency: the Publisher entity, its agents, one sorted page of its listings.
 * POST /portal-srp/api/v1/agency/availableresultsagency — how many listings it has.
 */
import { jsonError } from "../errors.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { listingsJson, readPublisherRequest } from "../../publisher/api.server.ts";
import { loadPublisherPage } from "../../publisher/publisher-page.server.ts";

/** The count alone (…/availableresultsagency) or the page. */
const countOnly = (request: Request) => new URL(request.url).pathname.endsWith("/availableresultsagency");

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }) => readPublisherRequest(request),
  command: async ({ input, svc, request }) => {
    const only = countOnly(request);
    const page = await loadPublisherPage(svc.database.readDb, {
      id: input.id,
      kind: "agency",
      sort: input.sort,
      page: only ? 1 : input.page,
      size: only ? 1 : input.size,
      locale: input.locale,
    });
    if (!page) throw jsonError(404, "Agenzia non trovata", "apireq.pId");
    return page;
  },
  present: (page, { request }) =>
    countOnly(request)
      ? Response.json({ total: page.total })
      : Response.json({ publisher: page.publisher, headings: page.headings, ...listingsJson(page) }),
});

export const loader = api.loader;
export const action = api.action;

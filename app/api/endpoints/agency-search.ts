/** POST /portal-srp/api/v1/agencySearch and /agencySearch/availableresults — agencies in the searched places. */
import { PAGE_SIZE } from "../../../core/search/vocabulary.ts";
import { searchAgencies } from "../../../db/publishers.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch } from "../search-input.server.ts";
import { buildCriteria } from "../../../db/search-criteria.ts";
import { townIdsOf } from "../../search/places.server.ts";

/** The count alone (…/availableresults) or the page. */
const countOnly = (request: Request) => new URL(request.url).pathname.endsWith("/availableresults");

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }, { svc }) => readSearch(request, svc.database.readDb),
  command: async ({ input: { body, query }, svc, request }) => {
    const db = svc.database.readDb;
    const { criteria, directory } = await buildCriteria(db, query, { isochrones: svc.isochrones });
    const size = body.size ?? PAGE_SIZE;
    const found = await searchAgencies(db, {
      townIds: townIdsOf(directory, criteria.places),
      channel: query.channel,
      page: query.page,
      size: countOnly(request) ? 1 : size,
    });
    return { ...found, size, directory };
  },
  present: ({ total, agencies, size, directory }, { input: { query }, request }) => {
    if (countOnly(request)) return Response.json({ total });
    return Response.json({
      total,
      page: query.page,
      totalPages: Math.ceil(total / size),
      isNoResults: total === 0,
      agencies: agencies.map((a) => ({
        publisherId: a.id,
        publisherName: a.name,
        publisherSlug: a.slug,
        publisherPhone: a.phone,
        publisherWebsite: a.website,
        publisherLogo: `/media/publisher/${a.id}/logo.svg`,
        publisherAddress: { street: a.street, town: a.townId ? (directory.get(a.townId)?.name ?? null) : null },
        listings: a.listings,
        agents: a.agents,
      })),
    });
  },
});

export const loader = api.loader;
export const action = api.action;

/** POST /portal-srp/api/v1/agencySearch and /agencySearch/availableresults — agencies in the searched places. */
import { PAGE_SIZE } from "../../core/search/vocabulary.ts";
import { searchAgencies } from "../../db/publishers.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { buildCriteria } from "../../db/search-criteria.ts";
import { townIdsOf } from "../search/places.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.agency-search";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const db = services(context).database.readDb;
  const { body, query } = await readSearch(request, db);
  const { criteria, directory } = await buildCriteria(db, query, { isochrones: services(context).isochrones });
  const size = body.size ?? PAGE_SIZE;
  const countOnly = new URL(request.url).pathname.endsWith("/availableresults");
  const { total, agencies } = await searchAgencies(db, {
    townIds: townIdsOf(directory, criteria.places),
    channel: query.channel,
    page: query.page,
    size: countOnly ? 1 : size,
  });
  if (countOnly) return Response.json({ total });
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
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/mycasa/searches/serialize — the search payload (`{ user?, searchData, title?,
 * notifications?, excludeAuctions? }`) → `{ statusCode: 200, data: { serialize: { str, hash } } }`: the
 * canonical string and hash of the search (core/search/saved-search.ts), the same for the same search
 * whatever the order of its filters, places or polygon vertices. Logged-in users only.
 */
import { apiRoute } from "../api/boundary.server.ts";
import { mycasaEndpoint } from "../mycasa/api.server.ts";
import { savePayloadSchema, searchOf, storedSearchOf } from "../mycasa/saved-searches.server.ts";
import type { Route } from "./+types/api.mycasa-searches-serialize";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, (args) =>
  mycasaEndpoint(
    args,
    savePayloadSchema,
    async ({ body, searches }) => {
      const directory = await searches.directory();
      const stored = storedSearchOf(searchOf(body.searchData, directory), directory, {
        excludeAuctions: body.excludeAuctions,
        domain: body.domain,
      });
      return { statusCode: 200, data: { serialize: { str: stored.serialized, hash: stored.hash } } };
    },
    { sessionOnly: true },
  ),
);

export const loader = endpoint.loader;
export const action = endpoint.action;

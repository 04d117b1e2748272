/**
 * POST /portal-srp/api/v1/mycasa/searches/serialize — the search payload (`{ user?, searchData, title?,
 * notifications?, excludeAuctions? }`) → `{ statusCode: 200, data: { serialize: { str, hash } } }`: the
 * canonical string and hash of the search (core/search/saved-search.ts), the same for the same search
 * whatever the order of its filters, places or polygon vertices. Logged-in users only.
 */
import { savedSearchesService, savePayloadSchema, searchOf, storedSearchOf } from "../../mycasa/saved-searches.server.ts";
import { endpoint, privateJson } from "../endpoint.server.ts";
import { savedSearchSession } from "../../mycasa/policies.server.ts";

const api = endpoint("POST", {
  limit: "search",
  sameOrigin: "writes",
  authorise: savedSearchSession,
  validate: (input) => input.jsonOf(savePayloadSchema),
  command: async ({ input, svc }) => {
    const directory = await savedSearchesService(svc.database.db).directory();
    const stored = storedSearchOf(searchOf(input.searchData, directory), directory, {
      excludeAuctions: input.excludeAuctions,
      domain: input.domain,
    });
    return { statusCode: 200, data: { serialize: { str: stored.serialized, hash: stored.hash } } };
  },
  present: privateJson,
});

export const loader = api.loader;
export const action = api.action;

/**
 * POST /portal-srp/api/v1/mycasa/searches/upsert — `{ user?, searchData, title?, notifications?,
 * excludeAuctions?, domain? }` → `{ statusCode: 200, data: searchId, searchId, hash, created, searchUrl }` (searchUrl: the saved
 * search's results page, which differs from the one sent when auctions were excluded). Saving a
 * search the user already saved (same hash) updates that one: its title when given, its alerts when
 * given. A new search without notifications gets e-mail once a day. Logged-in users only.
 */
import { savedSearchesService, savePayloadSchema } from "../../mycasa/saved-searches.server.ts";
import { endpoint, privateJson } from "../endpoint.server.ts";
import { savedSearchOwner } from "../../mycasa/policies.server.ts";

const api = endpoint("POST", {
  limit: "search",
  sameOrigin: "writes",
  authorise: savedSearchOwner,
  validate: (input) => input.jsonOf(savePayloadSchema),
  command: ({ input, actor, svc }) => savedSearchesService(svc.database.db).save(actor, input, new Date()),
  present: ({ id, created, hash, searchUrl }) => privateJson({ statusCode: 200, data: id, searchId: id, hash, created, searchUrl }),
});

export const loader = api.loader;
export const action = api.action;

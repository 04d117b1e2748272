/**
 * POST /portal-srp/api/v1/mycasa/searches/upsert — `{ user?, searchData, title?, notifications?,
 * excludeAuctions?, domain? }` → `{ statusCode: 200, data: searchId, searchId, hash, created, searchUrl }` (searchUrl: the saved
 * search's results page, which differs from the one sent when auctions were excluded). Saving a
 * search the user already saved (same hash) updates that one: its title when given, its alerts when
 * given. A new search without notifications gets e-mail once a day. Logged-in users only.
 */
import { apiRoute } from "../api/boundary.server.ts";
import { mycasaEndpoint } from "../mycasa/api.server.ts";
import { savePayloadSchema } from "../mycasa/saved-searches.server.ts";
import type { Route } from "./+types/api.mycasa-searches-upsert";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, (args) =>
  mycasaEndpoint(args, savePayloadSchema, async ({ user, body, searches, now }) => {
    const { id, created, hash, searchUrl } = await searches.save(user, body, now);
    return { statusCode: 200, data: id, searchId: id, hash, created, searchUrl };
  }),
);

export const loader = endpoint.loader;
export const action = endpoint.action;

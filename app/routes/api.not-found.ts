/**
 * Every path under /portal-srp/api/ and /lh/v2/ that no API route claims: JSON 404 in the error shape
 * (not the HTML page), whatever the method. Real routes are more specific, so they win over this splat.
 * Not an endpoint, so no chain: only the boundary.
 */
import { apiRoute } from "../api/boundary.server.ts";
import { noEndpoint } from "../api/endpoint.server.ts";
import type { Route } from "./+types/api.not-found";

export const loader = apiRoute<Route.LoaderArgs>({ method: "GET" }, noEndpoint).loader;
export const action = apiRoute<Route.ActionArgs>({ method: "POST" }, noEndpoint).action;

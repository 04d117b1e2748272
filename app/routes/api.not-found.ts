/**
 * Every API path no endpoint claims: JSON 404 in the error shape (not the HTML page), whatever the method. Under
 * /lh/ and /api/publisher/ as the splat routes' module (real routes are more specific, so they win over it); under
 * /portal-srp/api/ as the answer of app/api/portal-endpoints.server.ts to a path its table does not list.
 * Not an endpoint, so no chain: only the boundary.
 */
import { apiRoute } from "../api/boundary.server.ts";
import { noEndpoint } from "../api/endpoint.server.ts";
import type { Route } from "./+types/api.not-found";

export const loader = apiRoute<Route.LoaderArgs>({ method: "GET" }, noEndpoint).loader;
export const action = apiRoute<Route.ActionArgs>({ method: "POST" }, noEndpoint).action;

/**
 * Every path under /portal-srp/api/ and /lh/v2/ that no API route claims: JSON 404 in the error shape
 * (not the HTML page), whatever the method. Real routes are more specific, so they win over this splat.
 */
import { apiRoute } from "../api/boundary.server.ts";
import { jsonError } from "../api/errors.ts";
import type { Route } from "./+types/api.not-found";

const notFound = ({ request }: { request: Request }) => jsonError(404, `no API endpoint at ${new URL(request.url).pathname.slice(0, 200)}`);

export const loader = apiRoute<Route.LoaderArgs>({ method: "GET" }, notFound).loader;
export const action = apiRoute<Route.ActionArgs>({ method: "POST" }, notFound).action;

/** Every path under /portal-srp/api/: the endpoint its path names (app/api/portal-endpoints.server.ts), or JSON 404. */
import { portalEndpoint } from "../api/portal-endpoints.server.ts";
import type { Route } from "./+types/api.portal";

export const loader = (args: Route.LoaderArgs) => portalEndpoint(args.params["*"]).loader(args as never);
export const action = (args: Route.ActionArgs) => portalEndpoint(args.params["*"]).action(args as never);

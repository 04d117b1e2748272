/** POST /api/publisher/v1/listings/{id}/withdraw and …/confirm (the path's last segment names which). */
import { apiRoute } from "../api/boundary.server.ts";
import { confirmListing, withdrawListing } from "../publisher/api.publishing.server.ts";
import type { Route } from "./+types/api.publisher-listing-command";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) =>
  new URL(args.request.url).pathname.replace(/\/$/, "").endsWith("/confirm") ? confirmListing(args) : withdrawListing(args),
);
export const loader = endpoint.loader;
export const action = endpoint.action;

/** POST /api/publisher/v1/listings/{id}/withdraw and …/confirm (the path's last segment names which). */
import { chain, endpointByPath } from "../api/endpoint.server.ts";
import { confirmListing, withdrawListing } from "../publisher/api.publishing.server.ts";

const api = endpointByPath(
  "POST",
  {},
  (request) => (new URL(request.url).pathname.replace(/\/$/, "").endsWith("/confirm") ? "confirm" : "withdraw"),
  { confirm: chain(confirmListing), withdraw: chain(withdrawListing) },
);
export const loader = api.loader;
export const action = api.action;

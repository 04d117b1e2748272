/** /api/publisher/v1/listings/{id}: GET one of the key's publisher's listings, POST replaces its content. */
import { apiRoute } from "../api/boundary.server.ts";
import { getListing, updateListing } from "../publisher/api.publishing.server.ts";
import type { Route } from "./+types/api.publisher-listing";

export const loader = apiRoute<Route.LoaderArgs>({ method: "GET" }, getListing).loader;
export const action = apiRoute<Route.ActionArgs>({ method: "POST" }, updateListing).action;

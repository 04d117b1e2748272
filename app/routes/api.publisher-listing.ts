/** /api/publisher/v1/listings/{id}: GET one of the key's publisher's listings, POST replaces its content. */
import { endpoint } from "../api/endpoint.server.ts";
import { getListing, updateListing } from "../publisher/api.publishing.server.ts";

export const loader = endpoint("GET", getListing).loader;
export const action = endpoint("POST", updateListing).action;

/**
 * /api/publisher/v1/listings: GET lists the key's publisher's listings, POST publishes one
 * (app/publisher/api.publishing.server.ts; the OpenAPI document at /api/publisher/v1/openapi.json).
 */
import { endpoint } from "../api/endpoint.server.ts";
import { createListing, listListings } from "../publisher/api.publishing.server.ts";

export const loader = endpoint("GET", listListings).loader;
export const action = endpoint("POST", createListing).action;

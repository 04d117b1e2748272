/**
 * /api/publisher/v1/listings: GET lists the key's publisher's listings, POST publishes one
 * (app/publisher/api.publishing.server.ts; the OpenAPI document at /api/publisher/v1/openapi.json).
 */
import { apiRoute } from "../api/boundary.server.ts";
import { createListing, listListings } from "../publisher/api.publishing.server.ts";
import type { Route } from "./+types/api.publisher-listings";

export const loader = apiRoute<Route.LoaderArgs>({ method: "GET" }, listListings).loader;
export const action = apiRoute<Route.ActionArgs>({ method: "POST" }, createListing).action;

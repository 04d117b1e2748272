/**
 * /api/publisher/v1/listings/{id}/photos: GET lists the listing's photos, POST uploads one (the image as the
 * body; app/publisher/api.publishing.server.ts, docs/decisions/119).
 */
import { apiRoute } from "../api/boundary.server.ts";
import { listPhotos, uploadPhoto } from "../publisher/api.publishing.server.ts";
import type { Route } from "./+types/api.publisher-listing-photos";

export const loader = apiRoute<Route.LoaderArgs>({ method: "GET" }, listPhotos).loader;
export const action = apiRoute<Route.ActionArgs>({ method: "POST" }, uploadPhoto).action;

/**
 * /api/publisher/v1/listings/{id}/photos: GET lists the listing's photos, POST uploads one (the image as the
 * body; app/publisher/api.publishing.server.ts, docs/decisions/119).
 */
import { endpoint } from "../api/endpoint.server.ts";
import { listPhotos, uploadPhoto } from "../publisher/api.publishing.server.ts";

export const loader = endpoint("GET", listPhotos).loader;
export const action = endpoint("POST", uploadPhoto).action;

/**
 * POST /api/publisher/v1/listings/{id}/photos/{photoId}/delete and …/photos/order (app/publisher/api.publishing.server.ts):
 * a publisher removes a photo or puts the gallery in another order.
 */
import { apiRoute } from "../api/boundary.server.ts";
import { deletePhoto, reorderPhotos } from "../publisher/api.publishing.server.ts";
import type { Route } from "./+types/api.publisher-listing-photo-command";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) =>
  new URL(args.request.url).pathname.replace(/\/$/, "").endsWith("/order") ? reorderPhotos(args) : deletePhoto(args),
);
export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /api/publisher/v1/listings/{id}/photos/{photoId}/delete and …/photos/order (app/publisher/api.publishing.server.ts):
 * a publisher removes a photo or puts the gallery in another order.
 */
import { chain, endpointByPath } from "../api/endpoint.server.ts";
import { deletePhoto, reorderPhotos } from "../publisher/api.publishing.server.ts";

const api = endpointByPath(
  "POST",
  {},
  (request) => (new URL(request.url).pathname.replace(/\/$/, "").endsWith("/order") ? "order" : "delete"),
  { order: chain(reorderPhotos), delete: chain(deletePhoto) },
);
export const loader = api.loader;
export const action = api.action;

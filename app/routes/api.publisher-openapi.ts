/** GET /api/publisher/v1/openapi.json: the publishing API described as OpenAPI 3.1 (app/publisher/openapi.ts). */
import { apiRoute } from "../api/boundary.server.ts";
import { publisherOpenApi } from "../publisher/openapi.ts";
import type { Route } from "./+types/api.publisher-openapi";

const endpoint = apiRoute<Route.LoaderArgs>({ method: "GET" }, () =>
  Response.json(publisherOpenApi(), { headers: { "Cache-Control": "public, max-age=300" } }),
);
export const loader = endpoint.loader;
export const action = endpoint.action;

/** /api/publisher/v1/feeds: GET the key's publisher's imports, POST imports a feed (docs/decisions/097). */
import { apiRoute } from "../api/boundary.server.ts";
import { listFeeds, uploadFeed } from "../publisher/api.publishing.server.ts";
import type { Route } from "./+types/api.publisher-feeds";

export const loader = apiRoute<Route.LoaderArgs>({ method: "GET" }, listFeeds).loader;
export const action = apiRoute<Route.ActionArgs>({ method: "POST" }, uploadFeed).action;

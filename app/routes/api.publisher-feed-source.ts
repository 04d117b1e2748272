/** /api/publisher/v1/feed-source: GET the address the feed is pulled from, POST sets it (docs/decisions/135). */
import { apiRoute } from "../api/boundary.server.ts";
import { saveFeedSource, showFeedSource } from "../publisher/api.feed-source.server.ts";
import type { Route } from "./+types/api.publisher-feed-source";

export const loader = apiRoute<Route.LoaderArgs>({ method: "GET" }, showFeedSource).loader;
export const action = apiRoute<Route.ActionArgs>({ method: "POST" }, saveFeedSource).action;

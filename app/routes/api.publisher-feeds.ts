/** /api/publisher/v1/feeds: GET the key's publisher's imports, POST imports a feed (docs/decisions/097). */
import { endpoint } from "../api/endpoint.server.ts";
import { listFeeds, uploadFeed } from "../publisher/api.publishing.server.ts";

export const loader = endpoint("GET", listFeeds).loader;
export const action = endpoint("POST", uploadFeed).action;

/** /api/publisher/v1/feed-source: GET the address the feed is pulled from, POST sets it (docs/decisions/135). */
import { endpoint } from "../api/endpoint.server.ts";
import { saveFeedSource, showFeedSource } from "../publisher/api.feed-source.server.ts";

export const loader = endpoint("GET", showFeedSource).loader;
export const action = endpoint("POST", saveFeedSource).action;

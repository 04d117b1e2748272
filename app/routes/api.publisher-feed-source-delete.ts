/** POST /api/publisher/v1/feed-source/delete: no more pulls of the publisher's feed (docs/decisions/135). */
import { endpoint } from "../api/endpoint.server.ts";
import { removeFeedSource } from "../publisher/api.feed-source.server.ts";

const api = endpoint("POST", removeFeedSource);
export const loader = api.loader;
export const action = api.action;

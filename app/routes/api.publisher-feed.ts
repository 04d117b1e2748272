/** GET /api/publisher/v1/feeds/{id}: one import's report. */
import { endpoint } from "../api/endpoint.server.ts";
import { getFeed } from "../publisher/api.publishing.server.ts";

const api = endpoint("GET", getFeed);
export const loader = api.loader;
export const action = api.action;

/** GET /api/publisher/v1/feeds/{id}: one import's report. */
import { apiRoute } from "../api/boundary.server.ts";
import { getFeed } from "../publisher/api.publishing.server.ts";
import type { Route } from "./+types/api.publisher-feed";

const endpoint = apiRoute<Route.LoaderArgs>({ method: "GET" }, getFeed);
export const loader = endpoint.loader;
export const action = endpoint.action;

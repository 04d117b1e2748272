/** POST /api/publisher/v1/feed-source/delete: no more pulls of the publisher's feed (docs/decisions/135). */
import { apiRoute } from "../api/boundary.server.ts";
import { removeFeedSource } from "../publisher/api.feed-source.server.ts";
import type { Route } from "./+types/api.publisher-feed-source-delete";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, removeFeedSource);
export const loader = endpoint.loader;
export const action = endpoint.action;

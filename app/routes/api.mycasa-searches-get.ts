/**
 * POST /portal-srp/api/v1/mycasa/searches/get — `{ user?, locale? }` → `{ statusCode: 200,
 * savedsearchesData: Bookmark[], provinces: string[] }`: the session user's saved searches, newest first
 * (a search whose place no longer exists comes flagged `stale: true`), and the provinces they are in.
 */
import { z } from "zod";
import { apiRoute } from "../api/boundary.server.ts";
import { mycasaEndpoint } from "../mycasa/api.server.ts";
import { userFieldSchema } from "../mycasa/saved-searches.server.ts";
import type { Route } from "./+types/api.mycasa-searches-get";

const bodySchema = z.strictObject({
  user: userFieldSchema,
  locale: z.enum(["it", "en"]).optional(),
  jwt: z.string().max(4000).nullable().optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, (args) =>
  mycasaEndpoint(args, bodySchema, async ({ user, body, searches }) => ({
    statusCode: 200,
    ...(await searches.list(user, body.locale ?? "it")),
  })),
);

export const loader = endpoint.loader;
export const action = endpoint.action;

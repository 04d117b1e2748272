/**
 * POST /portal-srp/api/v1/mycasa/searches/deleteBoomark (the spec's spelling) — `{ user?, data: {
 * searchType: "bookmark", id: [searchId] } }` → `{ statusCode: 200, deleted }`. Only the session user's
 * searches are deleted; when none of the ids is one of them → 404 (another user's id looks unknown).
 */
import { z } from "zod";
import { apiRoute } from "../api/boundary.server.ts";
import { mycasaEndpoint } from "../mycasa/api.server.ts";
import { userFieldSchema } from "../mycasa/saved-searches.server.ts";
import type { Route } from "./+types/api.mycasa-searches-delete-boomark";

const id = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const bodySchema = z.strictObject({
  user: userFieldSchema,
  data: z.strictObject({
    searchType: z.literal("bookmark").optional(),
    id: z.union([id.transform((x) => [x]), z.array(id).min(1).max(50)]),
  }),
  jwt: z.string().max(4000).nullable().optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, (args) =>
  mycasaEndpoint(args, bodySchema, async ({ user, body, searches }) => ({
    statusCode: 200,
    deleted: await searches.remove(user, [...new Set(body.data.id)]),
  })),
);

export const loader = endpoint.loader;
export const action = endpoint.action;

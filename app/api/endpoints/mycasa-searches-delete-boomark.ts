/**
 * POST /portal-srp/api/v1/mycasa/searches/deleteBoomark (the spec's spelling) — `{ user?, data: {
 * searchType: "bookmark", id: [searchId] } }` → `{ statusCode: 200, deleted }`. Only the session user's
 * searches are deleted; when none of the ids is one of them → 404 (another user's id looks unknown).
 */
import { z } from "zod";
import { endpoint, privateJson } from "../endpoint.server.ts";
import { savedSearchOwner } from "../../mycasa/policies.server.ts";
import { savedSearchesService, userFieldSchema } from "../../mycasa/saved-searches.server.ts";

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

const api = endpoint("POST", {
  limit: "search",
  sameOrigin: "writes",
  authorise: savedSearchOwner,
  validate: (input) => input.jsonOf(bodySchema),
  command: async ({ input, actor, svc }) => ({
    statusCode: 200,
    deleted: await savedSearchesService(svc.database.db).remove(actor, [...new Set(input.data.id)]),
  }),
  present: privateJson,
});

export const loader = api.loader;
export const action = api.action;

/**
 * POST /portal-srp/api/v1/mycasa/searches/get — `{ user?, locale? }` → `{ statusCode: 200,
 * savedsearchesData: Bookmark[], provinces: string[] }`: the session user's saved searches, newest first
 * (a search whose place no longer exists comes flagged `stale: true`), and the provinces they are in.
 */
import { z } from "zod";
import { endpoint, privateJson } from "../endpoint.server.ts";
import { savedSearchOwner } from "../../mycasa/policies.server.ts";
import { savedSearchesService, userFieldSchema } from "../../mycasa/saved-searches.server.ts";

const bodySchema = z.strictObject({
  user: userFieldSchema,
  locale: z.enum(["it", "en"]).optional(),
  jwt: z.string().max(4000).nullable().optional(),
});

const api = endpoint("POST", {
  limit: "search",
  sameOrigin: "writes",
  authorise: savedSearchOwner,
  validate: (input) => input.jsonOf(bodySchema),
  command: async ({ input, actor, svc }) => ({
    statusCode: 200,
    ...(await savedSearchesService(svc.database.db).list(actor, input.locale ?? "it")),
  }),
  present: privateJson,
});

export const loader = api.loader;
export const action = api.action;

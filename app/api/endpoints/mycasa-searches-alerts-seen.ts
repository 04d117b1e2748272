/**
 * POST /portal-srp/api/v1/mycasa/searches/alertsSeen — `{ user?, searchId, until }` → `{ statusCode: 200 }`: the
 * results page of a saved search tells, after showing its new listings, up to which alert they were seen
 * (docs/decisions/117; the page's GET only reads). The mark only moves forward. Another user's search → 404.
 */
import { z } from "zod";
import { markAlertsSeen } from "../../../db/alert-activity.ts";
import { savedSearchMessages, userFieldSchema } from "../../mycasa/saved-searches.server.ts";
import { endpoint, privateJson } from "../endpoint.server.ts";
import { jsonError } from "../errors.ts";
import { savedSearchOwner } from "../../mycasa/policies.server.ts";

const bodySchema = z.strictObject({
  user: userFieldSchema,
  searchId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  // What the page was given: an ISO time in UTC with up to microseconds.
  until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/)
    .refine((s) => !Number.isNaN(Date.parse(s))),
  jwt: z.string().max(4000).nullable().optional(),
});

const api = endpoint("POST", {
  limit: "mycasa",
  sameOrigin: "writes",
  authorise: savedSearchOwner,
  validate: (input) => input.jsonOf(bodySchema),
  command: async ({ input, actor, svc }) => {
    if (!(await markAlertsSeen(svc.database.db, actor.id, input.searchId, input.until))) {
      throw jsonError(404, savedSearchMessages.notFound, "searchId");
    }
    return { statusCode: 200 };
  },
  present: privateJson,
});

export const loader = api.loader;
export const action = api.action;

/**
 * POST /portal-srp/api/v1/mycasa/searches/updateBoomark (the spec's spelling) — `{ user?, bookmarkData:
 * { searchId } , searchTitle?, notifications?, bkmPayload?: { searchData, excludeAuctions?, domain? } }`
 * → `{ statusCode: 200, searchId }`. Changes the title (empty: back to the default), the alerts (their
 * ids are kept; a channel turned off is stored as never) and, with bkmPayload, the search itself (new
 * hash). Another user's or an unknown id → 404; an edit that equals another saved search → 409.
 */
import { z } from "zod";
import {
  notificationsSchema,
  savedSearchesService,
  searchDataSchema,
  SITE_DOMAINS,
  titleSchema,
  userFieldSchema,
} from "../../mycasa/saved-searches.server.ts";
import { endpoint, privateJson } from "../endpoint.server.ts";
import { savedSearchOwner } from "../../mycasa/policies.server.ts";

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
  bookmarkData: z
    .looseObject({ searchId: id.optional(), id: id.optional() })
    .refine((b) => b.searchId !== undefined || b.id !== undefined, { message: "searchId mancante", path: ["searchId"] }),
  searchTitle: titleSchema,
  notifications: notificationsSchema.optional(),
  bkmPayload: z
    .looseObject({ searchData: searchDataSchema, excludeAuctions: z.boolean().optional(), domain: z.enum(SITE_DOMAINS).optional() })
    .optional(),
  jwt: z.string().max(4000).nullable().optional(),
});

const api = endpoint("POST", {
  limit: "search",
  sameOrigin: "writes",
  authorise: savedSearchOwner,
  validate: (input) => input.jsonOf(bodySchema),
  command: async ({ input, actor, svc }) => {
    const searchId = await savedSearchesService(svc.database.db).update(
      actor,
      {
        id: (input.bookmarkData.searchId ?? input.bookmarkData.id)!,
        title: input.searchTitle,
        notifications: input.notifications,
        search: input.bkmPayload
          ? { searchData: input.bkmPayload.searchData, excludeAuctions: input.bkmPayload.excludeAuctions, domain: input.bkmPayload.domain }
          : undefined,
      },
      new Date(),
    );
    return { statusCode: 200, searchId };
  },
  present: privateJson,
});

export const loader = api.loader;
export const action = api.action;

/**
 * POST /portal-srp/api/v1/mycasa/searches/updateBoomark (the spec's spelling) — `{ user?, bookmarkData:
 * { searchId } , searchTitle?, notifications?, bkmPayload?: { searchData, excludeAuctions?, domain? } }`
 * → `{ statusCode: 200, searchId }`. Changes the title (empty: back to the default), the alerts (their
 * ids are kept; a channel turned off is stored as never) and, with bkmPayload, the search itself (new
 * hash). Another user's or an unknown id → 404; an edit that equals another saved search → 409.
 */
import { z } from "zod";
import { apiRoute } from "../api/boundary.server.ts";
import { mycasaEndpoint } from "../mycasa/api.server.ts";
import { notificationsSchema, searchDataSchema, SITE_DOMAINS, titleSchema, userFieldSchema } from "../mycasa/saved-searches.server.ts";
import type { Route } from "./+types/api.mycasa-searches-update-boomark";

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

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, (args) =>
  mycasaEndpoint(args, bodySchema, async ({ user, body, searches, now }) => {
    const searchId = await searches.update(
      user,
      {
        id: (body.bookmarkData.searchId ?? body.bookmarkData.id)!,
        title: body.searchTitle,
        notifications: body.notifications,
        search: body.bkmPayload
          ? { searchData: body.bkmPayload.searchData, excludeAuctions: body.bkmPayload.excludeAuctions, domain: body.bkmPayload.domain }
          : undefined,
      },
      now,
    );
    return { statusCode: 200, searchId };
  }),
);

export const loader = endpoint.loader;
export const action = endpoint.action;

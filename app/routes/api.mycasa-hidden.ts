/**
 * Hidden ads of a logged-in user (seed 001 §3, §7; docs/api.md). Hidden listings are left out of the
 * results pages, which say how many (app/search/search-page.server.ts):
 * - POST mycasa/hidden `{ user? }` → `{ statusCode: 200, data: { data: [{ listingId, hiddenAt }] } }`, newest first
 * - POST mycasa/hidden/add `{ listingId }` → `{ statusCode: 200, data: { listingId } }` (404 for a listing that does not exist)
 * - POST mycasa/hidden/remove `{ ids }` → `{ statusCode: 200, data: { removed } }` (shown again; 404 when none was hidden)
 */
import { z } from "zod";
import { NotFoundError } from "../../core/errors.ts";
import { mycasaMessages } from "../../core/mycasa/records.ts";
import { existingListingIds } from "../../db/listings.ts";
import { hideListing, listHidden, unhideListings } from "../../db/mycasa.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { jsonError } from "../api/errors.ts";
import { listingId, mycasaAction, mycasaBody, mycasaPath } from "../mycasa/api.server.ts";
import type { Route } from "./+types/api.mycasa-hidden";

const listSchema = mycasaBody({});
const addSchema = mycasaBody({ listingId });
const removeSchema = mycasaBody({ ids: z.array(listingId).min(1).max(1000) });

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "mycasa" }, async (args) => {
  switch (mycasaPath(args.request)) {
    case "hidden":
      return mycasaAction(args, listSchema, async ({ user, svc }) => ({
        statusCode: 200,
        data: {
          data: (await listHidden(svc.database.db, user.id)).map((h) => ({ listingId: h.listingId, hiddenAt: h.hiddenAt.toISOString() })),
        },
      }));
    case "hidden/add":
      return mycasaAction(args, addSchema, async ({ body, user, svc, now }) => {
        if (!(await existingListingIds(svc.database.readDb, [body.listingId])).has(body.listingId))
          throw new NotFoundError(mycasaMessages.listingNotFound, "listingId");
        await hideListing(svc.database.db, user.id, body.listingId, now);
        return { statusCode: 200, data: { listingId: body.listingId } };
      });
    case "hidden/remove":
      return mycasaAction(args, removeSchema, async ({ body, user, svc }) => {
        const removed = await unhideListings(svc.database.db, user.id, body.ids);
        if (removed.length === 0) throw new NotFoundError(mycasaMessages.hiddenNotFound, "ids");
        return { statusCode: 200, data: { removed } };
      });
    default:
      return jsonError(404, mycasaMessages.invalidBody);
  }
});

export const loader = endpoint.loader;
export const action = endpoint.action;

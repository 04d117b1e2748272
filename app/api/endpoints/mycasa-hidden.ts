/**
 * Hidden ads of a logged-in user (seed 001 §3, §7; docs/api.md). Hidden listings are left out of the
 * results pages, which say how many (app/search/search-page.server.ts):
 * - POST mycasa/hidden `{ user? }` → `{ statusCode: 200, data: { data: [{ listingId, hiddenAt }] } }`, newest first
 * - POST mycasa/hidden/add `{ listingId }` → `{ statusCode: 200, data: { listingId } }` (404 for a listing that does not exist)
 * - POST mycasa/hidden/remove `{ ids }` → `{ statusCode: 200, data: { removed } }` (shown again; 404 when none was hidden)
 */
import { z } from "zod";
import { NotFoundError } from "../../../core/errors.ts";
import { mycasaMessages } from "../../../core/mycasa/records.ts";
import { existingListingIds } from "../../../db/listings.ts";
import { hideListing, listHidden, unhideListings } from "../../../db/mycasa.ts";
import { chain, endpointByPath, privateJson } from "../endpoint.server.ts";
import { listingId, mycasaBody, readMycasaBody, mycasaPath, unknownRecordCall } from "../../mycasa/api.server.ts";
import { mycasaUserForThemselves } from "../../mycasa/policies.server.ts";

const listSchema = mycasaBody({});
const addSchema = mycasaBody({ listingId });
const removeSchema = mycasaBody({ ids: z.array(listingId).min(1).max(1000) });

const endpoint = endpointByPath(
  "POST",
  { limit: "mycasa" },
  mycasaPath,
  {
    hidden: chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, listSchema),
      command: async ({ actor, svc }) => ({
        statusCode: 200,
        data: {
          data: (await listHidden(svc.database.db, actor.id)).map((h) => ({ listingId: h.listingId, hiddenAt: h.hiddenAt.toISOString() })),
        },
      }),
      present: privateJson,
    }),
    "hidden/add": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, addSchema),
      command: async ({ input, actor, svc }) => {
        if (!(await existingListingIds(svc.database.readDb, [input.listingId])).has(input.listingId))
          throw new NotFoundError(mycasaMessages.listingNotFound, "listingId");
        await hideListing(svc.database.db, actor.id, input.listingId, new Date());
        return { statusCode: 200, data: { listingId: input.listingId } };
      },
      present: privateJson,
    }),
    "hidden/remove": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, removeSchema),
      command: async ({ input, actor, svc }) => {
        const removed = await unhideListings(svc.database.db, actor.id, input.ids);
        if (removed.length === 0) throw new NotFoundError(mycasaMessages.hiddenNotFound, "ids");
        return { statusCode: 200, data: { removed } };
      },
      present: privateJson,
    }),
  },
  unknownRecordCall,
);

export const loader = endpoint.loader;
export const action = endpoint.action;

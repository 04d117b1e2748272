/**
 * A logged-in user's favourites on the server (seed 001 §7, §4 "Favourites"; docs/api.md):
 * - POST mycasa/listing/upsert `{ listingType: "bookmark", listingId, user? }` → `{ statusCode: 200, data: { listingId, priceAtSave } }`
 * - POST mycasa/listing/remove-bookmark `{ ids, user? }` → `{ statusCode: 200, data: { removed } }` (404 when none was a favourite)
 * - POST mycasa/listings/get/basic `{ user? }` → `{ statusCode: 200, list: [{ listingId, priceAtSave, savedAt }] }`, newest first
 * - POST mycasa/listings/merge `{ ids }` → the visitor's browser list added at login (nothing lost), then the list as get/basic
 */
import { z } from "zod";
import { NotFoundError } from "../../../core/errors.ts";
import { MAX_FAVOURITES } from "../../../core/listing/favourites.ts";
import { mycasaMessages } from "../../../core/mycasa/records.ts";
import { addFavourites, findFavourite, listFavourites, removeFavourites } from "../../../db/mycasa.ts";
import { chain, endpointByPath, privateJson } from "../endpoint.server.ts";
import { listingId, mycasaBody, readMycasaBody, mycasaPath, unknownRecordCall } from "../../mycasa/api.server.ts";
import { mycasaUserForThemselves } from "../../mycasa/policies.server.ts";
import { publicPrices } from "../../mycasa/listings.server.ts";

const upsertSchema = mycasaBody({ listingType: z.literal("bookmark").optional(), listingId });
const removeSchema = mycasaBody({ ids: z.array(listingId).min(1).max(1000) });
const getSchema = mycasaBody({});
const mergeSchema = mycasaBody({ ids: z.array(listingId).max(MAX_FAVOURITES) });

const presentList = (rows: Awaited<ReturnType<typeof listFavourites>>) =>
  rows.map((r) => ({ listingId: r.listingId, priceAtSave: r.priceAtSave, savedAt: r.savedAt.toISOString() }));

const endpoint = endpointByPath(
  "POST",
  { limit: "mycasa" },
  mycasaPath,
  {
    "listing/upsert": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, upsertSchema),
      command: async ({ input, actor, svc }) => {
        const prices = await publicPrices(svc.database.readDb, [input.listingId]);
        if (!prices.has(input.listingId)) throw new NotFoundError(mycasaMessages.listingNotFound, "listingId");
        await addFavourites(
          svc.database.db,
          actor.id,
          [{ listingId: input.listingId, price: prices.get(input.listingId) ?? null }],
          new Date(),
        );
        const saved = await findFavourite(svc.database.db, actor.id, input.listingId);
        return { statusCode: 200, data: { listingId: input.listingId, priceAtSave: saved?.priceAtSave ?? null } };
      },
      present: privateJson,
    }),
    "listing/remove-bookmark": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, removeSchema),
      command: async ({ input, actor, svc }) => {
        const removed = await removeFavourites(svc.database.db, actor.id, input.ids);
        // None of them was this user's (unknown, or another user's): said plainly, as for any unknown record.
        if (removed.length === 0) throw new NotFoundError(mycasaMessages.favouriteNotFound, "ids");
        return { statusCode: 200, data: { removed } };
      },
      present: privateJson,
    }),
    "listings/get/basic": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, getSchema),
      command: async ({ actor, svc }) => ({ statusCode: 200, list: presentList(await listFavourites(svc.database.db, actor.id)) }),
      present: privateJson,
    }),
    "listings/merge": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mergeSchema),
      command: async ({ input, actor, svc }) => {
        // Ids of listings that no longer exist are dropped (the favourites page drops them too).
        const prices = await publicPrices(svc.database.readDb, input.ids);
        const entries = input.ids.filter((id) => prices.has(id)).map((id) => ({ listingId: id, price: prices.get(id) ?? null }));
        const { added, notSaved } = await addFavourites(svc.database.db, actor.id, entries, new Date(), { partial: true });
        return {
          statusCode: 200,
          added,
          notSaved,
          gone: input.ids.filter((id) => !prices.has(id)),
          ...(notSaved.length ? { message: mycasaMessages.favouritesFull } : {}),
          list: presentList(await listFavourites(svc.database.db, actor.id)),
        };
      },
      present: privateJson,
    }),
  },
  unknownRecordCall,
);

export const loader = endpoint.loader;
export const action = endpoint.action;

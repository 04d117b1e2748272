/**
 * A logged-in user's favourites on the server (seed 001 §7, §4 "Favourites"; docs/api.md):
 * - POST mycasa/listing/upsert `{ listingType: "bookmark", listingId, user? }` → `{ statusCode: 200, data: { listingId, priceAtSave } }`
 * - POST mycasa/listing/remove-bookmark `{ ids, user? }` → `{ statusCode: 200, data: { removed } }` (404 when none was a favourite)
 * - POST mycasa/listings/get/basic `{ user? }` → `{ statusCode: 200, list: [{ listingId, priceAtSave, savedAt }] }`, newest first
 * - POST mycasa/listings/merge `{ ids }` → the visitor's browser list added at login (nothing lost), then the list as get/basic
 */
import { z } from "zod";
import { NotFoundError } from "../../core/errors.ts";
import { MAX_FAVOURITES } from "../../core/listing/favourites.ts";
import { mycasaMessages } from "../../core/mycasa/records.ts";
import { addFavourites, findFavourite, listFavourites, removeFavourites } from "../../db/mycasa.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { jsonError } from "../api/errors.ts";
import { listingId, mycasaAction, mycasaBody, mycasaPath } from "../mycasa/api.server.ts";
import { publicPrices } from "../mycasa/listings.server.ts";
import type { Route } from "./+types/api.mycasa-favourites";

const upsertSchema = mycasaBody({ listingType: z.literal("bookmark").optional(), listingId });
const removeSchema = mycasaBody({ ids: z.array(listingId).min(1).max(1000) });
const getSchema = mycasaBody({});
const mergeSchema = mycasaBody({ ids: z.array(listingId).max(MAX_FAVOURITES) });

const presentList = (rows: Awaited<ReturnType<typeof listFavourites>>) =>
  rows.map((r) => ({ listingId: r.listingId, priceAtSave: r.priceAtSave, savedAt: r.savedAt.toISOString() }));

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "mycasa" }, async (args) => {
  switch (mycasaPath(args.request)) {
    case "listing/upsert":
      return mycasaAction(args, upsertSchema, async ({ body, user, svc, now }) => {
        const prices = await publicPrices(svc.database.readDb, [body.listingId]);
        if (!prices.has(body.listingId)) throw new NotFoundError(mycasaMessages.listingNotFound, "listingId");
        await addFavourites(svc.database.db, user.id, [{ listingId: body.listingId, price: prices.get(body.listingId) ?? null }], now);
        const saved = await findFavourite(svc.database.db, user.id, body.listingId);
        return { statusCode: 200, data: { listingId: body.listingId, priceAtSave: saved?.priceAtSave ?? null } };
      });
    case "listing/remove-bookmark":
      return mycasaAction(args, removeSchema, async ({ body, user, svc }) => {
        const removed = await removeFavourites(svc.database.db, user.id, body.ids);
        // None of them was this user's (unknown, or another user's): said plainly, as for any unknown record.
        if (removed.length === 0) throw new NotFoundError(mycasaMessages.favouriteNotFound, "ids");
        return { statusCode: 200, data: { removed } };
      });
    case "listings/get/basic":
      return mycasaAction(args, getSchema, async ({ user, svc }) => ({
        statusCode: 200,
        list: presentList(await listFavourites(svc.database.db, user.id)),
      }));
    case "listings/merge":
      return mycasaAction(args, mergeSchema, async ({ body, user, svc, now }) => {
        // Ids of listings that no longer exist are dropped (the favourites page drops them too).
        const prices = await publicPrices(svc.database.readDb, body.ids);
        const entries = body.ids.filter((id) => prices.has(id)).map((id) => ({ listingId: id, price: prices.get(id) ?? null }));
        const { added, notSaved } = await addFavourites(svc.database.db, user.id, entries, now, { partial: true });
        return {
          statusCode: 200,
          added,
          notSaved,
          gone: body.ids.filter((id) => !prices.has(id)),
          ...(notSaved.length ? { message: mycasaMessages.favouritesFull } : {}),
          list: presentList(await listFavourites(svc.database.db, user.id)),
        };
      });
    default:
      return jsonError(404, mycasaMessages.invalidBody);
  }
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * Saved addresses of a logged-in user (seed 001 §3 "Other My{product} records", §7; the map's address
 * panel PREFERITI reads them; docs/api.md). Every change names the address by its id; another user's
 * id answers 404 like an unknown one.
 * - POST mycasa/addresses/get `{ from?, user?, jwt? }` → `{ statusCode: 200, data: [address] }`
 * - POST mycasa/addresses/add `{ address: { name, lat, lon, address, number?, town?, parent?, label?, isPin?, uKey? } }` → `{ statusCode: 200, data: address }`
 * - POST mycasa/addresses/rename `{ id, name }` → `{ statusCode: 200, data: address }`
 * - POST mycasa/addresses/delete `{ id }` → `{ statusCode: 200, data: { id } }`
 */
import { z } from "zod";
import { mycasaMessages } from "../../core/mycasa/records.ts";
import { addAddress, deleteAddress, listAddresses, renameAddress, type SavedAddress } from "../../db/mycasa.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { jsonError } from "../api/errors.ts";
import { mycasaAction, mycasaBody, mycasaPath } from "../mycasa/api.server.ts";
import { addressInput, recordName } from "../mycasa/inputs.ts";
import type { Route } from "./+types/api.mycasa-addresses";

const recordId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const present = (a: SavedAddress) => ({ ...a, updatedAt: a.updatedAt.toISOString() });

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "mycasa" }, async (args) => {
  switch (mycasaPath(args.request)) {
    case "addresses/get":
      return mycasaAction(args, mycasaBody({}), async ({ user, svc }) => ({
        statusCode: 200,
        data: (await listAddresses(svc.database.db, user.id)).map(present),
      }));
    case "addresses/add":
      return mycasaAction(args, mycasaBody({ address: addressInput }), async ({ body, user, svc, now }) => ({
        statusCode: 200,
        data: present(await addAddress(svc.database.db, user.id, body.address, now)),
      }));
    case "addresses/rename":
      return mycasaAction(args, mycasaBody({ id: recordId, name: recordName }), async ({ body, user, svc, now }) => ({
        statusCode: 200,
        data: present(await renameAddress(svc.database.db, user.id, body.id, body.name, now)),
      }));
    case "addresses/delete":
      return mycasaAction(args, mycasaBody({ id: recordId }), async ({ body, user, svc }) => {
        await deleteAddress(svc.database.db, user.id, body.id);
        return { statusCode: 200, data: { id: body.id } };
      });
    default:
      return jsonError(404, mycasaMessages.invalidBody);
  }
});

export const loader = endpoint.loader;
export const action = endpoint.action;

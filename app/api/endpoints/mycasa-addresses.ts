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
import { addAddress, deleteAddress, listAddresses, renameAddress, type SavedAddress } from "../../../db/mycasa.ts";
import { chain, endpointByPath, privateJson } from "../endpoint.server.ts";
import { mycasaBody, readMycasaBody, mycasaPath, unknownRecordCall } from "../../mycasa/api.server.ts";
import { mycasaUserForThemselves } from "../../mycasa/policies.server.ts";
import { addressInput, recordName } from "../../mycasa/inputs.ts";

const recordId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const present = (a: SavedAddress) => ({ ...a, updatedAt: a.updatedAt.toISOString() });

const endpoint = endpointByPath(
  "POST",
  { limit: "mycasa" },
  mycasaPath,
  {
    "addresses/get": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({})),
      command: async ({ actor, svc }) => ({
        statusCode: 200,
        data: (await listAddresses(svc.database.db, actor.id)).map(present),
      }),
      present: privateJson,
    }),
    "addresses/add": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({ address: addressInput })),
      command: async ({ input, actor, svc }) => ({
        statusCode: 200,
        data: present(await addAddress(svc.database.db, actor.id, input.address, new Date())),
      }),
      present: privateJson,
    }),
    "addresses/rename": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({ id: recordId, name: recordName })),
      command: async ({ input, actor, svc }) => ({
        statusCode: 200,
        data: present(await renameAddress(svc.database.db, actor.id, input.id, input.name, new Date())),
      }),
      present: privateJson,
    }),
    "addresses/delete": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({ id: recordId })),
      command: async ({ input, actor, svc }) => {
        await deleteAddress(svc.database.db, actor.id, input.id);
        return { statusCode: 200, data: { id: input.id } };
      },
      present: privateJson,
    }),
  },
  unknownRecordCall,
);

export const loader = endpoint.loader;
export const action = endpoint.action;

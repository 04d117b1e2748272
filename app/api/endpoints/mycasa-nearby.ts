/**
 * Commute points of a logged-in user (seed 001 §3 "Commute point", §7 nearby calls; seed 000 §4
 * "Nearby actions"; docs/api.md), in the stored format: { id, label, time_gap, transport, town, type,
 * address, number, updateDt, lat, lon }, coordinates rounded to 7 decimals. Answers use `result`.
 * - POST mycasa/nearby `{ user? }` → `{ result: [point] }`
 * - POST mycasa/nearby/add `{ nearby }` → `{ result: point }` (409 for the same lat, lon, mode and time)
 * - POST mycasa/nearby/update `{ nearby, user?, id }` → `{ result: point }`
 * - POST mycasa/nearby/delete `{ user?, id }` → `{ result: { id } }`
 * - POST mycasa/nearby/sync `{ user?, nearbyAll: [point] }` → `{ result: [point] }` (the browser's points the account lacks are added)
 */
import { z } from "zod";
import { MAX_COMMUTE_POINTS } from "../../../core/mycasa/records.ts";
import { pointsToPush, type StoredCommutePoint } from "../../../core/mycasa/commute.ts";
import { addCommutePoint, deleteCommutePoint, listCommutePoints, syncCommutePoints, updateCommutePoint } from "../../../db/mycasa.ts";
import { chain, endpointByPath, privateJson } from "../endpoint.server.ts";
import { mycasaBody, readMycasaBody, mycasaPath, unknownRecordCall } from "../../mycasa/api.server.ts";
import { mycasaUserForThemselves } from "../../mycasa/policies.server.ts";
import { commutePointInput, pointId } from "../../mycasa/inputs.ts";

const stamped = (p: z.infer<typeof commutePointInput>, now: Date): StoredCommutePoint => ({
  ...p,
  updateDt: p.updateDt ?? now.toISOString(),
});

const endpoint = endpointByPath(
  "POST",
  { limit: "mycasa" },
  mycasaPath,
  {
    nearby: chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({})),
      command: async ({ actor, svc }) => ({ result: await listCommutePoints(svc.database.db, actor.id) }),
      present: privateJson,
    }),
    "nearby/add": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({ nearby: commutePointInput })),
      command: async ({ input, actor, svc }) => ({
        result: await addCommutePoint(svc.database.db, actor.id, stamped(input.nearby, new Date())),
      }),
      present: privateJson,
    }),
    "nearby/update": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({ id: pointId, nearby: commutePointInput })),
      command: async ({ input, actor, svc }) => {
        const now = new Date();
        return {
          result: await updateCommutePoint(svc.database.db, actor.id, input.id, {
            ...stamped(input.nearby, now),
            updateDt: now.toISOString(),
          }),
        };
      },
      present: privateJson,
    }),
    "nearby/delete": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({ id: pointId })),
      command: async ({ input, actor, svc }) => {
        await deleteCommutePoint(svc.database.db, actor.id, input.id);
        return { result: { id: input.id } };
      },
      present: privateJson,
    }),
    "nearby/sync": chain({
      sameOrigin: "writes",
      authorise: mycasaUserForThemselves,
      validate: (input) => readMycasaBody(input, mycasaBody({ nearbyAll: z.array(commutePointInput).max(MAX_COMMUTE_POINTS) })),
      command: async ({ input, actor, svc }) => {
        const now = new Date();
        return {
          result: await syncCommutePoints(
            svc.database.db,
            actor.id,
            input.nearbyAll.map((p) => stamped(p, now)),
            pointsToPush,
          ),
        };
      },
      present: privateJson,
    }),
  },
  unknownRecordCall,
);

export const loader = endpoint.loader;
export const action = endpoint.action;

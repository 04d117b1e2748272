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
import { MAX_COMMUTE_POINTS, mycasaMessages } from "../../core/mycasa/records.ts";
import { pointsToPush, type StoredCommutePoint } from "../../core/mycasa/commute.ts";
import { addCommutePoint, deleteCommutePoint, listCommutePoints, syncCommutePoints, updateCommutePoint } from "../../db/mycasa.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { jsonError } from "../api/errors.ts";
import { mycasaAction, mycasaBody, mycasaPath } from "../mycasa/api.server.ts";
import { commutePointInput, pointId } from "../mycasa/inputs.ts";
import type { Route } from "./+types/api.mycasa-nearby";

const stamped = (p: z.infer<typeof commutePointInput>, now: Date): StoredCommutePoint => ({
  ...p,
  updateDt: p.updateDt ?? now.toISOString(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "mycasa" }, async (args) => {
  switch (mycasaPath(args.request)) {
    case "nearby":
      return mycasaAction(args, mycasaBody({}), async ({ user, svc }) => ({ result: await listCommutePoints(svc.database.db, user.id) }));
    case "nearby/add":
      return mycasaAction(args, mycasaBody({ nearby: commutePointInput }), async ({ body, user, svc, now }) => ({
        result: await addCommutePoint(svc.database.db, user.id, stamped(body.nearby, now)),
      }));
    case "nearby/update":
      return mycasaAction(args, mycasaBody({ id: pointId, nearby: commutePointInput }), async ({ body, user, svc, now }) => ({
        result: await updateCommutePoint(svc.database.db, user.id, body.id, { ...stamped(body.nearby, now), updateDt: now.toISOString() }),
      }));
    case "nearby/delete":
      return mycasaAction(args, mycasaBody({ id: pointId }), async ({ body, user, svc }) => {
        await deleteCommutePoint(svc.database.db, user.id, body.id);
        return { result: { id: body.id } };
      });
    case "nearby/sync":
      return mycasaAction(
        args,
        mycasaBody({ nearbyAll: z.array(commutePointInput).max(MAX_COMMUTE_POINTS) }),
        async ({ body, user, svc, now }) => ({
          result: await syncCommutePoints(
            svc.database.db,
            user.id,
            body.nearbyAll.map((p) => stamped(p, now)),
            pointsToPush,
          ),
        }),
      );
    default:
      return jsonError(404, mycasaMessages.invalidBody);
  }
});

export const loader = endpoint.loader;
export const action = endpoint.action;

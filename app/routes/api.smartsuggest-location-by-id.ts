/** POST /portal-srp/api/v1/smartsuggest/locationById {locId, channel?} → {location} (seed 000 §7). */
import { z } from "zod";
import { listAncestors } from "../../db/places.ts";
import { findPlaceById } from "../../db/place-search.ts";
import { jsonError } from "../api/errors.ts";
import { placeIdSchema, channelSchema } from "../api/places-input.ts";
import { presentLocation } from "../api/location-presenter.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readJsonBody } from "../api/request.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.smartsuggest-location-by-id";

const bodySchema = z.strictObject({ locId: placeIdSchema, channel: channelSchema.optional() });

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "suggest" }, async ({ request, context }) => {
  const body = await readJsonBody(request, bodySchema);
  const db = services(context).database.readDb;
  const place = await findPlaceById(db, body.locId, body.channel);
  if (!place) return jsonError(404, `locId: no place with id "${body.locId}"`, "locId");
  return Response.json({ location: presentLocation(place, await listAncestors(db, place.hkey)) });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/sharedUtils/reverse {coords: {latitude, longitude}, returnAll?} →
 * {location: [...]}: the places whose boundary contains the point, most specific first, each with its
 * hkey (docs/decisions/016-reverse-geocoding.md). Without returnAll only the most specific place.
 */
import { z } from "zod";
import { placesContainingPoint } from "../../db/place-search.ts";
import { presentLocation } from "../api/location-presenter.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readJsonBody } from "../api/request.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.shared-utils-reverse";

const bodySchema = z.strictObject({
  coords: z.strictObject({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  returnAll: z.boolean().optional(),
  /** The current search's place hkeys: the answer says whether the point lies in one of them. */
  hkeys: z
    .array(z.string().regex(/^[a-z0-9.-]{1,80}$/, "an hkey"))
    .max(50)
    .optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "suggest" }, async ({ request, context }) => {
  const body = await readJsonBody(request, bodySchema);
  const places = await placesContainingPoint(services(context).database.readDb, body.coords.latitude, body.coords.longitude);
  const location = (body.returnAll ? places : places.slice(0, 1)).map((p) => presentLocation(p));
  return Response.json({
    location,
    ...(body.hkeys ? { inside: places.some((p) => body.hkeys!.includes(p.hkey)) } : {}),
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

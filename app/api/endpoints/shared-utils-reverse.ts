/**
 * POST /portal-srp/api/v1/sharedUtils/reverse {coords: {latitude, longitude}, returnAll?} →
 * {location: [...]}: the places whose boundary contains the point, most specific first, each with its
 * hkey (docs/decisions/016-reverse-geocoding.md). Without returnAll only the most specific place.
 */
import { z } from "zod";
import { placesContainingPoint } from "../../../db/place-search.ts";
import { presentLocation } from "../location-presenter.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";

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

const api = endpoint("POST", {
  limit: "suggest",
  authorise: anyone,
  validate: (input) => input.jsonOf(bodySchema),
  command: ({ input, svc }) => placesContainingPoint(svc.database.readDb, input.coords.latitude, input.coords.longitude),
  present: (places, { input }) =>
    Response.json({
      location: (input.returnAll ? places : places.slice(0, 1)).map((p) => presentLocation(p)),
      ...(input.hkeys ? { inside: places.some((p) => input.hkeys!.includes(p.hkey)) } : {}),
    }),
});

export const loader = api.loader;
export const action = api.action;

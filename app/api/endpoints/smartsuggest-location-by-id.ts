/** POST /portal-srp/api/v1/smartsuggest/locationById {locId, channel?} → {location} (seed 000 §7). */
import { z } from "zod";
import { listAncestors } from "../../../db/places.ts";
import { findPlaceById } from "../../../db/place-search.ts";
import { jsonError } from "../errors.ts";
import { placeIdSchema, channelSchema } from "../places-input.ts";
import { presentLocation } from "../location-presenter.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";

const bodySchema = z.strictObject({ locId: placeIdSchema, channel: channelSchema.optional() });

const api = endpoint("POST", {
  limit: "suggest",
  authorise: anyone,
  validate: (input) => input.jsonOf(bodySchema),
  command: async ({ input, svc }) => {
    const db = svc.database.readDb;
    const place = await findPlaceById(db, input.locId, input.channel);
    if (!place) throw jsonError(404, `locId: no place with id "${input.locId}"`, "locId");
    return presentLocation(place, await listAncestors(db, place.hkey));
  },
  present: (location) => Response.json({ location }),
});

export const loader = api.loader;
export const action = api.action;

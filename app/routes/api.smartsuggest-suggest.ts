/** POST /portal-srp/api/v1/smartsuggest/suggest — place autocomplete (seed 000 §7; docs/api.md "Places"). */
import { z } from "zod";
import { formatListingCount } from "../../core/format.ts";
import { idSchema } from "../../core/ids.ts";
import { suggestPlaces, extraSuggestLevels } from "../../db/place-search.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readJsonBody } from "../api/request.ts";
import { channelSchema, levelListSchema } from "../api/places-input.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.smartsuggest-suggest";

const bodySchema = z.strictObject({
  // Not trimmed: a trailing space after a street word ("via ") already asks for streets.
  qs: z
    .string()
    .max(100, "at most 100 characters")
    .refine((s) => s.trim().length > 0, "type at least one character"),
  channel: channelSchema.optional(),
  propertyTypeGroup: z
    .string()
    .regex(/^[a-z-]{1,40}$/, "a property type group slug")
    .optional(),
  publisher: idSchema("publisher").optional(),
  extraLevels: levelListSchema(extraSuggestLevels).optional(),
  isLanding: z.boolean().optional(),
  size: z.number().int().min(1).max(10).optional(),
  /** The map's view [west, south, east, north]: its towns' places and streets come first (docs/decisions/080). */
  view: z
    .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)])
    .refine(([w, s, e, n]) => w <= e && s <= n, "view must be [west, south, east, north]")
    .optional(),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "suggest" }, async ({ request, context }) => {
  const body = await readJsonBody(request, bodySchema);
  const result = await suggestPlaces(services(context).database.readDb, body.qs, {
    channel: body.channel,
    propertyTypeGroup: body.propertyTypeGroup,
    publisherId: body.publisher,
    extraLevels: body.extraLevels,
    isLanding: body.isLanding,
    size: body.size,
    view: body.view,
  });
  return Response.json({
    kind: result.kind,
    data: result.data.map((p) => ({ ...p, text_count: formatListingCount(p.count) })),
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

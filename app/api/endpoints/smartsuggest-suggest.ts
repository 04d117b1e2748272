/** POST /portal-srp/api/v1/smartsuggest/suggest — place autocomplete (seed 000 §7; docs/api.md "Places"). */
import { z } from "zod";
import { formatListingCount } from "../../../core/format.ts";
import { idSchema } from "../../../core/ids.ts";
import { suggestPlaces, extraSuggestLevels } from "../../../db/place-search.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { channelSchema, levelListSchema } from "../places-input.ts";

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

const api = endpoint("POST", {
  limit: "suggest",
  authorise: anyone,
  validate: (input) => input.jsonOf(bodySchema),
  command: ({ input, svc }) =>
    suggestPlaces(svc.database.readDb, input.qs, {
      channel: input.channel,
      propertyTypeGroup: input.propertyTypeGroup,
      publisherId: input.publisher,
      extraLevels: input.extraLevels,
      isLanding: input.isLanding,
      size: input.size,
      view: input.view,
    }),
  present: (result) =>
    Response.json({
      kind: result.kind,
      data: result.data.map((p) => ({ ...p, text_count: formatListingCount(p.count) })),
    }),
});

export const loader = api.loader;
export const action = api.action;

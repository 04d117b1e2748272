/**
 * POST /portal-srp/api/v1/cerca-intorno-a-te/ — "Cerca intorno a te": listings for sale or rent within
 * a radius of the user's position (default 2 km; larger radii round up to whole multiples of 2 km).
 */
import { z } from "zod";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch } from "../search-input.server.ts";
import { runListingSearch, searchOptions } from "../../search/run-search.server.ts";

const bodySchema = z.strictObject({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  radius: z.number().min(100).max(50_000).optional(),
  channel: z.enum(["vendita", "affitto"]).optional(),
  filters: z.record(z.string().max(80), z.unknown()).optional(),
  size: z.number().int().min(1).max(50).optional(),
});

/** 2,000 m, or above that 2,000 × ⌈km / 2⌉ (seed 000 §5). */
export function searchRadius(requested: number | undefined): number {
  if (!requested || requested <= 2000) return 2000;
  return 2000 * Math.ceil(requested / 1000 / 2);
}

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }, { svc }) =>
    readSearch(request, svc.database.readDb, {
      schema: bodySchema,
      extra: (b) => ({
        channel: b.channel ?? "vendita",
        geocircle: { circle: [{ distance: Math.min(searchRadius(b.radius), 50_000), center: [b.lat, b.lon] }] },
      }),
    }),
  command: ({ input: { body, query }, svc }) =>
    runListingSearch(svc.database.readDb, query, { ...searchOptions(svc), size: body.size, withFillIn: false }),
  present: (result, { input: { body, query } }) => Response.json({ ...result, radius: Math.min(searchRadius(body.radius), 50_000), query }),
});

export const loader = api.loader;
export const action = api.action;

/**
 * POST /portal-srp/api/v1/cerca-intorno-a-te/ — "Cerca intorno a te": listings for sale or rent within
 * a radius of the user's position (default 2 km; larger radii round up to whole multiples of 2 km).
 */
import { z } from "zod";
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { runListingSearch, searchOptions } from "../search/run-search.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.cerca-intorno-a-te";

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

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const db = services(context).database.readDb;
  const { body, query } = await readSearch(request, db, {
    schema: bodySchema,
    extra: (b) => ({
      channel: b.channel ?? "vendita",
      geocircle: { circle: [{ distance: Math.min(searchRadius(b.radius), 50_000), center: [b.lat, b.lon] }] },
    }),
  });
  const radius = Math.min(searchRadius(body.radius), 50_000);
  const result = await runListingSearch(db, query, { ...searchOptions(services(context)), size: body.size, withFillIn: false });
  return Response.json({ ...result, radius, query });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

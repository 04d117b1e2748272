/**
 * POST /portal-srp/api/v1/cerca-intorno-a-te/ — "Cerca intorno a te": listings for sale or rent within
 * a radius of the user's position (default 2 km; larger radii round up to whole multiples of 2 km).
 */
import { z } from "zod";
import { postOnly, readJsonBody } from "../api/request.ts";
import { searchInputError } from "../api/search-input.server.ts";
import { parseSearch } from "../../core/search/query.ts";
import { runListingSearch, searchOptions } from "../search/run-search.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.cerca-intorno-a-te";

export const loader = postOnly;

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

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, bodySchema);
  const radius = Math.min(searchRadius(body.radius), 50_000);
  let query;
  try {
    query = parseSearch({ ...(body.filters ?? {}), channel: body.channel ?? "vendita", geocircle: { circle: [{ distance: radius, center: [body.lat, body.lon] }] } });
  } catch (error) {
    throw searchInputError(error);
  }
  const result = await runListingSearch(services(context).database.readDb, query, { ...searchOptions(services(context)), size: body.size, withFillIn: false });
  return Response.json({ ...result, radius, query });
}

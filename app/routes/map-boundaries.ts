/**
 * GET /mappa/confini.geojson?bbox=w,s,e,n&zoom=z — the search map's base layer (core/map/style.ts):
 * boundaries from the project's own data, for the view snapped to a grid (one cached answer per cell).
 */
import { z } from "zod";
import { boundaryRequest } from "../../core/map/style.ts";
import { boundariesInView } from "../../db/map-boundaries.ts";
import { jsonError } from "../api/errors.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/map-boundaries";

const params = z.object({
  bbox: z
    .string()
    .max(120)
    .transform((t) => t.split(",").map(Number))
    .pipe(
      z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)]),
    ),
  zoom: z.coerce.number().min(0).max(24),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = params.safeParse({ bbox: url.searchParams.get("bbox") ?? "", zoom: url.searchParams.get("zoom") ?? "" });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "bbox");
    return jsonError(400, `${field}: ${field === "zoom" ? "a number from 0 to 24" : "west,south,east,north in degrees"}`, field);
  }
  const [w, s, e, n] = parsed.data.bbox;
  if (w >= e || s >= n) return jsonError(400, "bbox: west must be below east and south below north", "bbox");
  const { levels, bbox } = boundaryRequest([w, s, e, n], parsed.data.zoom);
  const body = await boundariesInView(services(context).database.readDb, levels, bbox);
  return new Response(body, { headers: { "Content-Type": "application/geo+json", "Cache-Control": "public, max-age=3600" } });
}

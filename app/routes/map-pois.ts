/**
 * GET /mappa/poi.geojson?bbox=w,s,e,n&types=subway,supermarket — the points of interest of the chosen
 * types in a map view (at most 500), as GeoJSON points with their type and name.
 */
import { z } from "zod";
import { poiTypeIds } from "../../core/poi.ts";
import { poisInView } from "../../db/map-pois.ts";
import { jsonError } from "../api/errors.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/map-pois";

const params = z.object({
  bbox: z
    .string()
    .max(120)
    .transform((t) => t.split(",").map(Number))
    .pipe(
      z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)]),
    ),
  types: z
    .string()
    .max(300)
    .transform((t) => t.split(",").filter(Boolean))
    .pipe(z.array(z.enum(poiTypeIds)).max(poiTypeIds.length)),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = params.safeParse({ bbox: url.searchParams.get("bbox") ?? "", types: url.searchParams.get("types") ?? "" });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "bbox");
    return jsonError(
      400,
      field === "types" ? `types: a list of ${poiTypeIds.join(", ")}` : "bbox: west,south,east,north in degrees",
      field,
    );
  }
  const [w, s, e, n] = parsed.data.bbox;
  if (w >= e || s >= n) return jsonError(400, "bbox: west must be below east and south below north", "bbox");
  const pois = await poisInView(services(context).database.readDb, parsed.data.types, [w, s, e, n]);
  return Response.json(
    {
      type: "FeatureCollection",
      features: pois.map((p) => ({
        type: "Feature",
        id: p.id,
        properties: { type: p.type, name: p.name },
        geometry: { type: "Point", coordinates: [p.lon, p.lat] },
      })),
    },
    { headers: { "Content-Type": "application/geo+json", "Cache-Control": "public, max-age=3600" } },
  );
}

/**
 * GET /mappa/trasporti.geojson — metro and tram lines and metro stations for the search map
 * (core/map/style.ts transitLayers; db/map-transit.ts); `?linee=metro` the metro lines alone, which is all a map
 * draws below TRAM_MIN_ZOOM. The same answers for every view: the map asks for each once, when it first zooms in
 * far enough to draw it.
 */
import { z } from "zod";
import { transitLines } from "../../db/map-transit.ts";
import { jsonError } from "../api/errors.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/map-transit";

const params = z.object({ linee: z.enum(["metro"]).optional() });

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = params.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return jsonError(400, "linee: only 'metro' (the metro lines alone), or no value for every line", "linee");
  const body = await transitLines(services(context).database.readDb, parsed.data.linee ?? "all");
  return new Response(body, { headers: { "Content-Type": "application/geo+json", "Cache-Control": "public, max-age=86400" } });
}

/**
 * GET /mappa/trasporti.geojson — metro and tram lines and metro stations for the search map
 * (core/map/style.ts transitLayers; db/map-transit.ts). The same answer for every view: the map asks
 * for it once, when it first zooms in far enough to draw them.
 */
import { transitLines } from "../../db/map-transit.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/map-transit";

export async function loader({ context }: Route.LoaderArgs) {
  const body = await transitLines(services(context).database.readDb);
  return new Response(body, { headers: { "Content-Type": "application/geo+json", "Cache-Control": "public, max-age=86400" } });
}

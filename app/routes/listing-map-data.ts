/** GET /annunci/{id}/mappa.geojson — the local GeoJSON the listing map draws (town boundary, pin or area). */
import { listingMapFeatures, publicLocation } from "../../core/listing/location.ts";
import { parseId } from "../../core/ids.ts";
import { findListingLocation } from "../../db/listings.ts";
import { jsonError } from "../api/errors.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/listing-map-data";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) return jsonError(404, "listing not found", "id");
  const found = await findListingLocation(services(context).database.readDb, id);
  if (!found) return jsonError(404, "listing not found", "id");
  // Centred on the stored public point (the grid vertex for an approximate listing), as every other output.
  const body = listingMapFeatures(publicLocation(found.lat, found.lon, found.geoVisibility), found.townGeometry);
  return Response.json(body, { headers: { "Content-Type": "application/geo+json", "Cache-Control": "public, max-age=3600" } });
}

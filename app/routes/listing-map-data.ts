/** GET /annunci/{id}/mappa.geojson — the local GeoJSON the listing map draws (town boundary, pin or area). */
import { listingMapFeatures, publicLocation } from "../../core/listing/location.ts";
import { findListingLocation } from "../../db/listings.ts";
import { jsonError } from "../api/errors.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/listing-map-data";

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,9}$/.test(params.id) || Number(params.id) > 2_147_483_647) return jsonError(404, "listing not found", "id");
  const found = await findListingLocation(services(context).database.readDb, Number(params.id));
  if (!found) return jsonError(404, "listing not found", "id");
  const body = listingMapFeatures(publicLocation(found.lat, found.lon, found.geoVisibility), found.townGeometry);
  return Response.json(body, { headers: { "Content-Type": "application/geo+json", "Cache-Control": "public, max-age=3600" } });
}

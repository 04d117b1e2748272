/**
 * POST /portal-srp/api/v1/search-map/markers — markers for the map view given as filters.geobounds
 * {bbox, zoom}: counts per map cell at low zoom, single pins when zoomed in or few.
 */
import { zoomForBBox } from "../../core/geo.ts";
import { publicLocation } from "../../core/listing/location.ts";
import { listingMarkers } from "../../db/listings-search.ts";
import { jsonError } from "../api/errors.ts";
import { postOnly } from "../api/request.ts";
import { readSearchBody } from "../api/search-input.server.ts";
import { buildCriteria } from "../search/criteria.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.search-map-markers";

export const loader = postOnly;
const MAX_PINS = 300;

export async function action({ request, context }: Route.ActionArgs) {
  const { body, query } = await readSearchBody(request);
  const bounds = body.filters?.geobounds as { bbox?: [number, number, number, number]; zoom?: number } | [number, number, number, number] | undefined;
  if (!query.geo || query.geo.kind !== "bounds" || !bounds) return jsonError(400, "filters.geobounds: the map view {bbox, zoom} is required for markers", "filters.geobounds");
  const db = services(context).database.readDb;
  const { criteria } = await buildCriteria(db, query, { isochrones: services(context).isochrones });
  const bbox = criteria.area!.kind === "bounds" ? criteria.area!.bbox : query.geo.bbox;
  const zoom = Math.round((!Array.isArray(bounds) && bounds.zoom) || zoomForBBox(bbox));
  const { total, markers } = await listingMarkers(db, criteria, { bbox, zoom, maxPins: MAX_PINS });
  // A pin of a listing whose publisher hides the exact point shows the approximate one (core/listing/location.ts).
  const shown = markers.map((m) => (m.type === "pin" ? { ...m, ...pick(publicLocation(m.lat, m.lon, m.geoVisibility)) } : m));
  return Response.json({ total, zoom, aggregated: markers.some((m) => m.type === "cluster"), markers: shown });
}

function pick(location: { lat: number; lon: number }): { lat: number; lon: number } {
  return { lat: location.lat, lon: location.lon };
}

/**
 * POST /portal-srp/api/v1/search-map/markers — markers for the map view given as filters.geobounds
 * {bbox, zoom}: counts per map cell at low zoom, single pins when zoomed in or few.
 */
import { zoomForBBox } from "../../core/geo.ts";
import { publicListing } from "../../core/listing/public.ts";
import { listingMarkers } from "../../db/listings-search.ts";
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { buildCriteria } from "../search/criteria.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.search-map-markers";

const MAX_PINS = 300;

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const { body, query } = await readSearch(request, services(context).database.readDb);
  const bounds = body.filters?.geobounds as { bbox?: [number, number, number, number]; zoom?: number } | [number, number, number, number] | undefined;
  if (!query.geo || query.geo.kind !== "bounds") return jsonError(400, "filters.geobounds: the map view {bbox, zoom} is required for markers", "filters.geobounds");
  const db = services(context).database.readDb;
  const { criteria } = await buildCriteria(db, query, { isochrones: services(context).isochrones });
  const bbox = criteria.area!.kind === "bounds" ? criteria.area!.bbox : query.geo.bbox;
  const zoom = Math.round((bounds && !Array.isArray(bounds) && bounds.zoom) || zoomForBBox(bbox));
  const { total, markers } = await listingMarkers(db, criteria, { bbox, zoom, maxPins: MAX_PINS });
  // Pins leave through the public view (core/listing/public.ts): public point, no hidden price.
  const shown = markers.map((m) => {
    if (m.type !== "pin") return m;
    const { location: _location, showPhoneNumber: _phone, ...pin } = publicListing(m);
    return pin;
  });
  return Response.json({ total, zoom, aggregated: markers.some((m) => m.type === "cluster"), markers: shown });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

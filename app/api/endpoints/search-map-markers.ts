/**
 * POST /portal-srp/api/v1/search-map/markers — markers for the map view: counts per map cell at low
 * zoom, single pins when zoomed in or few. The view is filters.geobounds {bbox, zoom} (a bounds search),
 * or `mapBounds` {bbox, zoom} when the search's area is a drawn shape (polygon, circle, travel time):
 * then the markers are the shape's listings in view (seed 000 §3 "Map query": geobounds, bboxPolygon),
 * and a travel-time area comes back as `area` (GeoJSON MultiPolygon) for the map to draw.
 */
import { z } from "zod";
import { zoomForBBox } from "../../../core/geo.ts";
import { publicListing } from "../../../core/listing/public.ts";
import { areaGeometry } from "../../../core/search/map-view.ts";
import { listingMarkers } from "../../../db/listings-search.ts";
import { jsonError } from "../errors.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch, searchBodySchema } from "../search-input.server.ts";
import { buildCriteria } from "../../../db/search-criteria.ts";

const MAX_PINS = 300;

const markersBodySchema = searchBodySchema.extend({
  mapBounds: z
    .strictObject({
      bbox: z
        .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)])
        .refine(([w, s, e, n]) => w < e && s < n, "west must be below east and south below north"),
      zoom: z.number().min(0).max(24).optional(),
    })
    .optional(),
});

type MapBounds = { bbox?: [number, number, number, number]; zoom?: number } | [number, number, number, number] | undefined;

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: async ({ request }, { svc }) => {
    const { body, query } = await readSearch(request, svc.database.readDb, { schema: markersBodySchema });
    const shape = query.geo !== null && query.geo.kind !== "bounds";
    if (!shape && query.geo?.kind !== "bounds")
      throw jsonError(400, "filters.geobounds: the map view {bbox, zoom} is required for markers", "filters.geobounds");
    if (shape && !body.mapBounds) throw jsonError(400, "mapBounds: the map view {bbox, zoom} is required with a drawn area", "mapBounds");
    return { body, query, shape };
  },
  command: async ({ input: { body, query, shape }, svc }) => {
    const db = svc.database.readDb;
    const bounds = body.filters?.geobounds as MapBounds;
    const { criteria } = await buildCriteria(db, query, { isochrones: svc.isochrones });
    const bbox = shape
      ? body.mapBounds!.bbox
      : criteria.area!.kind === "bounds"
        ? criteria.area!.bbox
        : (query.geo as { bbox: [number, number, number, number] }).bbox;
    const askedZoom = shape ? body.mapBounds!.zoom : bounds && !Array.isArray(bounds) ? bounds.zoom : undefined;
    const zoom = Math.round(askedZoom || zoomForBBox(bbox));
    const { total, markers } = await listingMarkers(db, criteria, { bbox, zoom, maxPins: MAX_PINS });
    // A travel-time area is resolved here (isochrone provider): the map draws what was searched.
    const area = query.geo?.kind === "nearby" && criteria.area ? areaGeometry(criteria.area) : null;
    return { total, zoom, markers, area };
  },
  present: ({ total, zoom, markers, area }) => {
    // Pins leave through the public view (core/listing/public.ts): public point, no hidden price.
    const shown = markers.map((m) => {
      if (m.type !== "pin") return m;
      const { location: _location, showPhoneNumber: _phone, ...pin } = publicListing(m);
      return pin;
    });
    return Response.json({ total, zoom, aggregated: markers.some((m) => m.type === "cluster"), markers: shown, ...(area ? { area } : {}) });
  },
});

export const loader = api.loader;
export const action = api.action;

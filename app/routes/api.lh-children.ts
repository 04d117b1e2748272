/** GET /lh/v2/{province|town|metroline|nonadminzone|zone|block}/{slug}?site=it_casa — a place's children with listing counts (seed 000 §7). */
import { z } from "zod";
import { lookupLevelOf, lookupLevels } from "../../core/places.ts";
import { findPlaceBySlug, listAncestors, listChildren } from "../../db/places.ts";
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readQuery } from "../api/request.ts";
import { presentLocation } from "../api/location-presenter.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.lh-children";

const querySchema = z.strictObject({
  site: z.literal("it_casa", { error: "only it_casa is served" }).optional(),
  channel: z.enum(["vendita", "affitto", "affitto-breve"]).optional(),
});

const endpoint = apiRoute<Route.LoaderArgs>({ method: "GET", limit: "suggest" }, async ({ params, request, context }) => {
  const level = lookupLevelOf(params.level);
  if (level === undefined)
    return jsonError(404, `unknown level "${params.level.slice(0, 40)}": use one of ${Object.keys(lookupLevels).join(", ")}`);
  const query = readQuery(request, querySchema);
  const slug = params.slug.toLowerCase();
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) return jsonError(400, "slug: only letters, digits and dashes are allowed", "slug");

  const { readDb } = services(context).database;
  const place = await findPlaceBySlug(readDb, level, slug, query.channel);
  if (!place) return jsonError(404, `no ${params.level} with slug "${slug}"`);
  const [children, ancestors] = await Promise.all([
    listChildren(readDb, place.id, { channel: query.channel }),
    listAncestors(readDb, place.hkey),
  ]);
  return Response.json(
    {
      location: presentLocation(place, ancestors),
      count: place.count,
      text_count: presentLocation(place).text_count,
      locations: children.map((c) => presentLocation(c)),
    },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
});

export const loader = endpoint.loader;
export const action = endpoint.action;

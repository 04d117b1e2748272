/** GET /lh/v2/{province|town|metroline|nonadminzone|zone|block}/{slug}?site=it_casa — a place's children with listing counts (seed 000 §7). */
import { z } from "zod";
import { lookupLevelOf, lookupLevels } from "../../core/places.ts";
import { findPlaceBySlug, listAncestors, listChildren } from "../../db/places.ts";
import { jsonError } from "../api/errors.ts";
import { endpoint } from "../api/endpoint.server.ts";
import { anyone } from "../api/policies.server.ts";
import { presentLocation } from "../api/location-presenter.ts";

const querySchema = z.strictObject({
  site: z.literal("it_casa", { error: "only it_casa is served" }).optional(),
  channel: z.enum(["vendita", "affitto", "affitto-breve"]).optional(),
});

const api = endpoint("GET", {
  limit: "suggest",
  authorise: anyone,
  validate: (input) => {
    const levelName = input.params.level ?? "";
    const level = lookupLevelOf(levelName);
    if (level === undefined)
      throw jsonError(404, `unknown level "${levelName.slice(0, 40)}": use one of ${Object.keys(lookupLevels).join(", ")}`);
    const query = input.query(querySchema);
    const slug = (input.params.slug ?? "").toLowerCase();
    if (!/^[a-z0-9-]{1,120}$/.test(slug)) throw jsonError(400, "slug: only letters, digits and dashes are allowed", "slug");
    return { level, levelName, slug, channel: query.channel };
  },
  command: async ({ input: { level, levelName, slug, channel }, svc }) => {
    const { readDb } = svc.database;
    const place = await findPlaceBySlug(readDb, level, slug, channel);
    if (!place) throw jsonError(404, `no ${levelName} with slug "${slug}"`);
    const [children, ancestors] = await Promise.all([listChildren(readDb, place.id, { channel }), listAncestors(readDb, place.hkey)]);
    return { place, children, ancestors };
  },
  present: ({ place, children, ancestors }) =>
    Response.json(
      {
        location: presentLocation(place, ancestors),
        count: place.count,
        text_count: presentLocation(place).text_count,
        locations: children.map((c) => presentLocation(c)),
      },
      { headers: { "Cache-Control": "public, max-age=300" } },
    ),
});

export const loader = api.loader;
export const action = api.action;

/**
 * POST /portal-srp/api/v1/smartsuggest/localityChildren {childrenUri, conf} → {count, text_count, location?, locations}
 * (seed 000 §7): the children of the place a children_uri names, with counts filtered by the conf.
 * conf flags (docs/api.md): withCount (default true), withParent (adds the place with its parents),
 * withZones (false drops zones and blocks), isZone (only zones and blocks), isMetro (only metro lines
 * and stops), isNonAdminZones (only non-administrative zones); isAgency/isCercacasa are accepted and
 * change nothing here.
 */
import { z } from "zod";
import { formatListingCount } from "../../../core/format.ts";
import { idSchema } from "../../../core/ids.ts";
import { lookupLevelOf, PlaceLevel } from "../../../core/places.ts";
import { countListingsIn } from "../../../db/place-search.ts";
import { findPlaceBySlug, listAncestors, listChildren } from "../../../db/places.ts";
import { jsonError } from "../errors.ts";
import { channelSchema } from "../places-input.ts";
import { presentLocation } from "../location-presenter.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";

const flag = z.boolean().optional();
const bodySchema = z.strictObject({
  childrenUri: z
    .string()
    .max(300)
    .regex(/^\/lh\/v2\/[a-z]+\/[a-z0-9-]{1,120}\/?(\?[a-z_=&0-9-]*)?$/i, "a children_uri such as /lh/v2/town/milano"),
  conf: z
    .strictObject({
      channel: channelSchema.optional(),
      category: z.enum(["residenziale", "commerciale", "case-vacanza"]).optional(),
      buildingCondition: z.enum(["nuovo", "nuovo-ristrutturato", "abitabile", "da-ristrutturare"]).optional(),
      publisherId: idSchema("conf.publisherId").optional(),
      withCount: flag,
      withParent: flag,
      withZones: flag,
      isZone: flag,
      isMetro: flag,
      isAgency: flag,
      isNonAdminZones: flag,
      isCercacasa: flag,
    })
    .optional(),
});

const zoneLevels: number[] = [PlaceLevel.zone, PlaceLevel.block];
const metroLevels: number[] = [PlaceLevel.metroLine, PlaceLevel.metroStop];
const nonAdminLevels: number[] = [PlaceLevel.nonAdminZone, PlaceLevel.nonAdminSubZone];

const api = endpoint("POST", {
  limit: "suggest",
  authorise: anyone,
  validate: async (input) => {
    const { childrenUri, conf = {} } = await input.jsonOf(bodySchema);
    const [, , , levelName, slug] = childrenUri.split("?")[0]!.split("/");
    const level = lookupLevelOf(levelName!);
    if (level === undefined) throw jsonError(404, `childrenUri: unknown level "${levelName!.slice(0, 40)}"`, "childrenUri");
    return { level, levelName: levelName!, slug: slug!, conf };
  },
  command: async ({ input: { level, levelName, slug, conf }, svc }) => {
    const db = svc.database.readDb;
    const place = await findPlaceBySlug(db, level, slug.toLowerCase());
    if (!place) throw jsonError(404, `childrenUri: no ${levelName} with slug "${slug}"`, "childrenUri");

    let children = await listChildren(db, place.id);
    if (conf.isZone) children = children.filter((c) => zoneLevels.includes(c.level));
    else if (conf.isMetro) children = children.filter((c) => metroLevels.includes(c.level));
    else if (conf.isNonAdminZones) children = children.filter((c) => nonAdminLevels.includes(c.level));
    if (conf.withZones === false) children = children.filter((c) => !zoneLevels.includes(c.level));

    const withCount = conf.withCount !== false;
    const filter = {
      channel: conf.channel,
      category: conf.category,
      buildingCondition: conf.buildingCondition,
      publisherId: conf.publisherId,
    };
    const counts = withCount ? await countListingsIn(db, [place, ...children], filter) : new Map<string, number>();
    const count = counts.get(place.id) ?? 0;
    const ancestors = conf.withParent ? await listAncestors(db, place.hkey) : null;
    return { place, children, counts, count, withCount, ancestors };
  },
  present: ({ place, children, counts, count, withCount, ancestors }) => {
    const locations = children.map((c) => {
      const json = presentLocation({ ...c, count: counts.get(c.id) ?? 0 });
      if (withCount) return json;
      const { count: _c, text_count: _t, ...rest } = json;
      return rest;
    });
    return Response.json({
      ...(withCount ? { count, text_count: formatListingCount(count) } : {}),
      ...(ancestors ? { location: presentLocation({ ...place, count }, ancestors) } : {}),
      locations,
    });
  },
});

export const loader = api.loader;
export const action = api.action;

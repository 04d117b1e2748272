/**
 * POST /portal-srp/api/v1/home — what the home page shows: totals per channel, regions with counts,
 * the newest listings (their links in the body's locale). The client's domain, baseUri and apireq
 * change nothing here, so they are refused (400) rather than silently ignored.
 */
import { z } from "zod";
import { PlaceLevel } from "../../../core/places.ts";
import { parseSearch } from "../../../core/search/query.ts";
import { channels } from "../../../core/search/vocabulary.ts";
import { countListingsByChannel, listChildren } from "../../../db/places.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { localizePath } from "../../i18n/locale.ts";
import { runListingSearch, searchOptions } from "../../search/run-search.server.ts";

const bodySchema = z.strictObject({
  site: z.literal("it_casa").optional(),
  locale: z.enum(["it", "en"]).optional(),
});

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: (input) => input.jsonOf(bodySchema),
  command: ({ svc }) => {
    const db = svc.database.readDb;
    return Promise.all([
      listChildren(db, "IT", { levels: [PlaceLevel.region] }),
      countListingsByChannel(db),
      runListingSearch(db, parseSearch({ sortType: "data_decrescente", photo: true }), {
        ...searchOptions(svc),
        size: 6,
        withFillIn: false,
      }),
    ]);
  },
  present: ([regions, totals, latest], { input }) => {
    const locale = input.locale ?? "it";
    return Response.json({
      totals: Object.fromEntries(channels.map((c) => [c, totals[c] ?? 0])),
      regions: regions.map((r) => ({ id: r.id, name: r.name, slug: r.slug, count: r.count })),
      latest: latest.listings.map((l) => ({ ...l, uri: localizePath(l.uri, locale) })),
    });
  },
});

export const loader = api.loader;
export const action = api.action;

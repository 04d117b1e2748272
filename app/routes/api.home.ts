/** POST /portal-srp/api/v1/home — what the home page shows: totals per channel, regions with counts, the newest listings. */
import { z } from "zod";
import { PlaceLevel } from "../../core/places.ts";
import { parseSearch } from "../../core/search/query.ts";
import { channels } from "../../core/search/vocabulary.ts";
import { countListingsByChannel, listChildren } from "../../db/places.ts";
import { postOnly, readJsonBody } from "../api/request.ts";
import { runListingSearch, searchOptions } from "../search/run-search.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.home";

export const loader = postOnly;

const bodySchema = z.strictObject({
  site: z.literal("it_casa").optional(),
  domain: z.string().max(200).optional(),
  locale: z.enum(["it", "en"]).optional(),
  apireq: z.unknown().optional(),
  baseUri: z.string().max(2000).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  await readJsonBody(request, bodySchema);
  const db = services(context).database.readDb;
  const [regions, totals, latest] = await Promise.all([
    listChildren(db, "IT", { levels: [PlaceLevel.region] }),
    countListingsByChannel(db),
    runListingSearch(db, parseSearch({ sortType: "data_decrescente", photo: true }), { ...searchOptions(services(context)), size: 6, withFillIn: false }),
  ]);
  return Response.json({
    totals: Object.fromEntries(channels.map((c) => [c, totals[c] ?? 0])),
    regions: regions.map((r) => ({ id: r.id, name: r.name, slug: r.slug, count: r.count })),
    latest: latest.listings,
  });
}

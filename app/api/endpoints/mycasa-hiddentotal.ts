/**
 * POST /portal-srp/api/v1/mycasa/hiddentotal — how many of the ads the user discarded match this
 * search (they are hidden from its results), and which discarded ads no longer exist (closed). The
 * search is the body's locations and filters, or the one its `apireq.uri` stands for (docs/api.md).
 */
import { z } from "zod";
import { countAmong } from "../../../db/listings-search.ts";
import { existingListingIds } from "../../../db/listings.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { locationRefSchema, readSearch } from "../search-input.server.ts";
import { buildCriteria } from "../../../db/search-criteria.ts";

const ids = z.array(z.number().int().positive().max(2_147_483_647)).max(1000);
const bodySchema = z
  .strictObject({
    userDiscardedAds: ids,
    closedList: ids.optional(),
    locations: z.array(locationRefSchema).max(50).optional(),
    filters: z.record(z.string().max(80), z.unknown()).optional(),
    /** The search's apireq (POST apireq's answer): its uri names the search; its other fields are derived from it. */
    apireq: z.looseObject({ uri: z.string().max(4000) }).optional(),
  })
  .transform((b) => ({ ...b, uri: b.apireq?.uri }));

const api = endpoint("POST", {
  limit: "search",
  // The visitor's discarded ads travel in the body (the browser keeps them): nothing of anyone's is read.
  authorise: anyone,
  validate: ({ request }, { svc }) => readSearch(request, svc.database.readDb, { schema: bodySchema }),
  command: async ({ input: { body, query }, svc }) => {
    const db = svc.database.readDb;
    const { criteria } = await buildCriteria(db, query, { isochrones: svc.isochrones });
    const [hiddenTotal, existing] = await Promise.all([
      countAmong(db, criteria, body.userDiscardedAds),
      existingListingIds(db, body.userDiscardedAds),
    ]);
    const closed = new Set([...(body.closedList ?? []), ...body.userDiscardedAds.filter((id) => !existing.has(id))]);
    return { hiddenTotal, newClosedList: [...closed].sort((a, b) => a - b) };
  },
  present: (answer) => Response.json(answer),
});

export const loader = api.loader;
export const action = api.action;

/**
 * POST /portal-srp/api/v1/mycasa/searches/getBookmarkData — `{ user?, id }` (one saved search) or
 * `{ user?, searchData }` (the §4 saved-search check: is this search saved?) → `{ statusCode: 200,
 * data: { searches: [Bookmark & { searchAlerts }] } }`, empty when the search is not saved. An id that is
 * not one of the user's saved searches → 404.
 */
import { z } from "zod";
import { BadInputError } from "../../../core/errors.ts";
import {
  presentSavedSearch,
  savedSearchesService,
  savedSearchMessages,
  searchDataSchema,
  searchOf,
  userFieldSchema,
} from "../../mycasa/saved-searches.server.ts";
import { endpoint, privateJson } from "../endpoint.server.ts";
import { savedSearchOwner } from "../../mycasa/policies.server.ts";

const id = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
const bodySchema = z.strictObject({
  user: userFieldSchema,
  id: id.optional(),
  searchData: searchDataSchema.optional(),
  excludeAuctions: z.boolean().optional(),
  locale: z.enum(["it", "en"]).optional(),
  jwt: z.string().max(4000).nullable().optional(),
});

const api = endpoint("POST", {
  limit: "search",
  sameOrigin: "writes",
  authorise: savedSearchOwner,
  validate: (input) => input.jsonOf(bodySchema),
  command: async ({ input, actor, svc }) => {
    const searches = savedSearchesService(svc.database.db);
    const locale = input.locale ?? "it";
    if (input.id !== undefined) {
      const view = await searches.get(actor, input.id, locale);
      return { statusCode: 200, data: { searches: [{ ...view, searchAlerts: view.alerts }] } };
    }
    if (!input.searchData) throw new BadInputError(savedSearchMessages.noSearch, "searchData");
    const directory = await searches.directory();
    const query = searchOf(input.searchData, directory);
    const record = await searches.findByQuery(actor.id, query, directory, { excludeAuctions: input.excludeAuctions });
    const view = record ? presentSavedSearch(record, directory, locale) : null;
    return { statusCode: 200, data: { searches: view ? [{ ...view, searchAlerts: view.alerts }] : [] } };
  },
  present: privateJson,
});

export const loader = api.loader;
export const action = api.action;

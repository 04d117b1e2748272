/**
 * POST /portal-srp/api/v1/mycasa/searches/getBookmarkData — `{ user?, id }` (one saved search) or
 * `{ user?, searchData }` (the §4 saved-search check: is this search saved?) → `{ statusCode: 200,
 * data: { searches: [Bookmark & { searchAlerts }] } }`, empty when the search is not saved. An id that is
 * not one of the user's saved searches → 404.
 */
import { z } from "zod";
import { BadInputError } from "../../core/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { mycasaEndpoint } from "../mycasa/api.server.ts";
import { presentSavedSearch, savedSearchMessages, searchDataSchema, searchOf, userFieldSchema } from "../mycasa/saved-searches.server.ts";
import type { Route } from "./+types/api.mycasa-searches-get-bookmark-data";

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

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, (args) =>
  mycasaEndpoint(args, bodySchema, async ({ user, body, searches }) => {
    const locale = body.locale ?? "it";
    if (body.id !== undefined) {
      const view = await searches.get(user, body.id, locale);
      return { statusCode: 200, data: { searches: [{ ...view, searchAlerts: view.alerts }] } };
    }
    if (!body.searchData) throw new BadInputError(savedSearchMessages.noSearch, "searchData");
    const directory = await searches.directory();
    const query = searchOf(body.searchData, directory);
    const record = await searches.findByQuery(user.id, query, directory, { excludeAuctions: body.excludeAuctions });
    const view = record ? presentSavedSearch(record, directory, locale) : null;
    return { statusCode: 200, data: { searches: view ? [{ ...view, searchAlerts: view.alerts }] : [] } };
  }),
);

export const loader = endpoint.loader;
export const action = endpoint.action;

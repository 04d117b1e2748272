/**
 * POST /portal-srp/api/v1/apireq/convertApiParamForEncode — raw filters and locations in, their
 * normal raw form (convertedFilters) and the canonical search URL out.
 */
import { encodeSearchUrl, toRawFilters } from "../../../core/search/url.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch } from "../search-input.server.ts";
import { localizePath } from "../../i18n/locale.ts";
import { convertBodySchema } from "../../search/apireq.server.ts";

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }, { svc }) =>
    readSearch(request, svc.database.readDb, { schema: convertBodySchema, filtersField: "filtersToEncode" }),
  command: ({ input: { body, query, directory } }) => ({
    convertedFilters: toRawFilters(query),
    uri: localizePath(encodeSearchUrl(query, directory), body.locale ?? "it"),
  }),
  present: (converted) => Response.json(converted),
});

export const loader = api.loader;
export const action = api.action;

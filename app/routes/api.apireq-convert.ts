/**
 * POST /portal-srp/api/v1/apireq/convertApiParamForEncode — raw filters and locations in, their
 * normal raw form (convertedFilters) and the canonical search URL out.
 */
import { encodeSearchUrl, toRawFilters } from "../../core/search/url.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { localizePath } from "../i18n/locale.ts";
import { convertBodySchema } from "../search/apireq.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.apireq-convert";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const { body, query, directory } = await readSearch(request, services(context).database.readDb, {
    schema: convertBodySchema,
    filtersField: "filtersToEncode",
  });
  return Response.json({
    convertedFilters: toRawFilters(query),
    uri: localizePath(encodeSearchUrl(query, directory), body.locale ?? "it"),
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/apireq/convertApiParamForEncode — raw filters and locations in, their
 * normal raw form (convertedFilters) and the canonical search URL out.
 */
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { postOnly, readJsonBody } from "../api/request.ts";
import { localizePath } from "../i18n/locale.ts";
import { convertBodySchema, queryFrom } from "../search/apireq.server.ts";
import { encodeSearchUrl, toRawFilters } from "../../core/search/url.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.apireq-convert";

export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, convertBodySchema);
  const places = await getPlaceDirectory(services(context).database.readDb);
  const query = queryFrom(body.filtersToEncode, body.locations ?? [], places, "filtersToEncode");
  return Response.json({ convertedFilters: toRawFilters(query), uri: localizePath(encodeSearchUrl(query, places), body.locale ?? "it") });
}

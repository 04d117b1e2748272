/**
 * POST /portal-srp/api/v1/apireq/searchParamsForUrl — the apireq a page URL stands for, with its
 * canonical form (a 400 naming `uri` for URLs that are no search).
 */
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { postOnly, readJsonBody } from "../api/request.ts";
import { buildApireq, decodeUri, searchParamsForUrlBodySchema } from "../search/apireq.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.apireq-search-params-for-url";

export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, searchParamsForUrlBodySchema);
  const places = await getPlaceDirectory(services(context).database.readDb);
  const { query, canonical, locale, isCanonical } = decodeUri(body.uri, places);
  const pageType = body.isAgencySrp ? "agency" : body.pagetype;
  return Response.json({ ...buildApireq(query, places, { pageType, locale: body.locale ?? locale }), canonical, isCanonical });
}

/** POST /portal-srp/api/v1/apireq — the apireq (uri, size, query with modifiers) for locations, filters and a page type (seed 000 §7). */
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { postOnly, readJsonBody } from "../api/request.ts";
import { apireqBodySchema, buildApireq, queryFrom } from "../search/apireq.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.apireq";

export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, apireqBodySchema);
  const places = await getPlaceDirectory(services(context).database.readDb);
  const query = queryFrom(body.filters ?? {}, body.locations ?? [], places);
  return Response.json(buildApireq(query, places, {
    pageType: body.pageType, locale: body.apireqParams?.locale ?? body.locale, size: body.apireqParams?.size,
  }));
}

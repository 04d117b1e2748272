/** POST /portal-srp/api/v1/search — one page of listings with the exact total (seed 000 §7). */
import { postOnly } from "../api/request.ts";
import { readSearchBody } from "../api/search-input.server.ts";
import { runListingSearch, searchOptions } from "../search/run-search.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.search";

export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const { body, query } = await readSearchBody(request);
  const s = services(context);
  const result = await runListingSearch(s.database.readDb, query, { ...searchOptions(s), size: body.size });
  return Response.json({ ...result, query });
}

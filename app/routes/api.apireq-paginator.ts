/**
 * POST /portal-srp/api/v1/apireq/getPaginatorData — the pager for a search body: currentPage,
 * totalPages, prevLink, nextLink, btns (seed 000 §3). The total is counted unless totalResults is given.
 */
import { buildPaginator } from "../../core/search/paginator.ts";
import { encodeSearchUrl, withPage } from "../../core/search/url.ts";
import { MAX_PAGE, PAGE_SIZE } from "../../core/search/vocabulary.ts";
import { countListings } from "../../db/listings-search.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { postOnly, readJsonBody } from "../api/request.ts";
import { localizePath } from "../i18n/locale.ts";
import { bodyLocale, paginatorBodySchema, queryFrom } from "../search/apireq.server.ts";
import { buildCriteria } from "../search/criteria.server.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.apireq-paginator";

export const loader = postOnly;

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request, paginatorBodySchema);
  const s = services(context);
  const db = s.database.readDb;
  const places = await getPlaceDirectory(db);
  const query = queryFrom(body.filters ?? {}, body.locations ?? [], places);
  const total = body.totalResults ?? (await countListings(db, (await buildCriteria(db, query, { isochrones: s.isochrones })).criteria, s.counts));
  const size = body.size ?? PAGE_SIZE;
  const totalPages = Math.min(Math.ceil(total / size), MAX_PAGE);
  const canonical = localizePath(encodeSearchUrl(query, places), bodyLocale(body));
  return Response.json({ ...buildPaginator(query.page, totalPages, (page) => withPage(canonical, page)), totalResults: total });
}

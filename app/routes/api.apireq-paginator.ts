/**
 * POST /portal-srp/api/v1/apireq/getPaginatorData — the pager for a search body: currentPage,
 * totalPages, prevLink, nextLink, btns (seed 000 §3). The total is counted unless totalResults is given.
 */
import { buildPaginator } from "../../core/search/paginator.ts";
import { encodeSearchUrl, withPage } from "../../core/search/url.ts";
import { MAX_PAGE, PAGE_SIZE } from "../../core/search/vocabulary.ts";
import { countListings } from "../../db/listings-search.ts";
import { apiRoute } from "../api/boundary.server.ts";
import { readSearch } from "../api/search-input.server.ts";
import { localizePath } from "../i18n/locale.ts";
import { bodyLocale, paginatorBodySchema } from "../search/apireq.server.ts";
import { buildCriteria } from "../../db/search-criteria.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/api.apireq-paginator";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST", limit: "search" }, async ({ request, context }) => {
  const s = services(context);
  const db = s.database.readDb;
  const { body, query, directory } = await readSearch(request, db, { schema: paginatorBodySchema });
  const total =
    body.totalResults ?? (await countListings(db, (await buildCriteria(db, query, { isochrones: s.isochrones })).criteria, s.counts));
  const size = body.size ?? PAGE_SIZE;
  const totalPages = Math.min(Math.ceil(total / size), MAX_PAGE);
  const canonical = localizePath(encodeSearchUrl(query, directory), bodyLocale(body));
  return Response.json({ ...buildPaginator(query.page, totalPages, (page) => withPage(canonical, page)), totalResults: total });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

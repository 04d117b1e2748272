/**
 * POST /portal-srp/api/v1/apireq/getPaginatorData — the pager for a search body: currentPage,
 * totalPages, prevLink, nextLink, btns (seed 000 §3). The total is counted unless totalResults is given.
 */
import { buildPaginator } from "../../../core/search/paginator.ts";
import { encodeSearchUrl, withPage } from "../../../core/search/url.ts";
import { MAX_PAGE, PAGE_SIZE } from "../../../core/search/vocabulary.ts";
import { countListings } from "../../../db/listings-search.ts";
import { endpoint } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";
import { readSearch } from "../search-input.server.ts";
import { localizePath } from "../../i18n/locale.ts";
import { bodyLocale, paginatorBodySchema } from "../../search/apireq.server.ts";
import { buildCriteria } from "../../../db/search-criteria.ts";

const api = endpoint("POST", {
  limit: "search",
  authorise: anyone,
  validate: ({ request }, { svc }) => readSearch(request, svc.database.readDb, { schema: paginatorBodySchema }),
  command: async ({ input: { body, query, directory }, svc }) => {
    const db = svc.database.readDb;
    const total =
      body.totalResults ?? (await countListings(db, (await buildCriteria(db, query, { isochrones: svc.isochrones })).criteria, svc.counts));
    const size = body.size ?? PAGE_SIZE;
    const totalPages = Math.min(Math.ceil(total / size), MAX_PAGE);
    const canonical = localizePath(encodeSearchUrl(query, directory), bodyLocale(body));
    return { ...buildPaginator(query.page, totalPages, (page) => withPage(canonical, page)), totalResults: total };
  },
  present: (paginator) => Response.json(paginator),
});

export const loader = api.loader;
export const action = api.action;

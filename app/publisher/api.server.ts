/**
 * The agency and Agente Pro endpoints (seed 001 §7 "Agency, agent pro, hub, misc"): one body for all
 * four — site, domain, locale, apireq (the search object: pId, page, sortType) and uri — read here.
 */
import { z } from "zod";
import { publisherIdFromParam } from "../../core/publisher/page.ts";
import { sortAliases, sortKeys, type SortKey } from "../../core/search/vocabulary.ts";
import { jsonError } from "../api/errors.ts";
import { readJsonBody } from "../api/request.ts";
import { locales, type Locale } from "../i18n/locale.ts";
import { bodyLocale } from "../search/apireq.server.ts";
import { MAX_PUBLISHER_PAGE, PUBLISHER_PAGE_SIZE, type PublisherPage } from "./publisher-page.server.ts";

const positiveId = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const publisherBodySchema = z.looseObject({
  site: z.string().max(40).optional(),
  domain: z.string().max(200).optional(),
  /** The answer's language (headings, links); without it, the language of `uri`, else Italian. */
  locale: z.enum(locales).optional(),
  uri: z.string().max(2000).optional(),
  publisherId: positiveId.optional(),
  apireq: z
    .looseObject({
      pId: positiveId.optional(),
      page: z
        .union([
          z.number(),
          z
            .string()
            .regex(/^\d{1,4}$/)
            .transform(Number),
        ])
        .pipe(z.number().int().min(1).max(MAX_PUBLISHER_PAGE))
        .optional(),
      sortType: z.string().max(40).optional(),
      size: z.number().int().min(1).max(50).optional(),
    })
    .optional(),
});

export interface PublisherRequest {
  id: number;
  page: number;
  sort: SortKey;
  size: number;
  locale: Locale;
}

/** Reads the body; throws a 400 naming the field when the id is missing, the sort unknown or the locale unsupported. */
export async function readPublisherRequest(request: Request): Promise<PublisherRequest> {
  const body = await readJsonBody(request, publisherBodySchema);
  const fromUri = body.uri ? publisherIdFromParam(/^\/(?:en\/)?(?:agenzie|agenti)\/([^/?#]+)/.exec(body.uri)?.[1]) : null;
  const id = body.publisherId ?? body.apireq?.pId ?? fromUri;
  if (!id) throw jsonError(400, "apireq.pId: the publisher id is required (apireq.pId, publisherId or a publisher page uri)", "apireq.pId");
  const rawSort = (body.apireq?.sortType ?? "rilevanza").replace(/-/g, "_");
  const sort = sortAliases[rawSort] ?? rawSort;
  if (!(sortKeys as readonly string[]).includes(sort))
    throw jsonError(400, `apireq.sortType: unknown sort "${rawSort.slice(0, 40)}": use one of ${sortKeys.join(", ")}`, "apireq.sortType");
  return {
    id,
    page: body.apireq?.page ?? 1,
    sort: sort as SortKey,
    size: body.apireq?.size ?? PUBLISHER_PAGE_SIZE,
    locale: bodyLocale(body),
  };
}

/** The listings part of a publisher page, as the API returns it. */
export function listingsJson(page: PublisherPage) {
  return {
    listings: page.listings,
    total: page.total,
    page: page.page,
    sortType: page.sort,
    totalPages: page.totalPages,
    isNoResults: page.total === 0,
    paginator: page.paginator,
  };
}

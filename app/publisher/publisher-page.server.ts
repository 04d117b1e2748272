/**
 * The data of an agency page or an Agente Pro page (and of the agency/agentPro API): the publisher,
 * its agents, one sorted page of its listings and the pager. Routes stay thin.
 */
import type { Kysely } from "kysely";
import { data, redirect } from "react-router";
import { publisherIdFromParam } from "../../core/publisher/page.ts";
import { buildPaginator } from "../../core/search/paginator.ts";
import { sortAliases, sortKeys, sortParam, type SortKey } from "../../core/search/vocabulary.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { findAgents, findPublisher, findPublisherListings } from "../../db/publishers.ts";
import type { Database } from "../../db/schema.ts";
import { presentListingCard } from "../api/listing-card-presenter.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { publisherTexts } from "../i18n/publisher.ts";
import { presentPublisher } from "./present.server.ts";

export const PUBLISHER_PAGE_SIZE = 12;
export const MAX_PUBLISHER_PAGE = 400;

/** "prezzo-crescente", "prezzo_crescente" or an alias → a sort key; anything else → relevance. */
export function publisherSort(raw: string | null | undefined): SortKey {
  const s = (raw ?? "").replace(/-/g, "_");
  const key = sortAliases[s] ?? s;
  return (sortKeys as readonly string[]).includes(key) ? (key as SortKey) : "rilevanza";
}

export type PublisherPageKind = "agency" | "agentPro";

/** The page's own URL for a page and sort (sort and page in the query; page 1 and relevance left out). */
export function publisherPageHref(base: string, sort: SortKey, page: number): string {
  const q = new URLSearchParams();
  if (sort !== "rilevanza") q.set("ordine", sortParam(sort));
  if (page > 1) q.set("pagina", String(page));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

/** null when there is no such agency (or Agente Pro). Headings and links are in `locale` (links under /en/ for English). */
export async function loadPublisherPage(
  db: Kysely<Database>,
  options: { id: number; kind: PublisherPageKind; sort: SortKey; page: number; size?: number; locale: Locale },
) {
  const publisher = await findPublisher(db, options.id);
  const isWanted = options.kind === "agency" ? publisher?.kind === "agency" : publisher?.kind === "agent" && publisher.isAgentPro;
  if (!publisher || !isWanted) return null;
  const size = options.size ?? PUBLISHER_PAGE_SIZE;
  const [directory, agents, result] = await Promise.all([
    getPlaceDirectory(db),
    options.kind === "agency" ? findAgents(db, publisher.id) : Promise.resolve([]),
    findPublisherListings(db, {
      publisherId: publisher.id,
      asAgent: options.kind === "agentPro",
      sort: options.sort,
      page: options.page,
      size,
    }),
  ]);
  const view = presentPublisher(publisher, agents, directory, options.locale);
  const t = publisherTexts[options.locale];
  const totalPages = Math.min(Math.ceil(result.total / size), MAX_PUBLISHER_PAGE);
  return {
    publisher: view,
    // Phones are revealed only through the phonecall endpoint, never in a page's data.
    listings: result.listings.map((l) => {
      const card = presentListingCard(l, directory);
      return { ...card, uri: localizePath(card.uri, options.locale), publisher: { ...card.publisher, publisherPhone: null } };
    }),
    total: result.total,
    page: options.page,
    sort: options.sort,
    totalPages,
    paginator: buildPaginator(options.page, totalPages, (p) => publisherPageHref(view.publisherUrl, options.sort, p)),
    headings: { agents: t.agentsHeading(agents.length, publisher.name), listings: t.listingsHeading(result.total, publisher.name) },
    // Publisher-wide flags the listing cards need (seed 001 §6: auctions may hide contact).
    auctionContact: !publisher.disableAuctions,
  };
}

export type PublisherPage = NonNullable<Awaited<ReturnType<typeof loadPublisherPage>>>;

/**
 * What the agency and Agente Pro page loaders share: the id from the path, page and sort from the query,
 * the page's data; a 404 with `notFound` for an unknown publisher, a 301 to the canonical address.
 */
export async function loadPublisherRoute(
  db: Kysely<Database>,
  request: Request,
  param: string | undefined,
  kind: PublisherPageKind,
  notFound: string,
) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const id = publisherIdFromParam(param);
  if (!id) throw data(notFound, { status: 404 });
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("pagina") ?? "1", 10) || 1), MAX_PUBLISHER_PAGE);
  const sort = publisherSort(url.searchParams.get("ordine"));
  const result = await loadPublisherPage(db, { id, kind, sort, page, locale });
  if (!result) throw data(notFound, { status: 404 });
  const canonical = localizePath(publisherPageHref(result.publisher.publisherUrl, sort, page), locale);
  if (`${url.pathname}${url.search}` !== canonical) throw redirect(canonical, 301);
  return { url, locale, canonical, result };
}

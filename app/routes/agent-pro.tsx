/**
 * An Agente Pro's page, /agenti/{id}-{slug}/ (seed 001 §2 "Agent Pro page"): initials or a 100×100
 * photo, the label "Agente Pro", the link to the agency, contact and phone, and the agent's listings.
 */
import { data, redirect } from "react-router";
import { defaultMessage } from "../../core/contact/default-message.ts";
import { contactLabel, publisherContactTarget } from "../../core/listing/contact.ts";
import { listingsHeading, movePageSuffixToEnd, publisherIdFromParam } from "../../core/publisher/page.ts";
import { loadPublisherPage, MAX_PUBLISHER_PAGE, publisherPageHref, publisherSort } from "../publisher/publisher-page.server.ts";
import { services } from "../services.ts";
import { PublisherContact } from "../ui/publisher-contact.tsx";
import { Avatar, ListingGrid, PublisherNotFound, PublisherPager, SortForm } from "../ui/publisher-parts.tsx";
import type { Route } from "./+types/agent-pro";
import "../ui/listing.css";
import "../ui/search-tools.css";
import "../ui/publisher.css";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = publisherIdFromParam(params.publisher);
  if (!id) throw data("Agente non trovato", { status: 404 });
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("pagina") ?? "1", 10) || 1), MAX_PUBLISHER_PAGE);
  const sort = publisherSort(url.searchParams.get("ordine"));
  const result = await loadPublisherPage(services(context).database.readDb, { id, kind: "agentPro", sort, page });
  if (!result) throw data("Agente non trovato", { status: 404 });
  const canonical = publisherPageHref(result.publisher.publisherUrl, sort, page);
  if (`${url.pathname}${url.search}` !== canonical) throw redirect(canonical, 301);
  return { ...result, origin: url.origin, canonical };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Agente non trovato" }, { name: "robots", content: "all" }];
  const p = loaderData.publisher;
  return [
    { title: movePageSuffixToEnd(`${p.publisherName}${loaderData.page > 1 ? ` - pagina ${loaderData.page}` : ""} - Agente Pro${p.publisherParent ? ` di ${p.publisherParent.name}` : ""} | Casa`) },
    { name: "description", content: `${p.publisherName}, Agente Pro: ${listingsHeading(loaderData.total, p.publisherName)}.` },
    { tagName: "link", rel: "canonical", href: `${loaderData.origin}${loaderData.canonical}` },
  ];
}

export default function AgentProPage({ loaderData }: Route.ComponentProps) {
  const { publisher: p, listings, paginator, headings, sort, total } = loaderData;
  return (
    <article className="page publisher-page">
      <nav aria-label="Percorso" className="breadcrumbs">
        <ol>
          <li><a href="/">Casa</a></li>
          <li><a href="/trova-agenzia/">Agenzie immobiliari</a></li>
          {p.publisherParent?.url && <li><a href={p.publisherParent.url}>{p.publisherParent.name}</a></li>}
          <li><span aria-current="page">{p.publisherName}</span></li>
        </ol>
      </nav>
      <header className="publisher-header">
        <Avatar name={p.publisherName} initials={p.publisherInitials} photo={p.publisherPhoto} size={100} />
        <div className="publisher-header__text">
          <h1>{p.publisherName}</h1>
          <p className="agent-pro-badge">Agente Pro</p>
          {p.publisherParent?.url && (
            <p><a href={p.publisherParent.url} data-testid="agent-parent">{`Vedi tutti gli annunci dell'agenzia ${p.publisherParent.name}`}</a></p>
          )}
        </div>
        <PublisherContact
          leadKind="agency"
          listingId={null}
          publisherId={p.publisherId}
          publisherName={p.publisherName}
          contactLabel={contactLabel(publisherContactTarget({ kind: "agent", isAgentPro: p.isAgentPro }), "it")}
          defaultMessage={defaultMessage("publisher", null)}
          messageContext="publisher"
          showPhone={p.showPhoneNumber}
          showContact
          website={null}
          contactHref={`/contatta/?agenzia=${p.publisherId}`}
          phoneHref={`/telefono/?inserzionista=${p.publisherId}`}
        />
      </header>
      <section aria-labelledby="immobili" className="publisher-listings-section">
        <div className="publisher-listings-head">
          <h2 id="immobili">{headings.listings}</h2>
          {total > 1 && <SortForm action={p.publisherUrl} sort={sort} />}
        </div>
        {total === 0 ? <p>Al momento non ci sono annunci con le caratteristiche che cerchi</p> : <ListingGrid listings={listings} />}
        <PublisherPager paginator={paginator} />
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <PublisherNotFound notFoundTitle="Agente non trovato" />;
}

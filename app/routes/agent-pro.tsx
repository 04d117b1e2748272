/**
 * An Agente Pro's page, /agenti/{id}-{slug}/ (seed 001 §2 "Agent Pro page"): initials or a 100×100
 * photo, the label "Agente Pro", the link to the agency, contact and phone, and the agent's listings.
 */
import { contactLabel, contactRecipient, publisherContactTarget } from "../../core/listing/contact.ts";
import { localizePath } from "../i18n/locale.ts";
import { publisherTexts, startMessage } from "../i18n/publisher.ts";
import { loadPublisherRoute } from "../publisher/publisher-page.server.ts";
import { services } from "../services.ts";
import { PublisherContact } from "../ui/publisher-contact.tsx";
import { Avatar, ListingGrid, PublisherNotFound, PublisherPager, SortForm } from "../ui/publisher-parts.tsx";
import type { Route } from "./+types/agent-pro";
import "../ui/listing.css";
import "../ui/search-tools.css";
import "../ui/publisher.css";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { url, locale, canonical, result } = await loadPublisherRoute(
    services(context).database.readDb,
    request,
    params.publisher,
    "agentPro",
    "Agente non trovato",
  );
  return { ...result, locale, origin: url.origin, canonical };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: publisherTexts.it.agentNotFound }, { name: "robots", content: "all" }];
  const p = loaderData.publisher;
  const t = publisherTexts[loaderData.locale];
  return [
    { title: t.agentTitle(p.publisherName, loaderData.page, p.publisherParent?.name ?? null) },
    { name: "description", content: t.agentDescription(p.publisherName, loaderData.headings.listings) },
    { tagName: "link", rel: "canonical", href: `${loaderData.origin}${loaderData.canonical}` },
  ];
}

export default function AgentProPage({ loaderData }: Route.ComponentProps) {
  const { publisher: p, listings, paginator, headings, sort, total, locale } = loaderData;
  const t = publisherTexts[locale];
  const here = (path: string) => localizePath(path, locale);
  return (
    <article className="page publisher-page">
      <nav aria-label={t.breadcrumb} className="breadcrumbs">
        <ol>
          <li>
            <a href={here("/")}>{t.home}</a>
          </li>
          <li>
            <a href={here("/trova-agenzia/")}>{t.agencies}</a>
          </li>
          {p.publisherParent?.url && (
            <li>
              <a href={here(p.publisherParent.url)}>{p.publisherParent.name}</a>
            </li>
          )}
          <li>
            <span aria-current="page">{p.publisherName}</span>
          </li>
        </ol>
      </nav>
      <header className="publisher-header">
        <Avatar name={p.publisherName} initials={p.publisherInitials} photo={p.publisherPhoto} size={100} />
        <div className="publisher-header__text">
          <h1>{p.publisherName}</h1>
          <p className="agent-pro-badge">{t.agentPro}</p>
          {p.publisherParent?.url && (
            <p>
              <a href={here(p.publisherParent.url)} data-testid="agent-parent">
                {t.agentParent(p.publisherParent.name)}
              </a>
            </p>
          )}
        </div>
        <PublisherContact
          locale={locale}
          leadKind="agency"
          listingId={null}
          publisherId={p.publisherId}
          publisherName={p.publisherName}
          recipient={p.publisherParent ? contactRecipient(p.publisherParent.name, p.publisherName) : p.publisherName}
          contactLabel={contactLabel(publisherContactTarget({ kind: "agent", isAgentPro: p.isAgentPro }), locale)}
          defaultMessage={startMessage("publisher", null, locale)}
          messageContext="publisher"
          showPhone={p.showPhoneNumber}
          showContact
          website={null}
          contactHref={here(`/contatta/?agenzia=${p.publisherId}`)}
          phoneHref={here(`/telefono/?inserzionista=${p.publisherId}`)}
        />
      </header>
      <section aria-labelledby="immobili" className="publisher-listings-section">
        <div className="publisher-listings-head">
          <h2 id="immobili">{headings.listings}</h2>
          {total > 1 && <SortForm action={p.publisherUrl} sort={sort} locale={locale} />}
        </div>
        {total === 0 ? <p>{t.noListings}</p> : <ListingGrid listings={listings} locale={locale} />}
        <PublisherPager paginator={paginator} locale={locale} />
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <PublisherNotFound which="agent" />;
}

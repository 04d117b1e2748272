/**
 * An agency's page, /agenzie/{id}-{slug}/ (seed 001 §2 "Agency page"): logo, name, address,
 * description with "espandi", agents strip, phone/contact/website buttons, and its listings with
 * sort and pager. A stale slug redirects to the canonical path; an unknown id is a 404 "Agenzia non trovata".
 */
import { contactLabel, publisherContactTarget } from "../../core/listing/contact.ts";
import { localizePath } from "../i18n/locale.ts";
import { publisherTexts, startMessage } from "../i18n/publisher.ts";
import { loadPublisherRoute } from "../publisher/publisher-page.server.ts";
import { realEstateAgentJsonLd } from "../publisher/present.server.ts";
import { services } from "../services.ts";
import { PublisherContact } from "../ui/publisher-contact.tsx";
import { AgentsStrip, ListingGrid, PublisherDescription, PublisherNotFound, PublisherPager, SortForm } from "../ui/publisher-parts.tsx";
import type { Route } from "./+types/agency";
import "../ui/listing.css";
import "../ui/search-tools.css";
import "../ui/publisher.css";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { url, locale, canonical, result } = await loadPublisherRoute(
    services(context).database.readDb,
    request,
    params.publisher,
    "agency",
    "Agenzia non trovata",
  );
  return {
    ...result,
    locale,
    origin: url.origin,
    canonical,
    jsonLd: realEstateAgentJsonLd(result.publisher, url.origin, result.total),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: publisherTexts.it.agencyNotFound }, { name: "robots", content: "all" }];
  const p = loaderData.publisher;
  const t = publisherTexts[loaderData.locale];
  return [
    { title: t.agencyTitle(p.publisherName, p.publisherAddress.town, loaderData.page) },
    { name: "description", content: t.agencyDescription(loaderData.headings.listings) },
    { tagName: "link", rel: "canonical", href: `${loaderData.origin}${loaderData.canonical}` },
    ...(loaderData.sort !== "rilevanza" ? [{ name: "robots", content: "noindex, follow" }] : []),
    { "script:ld+json": loaderData.jsonLd },
  ];
}

export default function AgencyPage({ loaderData }: Route.ComponentProps) {
  const { publisher: p, listings, paginator, headings, sort, total, locale } = loaderData;
  const t = publisherTexts[locale];
  const here = (path: string) => localizePath(path, locale);
  const address = [
    p.publisherAddress.street,
    [p.publisherAddress.postcode, p.publisherAddress.town].filter(Boolean).join(" "),
    p.publisherAddress.province ? `(${p.publisherAddress.province})` : null,
  ]
    .filter(Boolean)
    .join(", ");
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
          <li>
            <span aria-current="page">{p.publisherName}</span>
          </li>
        </ol>
      </nav>
      <header className="publisher-header">
        {p.publisherLogo && (
          <img
            className="publisher-logo"
            src={p.publisherLogo}
            alt={t.logoAlt(p.publisherName)}
            width={p.logoSize.width}
            height={p.logoSize.height}
          />
        )}
        <div className="publisher-header__text">
          <h1>{p.publisherName}</h1>
          {address && (
            <p className="publisher-address" data-testid="publisher-address">
              {address}
            </p>
          )}
          <PublisherDescription text={p.description} locale={locale} />
        </div>
        <PublisherContact
          locale={locale}
          leadKind="agency"
          listingId={null}
          publisherId={p.publisherId}
          publisherName={p.publisherName}
          recipient={p.publisherName}
          contactLabel={contactLabel(publisherContactTarget({ kind: "agency", isAgentPro: false }), locale)}
          defaultMessage={startMessage("publisher", null, locale)}
          messageContext="publisher"
          showPhone={p.showPhoneNumber}
          showContact
          website={p.publisherWebsite}
          contactHref={here(`/contatta/?agenzia=${p.publisherId}`)}
          phoneHref={here(`/telefono/?inserzionista=${p.publisherId}`)}
        />
      </header>

      {p.hasAgents && (
        <section aria-labelledby="agenti" className="publisher-agents">
          <h2 id="agenti">{headings.agents}</h2>
          <AgentsStrip shown={p.agentList.shown} more={p.agentList.more} agentsHref={`${p.publisherUrl}agenti/`} locale={locale} />
        </section>
      )}

      <section aria-labelledby="immobili" className="publisher-listings-section">
        <div className="publisher-listings-head">
          <h2 id="immobili">{headings.listings}</h2>
          <a href={here("/come-ordiniamo-i-risultati/")}>{t.howWeSort}</a>
          {total > 1 && <SortForm action={p.publisherUrl} sort={sort} locale={locale} />}
        </div>
        {total === 0 ? <p>{t.noListings}</p> : <ListingGrid listings={listings} locale={locale} />}
        <PublisherPager paginator={paginator} locale={locale} />
        {total > 0 && (
          <p>
            <a href={here(`/srp/?pId=${p.publisherId}`)}>{t.seeAll}</a>
            {t.seeAllRest(p.publisherName)}
          </p>
        )}
      </section>
    </article>
  );
}

export function ErrorBoundary() {
  return <PublisherNotFound which="agency" />;
}

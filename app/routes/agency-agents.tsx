/** /agenzie/{id}-{slug}/agenti/ — an agency's agents ("I nostri agenti", seed 001 §2 "{publisherUrl}agenti/"). */
import { data, redirect } from "react-router";
import { publisherIdFromParam } from "../../core/publisher/page.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { publisherTexts } from "../i18n/publisher.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { findAgents, findPublisher } from "../../db/publishers.ts";
import { presentPublisher } from "../publisher/present.server.ts";
import { services } from "../services.ts";
import { Avatar, PublisherNotFound } from "../ui/publisher-parts.tsx";
import type { Route } from "./+types/agency-agents";
import "../ui/publisher.css";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const id = publisherIdFromParam(params.publisher);
  const db = services(context).database.readDb;
  const publisher = id ? await findPublisher(db, id) : null;
  if (!publisher || publisher.kind !== "agency") throw data("Agenzia non trovata", { status: 404 });
  const [agents, directory] = await Promise.all([findAgents(db, publisher.id), getPlaceDirectory(db)]);
  const view = presentPublisher(publisher, agents, directory, locale);
  const canonical = localizePath(`${view.publisherUrl}agenti/`, locale);
  if (url.pathname !== canonical) throw redirect(canonical, 301);
  return {
    publisher: view,
    heading: publisherTexts[locale].agentsHeading(agents.length, publisher.name),
    locale,
    origin: url.origin,
    canonical,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: publisherTexts.it.agencyNotFound }, { name: "robots", content: "all" }];
  return [
    { title: `${loaderData.heading} | Casa` },
    { name: "description", content: publisherTexts[loaderData.locale].agentsDescription(loaderData.publisher.publisherName) },
    { tagName: "link", rel: "canonical", href: `${loaderData.origin}${loaderData.canonical}` },
  ];
}

export default function AgencyAgentsPage({ loaderData }: Route.ComponentProps) {
  const { publisher: p, heading, locale } = loaderData;
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
          <li>
            <a href={here(p.publisherUrl)}>{p.publisherName}</a>
          </li>
          <li>
            <span aria-current="page">{t.agents}</span>
          </li>
        </ol>
      </nav>
      <h1>{heading}</h1>
      {p.agentList.total === 0 ? (
        <p>{t.noAgents}</p>
      ) : (
        <ul className="agents-list" data-testid="agents-list">
          {p.agentList.list.map((a) => (
            <li key={a.id} className="agent-card">
              <Avatar name={a.name} initials={a.initials} photo={a.photo} size={64} />
              <div>
                <h2>{a.url ? <a href={here(a.url)}>{a.name}</a> : a.name}</h2>
                {a.isAgentPro && <p className="agent-pro-badge">{t.agentPro}</p>}
                <p>{t.propertyCount(a.listings)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={here(p.publisherUrl)}>{t.backTo(p.publisherName)}</a>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return <PublisherNotFound which="agency" />;
}

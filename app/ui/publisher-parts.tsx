/** Pieces the agency and Agente Pro pages share: avatar, agents strip, description, listing grid, pager, sort, not found. */
import { isRouteErrorResponse, useRouteError } from "react-router";
import { DESCRIPTION_CUT, isDescriptionCut } from "../../core/publisher/page.ts";
import type { Paginator } from "../../core/search/paginator.ts";
import { sortKeys, type SortKey } from "../../core/search/vocabulary.ts";
import type { ListingCard } from "../api/listing-card-presenter.ts";
import { optionLabels, searchTexts } from "../i18n/search.ts";
import type { AgentView } from "../publisher/present.server.ts";
import { CompactCard } from "./compact-card.tsx";

/** Sizes with a CSS class each (publisher.css): no style attributes, which the CSP forbids. */
type AvatarSize = 48 | 64 | 100;

export function Avatar({ name, initials, photo, size }: { name: string; initials: string; photo: string | null; size: AvatarSize }) {
  return photo ? (
    <img className="avatar" src={photo} alt={name} width={size} height={size} loading="lazy" />
  ) : (
    <span className={`avatar avatar--initials avatar--${size}`} role="img" aria-label={name}>{initials}</span>
  );
}

/** Up to 4 avatars, then "+N", and the link "I nostri agenti" (seed 001 §2, §9). */
export function AgentsStrip({ shown, more, agentsHref }: { shown: AgentView[]; more: number; agentsHref: string }) {
  return (
    <div className="agents-strip" data-testid="agents-strip">
      <ul>
        {shown.map((a) => (
          <li key={a.id}><Avatar name={a.name} initials={a.initials} photo={a.photo} size={48} /></li>
        ))}
        {more > 0 && <li><span className="agents-more" aria-label={`e altri ${more} agenti`}>{`+${more}`}</span></li>}
      </ul>
      <a href={agentsHref}>I nostri agenti</a>
    </div>
  );
}

/** The description, cut with an "espandi" toggle that works without JavaScript (<details>). */
export function PublisherDescription({ text }: { text: string | null }) {
  if (!text) return null;
  if (!isDescriptionCut(text)) return <p className="publisher-description">{text}</p>;
  const cut = text.slice(0, DESCRIPTION_CUT).replace(/\s+\S*$/, "");
  return (
    <div className="publisher-description publisher-description--cut">
      <p className="publisher-description__short" aria-hidden="true">{cut}…</p>
      <details>
        <summary><span className="publisher-description__toggle">espandi</span><span className="visually-hidden"> la descrizione</span></summary>
        <p data-testid="publisher-description-full">{text}</p>
      </details>
    </div>
  );
}

const cardTexts = {
  rooms: (n: number) => `${n} ${n === 1 ? "locale" : "locali"}`,
  baths: (n: number) => `${n} ${n === 1 ? "bagno" : "bagni"}`,
  // Publisher pages are Italian only (docs/decisions/045).
  priceUnit: searchTexts.it.priceUnit,
};

export function ListingGrid({ listings }: { listings: ListingCard[] }) {
  return (
    <ul className="compact-card-list publisher-listings" data-testid="publisher-listings">
      {listings.map((c) => (
        <li key={c.id}><CompactCard card={c} href={c.uri} texts={cardTexts} /></li>
      ))}
    </ul>
  );
}

/** A GET form: works without JavaScript; with it the choice submits at once. */
export function SortForm({ action, sort }: { action: string; sort: SortKey }) {
  return (
    <form method="get" action={action} className="publisher-sort">
      <label htmlFor="ordine">Ordina per</label>
      <select id="ordine" name="ordine" defaultValue={sort.replace(/_/g, "-")} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
        {sortKeys.map((k) => <option key={k} value={k.replace(/_/g, "-")}>{optionLabels.it.sort[k]}</option>)}
      </select>
      <noscript><button type="submit">Ordina</button></noscript>
    </form>
  );
}

/** The pager: only with more than one page (seed 001 §9). */
export function PublisherPager({ paginator }: { paginator: Paginator }) {
  if (paginator.btns.length === 0) return null;
  return (
    <nav className="pub-pager" aria-label="Pagine">
      {paginator.prevLink && <a href={paginator.prevLink} rel="prev">‹ Precedente</a>}
      <ol>
        {paginator.btns.map((b, i) => (
          <li key={`${b.text}-${i}`}>
            {b.hasDots ? <span aria-hidden="true">…</span>
              : b.isCurrent ? <span aria-current="page" className="pub-pager__current">{b.text}</span>
                : <a href={b.href!} aria-label={`Pagina ${b.text}`}>{b.text}</a>}
          </li>
        ))}
      </ol>
      {paginator.nextLink && <a href={paginator.nextLink} rel="next">Successiva ›</a>}
    </nav>
  );
}

/** The error boundary of the publisher pages: "Agenzia non trovata" (or the agent's) with a 404, marked robots all. */
export function PublisherNotFound({ notFoundTitle }: { notFoundTitle: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? notFoundTitle : "Si è verificato un errore";
  return (
    <section className="page">
      <title>{title}</title>
      {notFound && <meta name="robots" content="all" />}
      <h1>{title}</h1>
      <p><a href="/trova-agenzia/">Cerca un'agenzia immobiliare</a></p>
    </section>
  );
}

/** Pieces the agency and Agente Pro pages share: avatar, agents strip, description, listing grid, pager, sort, not found. */
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { DESCRIPTION_CUT, isDescriptionCut } from "../../core/publisher/page.ts";
import type { Paginator } from "../../core/search/paginator.ts";
import { sortKeys, sortParam, type SortKey } from "../../core/search/vocabulary.ts";
import type { ListingCard } from "../api/listing-card-presenter.ts";
import { localeFromPath, localizePath, type Locale } from "../i18n/locale.ts";
import { publisherTexts } from "../i18n/publisher.ts";
import { optionLabels } from "../i18n/search-options.ts";
import type { AgentView } from "../publisher/present.server.ts";
import { CompactCard } from "./compact-card.tsx";

/** Sizes with a CSS class each (publisher.css): no style attributes, which the CSP forbids. */
type AvatarSize = 48 | 64 | 100;

export function Avatar({ name, initials, photo, size }: { name: string; initials: string; photo: string | null; size: AvatarSize }) {
  return photo ? (
    <img className="avatar" src={photo} alt={name} width={size} height={size} loading="lazy" />
  ) : (
    <span className={`avatar avatar--initials avatar--${size}`} role="img" aria-label={name}>
      {initials}
    </span>
  );
}

/** Up to 4 avatars, then "+N", and the link "I nostri agenti" (seed 001 §2, §9). */
export function AgentsStrip({ shown, more, agentsHref, locale }: { shown: AgentView[]; more: number; agentsHref: string; locale: Locale }) {
  const t = publisherTexts[locale];
  return (
    <div className="agents-strip" data-testid="agents-strip">
      <ul>
        {shown.map((a) => (
          <li key={a.id}>
            <Avatar name={a.name} initials={a.initials} photo={a.photo} size={48} />
          </li>
        ))}
        {more > 0 && (
          <li>
            <span className="agents-more" aria-label={t.moreAgents(more)}>{`+${more}`}</span>
          </li>
        )}
      </ul>
      <a href={localizePath(agentsHref, locale)}>{t.ourAgents}</a>
    </div>
  );
}

/**
 * The description, cut with an "espandi" toggle that works without JavaScript (<details>). The publisher
 * wrote it in Italian: it is content, marked lang="it" on English pages too (docs/decisions/081).
 */
export function PublisherDescription({ text, locale }: { text: string | null; locale: Locale }) {
  if (!text) return null;
  const t = publisherTexts[locale];
  if (!isDescriptionCut(text))
    return (
      <p className="publisher-description" lang="it">
        {text}
      </p>
    );
  const cut = text.slice(0, DESCRIPTION_CUT).replace(/\s+\S*$/, "");
  return (
    <div className="publisher-description publisher-description--cut">
      <p className="publisher-description__short" aria-hidden="true" lang="it">
        {cut}…
      </p>
      <details>
        <summary>
          <span className="publisher-description__toggle">{t.expand}</span>
          <span className="visually-hidden">{t.theDescription}</span>
        </summary>
        <p data-testid="publisher-description-full" lang="it">
          {text}
        </p>
      </details>
    </div>
  );
}

export function ListingGrid({ listings, locale }: { listings: ListingCard[]; locale: Locale }) {
  return (
    <ul className="compact-card-list publisher-listings" data-testid="publisher-listings">
      {listings.map((c) => (
        <li key={c.id}>
          <CompactCard card={c} href={localizePath(c.uri, locale)} locale={locale} />
        </li>
      ))}
    </ul>
  );
}

/** A GET form: works without JavaScript; with it the choice submits at once. */
export function SortForm({ action, sort, locale }: { action: string; sort: SortKey; locale: Locale }) {
  const t = publisherTexts[locale];
  return (
    <form method="get" action={localizePath(action, locale)} className="publisher-sort">
      <label htmlFor="ordine">{t.sortBy}</label>
      <select id="ordine" name="ordine" defaultValue={sortParam(sort)} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
        {sortKeys.map((k) => (
          <option key={k} value={sortParam(k)}>
            {optionLabels[locale].sort[k]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit">{t.sortApply}</button>
      </noscript>
    </form>
  );
}

/** The pager: only with more than one page (seed 001 §9). */
export function PublisherPager({ paginator, locale }: { paginator: Paginator; locale: Locale }) {
  if (paginator.btns.length === 0) return null;
  const t = publisherTexts[locale];
  return (
    <nav className="pub-pager" aria-label={t.pages}>
      {paginator.prevLink && (
        <a href={localizePath(paginator.prevLink, locale)} rel="prev">
          {t.previous}
        </a>
      )}
      <ol>
        {paginator.btns.map((b, i) => (
          <li key={`${b.text}-${i}`}>
            {b.hasDots ? (
              <span aria-hidden="true">…</span>
            ) : b.isCurrent ? (
              <span aria-current="page" className="pub-pager__current">
                {b.text}
              </span>
            ) : (
              <a href={localizePath(b.href!, locale)} aria-label={t.pageN(String(b.text))}>
                {b.text}
              </a>
            )}
          </li>
        ))}
      </ol>
      {paginator.nextLink && (
        <a href={localizePath(paginator.nextLink, locale)} rel="next">
          {t.next}
        </a>
      )}
    </nav>
  );
}

/** The error boundary of the publisher pages: "Agenzia non trovata" (or the agent's) with a 404, marked robots all. */
export function PublisherNotFound({ which }: { which: "agency" | "agent" }) {
  const error = useRouteError();
  const locale = localeFromPath(useLocation().pathname);
  const t = publisherTexts[locale];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? (which === "agency" ? t.agencyNotFound : t.agentNotFound) : t.errorTitle;
  return (
    <section className="page">
      <title>{title}</title>
      {notFound && <meta name="robots" content="all" />}
      <h1>{title}</h1>
      <p>
        <a href={localizePath("/trova-agenzia/", locale)}>{t.findAgency}</a>
      </p>
    </section>
  );
}

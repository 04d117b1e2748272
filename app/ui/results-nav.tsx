/**
 * The results page's navigation, shared by the list and the map view of a search: the breadcrumb bar
 * (with the related-locations dropdown), the pager (links, so it works without JavaScript) and the
 * list's link to the map view.
 */
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatInteger } from "../../core/format.ts";
import type { Locale } from "../i18n/locale.ts";
import { searchTexts } from "../i18n/search.ts";
import type { SearchPageData } from "../search/search-page.server.ts";

/** Breadcrumb bar with the related-locations dropdown: opens and closes on click, closes on outside click and Escape. */
export function Breadcrumbs({
  crumbs,
  related,
  locale,
}: {
  crumbs: SearchPageData["breadcrumbs"];
  related: SearchPageData["related"];
  locale: Locale;
}) {
  const t = searchTexts[locale];
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onClick = (event: MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <nav className="breadcrumb search-breadcrumb" aria-label={t.breadcrumb}>
      <ol>
        {crumbs.map((c, i) => (
          <li key={`${i}-${c.label}`}>{c.href ? <a href={c.href}>{c.label}</a> : <span aria-current="page">{c.label}</span>}</li>
        ))}
      </ol>
      {related.length > 0 && (
        <details className="related-places" ref={ref}>
          <summary>{t.relatedLocations}</summary>
          <ul>
            {related.map((r) => (
              <li key={r.href}>
                <a href={r.href}>{r.name}</a> <span className="count">({formatInteger(r.count, locale)})</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </nav>
  );
}

export function Pager({ paginator, locale }: { paginator: NonNullable<SearchPageData["paginator"]>; locale: Locale }) {
  const t = searchTexts[locale];
  return (
    <nav className="pager" aria-label={t.pager}>
      {paginator.prevLink && (
        <a href={paginator.prevLink} rel="prev" className="pager__step">
          ‹ <span>{t.previousPage}</span>
        </a>
      )}
      <ol>
        {paginator.btns.map((b, i) => (
          <li key={`${i}-${b.text}`}>
            {b.hasDots ? (
              <span className="pager__dots" aria-hidden="true">
                …
              </span>
            ) : b.isCurrent ? (
              <span aria-current="page" className="pager__current">
                <span className="visually-hidden">{t.pageN(Number(b.text))}</span>
                <span aria-hidden="true">{b.text}</span>
              </span>
            ) : (
              <a href={b.href ?? "#"} aria-label={t.pageN(Number(b.text))}>
                {b.text}
              </a>
            )}
          </li>
        ))}
      </ol>
      {paginator.nextLink && (
        <a href={paginator.nextLink} rel="next" className="pager__step">
          <span>{t.nextPage}</span> ›
        </a>
      )}
    </nav>
  );
}

/** The list page's link to the same search on the map. */
export function ShowMapLink({ href, locale }: { href: string; locale: Locale }) {
  return (
    <Link to={href} className="search-view-switch" data-testid="show-map">
      <MapIcon /> {searchTexts[locale].showMap}
    </Link>
  );
}

function MapIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="m9 4-6 2v14l6-2 6 2 6-2V4l-6 2-6-2Zm0 2.1 6 2v11.8l-6-2V6.1Z" fill="currentColor" />
    </svg>
  );
}

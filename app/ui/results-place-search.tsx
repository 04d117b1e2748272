/**
 * The place search of the results page (issue 8 item 7): the places searched as chips (PlaceChips, in the
 * page's row of chips), each with a link that removes it, and the home's autocomplete to add one — a town, zone or province joins the
 * search's places, a street turns the search into 500 m around it (docs/decisions/048). Filters and
 * sort are kept. A GET form to /ricerca/ with the current search in `da`, so it works without
 * JavaScript (the server resolves the typed text); with it, a pick goes there at once.
 */
import { useNavigate } from "react-router";
import { localizePath, type Locale } from "../i18n/locale.ts";
import { placeSearchTexts } from "../i18n/place-search.ts";
import type { SearchPageData } from "../search/search-page.server.ts";
import { PlaceAutocomplete } from "./place-autocomplete.tsx";

export function ResultsPlaceSearch({ data: d }: { data: Pick<SearchPageData, "locale" | "query" | "searchPath" | "placeSearch"> }) {
  const locale: Locale = d.locale;
  const t = placeSearchTexts[locale];
  const navigate = useNavigate();
  const action = localizePath("/ricerca/", locale);
  const { outcome, q } = d.placeSearch;
  return (
    <form method="get" action={action} role="search" aria-label={t.formLabel} className="results-place-search">
      <input type="hidden" name="channel" value={d.query.channel} />
      <input type="hidden" name="da" value={d.searchPath} />
      <div className="results-place-search__row">
        <PlaceAutocomplete
          id="results-place"
          label={t.label}
          placeholder={t.placeholder}
          channel={d.query.channel}
          defaultValue={outcome === "not-found" ? q : ""}
          name="luogo"
          onSelect={(place) =>
            navigate(`${action}?${new URLSearchParams({ luogo: place.id, channel: d.query.channel, da: d.searchPath })}`)
          }
        />
        <button type="submit" className="button-primary results-place-search__submit">
          {t.submit}
        </button>
      </div>
      {outcome && (
        <p className="results-place-search__notice" role="alert">
          {outcome === "empty" ? t.emptyQuery : t.notFound(q)}
        </p>
      )}
    </form>
  );
}

/** The places searched as chips, each with a link that removes it (in the results page's row of chips). */
export function PlaceChips({ data: d }: { data: Pick<SearchPageData, "locale" | "placeSearch"> }) {
  const t = placeSearchTexts[d.locale];
  if (d.placeSearch.chips.length === 0) return null;
  return (
    <ul className="place-chips" aria-label={t.chipsLabel}>
      {d.placeSearch.chips.map((c) => (
        <li key={c.key} className="place-chip">
          <span>{c.label}</span>
          <a href={c.removeHref} className="place-chip__remove" aria-label={t.remove(c.label)}>
            <span aria-hidden="true">×</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

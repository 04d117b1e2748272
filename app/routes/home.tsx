/**
 * Home page (issue 4 part 1; seed 000 §2): tabs Vendere (→ valuation), Comprare, Affittare; a place
 * search with autocomplete that works without JavaScript (GET /ricerca/); category links; regions.
 * The rent tab (/?tab=affitto) canonicalises to the Italy-wide rent listing route.
 */
import { useNavigate } from "react-router";
import { formatInteger } from "../../core/format.ts";
import { PlaceLevel } from "../../core/places.ts";
import { parseSearch } from "../../core/search/query.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { countPlacesByLevel, listChildren } from "../../db/places.ts";
import { homeTexts } from "../i18n/home.ts";
import { hubTexts } from "../i18n/hubs.ts";
import { htmlLang, localeFromPath, localizePath } from "../i18n/locale.ts";
import { PlaceAutocomplete } from "../ui/place-autocomplete.tsx";
import { services } from "../services.ts";
import { SocialPrompt } from "../ui/social-prompt-host.tsx";
import type { Route } from "./+types/home";
import "../ui/home.css";

type HomeChannel = "vendita" | "affitto";
/** What /ricerca/ reports back when it could not resolve the typed place. */
const outcomes = ["nessun-risultato", "vuoto"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const channel: HomeChannel = url.searchParams.get("tab") === "affitto" ? "affitto" : "vendita";
  const outcome = outcomes.find((o) => o === url.searchParams.get("esito")) ?? null;
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const { readDb } = services(context).database;
  const [regions, levels, directory] = await Promise.all([
    listChildren(readDb, "IT", { levels: [PlaceLevel.region] }),
    countPlacesByLevel(readDb),
    getPlaceDirectory(readDb),
  ]);
  const rentListing = encodeSearchUrl(parseSearch({ channel: "affitto" }), directory);
  return {
    locale,
    channel,
    outcome,
    q,
    // Absolute, as search engines want canonical and hreflang links.
    canonical: `${url.origin}${localizePath(channel === "affitto" ? rentListing : "/", locale)}`,
    alternates:
      channel === "affitto"
        ? { it: `${url.origin}${rentListing}`, en: `${url.origin}${localizePath(rentListing, "en")}` }
        : { it: `${url.origin}/`, en: `${url.origin}/en/` },
    regions: regions.map((r) => ({ name: r.name, slug: r.slug, count: r.count })),
    total: regions.reduce((s, r) => s + r.count, 0),
    towns: levels[PlaceLevel.town] ?? 0,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = homeTexts[loaderData.locale];
  const rent = loaderData.channel === "affitto";
  return [
    { title: rent ? t.rentTitle : t.title },
    { name: "description", content: rent ? t.rentDescription : t.description },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.it, href: loaderData.alternates.it },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.en, href: loaderData.alternates.en },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: loaderData.alternates.it },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { locale, channel, outcome, q, regions, total, towns } = loaderData;
  const t = homeTexts[locale];
  const navigate = useNavigate();
  const link = (path: string) => localizePath(path, locale);
  const action = link("/ricerca/");
  const rent = channel === "affitto";
  return (
    <div className="page home">
      <section className="hero home-hero">
        <h1>{t.heading}</h1>
        <p>{t.intro(formatInteger(total, locale), formatInteger(towns, locale))}</p>
        <nav aria-label={t.tabsLabel} className="home-tabs">
          <a href={link("/valutazione-immobile/")} data-slug="trova">
            {t.tabSell}
          </a>
          <a href={link("/")} aria-current={rent ? undefined : "page"} data-slug="vendita">
            {t.tabBuy}
          </a>
          <a href={`${link("/")}?tab=affitto`} aria-current={rent ? "page" : undefined} data-slug="affitto">
            {t.tabRent}
          </a>
        </nav>
        <form method="get" action={action} role="search" className="home-search" aria-label={rent ? t.searchLabelRent : t.searchLabelBuy}>
          <input type="hidden" name="channel" value={channel} />
          <div className="home-search__field">
            <PlaceAutocomplete
              key={channel}
              id="home-place"
              label={rent ? t.searchLabelRent : t.searchLabelBuy}
              placeholder={t.placeholder}
              channel={channel}
              defaultValue={q}
              name="luogo"
              onSelect={(place) => navigate(`${action}?${new URLSearchParams({ luogo: place.id, channel })}`)}
            />
          </div>
          <button type="submit" className="primary-button home-search__submit">
            {t.submit}
          </button>
        </form>
        {outcome && (
          <p className="home-search__notice" role="alert">
            {outcome === "vuoto" ? t.emptyQuery : t.notFound(q)}
          </p>
        )}
      </section>

      <section aria-labelledby="tipologie" className="home-categories">
        <h2 id="tipologie">{t.categoriesHeading}</h2>
        <div className="home-categories__groups">
          <div>
            <h3>{t.categoriesBuy}</h3>
            <ul>
              <li>
                <a href={link("/vendita/residenziale/")}>{t.homesForSale}</a>
              </li>
              <li>
                <a href={link("/vendita/nuove-costruzioni/")}>{t.newBuildsForSale}</a>
              </li>
              <li>
                <a href={link("/vendita/commerciale/")}>{t.commercialForSale}</a>
              </li>
              <li>
                <a href={link("/aste/case/")}>{t.auctions}</a>
              </li>
            </ul>
          </div>
          <div>
            <h3>{t.categoriesRent}</h3>
            <ul>
              <li>
                <a href={link("/affitto/residenziale/appartamento/")}>{t.apartments}</a>
              </li>
              <li>
                <a href={link("/affitto/residenziale/attico-mansarda/")}>{t.penthouses}</a>
              </li>
              <li>
                <a href={link("/affitto/residenziale/casa-indipendente/")}>{t.detachedHouses}</a>
              </li>
              <li>
                <a href={link("/affitto/residenziale/villa/")}>{t.villas}</a>
              </li>
              <li>
                <a href={link("/affitto/residenziale/stanza/")}>{t.rooms}</a>
              </li>
            </ul>
          </div>
          <div className="home-agency">
            <h3>{t.agencyHeading}</h3>
            <p>{t.agencyText}</p>
            <p>
              <a href={link("/trova-agenzia/")}>{t.agencyLink}</a>
            </p>
            <p>
              <a href={link("/valutazione-immobile/")}>{t.valuationLink}</a>
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="regioni">
        <h2 id="regioni">{t.regionsHeading}</h2>
        <ul className="place-list">
          {regions.map((r) => (
            <li key={r.slug}>
              <a href={link(`/immobili/${r.slug}/`)}>{r.name}</a>
              <span className="count">{hubTexts[locale].listingCount(r.count)}</span>
            </li>
          ))}
        </ul>
      </section>
      <SocialPrompt locale={locale} />
    </div>
  );
}

/**
 * /trova-agenzia/ (and /en/): the agency home "Agenzie immobiliari" (the agencies with the most
 * listings, no pager: seed 001 §2), and agencies by town and/or name by a GET form (the agencySearch
 * query of the API), each linking to its page /agenzie/{id}-{slug}/.
 */
import { data } from "react-router";
import { z } from "zod";
import { PlaceLevel } from "../../core/places.ts";
import { resolveTown, townLabel } from "../../core/valuation/town-input.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { publisherPath, websiteHref } from "../../core/publisher/page.ts";
import { searchAgencies, topAgencies, type AgencySummary } from "../../db/publishers.ts";
import { agencyTexts } from "../i18n/valuation.ts";
import { htmlLang, localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/find-agency";
import "../ui/valuation.css";

const PAGE_SIZE = 20;
const query = z.object({
  comune: z.string().trim().max(80).default(""),
  nome: z.string().trim().max(80).catch("").default(""),
  pagina: z.coerce.number().int().min(1).max(400).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const q = query.parse({
    comune: url.searchParams.get("comune") ?? undefined,
    nome: url.searchParams.get("nome") ?? undefined,
    pagina: url.searchParams.get("pagina") ?? undefined,
  });
  const db = services(context).database.readDb;
  const directory = await getPlaceDirectory(db);
  const present = (agencies: AgencySummary[]) =>
    agencies.map((a) => ({
      id: a.id,
      name: a.name,
      href: publisherPath({ id: a.id, kind: "agency", slug: a.slug, isAgentPro: false })!,
      website: websiteHref(a.website),
      street: a.street,
      town: a.townId ? (directory.get(a.townId)?.name ?? null) : null,
      listings: a.listings,
      agents: a.agents,
    }));
  const base = {
    locale,
    comune: q.comune,
    nome: q.nome,
    page: q.pagina,
    search: null as null | AgencyResults,
    notFound: false,
    home: [] as AgencyResults["agencies"],
  };
  // The agency home: no search yet, the busiest agencies and no pager.
  if (!q.comune && !q.nome) return data({ ...base, home: present(await topAgencies(db, HOME_SIZE)) });
  const town = q.comune ? resolveTown(q.comune, directory.atLevel(PlaceLevel.town)) : null;
  if (q.comune && !town) return data({ ...base, notFound: true }, { status: 404 });
  const { total, agencies } = await searchAgencies(db, { townIds: town ? [town.id] : null, name: q.nome, page: q.pagina, size: PAGE_SIZE });
  return data({
    ...base,
    comune: town ? townLabel(town) : "",
    search: {
      town: town?.name ?? null,
      total,
      totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      agencies: present(agencies),
    },
  });
}

const HOME_SIZE = 12;

interface AgencyResults {
  town: string | null;
  total: number;
  totalPages: number;
  agencies: Array<{
    id: number;
    name: string;
    href: string;
    website: string | null;
    street: string | null;
    town: string | null;
    listings: number;
    agents: number;
  }>;
}

export function meta({ location }: Route.MetaArgs) {
  const locale = localeFromPath(location.pathname);
  const t = agencyTexts[locale];
  return [
    { title: t.title },
    { name: "description", content: t.intro },
    { tagName: "link", rel: "canonical", href: localizePath("/trova-agenzia/", locale) },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.it, href: "/trova-agenzia/" },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.en, href: "/en/trova-agenzia/" },
  ];
}

export default function FindAgencyPage({ loaderData }: Route.ComponentProps) {
  const { locale, comune, nome, search, notFound, page, home } = loaderData;
  const t = agencyTexts[locale];
  const action = localizePath("/trova-agenzia/", locale);
  const pageHref = (n: number) => {
    const q = new URLSearchParams();
    if (comune) q.set("comune", comune);
    if (nome) q.set("nome", nome);
    if (n > 1) q.set("pagina", String(n));
    return `${action}?${q}`;
  };
  return (
    <section className="page agency-page">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <form method="get" action={action} className="agency-form" role="search">
        <div className="form-field">
          <label htmlFor="comune">{t.town}</label>
          <input
            id="comune"
            name="comune"
            type="text"
            autoComplete="address-level2"
            defaultValue={comune}
            aria-invalid={notFound ? true : undefined}
            aria-describedby={notFound ? "errore-comune" : undefined}
          />
          {notFound && (
            <p id="errore-comune" className="form-error">
              {t.notFound}
            </p>
          )}
        </div>
        <div className="form-field">
          <label htmlFor="nome">{t.name}</label>
          <input id="nome" name="nome" type="text" defaultValue={nome} />
        </div>
        <button type="submit" className="primary-button">
          {t.submit}
        </button>
      </form>
      {!search && !notFound && home.length > 0 && (
        <section aria-labelledby="agenzie-in-evidenza">
          <h2 id="agenzie-in-evidenza">{t.featured}</h2>
          <ul className="agency-list">
            {home.map((a) => (
              <li key={a.id} className="agency-card">
                <AgencyCard a={a} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {search && (
        <section aria-labelledby="agenzie-risultati">
          {search.total === 0 ? (
            <h2 id="agenzie-risultati" data-testid="agency-empty">
              {t.empty}
            </h2>
          ) : (
            <>
              <h2 id="agenzie-risultati">{search.town ? t.results(search.total, search.town) : t.resultsByName(search.total)}</h2>
              <ul className="agency-list">
                {search.agencies.map((a) => (
                  <li key={a.id} className="agency-card">
                    <AgencyCard a={a} locale={locale} />
                  </li>
                ))}
              </ul>
              {search.totalPages > 1 && (
                <nav aria-label={t.pager} className="agency-pager">
                  {page > 1 && (
                    <a href={pageHref(page - 1)} rel="prev">
                      {t.previous}
                    </a>
                  )}
                  <span>{t.page(page, search.totalPages)}</span>
                  {page < search.totalPages && (
                    <a href={pageHref(page + 1)} rel="next">
                      {t.next}
                    </a>
                  )}
                </nav>
              )}
            </>
          )}
        </section>
      )}
    </section>
  );
}

function AgencyCard({ a, locale }: { a: AgencyResults["agencies"][number]; locale: "it" | "en" }) {
  const t = agencyTexts[locale];
  return (
    <>
      <img src={`/media/publisher/${a.id}/logo.svg`} alt={t.logoAlt(a.name)} width={120} height={60} loading="lazy" />
      <h3>
        <a href={localizePath(a.href, locale)}>{a.name}</a>
      </h3>
      {a.street && (
        <p>
          {a.street}
          {a.town ? `, ${a.town}` : ""}
        </p>
      )}
      <p>
        {t.listings(a.listings)} · {t.agents(a.agents)}
      </p>
      <p>
        <a href={localizePath(`/srp/?pId=${a.id}`, locale)} aria-label={t.seeAllOf(a.name)}>
          {t.seeAll}
        </a>
        {a.website && (
          <>
            {" "}
            ·{" "}
            <a href={a.website} rel="noopener nofollow">
              {t.website}
            </a>
          </>
        )}
      </p>
    </>
  );
}

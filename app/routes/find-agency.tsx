/** /trova-agenzia/ (and /en/): agencies based in a town, by a GET form (the agencySearch query of the API). */
import { data } from "react-router";
import { z } from "zod";
import { PlaceLevel } from "../../core/places.ts";
import { resolveTown, townLabel } from "../../core/valuation/town-input.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { searchAgencies } from "../../db/publishers.ts";
import { agencyTexts } from "../i18n/valuation.ts";
import { htmlLang, localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/find-agency";
import "../ui/valuation.css";

const PAGE_SIZE = 20;
const query = z.object({
  comune: z.string().trim().max(80).default(""),
  pagina: z.coerce.number().int().min(1).max(400).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const q = query.parse({ comune: url.searchParams.get("comune") ?? undefined, pagina: url.searchParams.get("pagina") ?? undefined });
  const base = { locale, comune: q.comune, page: q.pagina, search: null as null | AgencyResults, notFound: false };
  if (!q.comune) return data(base);
  const db = services(context).database.readDb;
  const town = resolveTown(q.comune, (await getPlaceDirectory(db)).atLevel(PlaceLevel.town));
  if (!town) return data({ ...base, notFound: true }, { status: 404 });
  const { total, agencies } = await searchAgencies(db, { townIds: [town.id], page: q.pagina, size: PAGE_SIZE });
  return data({
    ...base,
    comune: townLabel(town),
    search: {
      town: town.name,
      total,
      totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      agencies: agencies.map((a) => ({ id: a.id, name: a.name, phone: a.phone, website: a.website, street: a.street, listings: a.listings, agents: a.agents })),
    },
  });
}

interface AgencyResults {
  town: string;
  total: number;
  totalPages: number;
  agencies: Array<{ id: number; name: string; phone: string | null; website: string | null; street: string | null; listings: number; agents: number }>;
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
  const { locale, comune, search, notFound, page } = loaderData;
  const t = agencyTexts[locale];
  const action = localizePath("/trova-agenzia/", locale);
  const pageHref = (n: number) => `${action}?comune=${encodeURIComponent(comune)}${n > 1 ? `&pagina=${n}` : ""}`;
  return (
    <section className="page agency-page">
      <h1>{t.heading}</h1>
      <p>{t.intro}</p>
      <form method="get" action={action} className="agency-form" role="search">
        <div className="form-field">
          <label htmlFor="comune">{t.town}</label>
          <input id="comune" name="comune" type="text" autoComplete="address-level2" defaultValue={comune} aria-invalid={notFound ? true : undefined} aria-describedby={notFound ? "errore-comune" : undefined} />
          {notFound && <p id="errore-comune" className="form-error">{t.notFound}</p>}
        </div>
        <button type="submit" className="primary-button">{t.submit}</button>
      </form>
      {search && (
        <section aria-labelledby="agenzie-risultati">
          {search.total === 0 ? (
            <h2 id="agenzie-risultati" data-testid="agency-empty">{t.empty}</h2>
          ) : (
            <>
              <h2 id="agenzie-risultati">{t.results(search.total, search.town)}</h2>
              <ul className="agency-list">
                {search.agencies.map((a) => (
                  <li key={a.id} className="agency-card">
                    <img src={`/media/publisher/${a.id}/logo.svg`} alt={t.logoAlt(a.name)} width={120} height={60} loading="lazy" />
                    <h3>{a.name}</h3>
                    {a.street && <p>{a.street}, {search.town}</p>}
                    <p>{t.listings(a.listings)} · {t.agents(a.agents)}</p>
                    {a.phone && <p><a href={`tel:${a.phone.replace(/\s+/g, "")}`}>{t.call(a.phone)}</a></p>}
                    {a.website && <p><a href={a.website} rel="noopener nofollow">{t.website}</a></p>}
                  </li>
                ))}
              </ul>
              {search.totalPages > 1 && (
                <nav aria-label={t.pager} className="agency-pager">
                  {page > 1 && <a href={pageHref(page - 1)} rel="prev">{t.previous}</a>}
                  <span>{t.page(page, search.totalPages)}</span>
                  {page < search.totalPages && <a href={pageHref(page + 1)} rel="next">{t.next}</a>}
                </nav>
              )}
            </>
          )}
        </section>
      )}
    </section>
  );
}

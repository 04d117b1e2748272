import { data, redirect } from "react-router";
import { PlaceLevel } from "../../core/places.ts";
import { parseSearch } from "../../core/search/query.ts";
import { encodeSearchUrl } from "../../core/search/url.ts";
import { getPlaceDirectory } from "../../db/place-directory.ts";
import { findPlaceBySlug, listAncestors, listChildren } from "../../db/places.ts";
import { hubTexts } from "../i18n/hubs.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/province";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = hubTexts[locale];
  const { readDb } = services(context).database;
  const province = await findPlaceBySlug(readDb, PlaceLevel.province, params.province.toLowerCase());
  if (!province) throw data(t.provinceNotFound, { status: 404 });
  const [region] = (await listAncestors(readDb, province.hkey)).filter((a) => a.level === PlaceLevel.region);
  if (!region) throw data(t.provinceNotFound, { status: 404 });
  if (region.slug !== params.region) throw redirect(localizePath(`/immobili/${region.slug}/${province.slug}/`, locale), 301);
  const [children, directory] = await Promise.all([
    listChildren(readDb, province.id, { levels: [PlaceLevel.town, PlaceLevel.nonAdminZone] }),
    getPlaceDirectory(readDb),
  ]);
  // Each town and coast links to its homes for sale (issue 13 §4: the hub listed them as plain text).
  const resultsOf = (id: string) => localizePath(encodeSearchUrl(parseSearch({ channel: "vendita" }, [id]), directory), locale);
  const entry = (c: (typeof children)[number]) => ({ name: c.name, slug: c.slug, count: c.count, href: resultsOf(c.id) });
  return {
    locale,
    origin: new URL(request.url).origin,
    region: { name: region.name, slug: region.slug },
    province: { name: province.name, slug: province.slug, short: province.short, count: province.count },
    towns: children.filter((c) => c.level === PlaceLevel.town).map(entry),
    zones: children.filter((c) => c.level === PlaceLevel.nonAdminZone).map(entry),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: hubTexts.it.notFoundTitle }];
  const { region, province, locale, origin } = loaderData;
  const t = hubTexts[locale];
  return [
    { title: t.provinceTitle(province.name) },
    { name: "description", content: t.provinceDescription(province.count, province.name) },
    { tagName: "link", rel: "canonical", href: `${origin}${localizePath(`/immobili/${region.slug}/${province.slug}/`, locale)}` },
  ];
}

export default function Province({ loaderData }: Route.ComponentProps) {
  const { region, province, towns, zones, locale } = loaderData;
  const t = hubTexts[locale];
  return (
    <div className="page">
      <nav className="breadcrumb" aria-label={t.breadcrumb}>
        <ol>
          <li>
            <a href={localizePath("/", locale)}>{t.home}</a>
          </li>
          <li>
            <a href={localizePath(`/immobili/${region.slug}/`, locale)}>{region.name}</a>
          </li>
          <li aria-current="page">{province.name}</li>
        </ol>
      </nav>
      <h1>{t.provinceTitle(province.name)}</h1>
      {zones.length > 0 && (
        <ul className="place-list">
          {zones.map((z) => (
            <li key={z.slug}>
              <a href={z.href}>{z.name}</a> <span className="count">{t.listingCount(z.count)}</span>
            </li>
          ))}
        </ul>
      )}
      <h2>{t.townsHeading}</h2>
      <ul className="place-list">
        {towns.map((town) => (
          <li key={town.slug}>
            <a href={town.href}>{town.name}</a>
            <span className="count">{t.listingCount(town.count)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

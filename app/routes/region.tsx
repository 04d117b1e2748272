import { data } from "react-router";
import { PlaceLevel } from "../../core/places.ts";
import { findPlaceBySlug, listChildren } from "../../db/places.ts";
import { hubTexts } from "../i18n/hubs.ts";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/region";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const { readDb } = services(context).database;
  const region = await findPlaceBySlug(readDb, PlaceLevel.region, params.region.toLowerCase());
  if (!region) throw data(hubTexts[locale].regionNotFound, { status: 404 });
  const provinces = await listChildren(readDb, region.id, { levels: [PlaceLevel.province] });
  return {
    locale,
    origin: new URL(request.url).origin,
    region: { name: region.name, slug: region.slug, count: region.count },
    provinces: provinces.map((p) => ({ name: p.name, slug: p.slug, short: p.short, count: p.count })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: hubTexts.it.notFoundTitle }];
  const { region, locale, origin } = loaderData;
  const t = hubTexts[locale];
  return [
    { title: t.regionTitle(region.name) },
    { name: "description", content: t.regionDescription(region.count, region.name) },
    { tagName: "link", rel: "canonical", href: `${origin}${localizePath(`/immobili/${region.slug}/`, locale)}` },
  ];
}

export default function Region({ loaderData }: Route.ComponentProps) {
  const { region, provinces, locale } = loaderData;
  const t = hubTexts[locale];
  return (
    <div className="page">
      <nav className="breadcrumb" aria-label={t.breadcrumb}>
        <ol>
          <li>
            <a href={localizePath("/", locale)}>{t.home}</a>
          </li>
          <li aria-current="page">{region.name}</li>
        </ol>
      </nav>
      <h1>{t.regionTitle(region.name)}</h1>
      <h2>{t.provincesHeading}</h2>
      <ul className="place-list">
        {provinces.map((p) => (
          <li key={p.slug}>
            <a href={localizePath(`/immobili/${region.slug}/${p.slug}/`, locale)}>
              {p.name} ({p.short})
            </a>
            <span className="count">{t.listingCount(p.count)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { data, redirect } from "react-router";
import { formatListingCount } from "../../core/format.ts";
import { PlaceLevel } from "../../core/places.ts";
import { findPlaceBySlug, listAncestors, listChildren } from "../../db/places.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/province";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { readDb } = services(context).database;
  const province = await findPlaceBySlug(readDb, PlaceLevel.province, params.province.toLowerCase());
  if (!province) throw data("provincia non trovata", { status: 404 });
  const [region] = (await listAncestors(readDb, province.hkey)).filter((a) => a.level === PlaceLevel.region);
  if (!region) throw data("provincia non trovata", { status: 404 });
  if (region.slug !== params.region) throw redirect(`/immobili/${region.slug}/${province.slug}/`, 301);
  const children = await listChildren(readDb, province.id, { levels: [PlaceLevel.town, PlaceLevel.nonAdminZone] });
  return {
    region: { name: region.name, slug: region.slug },
    province: { name: province.name, slug: province.slug, short: province.short, count: province.count },
    towns: children.filter((c) => c.level === PlaceLevel.town).map((t) => ({ name: t.name, slug: t.slug, count: t.count })),
    zones: children.filter((c) => c.level === PlaceLevel.nonAdminZone).map((z) => ({ name: z.name, slug: z.slug, count: z.count })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Pagina non trovata" }];
  const { region, province } = loaderData;
  return [
    { title: `Case in vendita e in affitto in provincia di ${province.name}` },
    { name: "description", content: `${formatListingCount(province.count)} in provincia di ${province.name}: scegli il comune.` },
    { tagName: "link", rel: "canonical", href: `/immobili/${region.slug}/${province.slug}/` },
  ];
}

export default function Province({ loaderData }: Route.ComponentProps) {
  const { region, province, towns, zones } = loaderData;
  return (
    <div className="page">
      <nav className="breadcrumb" aria-label="Percorso">
        <ol>
          <li><a href="/">Home</a></li>
          <li><a href={`/immobili/${region.slug}/`}>{region.name}</a></li>
          <li aria-current="page">{province.name}</li>
        </ol>
      </nav>
      <h1>Case in vendita e in affitto in provincia di {province.name}</h1>
      {zones.length > 0 && (
        <p>
          {zones.map((z) => (
            <span key={z.slug}>{z.name}: {formatListingCount(z.count)}</span>
          ))}
        </p>
      )}
      <h2>Comuni</h2>
      <ul className="place-list">
        {towns.map((t) => (
          <li key={t.slug}>
            <span>{t.name}</span>
            <span className="count">{formatListingCount(t.count)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

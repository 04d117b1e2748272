import { data } from "react-router";
import { formatListingCount } from "../../core/format.ts";
import { PlaceLevel } from "../../core/places.ts";
import { findPlaceBySlug, listChildren } from "../../db/places.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/region";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { readDb } = services(context).database;
  const region = await findPlaceBySlug(readDb, PlaceLevel.region, params.region.toLowerCase());
  if (!region) throw data("regione non trovata", { status: 404 });
  const provinces = await listChildren(readDb, region.id, { levels: [PlaceLevel.province] });
  return {
    region: { name: region.name, slug: region.slug, count: region.count },
    provinces: provinces.map((p) => ({ name: p.name, slug: p.slug, short: p.short, count: p.count })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Pagina non trovata" }];
  const { region } = loaderData;
  return [
    { title: `Case in vendita e in affitto in ${region.name}` },
    { name: "description", content: `${formatListingCount(region.count)} di case e immobili in ${region.name}: scegli la provincia.` },
    { tagName: "link", rel: "canonical", href: `/immobili/${region.slug}/` },
  ];
}

export default function Region({ loaderData }: Route.ComponentProps) {
  const { region, provinces } = loaderData;
  return (
    <div className="page">
      <nav className="breadcrumb" aria-label="Percorso">
        <ol><li><a href="/">Home</a></li><li aria-current="page">{region.name}</li></ol>
      </nav>
      <h1>Case in vendita e in affitto in {region.name}</h1>
      <h2>Province</h2>
      <ul className="place-list">
        {provinces.map((p) => (
          <li key={p.slug}>
            <a href={`/immobili/${region.slug}/${p.slug}/`}>{p.name} ({p.short})</a>
            <span className="count">{formatListingCount(p.count)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

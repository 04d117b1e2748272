import { formatInteger, formatListingCount } from "../../core/format.ts";
import { PlaceLevel } from "../../core/places.ts";
import { countPlacesByLevel, listChildren } from "../../db/places.ts";
import { services } from "../services.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { readDb } = services(context).database;
  const [regions, levels] = await Promise.all([listChildren(readDb, "IT", { levels: [PlaceLevel.region] }), countPlacesByLevel(readDb)]);
  return {
    regions: regions.map((r) => ({ name: r.name, slug: r.slug, count: r.count })),
    total: regions.reduce((s, r) => s + r.count, 0),
    towns: levels[PlaceLevel.town] ?? 0,
  };
}

export function meta() {
  return [
    { title: "Case e appartamenti in vendita e in affitto in tutta Italia" },
    { name: "description", content: "Cerca case, appartamenti, nuove costruzioni e aste giudiziarie in vendita e in affitto in tutti i comuni d'Italia." },
    { tagName: "link", rel: "canonical", href: "/" },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { regions, total, towns } = loaderData;
  return (
    <div className="page">
      <section className="hero">
        <h1>Trova casa in tutta Italia</h1>
        <p>{formatInteger(total)} annunci di case in vendita e in affitto, nuove costruzioni e aste in {formatInteger(towns)} comuni.</p>
      </section>
      <section aria-labelledby="regioni">
        <h2 id="regioni">Cerca per regione</h2>
        <ul className="place-list">
          {regions.map((r) => (
            <li key={r.slug}>
              <a href={`/immobili/${r.slug}/`}>{r.name}</a>
              <span className="count">{formatListingCount(r.count)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** 'Come ordiniamo i risultati' (seed 000 §2 item 13): how the default order is computed (docs/decisions/009). */
import { useLocation } from "react-router";
import { localeFromPath, localizePath } from "../i18n/locale.ts";
import type { Route } from "./+types/search-ordering";
import "../ui/results.css";

const texts = {
  it: {
    title: "Come ordiniamo i risultati",
    intro:
      "Con l'ordinamento predefinito («Rilevanza») gli annunci più recenti vengono prima, con un piccolo vantaggio per quelli che mostrano di più:",
    back: "Torna alla ricerca",
  },
  en: {
    title: "How we sort the results",
    intro: "With the default order (“Relevance”) the newest listings come first, with a small head start for those that show more:",
    back: "Back to the search",
  },
};
const points = {
  it: [
    "la data di pubblicazione: ogni giorno più recente vale un punto;",
    "3 punti agli annunci con almeno 5 foto;",
    "2 punti a quelli con la planimetria;",
    "2 punti a quelli con la visita virtuale;",
    "1 punto a quelli con il prezzo ribassato.",
  ],
  en: [
    "the publication date: each more recent day is worth one point;",
    "3 points for listings with at least 5 photos;",
    "2 points for a floor plan;",
    "2 points for a virtual tour;",
    "1 point for a reduced price.",
  ],
};
const outro = {
  it: "A parità di punteggio decide il numero dell'annuncio, così le pagine non si sovrappongono. Nessun inserzionista può pagare per salire in questo ordinamento. Puoi sempre ordinare per prezzo, prezzo al m², superficie o data.",
  en: "Ties are broken by the listing number, so pages never overlap. No advertiser can pay to rank higher in this order. You can always sort by price, price per m², size or date instead.",
};

export function meta({ location }: Route.MetaArgs) {
  const locale = localeFromPath(location.pathname);
  return [
    { title: texts[locale].title },
    { name: "description", content: texts[locale].intro },
    { tagName: "link", rel: "canonical", href: localizePath("/come-ordiniamo-i-risultati/", locale) },
  ];
}

export default function SearchOrdering() {
  const locale = localeFromPath(useLocation().pathname);
  const t = texts[locale];
  return (
    <div className="page ordering-page">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <ul>
        {points[locale].map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <p>{outro[locale]}</p>
      <p>
        <a href={localizePath("/vendita/case/", locale)}>{t.back}</a>
      </p>
    </div>
  );
}

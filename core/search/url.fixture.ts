/** Test fixture for the URL codec and SEO tests. */
import type { UrlPlace, UrlPlaceLookup } from "./url.ts";

/** A small slice of the gazetteer, with the shapes that make the codec work: homonyms across levels, sub-town levels, coastal areas. */
export const fixturePlaces: UrlPlace[] = [
  { id: "IT", level: 2, qslug: "italia", name: "Italia", parentId: null },
  { id: "IT-03", level: 4, qslug: "lombardia", name: "Lombardia", parentId: "IT" },
  { id: "IT-03-P015", level: 6, qslug: "milano", name: "Milano", parentId: "IT-03" },
  { id: "IT-03-015146", level: 9, qslug: "milano", name: "Milano", parentId: "IT-03-P015", nameEn: "Milan" },
  { id: "IT-03-015146-NIL01", level: 10, qslug: "milano-duomo", name: "Duomo", parentId: "IT-03-015146" },
  { id: "IT-03-015146-NIL02", level: 10, qslug: "milano-brera", name: "Brera", parentId: "IT-03-015146" },
  { id: "IT-03-015146-MM1", level: 118, qslug: "milano-m1", name: "M1", parentId: "IT-03-015146" },
  { id: "IT-03-015146-MM1-AMENDOLA", level: 120, qslug: "milano-m1-amendola", name: "Amendola", parentId: "IT-03-015146-MM1" },
  { id: "IT-12", level: 4, qslug: "lazio", name: "Lazio", parentId: "IT" },
  { id: "IT-12-P058", level: 6, qslug: "roma", name: "Roma", parentId: "IT-12" },
  { id: "IT-12-058091", level: 9, qslug: "roma", name: "Roma", parentId: "IT-12-P058", nameEn: "Rome" },
  { id: "IT-12-058091-MUN02", level: 10, qslug: "roma-municipio-ii", name: "Municipio II", parentId: "IT-12-058091" },
  { id: "IT-12-058091-MUN02-Q01", level: 11, qslug: "roma-flaminio", name: "Flaminio", parentId: "IT-12-058091-MUN02" },
  { id: "IT-14", level: 4, qslug: "molise", name: "Molise", parentId: "IT" },
  { id: "IT-14-P070", level: 6, qslug: "campobasso", name: "Campobasso", parentId: "IT-14" },
  { id: "IT-14-070042", level: 9, qslug: "molise", name: "Molise", parentId: "IT-14-P070" },
  { id: "IT-07", level: 4, qslug: "liguria", name: "Liguria", parentId: "IT" },
  { id: "IT-07-P008", level: 6, qslug: "imperia", name: "Imperia", parentId: "IT-07" },
  { id: "IT-07-P008-MARE", level: 130, qslug: "mare-imperia", name: "Mare Imperia", parentId: "IT-07-P008" },
  { id: "IT-08", level: 4, qslug: "emilia-romagna", name: "Emilia-Romagna", parentId: "IT" },
  { id: "IT-08-P099", level: 6, qslug: "rimini", name: "Rimini", parentId: "IT-08" },
  { id: "IT-08-099014", level: 9, qslug: "rimini", name: "Rimini", parentId: "IT-08-P099" },
  { id: "IT-08-040012", level: 9, qslug: "forli", name: "Forlì", parentId: "IT-08" },
  { id: "IT-15-P063", level: 6, qslug: "napoli", name: "Napoli", parentId: "IT-15" },
  { id: "IT-15-063049", level: 9, qslug: "napoli", name: "Napoli", parentId: "IT-15-P063" },
  { id: "IT-01-001272", level: 9, qslug: "torino", name: "Torino", parentId: "IT-01-P001" },
];

export function fixtureLookup(places: UrlPlace[] = fixturePlaces): UrlPlaceLookup {
  const byId = new Map(places.map((p) => [p.id, p]));
  const bySlug = new Map(places.map((p) => [`${p.level}:${p.qslug}`, p]));
  return { get: (id) => byId.get(id), bySlug: (level, qslug) => bySlug.get(`${level}:${qslug}`) };
}

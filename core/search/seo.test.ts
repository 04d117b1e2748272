import { streetSearch } from "./street-search.ts";
import { describe, expect, it } from "vitest";
import { parseSearch } from "./query.ts";
import { placePhrase, searchPlaceLabel, searchSeo, searchTitle, type SearchSeoInput } from "./seo.ts";
import { encodeSearchUrl, type UrlPlace } from "./url.ts";
import { fixtureLookup, fixturePlaces } from "./url.fixture.ts";

const places = fixtureLookup();
const place = (id: string) => places.get(id)!;

function seo(raw: Record<string, unknown>, ids: string[], extra: Partial<SearchSeoInput> = {}) {
  const query = parseSearch(raw, ids);
  return searchSeo({
    query,
    places: query.places.map(place),
    total: 1234,
    totalPages: 50,
    locale: "it",
    canonicalPath: encodeSearchUrl(query, places),
    origin: "https://casa.example",
    ...extra,
  });
}
const title = (raw: Record<string, unknown>, ids: string[] = [], locale: "it" | "en" = "it") =>
  searchTitle(parseSearch(raw, ids), parseSearch(raw, ids).places.map(place), locale);

describe("searchTitle (seed 000 §9)", () => {
  it.each([
    [{}, ["IT-03-015146"], "Case in vendita a Milano"],
    [{ channel: "affitto", numRooms_min: 2, numRooms_max: 2 }, ["IT-12-058091"], "Bilocali in affitto a Roma"],
    [{}, [], "Case in vendita in tutta Italia"],
    [{}, ["IT"], "Case in vendita in tutta Italia"],
    [{ channel: "affitto" }, [], "Case in affitto"],
    [{ channel: "affitto" }, ["IT-03-015146"], "Case in affitto a Milano"],
    [{ only_auction: true }, [], "Aste Giudiziarie"],
    [{ only_auction: true }, ["IT-15-063049"], "Aste Giudiziarie a Napoli"],
    [{ only_auction: true, propertyTypeGroup: "terreni" }, [], "Aste Giudiziarie: Terreni"],
    [{ geobounds: [9.1, 45.4, 9.3, 45.5] }, [], "Ricerca su Mappa"],
    [{ propertyTypes: ["villa"] }, ["IT-03-P015"], "Ville in vendita in provincia di Milano"],
    [{ propertyTypeGroup: "uffici" }, ["IT-03"], "Uffici in vendita in Lombardia"],
    [
      { propertyTypeGroup: "nuove-costruzioni", numRooms_min: 3, numRooms_max: 3 },
      ["IT-01-001272"],
      "Trilocali di nuova costruzione in vendita a Torino",
    ],
    [{ channel: "affitto-breve" }, ["IT-08-099014"], "Case vacanza a Rimini"],
    [{}, ["IT-03-015146-NIL01"], "Case in vendita in zona Duomo"],
    [{}, ["IT-03-015146-MM1-AMENDOLA"], "Case in vendita vicino alla fermata Amendola"],
    [{}, ["IT-03-015146", "IT-12-058091"], "Case in vendita a Milano e un'altra località"],
    [{}, ["IT-03-015146", "IT-12-058091", "IT-08-099014"], "Case in vendita a Milano e altre 2 località"],
    [{ numRooms_min: 2, numRooms_max: 3 }, ["IT-03-015146"], "Case in vendita a Milano"],
  ] as Array<[Record<string, unknown>, string[], string]>)("%j %j → %s", (raw, ids, expected) => {
    expect(title(raw, ids)).toBe(expected);
  });

  it("has English equivalents, with the places' official (Italian) names (decision 081)", () => {
    expect(title({}, ["IT-03-015146"], "en")).toBe("Homes for sale in Milano");
    expect(title({ channel: "affitto", numRooms_min: 2, numRooms_max: 2 }, ["IT-12-058091"], "en")).toBe("Two-room flats for rent in Roma");
    expect(title({}, [], "en")).toBe("Homes for sale across Italy");
    expect(title({ channel: "affitto" }, [], "en")).toBe("Homes for rent");
    expect(title({ only_auction: true }, [], "en")).toBe("Court auctions");
    expect(title({ geocircle: { circle: [{ distance: 1000, center: [45.4, 9.1] }] } }, [], "en")).toBe("Map search");
  });

  it("names the town of a place below it when given the place lookup", () => {
    const q = parseSearch({}, ["IT-03-015146-NIL01"]);
    expect(searchTitle(q, [place("IT-03-015146-NIL01")], "it", places)).toBe("Case in vendita in zona Duomo a Milano");
    expect(searchTitle(q, [place("IT-03-015146-NIL01")], "en", places)).toBe("Homes for sale in the Duomo area in Milano");
    const stop = parseSearch({}, ["IT-03-015146-MM1-AMENDOLA", "IT-12-058091"]);
    expect(searchTitle(stop, stop.places.map(place), "it", places)).toBe(
      "Case in vendita vicino alla fermata Amendola a Milano e un'altra località",
    );
    const coast = parseSearch({}, ["IT-07-P008-MARE"]);
    expect(searchTitle(coast, [place("IT-07-P008-MARE")], "it", places)).toBe(
      "Case in vendita nelle località di mare della provincia di Imperia",
    );
    expect(searchTitle(coast, [place("IT-07-P008-MARE")], "en", places)).toBe(
      "Homes for sale in the seaside towns of the province of Imperia",
    );
    const s = searchSeo({
      query: q,
      places: [place("IT-03-015146-NIL01")],
      total: 3,
      totalPages: 1,
      locale: "it",
      canonicalPath: "/vendita/case/milano/zona-duomo/",
      lookup: places,
    });
    expect(s.h1).toBe("Case in vendita in zona Duomo a Milano");
  });

  it("does not repeat the town after a metro line that names it", () => {
    const named = fixturePlaces.map((p) => (p.id === "IT-03-015146-MM1" ? { ...p, name: "M1 Milano", nameEn: "Milan metro M1" } : p));
    const lookup = fixtureLookup(named);
    const q = parseSearch({}, ["IT-03-015146-MM1"]);
    expect(searchTitle(q, [lookup.get("IT-03-015146-MM1")!], "it", lookup)).toBe("Case in vendita lungo la metro M1 Milano");
    expect(searchTitle(q, [lookup.get("IT-03-015146-MM1")!], "en", lookup)).toBe("Homes for sale along the M1 Milano");
  });

  it("says a street search is a circle around the street, and keeps 'Ricerca su Mappa' for an unnamed circle", () => {
    const circle = streetSearch({ lat: 45.4642, lon: 9.19 }, "vendita");
    expect(searchTitle(circle, [], "it", undefined, "Via Roma, Milano")).toBe("Case in vendita entro 500 m da Via Roma, Milano");
    expect(searchTitle(circle, [], "en", undefined, "Via Roma, Milano")).toBe("Homes for sale within 500 m of Via Roma, Milano");
    expect(searchTitle(streetSearch({ lat: 45.4642, lon: 9.19 }, "affitto"), [], "it", undefined, "Via Roma, Milano")).toBe(
      "Case in affitto entro 500 m da Via Roma, Milano",
    );
    expect(searchTitle(circle, [], "it")).toBe("Ricerca su Mappa");
    const s = searchSeo({
      query: circle,
      places: [],
      total: 3,
      totalPages: 1,
      locale: "it",
      canonicalPath: "/vendita/case/?geocircle=45.4642,9.19,500",
      circleCentre: "Via Roma, Milano",
    });
    expect(s.title).toBe("Case in vendita entro 500 m da Via Roma, Milano");
    expect(s.robots).toBe("noindex,follow");
  });

  it("labels an empty place set 'Ovunque (tutte le località)'", () => {
    expect(searchPlaceLabel([], "it")).toBe("Ovunque (tutte le località)");
    expect(searchPlaceLabel([place("IT-03-015146"), place("IT-12-058091")], "it")).toBe("Milano, Roma");
    expect(placePhrase([], "it")).toBe("in tutta Italia");
  });
});

describe("searchSeo", () => {
  it("titles a map search with no place 'Ricerca su Mappa', keeps the place's title on its map, and never indexes a map", () => {
    const anywhere = seo({}, [], { map: true, canonicalPath: "/vendita/case/mappa/" });
    expect(anywhere.h1).toBe("Ricerca su Mappa");
    expect(anywhere.robots).toBe("noindex,follow");
    expect(anywhere.canonical).toBe("https://casa.example/vendita/case/mappa/");
    expect(seo({}, [], { map: true, locale: "en" }).h1).toBe("Map search");
    const milano = seo({}, ["IT-03-015146"], { map: true, canonicalPath: "/vendita/case/milano/mappa/" });
    expect(milano.h1).toBe("Case in vendita a Milano");
    expect(milano.robots).toBe("noindex,follow");
    expect(seo({}, ["IT-03-015146"]).robots).toBe("index,follow");
  });

  it("moves ' - pagina N' to the end of the title, keeps the h1 plain, and links prev/next", () => {
    const s = seo({ page: 3 }, ["IT-03-015146"]);
    expect(s.title).toBe("Case in vendita a Milano - pagina 3");
    expect(s.h1).toBe("Case in vendita a Milano");
    expect(s.canonical).toBe("https://casa.example/vendita/case/milano/?page=3");
    expect(s.prev).toBe("https://casa.example/vendita/case/milano/?page=2");
    expect(s.next).toBe("https://casa.example/vendita/case/milano/?page=4");
    expect(seo({ page: 2 }, ["IT-03-015146"]).prev).toBe("https://casa.example/vendita/case/milano/");
    expect(seo({}, ["IT-03-015146"]).prev).toBeNull();
    expect(seo({ page: 50 }, ["IT-03-015146"]).next).toBeNull();
  });

  it("puts the total in it-IT format in the description, and says so when there is nothing", () => {
    expect(seo({}, ["IT-03-015146"]).description).toBe(
      "1.234 annunci: case in vendita a Milano. Foto, planimetrie, prezzi e mappa: trova la tua casa su casa.",
    );
    expect(seo({}, ["IT-03-015146"], { total: 1 }).description).toMatch(/^1 annuncio: /);
    expect(seo({}, ["IT-03-015146"], { total: 0, totalPages: 0 }).description).toMatch(
      /^Nessun annuncio al momento: case in vendita a Milano\./,
    );
    expect(seo({ only_auction: true }, ["IT-15-063049"]).description).toMatch(/^1\.234 annunci: Aste Giudiziarie a Napoli\./);
    expect(seo({}, ["IT-03-015146"], { locale: "en", total: 1234567 }).description).toMatch(
      /^1,234,567 listings: homes for sale in Milano\./,
    );
  });

  it("gives hreflang alternates (it, en, x-default) only up to page 30", () => {
    expect(seo({ page: 30 }, []).alternates).toEqual([
      { hreflang: "it", href: "https://casa.example/vendita/case/?page=30" },
      { hreflang: "en", href: "https://casa.example/en/vendita/case/?page=30" },
      { hreflang: "x-default", href: "https://casa.example/vendita/case/?page=30" },
    ]);
    expect(seo({ page: 31 }, []).alternates).toEqual([]);
  });

  it("uses the English path for the English canonical and pager links", () => {
    const s = seo({ page: 2 }, ["IT-03-015146"], { locale: "en" });
    expect(s.canonical).toBe("https://casa.example/en/vendita/case/milano/?page=2");
    expect(s.prev).toBe("https://casa.example/en/vendita/case/milano/");
    expect(s.title).toBe("Homes for sale in Milano - page 2");
  });

  it("indexes plain landing pages and keeps thin or filter-heavy ones out of the index", () => {
    expect(seo({}, ["IT-03-015146"]).robots).toBe("index,follow");
    expect(seo({ price_max: 300000 }, ["IT-03-015146"]).robots).toBe("index,follow");
    expect(seo({ page: 7 }, ["IT-03-015146"]).robots).toBe("index,follow");
    expect(seo({}, ["IT-03-015146"], { total: 0, totalPages: 0 }).robots).toBe("noindex,follow");
    expect(seo({ price_max: 300000, mq_min: 50 }, ["IT-03-015146"]).robots).toBe("noindex,follow");
    expect(seo({ geobounds: [9.1, 45.4, 9.3, 45.5] }, []).robots).toBe("noindex,follow");
    expect(seo({ sortType: "prezzo-crescente" }, ["IT-03-015146"]).robots).toBe("noindex,follow");
    expect(seo({}, ["IT-03-015146", "IT-12-058091"]).robots).toBe("noindex,follow");
  });

  it("works without an origin (relative links)", () => {
    const query = parseSearch({});
    const s = searchSeo({ query, places: [] as UrlPlace[], total: 10, totalPages: 1, locale: "it", canonicalPath: "/vendita/case/" });
    expect(s.canonical).toBe("/vendita/case/");
    expect(s.next).toBeNull();
  });
});

/** The search results page over HTTP, as a browser without JavaScript sees it, on each database. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startTestPortal } from "../test/portal.ts";

const cards = (html: string) => html.match(/<article class="result-card"/g)?.length ?? 0;
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "";
const totalOf = (html: string) => Number((/data-testid="search-total">([\d.]+) annunc/.exec(html)?.[1] ?? "NaN").replace(/\./g, ""));
const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe.each(databaseTargets)("search results page on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const get = (path: string) => fetch(`${portal.url}${path}`, { redirect: "manual" });
  let milanoId: string;
  let emptyTown: { slug: string; name: string };
  let fewTown: { slug: string; name: string; count: number };

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned);
    milanoId = (await (await get("/lh/v2/town/milano")).json()).location.id;
    // Towns of the province of Roma with no homes for sale, and with a few (1–9), from the places API.
    const towns: Array<{ slug: string; name: string; level: number }> = (await (await get("/lh/v2/province/roma")).json()).locations.filter(
      (l: { level: number }) => l.level === 9,
    );
    const counts = new Map<string, number>();
    for (const town of towns) {
      const res = await fetch(`${portal.url}/portal-srp/api/v1/search/availableresults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          locations: [{ id: (await (await get(`/lh/v2/town/${town.slug}`)).json()).location.id }],
          filters: { channel: "vendita", propertyTypeGroup: "case" },
        }),
      });
      counts.set(town.slug, (await res.json()).total);
      if ([...counts.values()].some((n) => n === 0) && [...counts.values()].some((n) => n > 0 && n < 10)) break;
    }
    const empty = towns.find((t) => counts.get(t.slug) === 0)!;
    const few = towns.find((t) => (counts.get(t.slug) ?? 0) > 0 && counts.get(t.slug)! < 10)!;
    emptyTown = { slug: empty.slug, name: empty.name };
    fewTown = { slug: few.slug, name: few.name, count: counts.get(few.slug)! };
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  it("renders a town's homes for sale: title, h1, total, 25 cards, canonical, hreflang, breadcrumbs", async () => {
    const res = await get("/vendita/case/milano/");
    expect(res.status).toBe(200);
    expect(res.headers.get("server-timing")).toMatch(/search;dur=/);
    const html = await res.text();
    expect(html).toContain('<html lang="it">');
    expect(titleOf(html)).toMatch(/Milano/);
    expect(h1Of(html)).toMatch(/Milano/);
    const total = totalOf(html);
    expect(total).toBeGreaterThan(25);
    expect(cards(html)).toBe(25);
    // Absolute, on PUBLIC_URL (default http://localhost:PORT, which is portal.url).
    expect(html).toContain(`<link rel="canonical" href="${portal.url}/vendita/case/milano/"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${portal.url}/vendita/case/milano/"/>`);
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/en\/vendita\/case\/milano\/"\/>/);
    expect(html).toMatch(/<nav class="breadcrumb search-breadcrumb" aria-label="Percorso">.*Lombardia.*Milano.*<\/nav>/s);
    // A card: price in it-IT with €, the contact button by publisher type, the pin flag, a lazy photo with its size.
    expect(html).toMatch(/<strong>[\d.]+\s€/);
    expect(html).toMatch(/Contatta l&#x27;(agenzia|agente|inserzionista)/);
    expect(html).toMatch(/Posizione (esatta|approssimativa)/);
    expect(html).toMatch(/<img src="\/media\/listing\/\d+\/0\.svg" alt="" width="400" height="300" loading="lazy"/);
    expect(html).toContain("Fatti aiutare nella tua ricerca");
    // The help block lists professionals only, and every logo it shows exists.
    const help = /<section class="publisher-help"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(help).not.toContain("Privato");
    for (const [, logo] of help.matchAll(/<img src="([^"]+)"/g)) expect((await get(logo!)).status, logo).toBe(200);
    expect(html).toContain('href="/come-ordiniamo-i-risultati/"');
    expect(html).toContain("Località vicine");
    // The filter form is a GET form with the raw filter keys.
    // Without JavaScript the submit button cannot count: it says 'Cerca', not a stale 'Vedi N risultati'.
    expect(html).toMatch(/<button type="submit" class="button-primary st-live__submit"[^>]*>Cerca<\/button>/);
    expect(html).not.toMatch(/>Vedi [\d.]+ risultat/);
    const form = /<form id="filtri-form"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/cerca/"');
    for (const name of [
      "price_min",
      "price_max",
      "mq_min",
      "numRooms_min",
      "numRooms_max",
      "numBaths",
      "energyClass",
      "sellerType",
      "publication_date",
    ]) {
      expect(html, name).toContain(`name="${name}"`);
    }
  });

  it("serves every search root: auctions, rent with rooms in the path, short rent, all of Italy", async () => {
    const cases: Array<[string, RegExp]> = [
      ["/aste/case/milano/", /Milano/],
      ["/affitto/case/roma/bilocali/?price_max=1200", /Roma/],
      ["/affitto-breve/case-vacanza/rimini/", /Rimini/],
      ["/vendita/case/", /Italia/],
      ["/vendita/case/lombardia-regione/", /Lombardia/],
    ];
    for (const [path, h1] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(h1Of(html), path).toMatch(h1);
      expect(Number.isNaN(totalOf(html)), path).toBe(false);
    }
    // Rooms in the path: every card is a two-room flat, rent in €/mese at most 1.200 €.
    const rent = await (await get("/affitto/case/roma/bilocali/?price_max=1200")).text();
    for (const price of rent.matchAll(/<strong>([\d.]+)\s€/g)) expect(Number(price[1]!.replace(/\./g, ""))).toBeLessThanOrEqual(1200);
    const own = rent.split('class="fill-in')[0]!;
    expect(cards(own)).toBeGreaterThan(0);
    expect(own.match(/<li>2 locali<\/li>/g)?.length ?? 0).toBe(cards(own));
  });

  it("pages: a pager with rel next on page 1, rel prev on page 2, filters kept in page links", async () => {
    const first = await (await get("/vendita/case/milano/?numBaths=1")).text();
    expect(first).toMatch(/<nav class="pager" aria-label="Pagine dei risultati">/);
    const next = decode(/<a href="([^"]+)" rel="next"/.exec(first)![1]!);
    expect(next).toMatch(/^\/vendita\/case\/milano\/\?.*numBaths=1.*page=2/);
    expect(first).toContain('<link rel="next"');
    const second = await get(next);
    expect(second.status).toBe(200);
    const html = await second.text();
    expect(html).toMatch(/<a href="\/vendita\/case\/milano\/\?numBaths=1" rel="prev"/);
    expect(html).toMatch(/<span aria-current="page" class="pager__current"><span class="visually-hidden">Pagina 2<\/span>/);
    expect(titleOf(html)).toMatch(/pagina 2$/);
  });

  it("shows no pager with a single page", async () => {
    const html = await (await get(`/vendita/case/${fewTown.slug}/`)).text();
    expect(html).not.toContain('class="pager"');
  });

  it("redirects non-canonical addresses with 301", async () => {
    const cases: Array<[string, RegExp]> = [
      ["/vendita/case/milano", /^\/vendita\/case\/milano\/$/],
      ["/VENDITA/case/Milano/", /^\/vendita\/case\/milano\/$/],
      ["/vendita/case/milano/?bogus=1&utm_source=x", /^\/vendita\/case\/milano\/$/],
      ["/vendita/case/milano/?sortType=prezzo_crescente", /^\/vendita\/case\/milano\/\?sortType=prezzo-crescente$/],
      ["/en/vendita/case/milano", /^\/en\/vendita\/case\/milano\/$/],
      // All of Italy has one address, the place-less one.
      ["/vendita/case/italia/", /^\/vendita\/case\/$/],
    ];
    for (const [path, location] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location"), path).toMatch(location);
    }
  });

  it("serves a canonical address whose commas arrive percent-encoded, as browsers and data requests send them", async () => {
    const first = await get("/vendita/case/milano/?energyClass=E,D");
    const canonical = first.status === 301 ? first.headers.get("location")! : "/vendita/case/milano/?energyClass=E,D";
    expect(canonical).toContain(",");
    const plain = await get(canonical);
    expect(plain.status).toBe(200);
    const encoded = await get(canonical.replace(/,/g, "%2C"));
    expect(encoded.status).toBe(200);
    expect(await encoded.text()).toContain("<h1");
  });

  it("answers 404 for garbage paths and unknown places", async () => {
    for (const path of [
      "/vendita/astronavi/",
      "/vendita/case/atlantide/",
      "/affitto/case/milano/zona-inesistente/",
      "/en/vendita/case/atlantide/",
      "/aste/case/milano/bilocali/extra/",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain('<meta name="robots" content="all"/>');
    }
  });

  it("redirects a page past the last to the last page", async () => {
    const res = await get(`/vendita/case/${fewTown.slug}/?page=7`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/vendita/case/${fewTown.slug}/`);
    const deep = await get("/vendita/case/milano/?page=399");
    expect(deep.status).toBe(302);
    const last = deep.headers.get("location")!;
    expect(last).toMatch(/^\/vendita\/case\/milano\/\?page=\d+$/);
    expect((await get(last)).status).toBe(200);
  });

  it("never answers a broken query string with a 500", async () => {
    const queries = [
      "?price_max=%E0%A4%A",
      "?page=abc",
      "?page=-1",
      "?price_min=900000&price_max=1",
      "?sortType=%3Cscript%3E",
      "?geobounds=[[",
      "?numRooms_min=99",
      "?energyClass=Z&energyClass=A4",
      "?zones=NOPE",
      "?%%%",
      "?price_max=1e400",
      `?q=${"x".repeat(5000)}`,
      "?only_auction=true&exclude_auction=true",
      "?propertyTypes=astronave",
    ];
    for (const q of queries) {
      let res = await get(`/vendita/case/milano/${q}`);
      expect(res.status, q).toBeLessThan(500);
      if (res.status === 301 || res.status === 302) {
        res = await get(res.headers.get("location")!);
        expect(res.status, q).toBe(200);
      }
    }
  });

  it("shows the empty state: the header, the hint only with filters, the nearby listings", async () => {
    const filtered = await (await get("/vendita/case/milano/?price_max=1")).text();
    expect(totalOf(filtered)).toBe(0);
    expect(filtered).toContain("Al momento non ci sono annunci con le caratteristiche che cerchi");
    expect(filtered).toContain("Prova a modificare o eliminare qualche filtro");
    expect(cards(filtered)).toBe(0);

    const html = await (await get(`/vendita/case/${emptyTown.slug}/`)).text();
    expect(totalOf(html)).toBe(0);
    expect(html).toContain("Al momento non ci sono annunci con le caratteristiche che cerchi");
    expect(html).not.toContain("Prova a modificare o eliminare qualche filtro");
    // Fill-in: the top 2 nearby listings, then a trigger for the others (in a <details>, so it works without JavaScript).
    expect(html).toContain("Annunci nelle vicinanze");
    expect(html).toMatch(/<summary class="button-secondary">Vedi [\d.]+ annunci vicini<\/summary>/);
    expect(cards(html)).toBeGreaterThan(3);
  });

  it("shows the few-results banner and the surrounding listings", async () => {
    const html = await (await get(`/vendita/case/${fewTown.slug}/`)).text();
    expect(totalOf(html)).toBe(fewTown.count);
    expect(html).toMatch(/Abbiamo trovato solo \d annunc[io]/);
    expect(html).toMatch(/<summary class="button-secondary">Vedi (1 annuncio circostante|[\d.]+ annunci circostanti)<\/summary>/);
    expect(html).not.toContain("Al momento non ci sono annunci");
  });

  it("turns the filter form into the canonical address", async () => {
    const res = await get(
      `/cerca/?channel=vendita&propertyTypeGroup=case&zones=${milanoId}&price_min=&price_max=300000&numRooms_min=2&numRooms_max=2&energyClass=A4&energyClass=B&sortType=prezzo-crescente&is_auction=`,
    );
    expect(res.status).toBe(302);
    const location = decode(res.headers.get("location")!);
    expect(location).toMatch(/^\/vendita\/case\/milano\/bilocali\/\?/);
    expect(location).toContain("price_max=300000");
    expect(location).toContain("sortType=prezzo-crescente");
    const page = await get(location);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="300000"');
    expect(html).toMatch(/Filtri \(\d\)/);
    // A group the new channel does not offer is dropped rather than failing.
    const rent = await get(`/cerca/?channel=affitto-breve&propertyTypeGroup=uffici&zones=${milanoId}`);
    expect(rent.status).toBe(302);
    expect(rent.headers.get("location")).toBe("/affitto-breve/case-vacanza/milano/");
    const english = await get(`/en/cerca/?channel=affitto&zones=${milanoId}`);
    expect(english.headers.get("location")).toBe("/en/affitto/case/milano/");
  });

  it("serves the English page with lang en and hreflang back to Italian", async () => {
    const res = await get("/en/vendita/case/milano/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/hrefLang="it" href="[^"]*\/vendita\/case\/milano\/"/);
    expect(html).toMatch(/[\d.]+ listings/);
    expect(html).toMatch(/Contact the (agency|agent|advertiser)/);
    expect(html).toMatch(/href="\/en\/annunci\/\d+\/"/);
  });

  it("explains the default order", async () => {
    const html = await (await get("/come-ordiniamo-i-risultati/")).text();
    expect(h1Of(html)).toBe("Come ordiniamo i risultati");
    expect(html).toContain("3 punti agli annunci con almeno 5 foto");
  });
});

/**
 * Listing page, favourites cards endpoint, valuation and find-an-agency over HTTP, on PGlite and on
 * the PostgreSQL server. Expected values come from the deterministic dataset regenerated in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEuro } from "../core/format.ts";
import { distanceMeters } from "../core/geo.ts";
import { PlaceLevel, type Place } from "../core/places.ts";
import { DemoContext, type ListingRow } from "../etl/demo/generator.ts";
import { buildGazetteer } from "../etl/gazetteer.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startTestPortal, TEST_DATASET } from "../test/portal.ts";

type L = ListingRow & Record<string, any>;

let places: Place[];
let listings: L[];
let agencyTownIds: Set<string>;

beforeAll(() => {
  places = buildGazetteer();
  const context = new DemoContext(places, {
    seed: TEST_DATASET.seed,
    count: TEST_DATASET.count,
    referenceDate: new Date(`${TEST_DATASET.referenceDate}T00:00:00Z`),
  });
  context.generatePois(places);
  agencyTownIds = new Set(
    context
      .generateAgencies()
      .filter((p) => p.kind === "agency")
      .map((p) => p.town_id!)
      .filter(Boolean),
  );
  listings = [];
  for (const batch of context.generateListings()) listings.push(...(batch.listings as L[]));
});

/** The visible text of an HTML page: tags dropped, entities decoded, spaces collapsed. */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;|&#xa0;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, " ");

/** Comparables as the valuation page defines them (docs/decisions/025), computed independently. */
function comparables(filter: { townId?: string; provinceId?: string; surface: number; type?: string; condition?: string }): number[] {
  const min = Math.floor(filter.surface * 0.65);
  const max = Math.ceil(filter.surface * 1.35);
  return listings
    .filter(
      (l) =>
        l.channel === "vendita" &&
        l.property_type_group === "case" &&
        !l.is_auction &&
        !l.is_private_negotiation &&
        l.price_max === null &&
        l.price > 0,
    )
    .filter((l) => l.surface >= min && l.surface <= max)
    .filter(
      (l) =>
        (filter.type ? l.property_type === filter.type : true) && (filter.condition ? l.building_condition === filter.condition : true),
    )
    .filter((l) => (filter.townId ? l.town_id === filter.townId : l.province_id === filter.provinceId))
    .map((l) => l.price / l.surface)
    .sort((a, b) => a - b);
}
function percentile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  return sorted[lo]! + (sorted[Math.ceil(pos)]! - sorted[lo]!) * (pos - lo);
}

describe.each(databaseTargets)("listing pages on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const get = async (path: string) => {
    const res = await fetch(`${portal.url}${path}`, { redirect: "manual" });
    return { status: res.status, html: await res.text(), headers: res.headers };
  };
  const post = async (path: string, body: unknown, raw = false) => {
    const res = await fetch(`${portal.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: raw ? (body as string) : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as any };
  };

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned);
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  it("shows an exact listing with price, features, energy label, floor plan, map fallback, publisher and JSON-LD", async () => {
    const l = listings.find(
      (x) =>
        x.geo_visibility === 1 &&
        x.channel === "vendita" &&
        x.property_type_group === "case" &&
        x.has_floor_plan &&
        x.photo_count >= 3 &&
        x.energy_class &&
        x.energy_index !== null &&
        !x.is_private_negotiation &&
        x.price_max === null &&
        x.rooms,
    )!;
    const town = places.find((p) => p.id === l.town_id)!;
    const { status, html } = await get(`/annunci/${l.id}/`);
    expect(status).toBe(200);
    const page = nbsp(text(html));
    expect(page).toContain(l.title as string);
    expect(page).toContain(nbsp(formatEuro(l.price)));
    expect(page).toMatch(new RegExp(`Prezzo al m²: ${nbsp(formatEuro(Math.round(l.price / l.surface))).replace(".", "\\.")}/m²`));
    expect(page).toContain(`Superficie ${l.surface} m²`);
    expect(page).toContain(`Locali ${l.rooms}`);
    expect(page).toContain(`Classe energetica: ${l.energy_class}`);
    expect(page).toContain(`${Math.round(l.energy_index!)} kWh/m² anno`);
    expect(html).toMatch(new RegExp(`<li aria-current="true"[^>]*>${l.energy_class}</li>`));
    expect(html).toContain(`/media/listing/${l.id}/planimetria.svg`);
    for (let i = 0; i < l.photo_count; i++) expect(html).toContain(`id="foto${i + 1}"`);
    expect(html).toContain(`href="#foto2"`);
    expect(page).toContain("Posizione esatta");
    expect(page).toContain(`${l.street} ${l.street_number}, ${town.name}`);
    expect(html).toContain(`data-map-state="static"`);
    expect(html).not.toContain("maplibre-gl.mjs"); // loaded on demand only
    expect(html).toContain(`id="contatti"`);
    expect(page).toMatch(/Contatta l'(agenzia|agente|inserzionista)/);
    expect(page).toContain("Annunci simili nella zona");
    expect(html).toContain(`rel="canonical" href="${portal.url}/annunci/${l.id}/"`);
    expect(html).toContain(`hrefLang="en" href="${portal.url}/en/annunci/${l.id}/"`);

    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(ld["@type"]).toBe("RealEstateListing");
    expect(ld.offers).toMatchObject({ "@type": "Offer", price: l.price, priceCurrency: "EUR" });
    expect(ld.contentLocation.geo).toEqual({ "@type": "GeoCoordinates", latitude: l.lat, longitude: l.lon });
    expect(ld.contentLocation.address.addressLocality).toBe(town.name);
    expect(ld.image).toHaveLength(l.photo_count);
  });

  it("lists similar listings nearby: same channel and group, price within 25 %, within 5 km, closest first", async () => {
    const withSimilar = listings
      .filter(
        (l) => l.channel === "vendita" && l.town_id === places.find((p) => p.level === PlaceLevel.town && p.istatCode === "015146")!.id,
      )
      .slice(0, 3);
    let nonEmpty = 0;
    for (const l of withSimilar) {
      const expected = listings
        .filter(
          (o) => o.id !== l.id && o.channel === l.channel && o.property_type_group === l.property_type_group && !o.is_private_negotiation,
        )
        .filter((o) => l.is_private_negotiation || (o.price >= Math.floor(l.price * 0.75) && o.price <= Math.ceil(l.price * 1.25)))
        .map((o) => ({ id: o.id, d: distanceMeters(l.lat, l.lon, o.lat, o.lon) }))
        .filter((o) => o.d <= 5000)
        .sort((a, b) => a.d - b.d || a.id - b.id)
        .slice(0, 6)
        .map((o) => o.id);
      const { html } = await get(`/annunci/${l.id}/`);
      const section = html.slice(html.indexOf('id="simili"'));
      const shown = [...section.matchAll(/<h3><a href="\/annunci\/(\d+)\/"/g)].map((m) => Number(m[1]));
      expect(shown, `similar to ${l.id}`).toEqual(expected);
      if (expected.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(0);
  });

  it("hides the street number and the exact point of an approximate listing", async () => {
    const l = listings.find((x) => x.geo_visibility !== 1 && x.channel === "vendita" && x.street_number)!;
    const { status, html } = await get(`/annunci/${l.id}/`);
    expect(status).toBe(200);
    const page = text(html);
    expect(page).toContain("Posizione approssimativa");
    expect(page).not.toContain(`${l.street} ${l.street_number}`);
    expect(html).not.toContain(String(l.exact_lat));
    const map = await fetch(`${portal.url}/annunci/${l.id}/mappa.geojson`);
    expect(map.status).toBe(200);
    const geo = (await map.json()) as { features: Array<{ properties: { role: string }; geometry: any }> };
    expect(geo.features.map((f) => f.properties.role)).toEqual(["town", "area"]);
    expect(JSON.stringify(geo)).not.toContain(String(l.exact_lat));
  });

  it("serves the exact pin as map data and MapLibre's own files", async () => {
    const l = listings.find((x) => x.geo_visibility === 1)!;
    const geo = (await (await fetch(`${portal.url}/annunci/${l.id}/mappa.geojson`)).json()) as any;
    expect(geo.features.at(-1)).toEqual({
      type: "Feature",
      properties: { role: "pin" },
      geometry: { type: "Point", coordinates: [l.lon, l.lat] },
    });
    const js = await fetch(`${portal.url}/vendor/maplibre-gl/6.17.0/maplibre-gl.mjs`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toContain("javascript");
    expect((await js.text()).length).toBeGreaterThan(100_000);
    expect((await fetch(`${portal.url}/vendor/maplibre-gl/6.17.0/maplibre-gl-worker.mjs`)).status).toBe(200);
    expect((await fetch(`${portal.url}/vendor/maplibre-gl/6.17.0/package.json`)).status).toBe(404);
    expect((await fetch(`${portal.url}/vendor/maplibre-gl/1.0.0/maplibre-gl.mjs`)).status).toBe(404);
  });

  it("speaks English under /en/ and keeps a safe back link", async () => {
    const l = listings.find((x) => x.channel === "affitto")!;
    const en = await get(`/en/annunci/${l.id}/?from=${encodeURIComponent("/affitto/case/roma/?pag=3")}`);
    expect(en.status).toBe(200);
    expect(text(en.html)).toContain("Back to the results");
    expect(en.html).toContain(`href="/affitto/case/roma/?pag=3"`);
    expect(text(en.html)).toContain("Features");
    const evil = await get(`/annunci/${l.id}/?from=${encodeURIComponent("//evil.example/vendita/")}`);
    expect(evil.html).not.toMatch(/href="(https?:)?\/\/evil\.example/);
    expect(text(evil.html)).not.toContain("Torna ai risultati");
    expect(text(evil.html)).toContain("Cerca altri annunci");
  });

  it.each([
    "/annunci/999999999/",
    "/annunci/abc/",
    "/annunci/0012/",
    "/annunci/-5/",
    "/en/annunci/99999999999/",
    "/annunci/999999999/mappa.geojson",
  ])("answers 404 for %s", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
  });

  it("gives the favourites page its cards, in the order saved, and reports missing ids", async () => {
    const ids = [listings[10]!.id, listings[3]!.id, 999_999_999, listings[10]!.id];
    const res = await post("/portal-srp/api/v1/mycasa/listings/cards", { ids });
    expect(res.status).toBe(200);
    expect(res.json.listings.map((c: { id: number }) => c.id)).toEqual([listings[10]!.id, listings[3]!.id]);
    expect(res.json.missing).toEqual([999_999_999]);
    expect(res.json.listings[0]).toMatchObject({ uri: `/annunci/${listings[10]!.id}/`, title: listings[10]!.title });
    expect((await post("/portal-srp/api/v1/mycasa/listings/cards", { ids: [] })).json).toEqual({ listings: [], missing: [] });
  });

  it.each([
    ["ids missing", {}, "ids"],
    ["ids not numbers", { ids: ["1"] }, "ids.0"],
    ["negative id", { ids: [-1] }, "ids.0"],
    ["too many ids", { ids: Array.from({ length: 201 }, (_, i) => i + 1) }, "ids"],
    ["unknown key", { ids: [1], extra: true }, ""],
  ])("refuses bad cards bodies: %s", async (_name, body, field) => {
    const res = await post("/portal-srp/api/v1/mycasa/listings/cards", body);
    expect(res.status).toBe(400);
    expect(res.json.error.status).toBe(400);
    if (field) expect(res.json.error.field).toBe(field);
  });

  it("refuses broken JSON and GET on the cards endpoint", async () => {
    expect((await post("/portal-srp/api/v1/mycasa/listings/cards", "{ids:", true)).status).toBe(400);
    expect((await fetch(`${portal.url}/portal-srp/api/v1/mycasa/listings/cards`)).status).toBe(405);
  });

  it("renders the favourites page with its no-JavaScript explanation", async () => {
    const res = await get("/preferiti/");
    expect(res.status).toBe(200);
    expect(text(res.html)).toContain("I preferiti sono conservati in questo browser");
    expect((await get("/en/preferiti/")).status).toBe(200);
  });

  it("estimates a home from the median price per m² of comparables in the town", async () => {
    const roma = places.find((p) => p.level === PlaceLevel.town && p.istatCode === "058091")!;
    const sorted = comparables({ townId: roma.id, surface: 80, type: "appartamento" });
    expect(sorted.length).toBeGreaterThanOrEqual(5);
    const median = percentile(sorted, 0.5);
    const res = await get("/valutazione-immobile/?comune=roma&superficie=80&tipologia=appartamento&stato=");
    expect(res.status).toBe(200);
    const page = nbsp(text(res.html));
    expect(page).toContain(`Valore stimato ${nbsp(formatEuro(Math.round((median * 80) / 1000) * 1000))}`);
    expect(page).toContain(`Prezzo mediano al m² ${nbsp(formatEuro(Math.round(median)))}/m²`);
    expect(page).toContain(
      `Intervallo probabile ${nbsp(formatEuro(Math.round((percentile(sorted, 0.25) * 80) / 1000) * 1000))} - ${nbsp(formatEuro(Math.round((percentile(sorted, 0.75) * 80) / 1000) * 1000))}`,
    );
    expect(page).toContain(`Calcolata su ${sorted.length} annunci simili in vendita a Roma.`);
  });

  it("falls back to the province, and says so when even that has too few", async () => {
    const towns = places.filter((p) => p.level === PlaceLevel.town);
    const fallback = towns.find(
      (t) =>
        comparables({ townId: t.id, surface: 100 }).length < 5 &&
        comparables({ provinceId: t.parentId!, surface: 100 }).length >= 5 &&
        towns.filter((o) => o.name === t.name).length === 1,
    )!;
    const sorted = comparables({ provinceId: fallback.parentId!, surface: 100 });
    const province = places.find((p) => p.id === fallback.parentId)!;
    const res = await get(`/valutazione-immobile/?comune=${encodeURIComponent(fallback.name)}&superficie=100`);
    expect(res.status).toBe(200);
    const page = nbsp(text(res.html));
    expect(page).toContain(`Calcolata su ${sorted.length} annunci simili in vendita in provincia di ${province.name}.`);
    expect(page).toContain(`Valore stimato ${nbsp(formatEuro(Math.round((percentile(sorted, 0.5) * 100) / 1000) * 1000))}`);

    const few = towns.find(
      (t) =>
        comparables({ provinceId: t.parentId!, surface: 300, type: "loft", condition: "da-ristrutturare" }).length < 5 &&
        towns.filter((o) => o.name === t.name).length === 1,
    )!;
    const tooFew = await get(
      `/valutazione-immobile/?comune=${encodeURIComponent(few.name)}&superficie=300&tipologia=loft&stato=da-ristrutturare`,
    );
    expect(tooFew.status).toBe(200);
    expect(text(tooFew.html)).toContain("troppo pochi annunci simili");
  });

  it.each([
    ["?comune=Nonesiste&superficie=80", "Comune non trovato"],
    ["?comune=Milano&superficie=5", "Indica una superficie tra 10 e 2.000 m²"],
    ["?comune=Milano&superficie=abc", "Indica una superficie tra 10 e 2.000 m²"],
    ["?comune=Milano&superficie=80&tipologia=castello", "Scegli una tipologia dall'elenco"],
    ["?comune=Milano&superficie=80&stato=rotto", "Scegli uno stato dall'elenco"],
  ])("valuation refuses %s with a 400 naming the field", async (query, message) => {
    const res = await get(`/valutazione-immobile/${query}`);
    expect(res.status).toBe(400);
    expect(text(res.html)).toContain(message);
    expect(res.html).toContain('aria-invalid="true"');
  });

  it("shows the empty valuation form and its English version", async () => {
    expect(text((await get("/valutazione-immobile/")).html)).toContain("Quanto vale casa tua?");
    expect(text((await get("/en/valutazione-immobile/")).html)).toContain("What is your home worth?");
  });

  it("lists the agencies of a town, and the empty state where there are none", async () => {
    const page = await get("/trova-agenzia/");
    expect(page.status).toBe(200);
    expect(text(page.html)).toContain("Agenzie immobiliari");
    const api = await post("/portal-srp/api/v1/agencySearch", {
      locations: [places.find((p) => p.level === PlaceLevel.town && p.istatCode === "015146")!.id],
      size: 20,
    });
    const milano = await get("/trova-agenzia/?comune=Milano");
    expect(milano.status).toBe(200);
    const names = api.json.agencies.map((a: { publisherName: string }) => a.publisherName);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(text(milano.html)).toContain(name);
    expect(text(milano.html)).toContain(`${api.json.total} agenzi`);

    const towns = places.filter((p) => p.level === PlaceLevel.town);
    const quiet = towns.find((t) => towns.filter((o) => o.name === t.name).length === 1 && !agencyTownIds.has(t.id))!;
    const empty = await get(`/trova-agenzia/?comune=${encodeURIComponent(quiet.name)}`);
    expect(empty.status).toBe(200);
    expect(text(empty.html)).toContain("Al momento non ci sono agenzie in questa località");
    expect((await get("/trova-agenzia/?comune=Nonesiste")).status).toBe(404);
  });
});

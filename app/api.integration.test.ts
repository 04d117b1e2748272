/** The running portal over HTTP, on each database: probes, pages, the /lh/v2 API and generated media. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startTestPortal } from "../test/portal.ts";

describe.each(databaseTargets)("portal over HTTP on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const get = (path: string) => fetch(`${portal.url}${path}`, { redirect: "manual" });

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned);
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  it("answers health and readiness", async () => {
    expect(await (await get("/healthz")).json()).toMatchObject({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "ready" });
    // The in-memory listing facts load in the background after ready.
    await expect.poll(async () => (await (await get("/readyz")).json()).warm, { timeout: 30_000 }).toBe(true);
  });

  it("renders the home page in Italian with the 20 regions", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="it">');
    expect(html).toContain("Trova casa in tutta Italia");
    expect(html.match(/href="\/immobili\/[a-z-]+\/"/g)).toHaveLength(20);
    expect(html).toContain(">Lombardia</a>");
    expect(html).toContain("3.000"); // the total, formatted it-IT
  });

  it("sends JavaScript precompressed with brotli or gzip, cached for a year, and pages compressed", async () => {
    const html = await (await get("/")).text();
    // The largest script the page preloads (small chunks gain little from compression).
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const sizes = await Promise.all(
      preloads.map(
        async (href) =>
          (await (await fetch(`${portal.url}${href}`, { headers: { "accept-encoding": "identity" } })).arrayBuffer()).byteLength,
      ),
    );
    const script = preloads[sizes.indexOf(Math.max(...sizes))]!;
    const br = await fetch(`${portal.url}${script}`, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("cache-control")).toContain("immutable");
    const raw = (await br.arrayBuffer()).byteLength;
    expect(Number(br.headers.get("content-length"))).toBeLessThan(raw / 2);
    const gz = await fetch(`${portal.url}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    // Pages are compressed on the fly.
    const page = await fetch(`${portal.url}/`, { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(await page.text()).toContain("Trova casa in tutta Italia");
    // So is the JSON API, at its own level (decision 154).
    const search = await fetch(`${portal.url}/portal-srp/api/v1/search`, {
      method: "POST",
      headers: { "accept-encoding": "br", "content-type": "application/json" },
      body: JSON.stringify({ locations: [] }),
    });
    expect(search.headers.get("content-encoding")).toBe("br");
    expect(((await search.json()) as { total: number }).total).toBeGreaterThan(0);
  });

  it("links one stylesheet on every page type: each is a render-blocking request on a phone", async () => {
    for (const path of [
      "/",
      "/vendita/case/milano/",
      "/immobili/lombardia/milano/",
      "/cerca-casa/",
      "/accedi/",
      "/trova-agenzia/",
      "/valutazione-immobile/",
    ]) {
      const html = await (await get(path)).text();
      const sheets = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)];
      expect(sheets.length, path).toBe(1);
    }
  });

  it("keeps zod out of the scripts that home, results, listing, agency, hub and the guided flow's steps load at start", async () => {
    // zod is 24 kB of brotli that a phone downloads and runs before the first paint (docs/BENCHMARKS.md,
    // Lighthouse): pages whose forms the server validates, or validate in the browser only on sending, do not
    // need it at start. A listing and its agency as a visitor finds them.
    const results = await (await get("/vendita/case/milano/")).text();
    const listing = /href="(\/annunci\/\d+\/)"/.exec(results)![1]!;
    const agency = /href="(\/agenzie\/\d+-[^"/]+\/)"/.exec(await (await get(listing)).text())![1]!;
    for (const path of [
      listing,
      agency,
      "/",
      "/vendita/case/milano/",
      "/immobili/lombardia/milano/",
      "/cerca-casa/",
      "/cerca-casa/?passo=budget&luogo=IT-03-015146",
    ]) {
      const html = await (await get(path)).text();
      const preloads = [...html.matchAll(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(preloads.length, path).toBeGreaterThan(3);
      for (const href of preloads) {
        const script = await (await fetch(`${portal.url}${href}`)).text();
        expect(script.includes("ZodError"), `${path} loads zod in ${href}`).toBe(false);
      }
    }
  });

  it("lists a region's provinces and a province's towns", async () => {
    const region = await (await get("/immobili/lombardia/")).text();
    expect(region).toContain("Case in vendita e in affitto in Lombardia");
    expect(region).toContain('href="/immobili/lombardia/milano/"');
    const province = await (await get("/immobili/lombardia/milano/")).text();
    expect(province).toContain("Sesto San Giovanni");
    // Canonical links are absolute, as on every other page.
    expect(region).toContain(`<link rel="canonical" href="${portal.url}/immobili/lombardia/"/>`);
    expect(province).toContain(`<link rel="canonical" href="${portal.url}/immobili/lombardia/milano/"/>`);
    const englishProvince = await (await get("/en/immobili/lombardia/milano/")).text();
    expect(englishProvince).toContain(`<link rel="canonical" href="${portal.url}/en/immobili/lombardia/milano/"/>`);
    const wrongRegion = await get("/immobili/lazio/milano/");
    expect(wrongRegion.status).toBe(301);
    expect(wrongRegion.headers.get("location")).toBe("/immobili/lombardia/milano/");
  });

  it("GET /lh/v2/province/{slug} returns the towns with listing counts that add up", async () => {
    const res = await get("/lh/v2/province/milano?site=it_casa");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.location).toMatchObject({ name: "Milano", level: 6, short: "MI", slug: "milano", hkey: "it.03.015" });
    expect(body.location.parents.map((p: { level: number }) => p.level)).toEqual([2, 4]);
    const towns = body.locations.filter((l: { level: number }) => l.level === 9);
    expect(towns).toHaveLength(133);
    expect(towns.reduce((s: number, t: { count: number }) => s + t.count, 0)).toBe(body.count);
    expect(towns.find((t: { name: string }) => t.name === "Milano").children_uri).toBe("/lh/v2/town/milano");
  });

  it("lists Milano's zones and metro lines, a line's stops, merged provinces by their main town", async () => {
    const town = await (await get("/lh/v2/town/milano")).json();
    expect(town.locations.filter((l: { level: number }) => l.level === 10)).toHaveLength(88);
    expect(
      town.locations
        .filter((l: { level: number }) => l.level === 118)
        .map((l: { slug: string }) => l.slug)
        .sort(),
    ).toEqual(["milano-m1", "milano-m2", "milano-m3", "milano-m4", "milano-m5"]);
    const line = await (await get("/lh/v2/metroline/milano-m1")).json();
    expect(line.locations.length).toBeGreaterThan(30);
    expect(line.locations.every((l: { level: number }) => l.level === 120)).toBe(true);
    const forli = await (await get("/lh/v2/province/FORLI")).json();
    expect(forli.location.name).toBe("Forlì-Cesena");
    const rome = await (await get("/lh/v2/zone/roma-municipio-i")).json();
    expect(rome.locations.map((l: { name: string }) => l.name)).toContain("Trevi");
  });

  it("filters counts by channel", async () => {
    const all = await (await get("/lh/v2/province/roma")).json();
    const sale = await (await get("/lh/v2/province/roma?channel=vendita")).json();
    const rent = await (await get("/lh/v2/province/roma?channel=affitto")).json();
    expect(sale.count).toBeGreaterThan(0);
    expect(sale.count + rent.count).toBeLessThanOrEqual(all.count);
  });

  it("rejects bad input with a clear 4xx", async () => {
    const cases: Array<[string, number, RegExp]> = [
      ["/lh/v2/country/italia", 404, /unknown level/],
      ["/lh/v2/province/atlantide", 404, /no province/],
      ["/lh/v2/province/milano?site=fr_casa", 400, /site/],
      ["/lh/v2/province/milano?channel=vendite", 400, /channel/],
      ["/lh/v2/province/milano?foo=1", 400, /foo/],
      [`/lh/v2/province/${"x".repeat(300)}`, 400, /slug/],
      ["/lh/v2/province/%3Cscript%3E", 400, /slug/],
    ];
    for (const [path, status, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect((await res.json()).error.message, path).toMatch(message);
    }
  });

  it("gives unknown pages a real 404 marked robots all", async () => {
    const res = await get("/non-esiste/davvero");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Pagina non trovata");
    expect(html).toContain('<meta name="robots" content="all"/>');
    expect((await get("/immobili/atlantide/")).status).toBe(404);
  });

  it("serves generated photos, floor plans and logos without network", async () => {
    const id = 100_000_000;
    const photo = await get(`/media/listing/${id}/0.svg`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/svg+xml");
    expect(await photo.text()).toMatch(/^<svg /);
    expect((await get(`/media/listing/${id}/99.svg`)).status).toBe(404);
    expect((await get(`/media/listing/1/0.svg`)).status).toBe(404);
    expect((await get(`/media/listing/abc/0.svg`)).status).toBe(404);
    expect((await get(`/media/publisher/1000000/logo.svg`)).status).toBe(200);
  });
});

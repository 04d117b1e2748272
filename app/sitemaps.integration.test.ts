/**
 * Search engines' files over HTTP (issue 25 item 5, docs/decisions/090): robots.txt names the sitemap index,
 * the index and every file it lists are valid sitemaps.org XML (checked structurally below: the schema's
 * elements and their order, ≤ 50,000 URLs, absolute http(s) locations on the public origin, W3C datetimes),
 * and a sample of 200 of their URLs answer 200, indexable, each its own canonical.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { startTestPortal } from "../test/portal.ts";

let portal: Awaited<ReturnType<typeof startTestPortal>>;

/** W3C datetime as sitemaps.org allows it: a date, or a date and time with seconds optional and a zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[e]!);
}

/** The checks of sitemap.xsd / siteindex.xsd on our own output: returns the entries' locations, or throws why not. */
function validate(xml: string, root: "urlset" | "sitemapindex", origin: string): { loc: string; alternates: Record<string, string> }[] {
  const child = root === "urlset" ? "url" : "sitemap";
  const head = new RegExp(`^<\\?xml version="1\\.0" encoding="UTF-8"\\?>\\n<${root} ([^>]*)>\\n`).exec(xml);
  if (!head) throw new Error(`not a <${root}> document`);
  if (!head[1]!.includes(NS)) throw new Error("missing the sitemaps.org namespace");
  if (!xml.endsWith(`</${root}>\n`)) throw new Error(`<${root}> not closed`);
  const body = xml.slice(head[0].length, -`</${root}>\n`.length);
  const entry = new RegExp(
    `<${child}><loc>([^<]+)</loc>(?:<lastmod>([^<]+)</lastmod>)?((?:<xhtml:link rel="alternate" hreflang="[a-zA-Z-]+" href="[^"]+"/>)*)</${child}>\\n`,
    "y",
  );
  const out: { loc: string; alternates: Record<string, string> }[] = [];
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = entry.exec(body))) {
    at = entry.lastIndex;
    const loc = unescape(m[1]!);
    const url = new URL(loc);
    if (!/^https?:$/.test(url.protocol) || url.origin !== origin) throw new Error(`location not absolute on ${origin}: ${loc}`);
    if (loc.length > 2048) throw new Error(`location longer than 2,048 characters: ${loc}`);
    if (m[2] !== undefined && !W3C_DATETIME.test(m[2])) throw new Error(`lastmod not a W3C datetime: ${m[2]}`);
    if (m[2] !== undefined && Number.isNaN(Date.parse(m[2]))) throw new Error(`lastmod not a date: ${m[2]}`);
    const alternates: Record<string, string> = {};
    for (const a of m[3]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)) alternates[a[1]!] = unescape(a[2]!);
    out.push({ loc, alternates });
  }
  if (at !== body.length) throw new Error(`unexpected content at ${at}: ${body.slice(at, at + 120)}`);
  if (out.length > 50_000) throw new Error(`${out.length} entries, more than 50,000`);
  return out;
}

async function text(path: string, accept = "*/*"): Promise<{ status: number; type: string | null; body: string }> {
  const res = await fetch(path.startsWith("http") ? path : `${portal.url}${path}`, { headers: { accept }, redirect: "manual" });
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
}

describe.each(databaseTargets)("robots.txt and sitemaps on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, { env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  it("robots.txt names the sitemap index and keeps crawlers out of personal pages, the API and duplicate views", async () => {
    const robots = await text("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.type).toMatch(/^text\/plain/);
    expect(robots.body).toContain(`\nSitemap: ${portal.url}/sitemap.xml\n`);
    for (const rule of ["/mycasa/", "/en/mycasa/", "/account/", "/portal-srp/", "/*/mappa/", "/*?*sortType="])
      expect(robots.body).toContain(`\nDisallow: ${rule}\n`);
    expect(robots.body).not.toMatch(/Disallow: \/\n/);
  });

  it("serves a valid index and valid files; 200 of their URLs answer 200, indexable and their own canonical", {
    timeout: 240_000,
  }, async () => {
    const index = await text("/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.type).toBe("application/xml; charset=utf-8");
    const files = validate(index.body, "sitemapindex", portal.url).map((f) => f.loc);
    for (const type of ["ricerche", "hub", "annunci", "agenzie"])
      for (const locale of ["it", "en"]) expect(files).toContain(`${portal.url}/sitemaps/${type}-${locale}-1.xml`);

    const urls: string[] = [];
    const perFile = new Map<string, number>();
    const firstOfFile: string[] = [];
    for (const file of files) {
      const res = await text(file);
      expect(res.status, file).toBe(200);
      const entries = validate(res.body, "urlset", portal.url);
      perFile.set(file, entries.length);
      const english = file.includes("-en-");
      for (const e of entries) {
        expect(new URL(e.loc).pathname.startsWith("/en/"), e.loc).toBe(english);
        // hreflang: both languages and x-default (Italian), the page itself among them.
        expect(Object.keys(e.alternates).sort()).toEqual(["en", "it", "x-default"]);
        expect(e.alternates[english ? "en" : "it"]).toBe(e.loc);
        expect(e.alternates["x-default"]).toBe(e.alternates.it);
      }
      urls.push(...entries.map((e) => e.loc));
      if (entries[0]) firstOfFile.push(entries[0].loc);
    }
    for (const file of files) expect(perFile.get(file), file).toBeGreaterThan(0);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain(`${portal.url}/vendita/case/milano/`);
    expect(urls).toContain(`${portal.url}/en/affitto/case/milano/`);
    expect(urls).toContain(`${portal.url}/immobili/lombardia/milano/`);
    // Every kind of province hub (docs/decisions/124), in both languages.
    const hubKinds = ["affitto/", "affitto-breve/", "aste/", "agenzie/"].flatMap((kind) =>
      ["", "/en"].map((prefix) => `${portal.url}${prefix}/immobili/lombardia/milano/${kind}`),
    );
    for (const hub of hubKinds) expect(urls).toContain(hub);

    // 200 URLs: the first of every file (each type, both languages), every kind of hub, the rest spread evenly over all.
    const step = Math.max(1, Math.floor(urls.length / 200));
    const sample = [...new Set([...firstOfFile, ...hubKinds, ...urls.filter((_, i) => i % step === 0)])].slice(0, 200);
    expect(sample.length).toBe(Math.min(200, urls.length));
    const failures: string[] = [];
    for (const url of sample) {
      const page = await text(url, "text/html");
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(page.body)?.[1];
      const robots = /<meta name="robots" content="([^"]+)"/.exec(page.body)?.[1] ?? "";
      if (page.status !== 200) failures.push(`${url}: HTTP ${page.status}`);
      else if (!canonical || new URL(unescape(canonical), url).href !== url) failures.push(`${url}: canonical ${canonical}`);
      else if (robots.includes("noindex")) failures.push(`${url}: robots ${robots}`);
    }
    expect(failures).toEqual([]);
  });

  it("gives hub pages a BreadcrumbList and agency pages a RealEstateAgent (structured data)", async () => {
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, any>);
    const province = await text("/en/immobili/lombardia/milano/", "text/html");
    const trail = jsonLd(province.body).find((d) => d["@type"] === "BreadcrumbList")!;
    expect(trail.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${portal.url}/en/` },
      { "@type": "ListItem", position: 2, name: "Lombardia", item: `${portal.url}/en/immobili/lombardia/` },
      { "@type": "ListItem", position: 3, name: "Milano", item: `${portal.url}/en/immobili/lombardia/milano/` },
    ]);
    const region = await text("/immobili/lombardia/", "text/html");
    expect(jsonLd(region.body).find((d) => d["@type"] === "BreadcrumbList")!.itemListElement).toHaveLength(2);

    const agencies = validate((await text("/sitemaps/agenzie-it-1.xml")).body, "urlset", portal.url);
    const agencyUrl = agencies.find((a) => a.loc.includes("/agenzie/"))!.loc;
    const agency = jsonLd((await text(agencyUrl, "text/html")).body).find((d) => d["@type"] === "RealEstateAgent");
    expect(agency).toBeDefined();
  });

  it("answers 404 for a part or a file that does not exist", async () => {
    for (const path of [
      "/sitemaps/annunci-it-2.xml",
      "/sitemaps/agenzie-en-9.xml",
      "/sitemaps/ricerche-fr-1.xml",
      "/sitemaps/..%2Fsitemap.xml",
    ])
      expect((await text(path)).status, path).toBe(404);
  });
});

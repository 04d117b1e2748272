/**
 * Every page route in both locales (issue 13 §3): each Italian page has an English twin under /en/,
 * both answer 200 (after their redirects) with the right lang attribute, and no English page shows
 * an Italian unit or count word. A page added without an English twin, or without a sample address
 * here, fails this test.
 */
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPortal } from "../test/portal.ts";
import routes from "./routes.ts";

interface Entry {
  id?: string;
  path?: string;
  index?: boolean;
  children?: Entry[];
}
const entries = (routes as unknown as Entry[]).flatMap(function flat(e: Entry): Entry[] {
  return [e, ...(e.children ?? []).flatMap(flat)];
});

/** Routes that are not pages: JSON and media, the map data, the vendored map library, the catch-all 404. */
const isResource = (path: string) =>
  /^(portal-srp\/|client-account\/|lh\/|media\/|vendor\/|api\/)|\.geojson$|\.json$|^sw\.js$|^\*$/.test(path);

let portal: Awaited<ReturnType<typeof startTestPortal>>;
/** One address per Italian page route id; the English twin is the same under /en/. Filled in beforeAll where data is needed. */
const samples: Record<string, string> = {
  home: "/",
  region: "/immobili/lombardia/",
  province: "/immobili/lombardia/milano/",
  "search-vendita": "/vendita/case/milano/",
  "search-affitto": "/affitto/case/milano/",
  "search-affitto-breve": "/affitto-breve/case-vacanza/",
  "search-aste": "/aste/case/",
  "home-search": "/ricerca/?q=bologna&channel=affitto",
  "category-redirect": "/affitto/residenziale/appartamento/",
  "search-form": "/cerca/?channel=affitto&propertyTypeGroup=case",
  "search-ordering": "/come-ordiniamo-i-risultati/",
  "search-around-you": "/cerca-intorno-a-te/",
  favourites: "/preferiti/",
  valuation: "/valutazione-immobile/",
  "find-agency": "/trova-agenzia/",
  login: "/accedi/",
  "login-code": "/accedi/codice/",
  register: "/registrati/",
  "verify-email": "/verifica-email/",
  "forgot-password": "/password-dimenticata/",
  "reset-password": "/reimposta-password/",
  "my-account": "/account/",
  "publisher-inbox": "/area-agenzia/",
  // Signed out: the login page, reached through the redirect that brings the seller back.
  "private-seller": "/pubblica-annuncio/",
  "private-listing-new": "/pubblica-annuncio/nuovo/",
  "private-listing-edit": "/pubblica-annuncio/1/modifica/",
  mycasa: "/mycasa/",
  "mycasa-searches": "/mycasa/ricerche/",
  "mycasa-search-save": "/mycasa/ricerche/salva/?uri=%2Fvendita%2Fcase%2Fmilano%2F",
  "cookie-preferences": "/preferenze-cookie/",
  // Without a link's token: the clear page of an invalid link.
  "alert-deactivation": "/deactivation-alerts/",
  "alert-manage": "/deactivation-alerts/manage-consents/",
  "alert-remove": "/remove-mail-and-consents/",
  guided: "/cerca-casa/",
  "guided-chat": "/cerca-casa/chat/",
};

/** The text a reader sees: no tags, scripts or styles. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ");
}

beforeAll(async () => {
  portal = await startTestPortal({ url: undefined, dataDir: "memory://" });
  // A rented flat: its page shows a price per month.
  const html = await (await fetch(`${portal.url}/affitto/case/milano/`)).text();
  const id = /href="\/annunci\/(\d+)\/"/.exec(html)?.[1];
  if (!id) throw new Error("no listing for rent in Milano");
  samples.listing = `/annunci/${id}/`;
  // Publisher, contact and phone pages (issue 12): an agency with agents, an Agente Pro, a listing's contact form and phone.
  const db = portal.database.db as unknown as Kysely<any>;
  const agency = (
    await sql<{ id: number; slug: string }>`
    SELECT p.id::int AS id, p.slug FROM publishers p WHERE p.kind = 'agency' AND EXISTS (SELECT 1 FROM publishers a WHERE a.parent_id = p.id)
      AND (SELECT count(*) FROM listings l WHERE l.publisher_id = p.id) > 1 ORDER BY p.id LIMIT 1`.execute(db)
  ).rows[0]!;
  const pro = (
    await sql<{ id: number; slug: string }>`SELECT id::int AS id, slug FROM publishers WHERE is_agent_pro ORDER BY id LIMIT 1`.execute(db)
  ).rows[0]!;
  samples.agency = `/agenzie/${agency.id}-${agency.slug}/`;
  samples["agency-agents"] = `/agenzie/${agency.id}-${agency.slug}/agenti/`;
  samples["agent-pro"] = `/agenti/${pro.id}-${pro.slug}/`;
  samples.contact = `/contatta/?agenzia=${agency.id}`;
  samples.phone = `/telefono/?inserzionista=${agency.id}`;
});
afterAll(async () => {
  await portal?.stop();
});

describe("page routes in both locales", () => {
  const pages = entries.filter((e) => e.id && !e.id.startsWith("en-") && !isResource(e.path ?? ""));

  it("declares an English twin for every page", () => {
    const ids = new Set(entries.map((e) => e.id));
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.filter((p) => !ids.has(`en-${p.id}`)).map((p) => p.id)).toEqual([]);
    for (const p of pages) {
      const twin = entries.find((e) => e.id === `en-${p.id}`)!;
      expect(twin.path).toBe(p.index || !p.path ? "en" : `en/${p.path}`);
    }
  });

  it("serves every page in Italian and English with the right lang, and no Italian units in English", async () => {
    const missing = pages.map((p) => p.id!).filter((id) => !samples[id]);
    expect(missing, "add a sample address for each new page route").toEqual([]);
    for (const page of pages) {
      for (const locale of ["it", "en"] as const) {
        const path = locale === "en" ? `/en${samples[page.id!]}` : samples[page.id!]!;
        const res = await fetch(`${portal.url}${path}`);
        const where = `${page.id} ${locale} ${path} → ${res.url}`;
        expect(res.status, where).toBe(200);
        const landed = new URL(res.url).pathname;
        expect(landed === "/en" || landed.startsWith("/en/"), where).toBe(locale === "en");
        const html = await res.text();
        expect(/<html lang="([a-z]+)"/.exec(html)?.[1], where).toBe(locale);
        if (locale === "en") {
          const text = visibleText(html);
          expect(text, where).not.toMatch(/\/mese|\/settimana|\d annunc[io]\b|\bComuni\b|\bProvince\b/);
          // Links stay in English, except those that say they lead to Italian: the language switch.
          const italianLinks = [...html.matchAll(/<a [^>]*>/g)]
            .map((m) => m[0])
            .filter((tag) => /href="\/(?!en\/|en"|portal-srp|media)/.test(tag) && !/ (lang|hrefLang)="it"/i.test(tag));
          expect(italianLinks, where).toEqual([]);
        }
      }
    }
  });

  it("shows rents per month as €1,250/month in English and 1.250 €/mese in Italian (decision 081)", async () => {
    const en = visibleText(await (await fetch(`${portal.url}/en/affitto/case/milano/`)).text());
    expect(en).toMatch(/€\d{1,3}(,\d{3})*\/month/);
    expect(en).not.toMatch(/\d\s€/);
    expect(en).not.toContain("/mese");
    const it = visibleText(await (await fetch(`${portal.url}/affitto/case/milano/`)).text());
    expect(it).toMatch(/\d\s€\/mese/);
  });

  it("links every town of a province hub to its results", async () => {
    for (const locale of ["it", "en"] as const) {
      const prefix = locale === "en" ? "/en" : "";
      const html = await (await fetch(`${portal.url}${prefix}/immobili/emilia-romagna/bologna/`)).text();
      // The hub's links carry '/residenziale' and '#seoFooter' (seed 001 §2, decision 101); the results page
      // answers them with its canonical address.
      expect(html).toMatch(new RegExp(`<a href="${prefix}/vendita/residenziale/bologna/#seoFooter">Bologna</a>`));
      expect(html).toMatch(new RegExp(`<a href="${prefix}/vendita/residenziale/imola/#seoFooter">Imola</a>`));
      const res = await fetch(`${portal.url}${prefix}/vendita/residenziale/imola/`, { redirect: "manual" });
      expect(res.status).toBe(301);
      expect(new URL(res.headers.get("location")!, portal.url).pathname).toBe(`${prefix}/vendita/case/imola/`);
      expect((await fetch(`${portal.url}${prefix}/vendita/case/imola/`)).status).toBe(200);
    }
  });
});

import { describe, expect, it } from "vitest";
import { PlaceLevel } from "../places.ts";
import type { UrlPlace, UrlPlaceLookup } from "../search/url.ts";
import {
  type ListingGroupRow,
  parseSitemapFile,
  partsFor,
  resultsPages,
  robotsTxt,
  sitemapFilePath,
  sitemapIndex,
  urlEntry,
  w3cDate,
} from "./sitemaps.ts";

const placeList: UrlPlace[] = [
  { id: "IT", level: PlaceLevel.country, qslug: "italia", name: "Italia", parentId: null },
  { id: "R1", level: PlaceLevel.region, qslug: "lombardia", name: "Lombardia", parentId: "IT" },
  { id: "P1", level: PlaceLevel.province, qslug: "milano", name: "Milano", parentId: "R1" },
  { id: "T1", level: PlaceLevel.town, qslug: "milano", name: "Milano", parentId: "P1" },
  { id: "T2", level: PlaceLevel.town, qslug: "sesto-san-giovanni", name: "Sesto San Giovanni", parentId: "P1" },
];
const places: UrlPlaceLookup = {
  get: (id) => placeList.find((p) => p.id === id),
  bySlug: (level, qslug) => placeList.find((p) => p.level === level && p.qslug === qslug),
};
const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9, 30));
const row = (r: Partial<ListingGroupRow>): ListingGroupRow => ({
  channel: "vendita",
  group: "case",
  townId: "T1",
  newConstruction: false,
  auction: false,
  count: 3,
  lastPublished: day(1),
  ...r,
});

describe("the results pages of the sitemap (docs/decisions/090)", () => {
  it("lists each channel × group × town, province and region with listings, at its canonical URL, lastmod the newest", () => {
    const pages = resultsPages(
      [
        row({ lastPublished: day(2) }),
        row({ townId: "T2", lastPublished: day(5) }),
        row({ channel: "affitto", group: "stanze", townId: "T2", count: 1 }),
        row({ channel: "affitto", group: "uffici", townId: "T1", count: 0 }),
      ],
      places,
    );
    expect(pages.map((p) => p.path)).toEqual([
      "/affitto/stanze/lombardia-regione/",
      "/affitto/stanze/milano-provincia/",
      "/affitto/stanze/sesto-san-giovanni/",
      "/vendita/case/lombardia-regione/",
      "/vendita/case/milano-provincia/",
      "/vendita/case/milano/",
      "/vendita/case/sesto-san-giovanni/",
    ]);
    expect(pages.find((p) => p.path === "/vendita/case/milano-provincia/")!.lastmod).toEqual(day(5));
    expect(pages.find((p) => p.path === "/vendita/case/milano/")!.lastmod).toEqual(day(2));
  });

  it("adds new constructions and auction pages where listings are such, never a group the channel lacks", () => {
    const pages = resultsPages(
      [
        row({ newConstruction: true, auction: true, townId: "T2" }),
        row({ channel: "affitto-breve", group: "case", townId: "T2" }),
        row({ channel: "affitto-breve", group: "uffici", townId: "T2" }),
      ],
      places,
    ).map((p) => p.path);
    expect(pages).toContain("/vendita/nuove-costruzioni/sesto-san-giovanni/");
    expect(pages).toContain("/aste/case/sesto-san-giovanni/");
    expect(pages).toContain("/aste/nuove-costruzioni/sesto-san-giovanni/");
    expect(pages).toContain("/affitto-breve/case-vacanza/sesto-san-giovanni/");
    expect(pages.filter((p) => p.includes("uffici"))).toEqual([]);
  });
});

describe("sitemap XML", () => {
  it("writes absolute, escaped locations with both languages as alternates", () => {
    expect(urlEntry("https://casa.example", "/annunci/7/?a=1&b=2", "en", day(3))).toBe(
      "<url><loc>https://casa.example/en/annunci/7/?a=1&amp;b=2</loc><lastmod>2026-11-03T09:30:00Z</lastmod>" +
        '<xhtml:link rel="alternate" hreflang="it" href="https://casa.example/annunci/7/?a=1&amp;b=2"/>' +
        '<xhtml:link rel="alternate" hreflang="en" href="https://casa.example/en/annunci/7/?a=1&amp;b=2"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://casa.example/annunci/7/?a=1&amp;b=2"/></url>\n',
    );
    expect(w3cDate(new Date("2026-11-26T10:11:12.345+01:00"))).toBe("2026-11-26T09:11:12Z");
    expect(sitemapIndex("https://casa.example", [{ type: "hub", locale: "it", part: 1, lastmod: null }])).toContain(
      "<sitemap><loc>https://casa.example/sitemaps/hub-it-1.xml</loc></sitemap>",
    );
  });

  it("splits at 50,000 URLs and reads back only the files it names", () => {
    expect([0, 1, 50_000, 50_001, 1_200_000].map(partsFor)).toEqual([1, 1, 1, 2, 24]);
    const file = { type: "annunci", locale: "en", part: 24 } as const;
    expect(parseSitemapFile(sitemapFilePath(file).slice("/sitemaps/".length))).toEqual(file);
    for (const bad of ["annunci-it-0.xml", "annunci-fr-1.xml", "annunci-it-1.xml.gz", "../annunci-it-1.xml", "annunci-it-01.xml"])
      expect(parseSitemapFile(bad), bad).toBeNull();
  });

  it("robots.txt disallows personal pages in both languages and points to the index", () => {
    const robots = robotsTxt("https://casa.example");
    expect(robots).toContain("Disallow: /mycasa/\nDisallow: /en/mycasa/\n");
    expect(robots).toContain("Disallow: /*/mappa/\n");
    expect(robots.endsWith("\nSitemap: https://casa.example/sitemap.xml\n")).toBe(true);
  });
});

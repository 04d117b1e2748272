/**
 * Streets in the place search (issue 8 item 7, seed 000 §5): "via roma 12" finds Via Roma (the house
 * number is split off), and a street pick searches a 500 m circle around the street's centre with a
 * title that says so — from the autocomplete's id and from free text without JavaScript.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { readStreetData } from "../etl/streets.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";

interface Suggestion {
  id: string;
  name: string;
  label: string;
  type: string;
  lat: number;
  lon: number;
  count: number;
  town: { id: string; name: string } | null;
}

const titleOf = (html: string) => (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "").replace(/&#x27;/g, "'");
const h1Of = (html: string) => (/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? "").replace(/&#x27;/g, "'");

describe.each(databaseTargets)("street search on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const suggest = async (qs: string, view?: number[]): Promise<Suggestion[]> => {
    const res = await fetch(`${portal.url}/portal-srp/api/v1/smartsuggest/suggest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ qs, ...(view ? { view } : {}) }),
    });
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    // Many suggestions in a row: the per-client limits raised (still counted).
    portal = await startTestPortal(provisioned, BULK_CLIENT);
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  it("finds the street when the address ends with a house number", async () => {
    const plain = await suggest("via roma");
    expect(plain.length).toBeGreaterThan(0);
    for (const qs of ["via roma 12", "Via Roma 12", "via roma, 3/b"]) {
      const found = await suggest(qs);
      expect(found.length, qs).toBeGreaterThan(0);
      expect(
        found.every((s) => s.type === "street" && s.name === "Via Roma"),
        qs,
      ).toBe(true);
    }
    // The number ends the name: "via roma 1" is not "Via Romagna".
    expect((await suggest("via roma 1")).some((s) => s.name !== "Via Roma")).toBe(false);
  });

  it("places a street at its own centre, not its town's", async () => {
    const [street] = await suggest("via roma 12");
    const [town] = (await suggest(street!.town!.name)).filter((s) => s.id === street!.town!.id);
    expect(town).toBeDefined();
    expect(Math.abs(town!.lat - street!.lat) + Math.abs(town!.lon - street!.lon)).toBeGreaterThan(0.0001);
  });

  it("searches 500 m around a picked street and says so in the title", async () => {
    const [street] = await suggest("via roma 12");
    const res = await fetch(`${portal.url}/ricerca/?${new URLSearchParams({ luogo: street!.id, channel: "vendita" })}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toBe(`/vendita/case/?geocircle=${street!.lat},${street!.lon},500`);
    const page = await fetch(`${portal.url}${location}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const expected = `Case in vendita entro 500 m da Via Roma, ${street!.town!.name}`;
    expect(titleOf(html)).toBe(expected);
    expect(h1Of(html)).toBe(expected);
    expect(html).toContain('<meta name="robots" content="noindex,follow"/>');

    const en = await (await fetch(`${portal.url}/en${location}`)).text();
    expect(titleOf(en)).toBe(`Homes for sale within 500 m of Via Roma, ${street!.town!.name}`);
  });

  it("does the same for a typed address without JavaScript", async () => {
    const [street] = await suggest("via roma 12");
    const town = street!.town!.name.toLowerCase();
    for (const q of ["via roma 12", `via roma 12, ${town}`]) {
      const res = await fetch(`${portal.url}/ricerca/?${new URLSearchParams({ q, channel: "affitto" })}`, { redirect: "manual" });
      expect(res.status, q).toBe(302);
      expect(res.headers.get("location"), q).toMatch(/^\/affitto\/case\/\?geocircle=[\d.]+,[\d.]+,500$/);
    }
    const res = await fetch(`${portal.url}/ricerca/?${new URLSearchParams({ q: `via roma 12 ${town}`, channel: "vendita" })}`, {
      redirect: "manual",
    });
    expect(res.headers.get("location")).toBe(`/vendita/case/?geocircle=${street!.lat},${street!.lon},500`);
  });

  it("ranks the streets of the towns in a map's view first (issue 21 item 12)", async () => {
    const bboxOf = async (locId: string): Promise<number[]> => {
      const res = await fetch(`${portal.url}/portal-srp/api/v1/smartsuggest/locationById`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ locId }),
      });
      expect(res.status).toBe(200);
      return (await res.json()).location.geo.bbox;
    };
    const [milano, roma] = [await bboxOf("IT-03-015146"), await bboxOf("IT-12-058091")];
    // The issue's 'Via Torino', or (the test data has 3,000 listings) a street both towns have where,
    // without a view, another town's comes first.
    let found: { qs: string; name: string } | null = null;
    for (const qs of ["via torino", "via xx settembre", "via giuseppe mazzini", "via trento", "via dante alighieri"]) {
      const inMilano = (await suggest(`${qs} milano`)).find((s) => s.town?.name === "Milano");
      const inRoma = (await suggest(`${qs} roma`)).find((s) => s.town?.name === "Roma");
      if (inMilano && inRoma && (await suggest(qs))[0]?.town?.name !== "Milano") {
        found = { qs, name: inMilano.name };
        break;
      }
    }
    if (!found) throw new Error("no street of both Milano and Roma in the test data");
    // On Milano's map Milano's street comes first, on Roma's map Roma's.
    expect((await suggest(found.qs, milano))[0]).toMatchObject({ name: found.name, town: { name: "Milano" } });
    expect((await suggest(found.qs, roma))[0]).toMatchObject({ name: found.name, town: { name: "Roma" } });
    // A view that is no box is refused.
    const bad = await fetch(`${portal.url}/portal-srp/api/v1/smartsuggest/suggest`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ qs: "via torino", view: [9.3, 45.5, 9.1, 45.4] }),
    });
    expect(bad.status).toBe(400);
  });

  // Issue 27 item 2: the real streets of six cities and Milano's house numbers (docs/decisions/111).
  it("suggests every real street of the six cities, with or without listings", async () => {
    const { namesByTown } = readStreetData();
    const cities: Record<string, string> = {
      "015146": "Milano",
      "058091": "Roma",
      "001272": "Torino",
      "063049": "Napoli",
      "037006": "Bologna",
      "048017": "Firenze",
    };
    for (const [istat, city] of Object.entries(cities)) {
      const names = namesByTown.get(istat)!.filter((n) => /^(Via|Piazza|Viale|Corso|Vicolo) /.test(n));
      // The first, the last and one in the middle: most have no listing in the test data.
      for (const name of [names[0]!, names[names.length >> 1]!, names[names.length - 1]!]) {
        const found = await suggest(`${name} ${city}`);
        expect(
          found.some((s) => s.name === name && s.town?.name === city),
          `${name}, ${city}: ${found.map((s) => s.label)}`,
        ).toBe(true);
      }
    }
    const duomo = await suggest("piazza del duomo");
    expect(duomo.map((s) => s.label)).toContain("Piazza del Duomo, Milano (MI)");
  });

  it("finds 'via torino 21' at its house number in Milano and searches around it", async () => {
    for (const qs of ["via torino 21", "Via Torino 21, Milano"]) {
      const [top] = await suggest(qs);
      expect(top, qs).toMatchObject({ name: "Via Torino 21", label: "Via Torino 21, Milano (MI)", lat: 45.462741, lon: 9.187222 });
    }
    const [top] = await suggest("via torino 21");
    const res = await fetch(`${portal.url}/ricerca/?${new URLSearchParams({ luogo: top!.id, channel: "vendita" })}`, {
      redirect: "manual",
    });
    expect(res.headers.get("location")).toBe("/vendita/case/?geocircle=45.462741,9.187222,500");
    const html = await (await fetch(`${portal.url}/vendita/case/?geocircle=45.462741,9.187222,500`)).text();
    expect(h1Of(html)).toBe("Case in vendita entro 500 m da Via Torino 21, Milano");
    // Typed, without JavaScript.
    const typed = await fetch(`${portal.url}/ricerca/?${new URLSearchParams({ q: "via torino 21 milano", channel: "vendita" })}`, {
      redirect: "manual",
    });
    expect(typed.headers.get("location")).toBe("/vendita/case/?geocircle=45.462741,9.187222,500");
  });

  it("falls back to the nearest number on the street, then to the street's point, then to its town", async () => {
    // Via Torino has no 12 in the data (1–4, 15–22): 15 is the nearest.
    expect((await suggest("via torino 12 milano"))[0]).toMatchObject({ name: "Via Torino 15", lat: 45.463312, lon: 9.18793 });
    // Without a number: the street's own point (the mean of its house numbers), near the Duomo.
    const [street] = await suggest("via torino milano");
    expect(street).toMatchObject({ name: "Via Torino", town: { name: "Milano" } });
    expect(Math.abs(street!.lat - 45.4625) + Math.abs(street!.lon - 9.186)).toBeLessThan(0.01);
    // A Roma street with no house numbers and no listing has no point: picking it searches Roma.
    const { namesByTown } = readStreetData();
    const vicoli = namesByTown.get("058091")!.filter((n) => n.startsWith("Vicolo "));
    let empty: Suggestion | undefined;
    for (const name of vicoli.slice(0, 40)) {
      empty = (await suggest(`${name} 5 roma`)).find((s) => s.name === name && s.count === 0);
      if (empty) break;
    }
    expect(empty).toBeDefined();
    const res = await fetch(`${portal.url}/ricerca/?${new URLSearchParams({ luogo: empty!.id, channel: "vendita" })}`, {
      redirect: "manual",
    });
    expect(res.headers.get("location")).toBe("/vendita/case/roma/");
  });
});

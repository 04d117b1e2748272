/**
 * The places API over HTTP on each database: autocomplete (accent- and typo-tolerant, on a sample of
 * real municipalities), street queries, localityChildren, locationById, sharedUtils/reverse, every
 * /lh/v2 level, and bad input.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldAccents } from "../core/text.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";

interface Suggestion {
  id: string;
  name: string;
  label: string;
  level: number;
  type: string;
  qslug: string;
  count: number;
  parent: { name: string; short: string | null } | null;
}

/** Every municipality from the gazetteer's source file: istat code, name, province sigla. */
function municipalities(): Array<{ id: string; name: string; sigla: string }> {
  const lines = readFileSync(new URL("../data/geo/municipalities.csv", import.meta.url), "utf8")
    .trim()
    .split("\n");
  const header = lines[0]!.split(",");
  const col = (name: string) => header.indexOf(name);
  return lines.slice(1).map((line) => {
    // Names have no commas, so a plain split is enough for the first columns.
    const cells = line.split(",");
    return {
      id: `IT-${cells[col("region_code")]}-${cells[col("istat_code")]}`,
      name: cells[col("name")]!,
      sigla: cells[col("province_sigla")]!,
    };
  });
}

/** One deterministic typo: swap two neighbours, drop a letter, or change one (in the middle of the name). */
function withTypo(text: string, seed: number): string {
  const letters = [...text];
  const positions = letters.map((c, i) => (/[a-z]/.test(c) ? i : -1)).filter((i) => i > 0);
  const p = positions[Math.floor(positions.length / 2)]!;
  // A deletion leaves a 5-letter name with 4 letters, which is first of all the prefix of other names.
  const kind = seed % 3 === 1 && letters.filter((c) => /[a-z]/.test(c)).length < 6 ? 2 : seed % 3;
  switch (kind) {
    case 0: {
      const q = p + 1 < letters.length && /[a-z]/.test(letters[p + 1]!) && letters[p + 1] !== letters[p] ? p + 1 : p - 1;
      [letters[p], letters[q]] = [letters[q]!, letters[p]!];
      break;
    }
    case 1:
      letters.splice(p, 1);
      break;
    default:
      letters[p] =
        letters[p] === "e"
          ? "a"
          : letters[p] === "a"
            ? "e"
            : letters[p] === "o"
              ? "u"
              : letters[p] === "i"
                ? "e"
                : letters[p] === "r"
                  ? "t"
                  : "r";
  }
  return letters.join("");
}

describe.each(databaseTargets)("places API over HTTP on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  const post = (path: string, body: unknown) =>
    fetch(`${portal.url}/portal-srp/api/v1/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const suggest = async (qs: string, extra: Record<string, unknown> = {}): Promise<Suggestion[]> => {
    const res = await post("smartsuggest/suggest", { qs, ...extra });
    expect(res.status, qs).toBe(200);
    return ((await res.json()) as { data: Suggestion[] }).data;
  };

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, BULK_CLIENT);
  });
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  it("suggests Milano first for 'milan', with its label, parent and a count", async () => {
    const data = await suggest("milan");
    expect(data.length).toBeLessThanOrEqual(5);
    expect(data[0]).toMatchObject({
      id: "IT-03-015146",
      name: "Milano",
      label: "Milano (MI)",
      level: 9,
      type: "town",
      qslug: "milano",
      parent: { name: "Milano", short: "MI" },
    });
    expect(data[0]!.count).toBeGreaterThan(0);
    expect(data.map((d) => d.label)).toContain("Milano (provincia)");
  });

  it("finds the tricky names with and without accents, spaces and apostrophes", async () => {
    const cases: Array<[string, string]> = [
      ["forli", "Forlì"],
      ["Forlì", "Forlì"],
      ["sanremo", "Sanremo"],
      ["san remo", "Sanremo"],
      ["l'aquila", "L'Aquila"],
      ["laquila", "L'Aquila"],
      ["aquila", "L'Aquila"],
      ["reggio emilia", "Reggio nell'Emilia"],
      ["reggio nell'emilia", "Reggio nell'Emilia"],
      ["reggio calabria", "Reggio di Calabria"],
      ["bozen", "Bolzano"],
      ["bolzano", "Bolzano"],
      ["rome", "Roma"],
      ["trastevere", "Trastevere"],
    ];
    for (const [qs, name] of cases) {
      const names = (await suggest(qs)).map((d) => d.name);
      expect(names, qs).toContain(name);
    }
    const castro = (await suggest("castro")).filter((d) => d.name === "Castro" && d.level === 9);
    expect(castro.map((d) => d.label).sort()).toEqual(["Castro (BG)", "Castro (LE)"]);
  });

  it("finds ~300 real municipalities in the first five, typed without accents and with one typo", async () => {
    const all = municipalities();
    const tricky = [
      "Forlì",
      "Sanremo",
      "Reggio nell'Emilia",
      "Reggio di Calabria",
      "L'Aquila",
      "Castro",
      "Bolzano",
      "Cefalù",
      "Nardò",
      "Canicattì",
    ];
    const sample = [...all.filter((_, i) => i % 27 === 0), ...all.filter((m) => tricky.includes(m.name))];
    expect(sample.length).toBeGreaterThanOrEqual(300);
    const misses: string[] = [];
    let typoTests = 0;
    for (const [i, m] of sample.entries()) {
      const plain = foldAccents(m.name).toLowerCase();
      if (!(await suggest(plain)).some((d) => d.id === m.id)) misses.push(`${m.name} as "${plain}"`);
      // One typo is tolerated from five letters up (shorter names are too close to each other).
      if (plain.replace(/[^a-z]/g, "").length >= 5) {
        typoTests++;
        const typo = withTypo(plain, i);
        if (!(await suggest(typo)).some((d) => d.id === m.id)) misses.push(`${m.name} as "${typo}"`);
      }
    }
    expect(typoTests).toBeGreaterThan(250);
    expect(misses).toEqual([]);
  });

  it("counts per channel, takes up to 10 results, limits levels for landing pages and adds metro on request", async () => {
    const all = await suggest("roma", { size: 10 });
    expect(all.length).toBeGreaterThan(5);
    expect(all.length).toBeLessThanOrEqual(10);
    const sale = (await suggest("roma", { channel: "vendita" })).find((d) => d.id === all[0]!.id)!;
    const rent = (await suggest("roma", { channel: "affitto" })).find((d) => d.id === all[0]!.id)!;
    const short = (await suggest("roma", { channel: "affitto-breve" })).find((d) => d.id === all[0]!.id)!;
    expect(sale.count + rent.count + short.count).toBe(all[0]!.count);
    expect(sale.count).toBeGreaterThan(0);
    // The same count as the children lookup of the province reports for the town.
    const province = await (await fetch(`${portal.url}/lh/v2/province/roma?site=it_casa&channel=vendita`)).json();
    expect(province.locations.find((l: { id: string }) => l.id === all[0]!.id).count).toBe(sale.count);

    // Provinces, regions and metro lines are rolled up from the listings' keys: the same as counted in SQL.
    const milanoProvince = (await suggest("milano", { channel: "affitto" })).find((d) => d.level === 6)!;
    const lhProvince = await (await fetch(`${portal.url}/lh/v2/province/milano?channel=affitto`)).json();
    expect(milanoProvince.count).toBe(lhProvince.count);
    const lombardia = (await suggest("lombardia"))[0]!;
    const lombardiaChildren = await (
      await post("smartsuggest/localityChildren", { childrenUri: "/lh/v2/province/milano", conf: { withParent: true } })
    ).json();
    expect(lombardia.level).toBe(4);
    expect(lombardia.count).toBeGreaterThanOrEqual(lombardiaChildren.count);
    const lines = await (
      await post("smartsuggest/localityChildren", { childrenUri: "/lh/v2/town/milano", conf: { isMetro: true, channel: "vendita" } })
    ).json();
    for (const line of lines.locations.slice(0, 3) as Array<{ id: string; name: string; count: number }>) {
      const found = (await suggest(line.name, { extraLevels: [118], channel: "vendita", size: 10 })).find((d) => d.id === line.id);
      expect(found?.count, line.name).toBe(line.count);
    }

    const landing = await suggest("mil", { isLanding: true, size: 10 });
    expect(landing.every((d) => [4, 6, 9].includes(d.level))).toBe(true);
    const metro = await suggest("duomo", { extraLevels: [120], size: 10 });
    const stops = metro.filter((d) => d.level === 120);
    expect(stops.length).toBeGreaterThan(0);
    // A stop served by two lines is two entries, told apart by the line in the label.
    expect(stops.every((d) => d.label.startsWith(`${d.name}, `))).toBe(true);
    expect(new Set(metro.map((d) => d.label)).size).toBe(metro.length);
    expect((await suggest("duomo", { size: 10 })).some((d) => d.level === 120)).toBe(false);
    const milanoSale = (await suggest("milano", { channel: "vendita" }))[0]!;
    const houses = (await suggest("milano", { propertyTypeGroup: "case", channel: "vendita" }))[0]!;
    const offices = (await suggest("milano", { propertyTypeGroup: "uffici", channel: "vendita" }))[0]!;
    expect(houses.id).toBe(milanoSale.id);
    expect(houses.count).toBeGreaterThan(0);
    expect(houses.count + offices.count).toBeLessThanOrEqual(milanoSale.count);
  });

  it("answers a street query with streets listings use, and keeps towns named like a street", async () => {
    const res = await post("smartsuggest/suggest", { qs: "via " });
    const body = await res.json();
    expect(body.kind).toBe("address");
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((d: Suggestion) => d.type === "street" && /^Via /.test(d.name))).toBe(true);
    const street = body.data[0] as Suggestion & { town: { name: string } };
    const narrowed = await (await post("smartsuggest/suggest", { qs: `${street.name} ${street.town.name}` })).json();
    expect(narrowed.data[0]).toMatchObject({ name: street.name, type: "street" });
    const none = await (await post("smartsuggest/suggest", { qs: "via zzzzqqq" })).json();
    expect(none).toEqual({ kind: "address", data: [] });
    const armerina = await suggest("piazza armerina");
    expect(armerina[0]).toMatchObject({ name: "Piazza Armerina", type: "town" });
  });

  it("localityChildren lists a town's zones with filtered counts, and a parent on request", async () => {
    const res = await post("smartsuggest/localityChildren", {
      childrenUri: "/lh/v2/town/milano",
      conf: { channel: "affitto", withParent: true, isZone: true },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.location).toMatchObject({ name: "Milano", level: 9 });
    expect(body.location.parents.map((p: { level: number }) => p.level)).toEqual([2, 4, 6]);
    expect(body.locations.length).toBe(88);
    expect(body.locations.every((l: { level: number }) => l.level === 10)).toBe(true);
    expect(body.locations.reduce((s: number, l: { count: number }) => s + l.count, 0)).toBeLessThanOrEqual(body.count);
    expect(body.text_count).toMatch(/annunc/);
    const metro = await (
      await post("smartsuggest/localityChildren", { childrenUri: "/lh/v2/town/milano", conf: { isMetro: true, withCount: false } })
    ).json();
    expect(metro.locations.length).toBeGreaterThan(0);
    expect(metro.locations.every((l: { level: number; count?: number }) => l.level === 118 && l.count === undefined)).toBe(true);
    expect(metro.count).toBeUndefined();
    const missing = await post("smartsuggest/localityChildren", { childrenUri: "/lh/v2/town/non-esiste" });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.field).toBe("childrenUri");
  });

  it("locationById returns the place with parents", async () => {
    const res = await post("smartsuggest/locationById", { locId: "IT-03-015146" });
    expect(res.status).toBe(200);
    const { location } = await res.json();
    expect(location).toMatchObject({ id: "IT-03-015146", name: "Milano", level: 9, hkey: "it.03.015.015146" });
    expect(location.parents.map((p: { name: string }) => p.name)).toEqual(["Italia", "Lombardia", "Milano"]);
    expect((await post("smartsuggest/locationById", { locId: "IT-99-999999" })).status).toBe(404);
  });

  it("sharedUtils/reverse finds the places whose boundaries contain a point", async () => {
    // Piazza del Duomo, Milano.
    const res = await post("sharedUtils/reverse", { coords: { latitude: 45.4642, longitude: 9.19 }, returnAll: true });
    expect(res.status).toBe(200);
    const { location } = await res.json();
    const levels = location.map((l: { level: number }) => l.level);
    expect(levels.slice(-4)).toEqual([9, 6, 4, 2]);
    expect(levels[0]).toBe(10);
    expect(location.find((l: { level: number }) => l.level === 9)).toMatchObject({ name: "Milano", hkey: "it.03.015.015146" });
    // Every place carries its listing count (it was 0 for all of them).
    const milano = location.find((l: { level: number }) => l.level === 9);
    expect(milano.count).toBeGreaterThan(0);
    expect(location.find((l: { level: number }) => l.level === 4).count).toBeGreaterThanOrEqual(milano.count);
    expect(milano.text_count).not.toBe("0 annunci");
    const one = await (
      await post("sharedUtils/reverse", { coords: { latitude: 45.4642, longitude: 9.19 }, hkeys: ["it.03.015.015146"] })
    ).json();
    expect(one.location).toHaveLength(1);
    expect(one.inside).toBe(true);
    // Colosseo: municipio I, in a rione, in Rome's historic centre.
    const rome = (await (await post("sharedUtils/reverse", { coords: { latitude: 41.8902, longitude: 12.4922 }, returnAll: true })).json())
      .location;
    expect(rome.map((l: { level: number }) => l.level)).toEqual(expect.arrayContaining([11, 10, 130, 9, 6, 4, 2]));
    // The open sea.
    expect(
      (await (await post("sharedUtils/reverse", { coords: { latitude: 40.0, longitude: 11.0 }, returnAll: true })).json()).location,
    ).toEqual([]);
  });

  it("GET /lh/v2 serves all six levels", async () => {
    const milanoZone = (await (await fetch(`${portal.url}/lh/v2/town/milano`)).json()).locations.find(
      (l: { level: number }) => l.level === 10,
    );
    const romaMunicipio = (await (await fetch(`${portal.url}/lh/v2/town/roma`)).json()).locations.find(
      (l: { level: number; has_children: boolean }) => l.level === 10 && l.has_children,
    );
    const romaBlock = (await (await fetch(`${portal.url}${romaMunicipio.children_uri}`)).json()).locations[0];
    const line = (await (await fetch(`${portal.url}/lh/v2/town/milano`)).json()).locations.find((l: { level: number }) => l.level === 118);
    const paths = [
      "/lh/v2/province/milano",
      "/lh/v2/town/milano",
      `/lh/v2/metroline/${line.slug}`,
      "/lh/v2/nonadminzone/roma-centro-storico",
      `/lh/v2/zone/${milanoZone.slug}`,
      `/lh/v2/block/${romaBlock.slug}`,
    ];
    for (const path of paths) {
      const res = await fetch(`${portal.url}${path}?site=it_casa`);
      expect(res.status, path).toBe(200);
      expect((await res.json()).location.slug, path).toBe(path.split("/").pop());
    }
  });

  it("rejects bad input with a 400 naming the field", async () => {
    const bad: Array<[string, unknown, string | undefined]> = [
      ["smartsuggest/suggest", { qs: "x".repeat(101) }, "qs"],
      ["smartsuggest/suggest", { qs: "" }, "qs"],
      ["smartsuggest/suggest", { qs: "   " }, "qs"],
      ["smartsuggest/suggest", {}, "qs"],
      ["smartsuggest/suggest", { qs: 42 }, "qs"],
      ["smartsuggest/suggest", { qs: "roma", size: 11 }, "size"],
      ["smartsuggest/suggest", { qs: "roma", channel: "comprare" }, "channel"],
      ["smartsuggest/suggest", { qs: "roma", extraLevels: [9999] }, "extraLevels"],
      ["smartsuggest/suggest", { qs: "roma", nope: 1 }, undefined],
      ["smartsuggest/suggest", "{not json", undefined],
      ["smartsuggest/localityChildren", { childrenUri: "'; DROP TABLE places; --" }, "childrenUri"],
      ["smartsuggest/localityChildren", { childrenUri: "/lh/v2/town/milano", conf: { channel: 3 } }, "conf.channel"],
      ["smartsuggest/locationById", { locId: "<script>" }, "locId"],
      ["sharedUtils/reverse", { coords: { latitude: 91, longitude: 9 } }, "coords.latitude"],
      ["sharedUtils/reverse", { coords: { latitude: "45", longitude: 9 } }, "coords.latitude"],
    ];
    for (const [path, body, field] of bad) {
      const res = await post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      const json = await res.json();
      expect(json.error.message).toBeTruthy();
      if (field) expect(json.error.field).toBe(field);
    }
    expect((await fetch(`${portal.url}/portal-srp/api/v1/smartsuggest/suggest`)).status).toBe(405);
    // SQL and HTML are just text to search for.
    expect(await suggest("'; DROP TABLE places; --")).toEqual([]);
    expect(await suggest("<img src=x onerror=alert(1)>")).toEqual([]);
  });

  it("never answers a random body with a 500", async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom("' OR 1=1 --", "<script>", "x".repeat(5000), "via ", "🏠", "%00", "/lh/v2/town/milano"),
    );
    const value = fc.oneof(
      text,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(text, fc.integer()), { maxLength: 4 }),
    );
    const bodies = fc.oneof(
      fc.anything(),
      fc.record(
        { qs: value, channel: value, size: value, extraLevels: value, isLanding: value, publisher: value, propertyTypeGroup: value },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          childrenUri: value,
          conf: fc.oneof(
            value,
            fc.dictionary(fc.constantFrom("channel", "withCount", "isMetro", "publisherId", "category", "nope"), value),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.record({ locId: value }, { requiredKeys: [] }),
      fc.record(
        {
          coords: fc.oneof(value, fc.record({ latitude: fc.oneof(value, fc.double()), longitude: fc.oneof(value, fc.double()) })),
          returnAll: value,
          hkeys: value,
        },
        { requiredKeys: [] },
      ),
    );
    const endpoints = fc.constantFrom(
      "smartsuggest/suggest",
      "smartsuggest/localityChildren",
      "smartsuggest/locationById",
      "sharedUtils/reverse",
    );
    await fc.assert(
      fc.asyncProperty(endpoints, bodies, async (path, body) => {
        const res = await post(path, JSON.stringify(body) ?? "null");
        expect(res.status, `${path} ${JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect((await res.json()).error.message).toBeTruthy();
        else await res.arrayBuffer();
      }),
      { numRuns: 300, seed: 20261123 },
    );
  });
});

/**
 * Province hubs over HTTP (issue 25 item 1, docs/decisions/101): the hubPage endpoint's §3 shape and counts
 * (equal to SQL's, and following a withdrawn listing), the five hub pages' title variants, the links to the
 * results pages ('/residenziale', rooms slug, '#seoFooter', answered by a 301 to the canonical results page),
 * and 404s for unknown provinces and slugs.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishListing, withdrawListing } from "../db/listing-writes.ts";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";

type Tab = { key: string; label: string; totalCount: number; towns: Town[] };
type Town = {
  name: string;
  slugs: { slug: string; qslug: string };
  href: string;
  count: number;
  zones: { name: string; slug: string; href: string; count: number }[];
};
type Hub = {
  kind: string;
  generalInfo: { default: Tab; nRooms: Tab[]; ptypes: Tab[]; licenseTypeGroups: Tab[] };
  prices: Record<string, { median: number; months: unknown[] }>;
};

describe.each(databaseTargets)("province hubs on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  let portal: Awaited<ReturnType<typeof startTestPortal>>;
  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portal = await startTestPortal(provisioned, { searchFacts: "on", ...BULK_CLIENT });
    expect(await portal.listingChanges.factsReady).not.toBeNull();
  }, 300_000);
  afterAll(async () => {
    await portal?.stop();
    await provisioned?.dispose();
  });

  async function hubPage(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const res = await fetch(`${portal.url}/portal-srp/api/v1/hubPage`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }
  const count = async (where: string) =>
    Number(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM listings WHERE ${sql.raw(where)}`.execute(portal.database.db)).rows[0]!.n,
    );

  it("answers the §3 hub data with counts equal to SQL's, tabs by rooms, type and licence group", async () => {
    const { status, json } = await hubPage({ province: "milano" });
    expect(status).toBe(200);
    const hub = json as unknown as Hub;
    const info = hub.generalInfo;
    expect(info.default.totalCount).toBe(
      await count(
        "province_id = (SELECT id FROM places WHERE level = 6 AND qslug = 'milano') AND channel = 'vendita' AND property_type_group = 'case'",
      ),
    );
    // Every municipality of the province on the default tab, in alphabetical order.
    const municipalities = Number(
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM places WHERE level = 9 AND parent_id = (SELECT id FROM places WHERE level = 6 AND qslug = 'milano')`.execute(
          portal.database.db,
        )
      ).rows[0]!.n,
    );
    expect(info.default.towns).toHaveLength(municipalities);
    expect(info.default.towns.map((t) => t.name)).toEqual(
      [...info.default.towns.map((t) => t.name)].sort((a, b) => a.localeCompare(b, "it")),
    );
    expect(info.nRooms.map((t) => t.key)).toEqual(["monolocali", "bilocali", "trilocali", "quadrilocali"]);
    expect(info.ptypes.map((t) => t.key).slice(-3)).toEqual(["aste", "nuove-costruzioni", "cantine-solai"]);
    expect(info.licenseTypeGroups.map((t) => t.key)).toEqual(["ristorazione", "commercio", "servizi", "ricettivo"]);
    const restaurants = info.licenseTypeGroups[0]!;
    expect(restaurants.totalCount).toBe(
      await count(
        "province_id = (SELECT id FROM places WHERE level = 6 AND qslug = 'milano') AND channel = 'vendita' AND property_type = 'attivita-licenza-commerciale' AND license_type_group = 'ristorazione'",
      ),
    );
    const bilocali = info.nRooms[1]!;
    expect(bilocali.label).toBe("Bilocali");
    expect(bilocali.totalCount).toBe(
      await count(
        "province_id = (SELECT id FROM places WHERE level = 6 AND qslug = 'milano') AND channel = 'vendita' AND property_type_group = 'case' AND rooms = 2",
      ),
    );
    const milano = info.default.towns.find((t) => t.slugs.qslug === "milano")!;
    expect(milano.count).toBe(
      await count(
        "town_id = (SELECT id FROM places WHERE level = 9 AND qslug = 'milano') AND channel = 'vendita' AND property_type_group = 'case'",
      ),
    );
    expect(milano.zones.length).toBeGreaterThan(3);
    expect(milano.href).toBe("/vendita/residenziale/milano/#seoFooter");
    const milanoBilocali = bilocali.towns.find((t) => t.slugs.qslug === "milano")!;
    expect(milanoBilocali.href).toBe("/vendita/residenziale/milano/bilocali/#seoFooter");
    expect(milanoBilocali.zones[0]!.href).toMatch(/^\/vendita\/residenziale\/milano\/zona-[a-z0-9-]+\/bilocali\/#seoFooter$/);
    // Non-default tabs list only the towns with listings.
    expect(bilocali.towns.every((t) => t.count > 0)).toBe(true);
    expect(bilocali.towns.reduce((n, t) => n + t.count, 0)).toBe(bilocali.totalCount);
    expect(hub.prices.milano!.median).toBeGreaterThan(0);

    const auctions = (await hubPage({ province: "milano", kind: "aste" })).json as unknown as Hub;
    expect(auctions.generalInfo.default.totalCount).toBe(
      await count(
        "province_id = (SELECT id FROM places WHERE level = 6 AND qslug = 'milano') AND channel = 'vendita' AND property_type_group = 'case' AND is_auction",
      ),
    );
    const agencies = (await hubPage({ province: "milano", kind: "agenzie" })).json as unknown as Hub;
    expect(agencies.generalInfo.default.totalCount).toBe(
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM publishers p JOIN places t ON t.id = p.town_id WHERE p.kind = 'agency' AND t.parent_id = (SELECT id FROM places WHERE level = 6 AND qslug = 'milano')`.execute(
            portal.database.db,
          )
        ).rows[0]!.n,
      ),
    );
  });

  it("follows a withdrawn listing in its town's count", async () => {
    const before = (await hubPage({ province: "milano" })).json as unknown as Hub;
    const town = before.generalInfo.default.towns.find((t) => t.slugs.qslug === "milano")!;
    const { id } = (
      await sql<{
        id: number;
      }>`SELECT id FROM listings WHERE town_id = (SELECT id FROM places WHERE level = 9 AND qslug = 'milano') AND channel = 'vendita' AND property_type_group = 'case' ORDER BY id LIMIT 1`.execute(
        portal.database.db,
      )
    ).rows[0]!;
    expect(await withdrawListing(portal.database.db, Number(id))).toBe(true);
    await expect
      .poll(
        async () =>
          ((await hubPage({ province: "milano" })).json as unknown as Hub).generalInfo.default.towns.find(
            (t) => t.slugs.qslug === "milano",
          )!.count,
        { timeout: 30_000 },
      )
      .toBe(town.count - 1);
  });

  it("counts a listing published after the hub was computed (the process's hub cache is cleared), on the page and in the API", async () => {
    // A two-room sale in Milano, copied from an existing one: the hub's default and 'bilocali' tabs both gain it.
    const row = await portal.database.db
      .selectFrom("listings")
      .selectAll()
      .where(sql<boolean>`town_id = (SELECT id FROM places WHERE level = 9 AND qslug = 'milano')`)
      .where("channel", "=", "vendita")
      .where("propertyTypeGroup", "=", "case")
      .where("rooms", "=", 2)
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    const { id: _id, pricePerMq: _generated, shownPrice: _shown, shownPricePerMq: _shownPerMq, ...listing } = row;
    const milanoCount = async (tab: "default" | "bilocali") => {
      const hub = (await hubPage({ province: "milano" })).json as unknown as Hub;
      const list = tab === "default" ? hub.generalInfo.default : hub.generalInfo.nRooms.find((t) => t.key === "bilocali")!;
      return list.towns.find((t) => t.slugs.qslug === "milano")!.count;
    };
    // The page's count of Milano on the 'bilocali' tab (its no-JavaScript address), as the visitor reads it.
    const pageCount = async () => {
      const html = await (await fetch(`${portal.url}/immobili/lombardia/milano/?tab=bilocali`)).text();
      expect(html).toContain('id="hub-panel-title">Bilocali<');
      const entry = /href="\/vendita\/residenziale\/milano\/bilocali\/#seoFooter">Milano<\/a><span class="count">([\d.]+) annunci/.exec(
        html,
      );
      return Number(entry![1]!.replaceAll(".", ""));
    };
    const [before, beforeTab, beforePage] = [await milanoCount("default"), await milanoCount("bilocali"), await pageCount()];
    expect(beforePage).toBe(beforeTab);
    // Computed again from the cache: same answer.
    expect(await milanoCount("default")).toBe(before);
    await publishListing(portal.database.db, { ...listing, publishedAt: new Date() });
    await expect.poll(() => milanoCount("default"), { timeout: 30_000 }).toBe(before + 1);
    await expect.poll(() => milanoCount("bilocali"), { timeout: 30_000 }).toBe(beforeTab + 1);
    await expect.poll(pageCount, { timeout: 30_000 }).toBe(beforeTab + 1);
  });

  it("refuses bad bodies naming the field, and unknown provinces with 404", async () => {
    const unknown = await hubPage({ province: "atlantide" });
    expect(unknown.status).toBe(404);
    expect((unknown.json.error as { field: string }).field).toBe("province");
    const badKind = await hubPage({ province: "milano", kind: "castelli" });
    expect(badKind.status).toBe(400);
    expect(JSON.stringify(badKind.json.error)).toContain("kind");
    const missing = await hubPage({});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.json.error)).toContain("province");
  });

  it("serves the five hubs with their title variants, and 404 for unknown provinces or slugs", async () => {
    const title = async (path: string) => {
      const res = await fetch(`${portal.url}${path}`);
      const html = await res.text();
      return { status: res.status, title: /<title>([^<]*)<\/title>/.exec(html)?.[1], html };
    };
    expect((await title("/immobili/lombardia/milano/")).title).toBe("Case in vendita in provincia di Milano");
    expect((await title("/immobili/lombardia/milano/affitto/")).title).toBe("Case in affitto in provincia di Milano");
    expect((await title("/immobili/lombardia/milano/affitto-breve/")).title).toBe("Case in affitto breve in provincia di Milano");
    expect((await title("/immobili/lombardia/milano/aste/")).title).toBe("Aste giudiziarie in provincia di Milano");
    const agencies = await title("/immobili/lombardia/milano/agenzie/");
    expect(agencies.title).toBe("Agenzie immobiliari in provincia di Milano");
    expect(agencies.html).toContain('href="/trova-agenzia/?comune=Milano"');
    expect((await title("/en/immobili/lombardia/milano/affitto/")).title).toBe("Homes for rent in the province of Milano");
    for (const path of ["/immobili/lombardia/atlantide/", "/immobili/lombardia/milano/castelli/", "/immobili/lombardia/milano/vendita/"]) {
      const res = await title(path);
      expect(res.status, path).toBe(404);
      expect(res.title, path).toBe("Pagina non trovata");
    }
    const wrongRegion = await fetch(`${portal.url}/immobili/lazio/milano/aste/`, { redirect: "manual" });
    expect(wrongRegion.status).toBe(301);
    expect(wrongRegion.headers.get("location")).toBe("/immobili/lombardia/milano/aste/");
  });

  it("links land on the canonical results page", async () => {
    const res = await fetch(`${portal.url}/vendita/residenziale/milano/bilocali/`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/vendita/case/milano/bilocali/");
  });
});

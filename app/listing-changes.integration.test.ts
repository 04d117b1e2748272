/**
 * Listings written through plain SQL (as another process would) reach every running portal:
 * totals (search, search/availableresults), map markers, results pages and the autocomplete's place counts
 * agree with SQL after an insert, a price change and a withdrawal. Portals serve totals from the
 * in-memory facts (SEARCH_FACTS=on). On PostgreSQL two portals share the database and both follow.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import pg from "pg";
import { databaseTargets, provisionDatabase, type ProvisionedDatabase } from "../test/databases.ts";
import { BULK_CLIENT, startTestPortal } from "../test/portal.ts";
import { openDatabase } from "../db/database.ts";
import { loadDataset } from "../etl/load.ts";

type Portal = Awaited<ReturnType<typeof startTestPortal>>;
/**
 * How long a test waits for every portal to agree before calling it a failure. How fast changes arrive
 * (within 2 s, commit to applied) is measured by `npm run bench:changes` on a quiet machine, not here:
 * a wall-clock bound in a test fails whenever CI shares the cores with other test files.
 */
const WAIT_MS = 30_000;

describe.each(databaseTargets)("listing changes followed by every portal on %s", (target) => {
  let provisioned: ProvisionedDatabase;
  const portals: Portal[] = [];
  /** Runs SQL as a writer outside the portals: its own connection on PostgreSQL, the shared PGlite otherwise. */
  let query: <T>(text: string, params?: unknown[]) => Promise<T[]>;
  let client: pg.Client | null = null;

  beforeAll(async () => {
    provisioned = await provisionDatabase(target);
    portals.push(await startTestPortal(provisioned, { searchFacts: "on", ...BULK_CLIENT }));
    if (target === "postgres") {
      // A second portal process on the same database (in-process here: same code path, its own pool and facts).
      portals.push(await startTestPortal(provisioned, { searchFacts: "on", ...BULK_CLIENT }));
      client = new pg.Client({ connectionString: provisioned.url });
      await client.connect();
      query = async <T>(text: string, params: unknown[] = []) => (await client!.query(text, params)).rows as T[];
    } else {
      const db = portals[0]!.database.db;
      query = async <T>(text: string, params: unknown[] = []) => {
        // Positional parameters through Kysely's raw SQL: split on $n and bind in order.
        const parts = text.split(/\$\d+/);
        const order = [...text.matchAll(/\$(\d+)/g)].map((m) => params[Number(m[1]) - 1]);
        return (
          await sql
            .join(
              parts.map((p, i) => (i < order.length ? sql`${sql.raw(p)}${order[i]}` : sql.raw(p))),
              sql``,
            )
            .execute(db)
        ).rows as T[];
      };
    }
    for (const p of portals) expect(await p.listingChanges.factsReady).not.toBeNull();
  }, 300_000);

  afterAll(async () => {
    await client?.end();
    for (const p of portals) await p.stop();
    await provisioned?.dispose();
  });

  async function post(portal: Portal, path: string, body: unknown) {
    const res = await fetch(`${portal.url}/portal-srp/api/v1/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status, path).toBe(200);
    return res.json();
  }

  /** Polls every portal until `agrees` holds for all of them. */
  async function untilEveryPortalAgrees(agrees: (portal: Portal) => Promise<string | null>, limitMs = WAIT_MS): Promise<void> {
    const started = performance.now();
    const pending = new Set(portals);
    let last = "";
    while (pending.size > 0) {
      for (const p of [...pending]) {
        const why = await agrees(p);
        if (why === null) pending.delete(p);
        else last = `${p.url}: ${why}`;
      }
      if (pending.size === 0) break;
      if (performance.now() - started > limitMs) throw new Error(`portals never agreed with SQL: ${last}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it("inserts, price changes and withdrawals show in totals, markers, pages and place counts on every portal", async () => {
    const [milano] = await query<{ id: string; slug: string }>("SELECT id, slug FROM places WHERE level = 9 AND istat_code = '015146'");
    expect(milano).toBeDefined();
    // A listing of Milano's busiest zone: that zone is surely among the related places of Milano's page.
    const [template] = await query<{ id: number; lat: number; lon: number; zoneId: string; zoneName: string }>(
      `SELECT l.id, l.lat, l.lon, l.zone_id AS "zoneId", z.name AS "zoneName" FROM listings l JOIN places z ON z.id = l.zone_id
       WHERE l.town_id = $1 AND l.channel = 'vendita' AND l.property_type_group = 'case' AND NOT l.is_private_negotiation AND l.zone_id = (
         SELECT zone_id FROM listings WHERE town_id = $1 AND channel = 'vendita' AND zone_id IS NOT NULL
         GROUP BY zone_id ORDER BY count(*) DESC, zone_id LIMIT 1)
       ORDER BY l.id LIMIT 1`,
      [milano!.id],
    );
    const zoneInHtml = template!.zoneName
      .replace(/&/g, "&amp;")
      .replace(/'/g, "&#x27;")
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const bbox = [template!.lon - 0.004, template!.lat - 0.003, template!.lon + 0.004, template!.lat + 0.003];
    const columns = (
      await query<{ c: string }>(
        "SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'listings' AND is_generated = 'NEVER' AND column_name <> 'id' ORDER BY ordinal_position",
      )
    )
      .map((r) => r.c)
      .join(", ");

    /** What SQL says now, and whether a portal shows the same. */
    const agreesWithSql =
      (price: number) =>
      async (portal: Portal): Promise<string | null> => {
        const [truth] = await query<{
          town: string;
          sale: string;
          atprice: string;
          inview: number[] | null;
          idsatprice: number[] | null;
          zone: string;
        }>(
          `
        SELECT count(*) FILTER (WHERE channel = 'vendita')::text AS sale,
          count(*) FILTER (WHERE channel = 'vendita' AND zone_id = $7)::text AS zone,
          count(*) FILTER (WHERE channel = 'vendita' AND property_type_group = 'case')::text AS town,
          count(*) FILTER (WHERE channel = 'vendita' AND property_type_group = 'case' AND price = $2)::text AS atprice,
          array_agg(id ORDER BY id) FILTER (WHERE channel = 'vendita' AND property_type_group = 'case' AND price = $2) AS idsatprice,
          (SELECT array_agg(id::int ORDER BY id) FROM listings WHERE channel = 'vendita' AND property_type_group = 'case'
            AND lon BETWEEN $3 AND $5 AND lat BETWEEN $4 AND $6) AS inview
        FROM listings WHERE town_id = $1`,
          [milano!.id, price, ...bbox, template!.zoneId],
        );
        const total = (await post(portal, "search/availableresults", { locations: [milano!.id] })).total;
        if (total !== Number(truth!.town)) return `availableresults ${total} ≠ ${truth!.town}`;
        const atPrice = (
          await post(portal, "search/availableresults", { locations: [milano!.id], filters: { price_min: price, price_max: price } })
        ).total;
        if (atPrice !== Number(truth!.atprice)) return `availableresults at ${price}: ${atPrice} ≠ ${truth!.atprice}`;
        // The search API and pages count from the in-memory facts through the count cache; availableresults in SQL.
        const searched = (await post(portal, "search", { locations: [milano!.id], size: 1 })).total;
        if (searched !== Number(truth!.town)) return `search total ${searched} ≠ ${truth!.town}`;
        const markers = await post(portal, "search-map/markers", { filters: { geobounds: { bbox, zoom: 16 } } });
        const pins = markers.markers.map((m: { id: number }) => m.id).sort((a: number, b: number) => a - b);
        if (JSON.stringify(pins) !== JSON.stringify((truth!.inview ?? []).map(Number))) return `markers ${pins} ≠ ${truth!.inview}`;
        const page = await (await fetch(`${portal.url}/vendita/case/${milano!.slug}/?price_min=${price}&price_max=${price}`)).text();
        const shown = /data-testid="search-total">([\d.]+)/.exec(page)?.[1]?.replace(/\./g, "");
        if (shown !== truth!.atprice && !(truth!.atprice === "0" && shown === undefined)) return `page total ${shown} ≠ ${truth!.atprice}`;
        for (const id of truth!.idsatprice ?? []) if (!page.includes(`/annunci/${id}/`)) return `page lacks listing ${id}`;
        // The related places of Milano's page: its zones with their listings of the channel.
        const townPage = await (await fetch(`${portal.url}/vendita/case/${milano!.slug}/`)).text();
        const related = new RegExp(`>${zoneInHtml}</a> <span class="count">\\((?:<!-- -->)?([\\d.]+)`)
          .exec(townPage)?.[1]
          ?.replace(/\./g, "");
        if (related !== truth!.zone) return `related count of ${template!.zoneName} ${related} ≠ ${truth!.zone}`;
        const suggest = await post(portal, "smartsuggest/suggest", { qs: "Milano", channel: "vendita" });
        const count = suggest.data.find((p: { id: string }) => p.id === milano!.id)?.count;
        if (count !== Number(truth!.sale)) return `place count ${count} ≠ ${truth!.sale}`;
        return null;
      };

    const first = 987_650;
    const second = 876_540;
    // Warm every cache first: the change must invalidate them, not find them empty.
    await untilEveryPortalAgrees(agreesWithSql(first));

    const [inserted] = await query<{ id: number }>(
      `INSERT INTO listings (id, ${columns}) SELECT nextval('listing_ids'), ${columns} FROM listings WHERE id = $1 RETURNING id`,
      [template!.id],
    );
    await query("UPDATE listings SET price = $2 WHERE id = $1", [inserted!.id, first]);
    await untilEveryPortalAgrees(agreesWithSql(first));
    const [shown] = await query<{ n: string }>("SELECT count(*)::text AS n FROM listings WHERE id = $1 AND price = $2", [
      inserted!.id,
      first,
    ]);
    expect(shown!.n).toBe("1");

    await query("UPDATE listings SET price = $2 WHERE id = $1", [inserted!.id, second]);
    await untilEveryPortalAgrees(async (p) => (await agreesWithSql(second)(p)) ?? (await agreesWithSql(first)(p)));

    await query("DELETE FROM listings WHERE id = $1", [inserted!.id]);
    await untilEveryPortalAgrees(agreesWithSql(second));
    // Withdrawn: no longer at its price anywhere.
    expect(
      (await post(portals[0]!, "search/availableresults", { locations: [milano!.id], filters: { price_min: second, price_max: second } }))
        .total,
    ).toBe(0);
  }, 120_000);

  it("reloads the facts everywhere after a bulk load by another process", async () => {
    // The loader records one reset, not a row per listing; every portal reloads its facts.
    const other = target === "postgres" ? await openDatabase({ url: provisioned.url, dataDir: "" }) : portals[0]!.database;
    try {
      await loadDataset(other.db, { seed: "reloaded", count: 700, referenceDate: new Date("2026-11-01T00:00:00Z") });
    } finally {
      if (other !== portals[0]!.database) await other.close();
    }
    // On PGlite the load held this process's thread for seconds: let the server's overdue keep-alive
    // timers close idle sockets before fetch would reuse one (ECONNRESET otherwise).
    await new Promise((r) => setTimeout(r, 200));
    const [log] = await query<{ n: string }>("SELECT count(*)::text AS n FROM listing_changes WHERE listing_id IS NOT NULL");
    expect(log!.n).toBe("0");
    await untilEveryPortalAgrees(async (portal) => {
      for (const channel of ["vendita", "affitto"]) {
        const [truth] = await query<{ n: string }>(
          "SELECT count(*)::text AS n FROM listings WHERE channel = $1 AND property_type_group = 'case'",
          [channel],
        );
        const { total } = await post(portal, "search", { filters: { channel }, size: 1 });
        if (total !== Number(truth!.n)) return `${channel}: search total ${total} ≠ ${truth!.n}`;
      }
      return null;
    }, 20_000);
  }, 120_000);
});

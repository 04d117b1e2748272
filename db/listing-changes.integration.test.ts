/**
 * The change log and the in-memory facts following it: random inserts, updates (price, channel, town)
 * and deletes, through the repository API and through plain SQL, applied incrementally, then the
 * facts' totals against SQL's; a transaction that commits after a later one is not missed; a bulk
 * load leaves one reset. On PGlite and on the PostgreSQL server.
 */
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import pg from "pg";
import { Random } from "../core/random.ts";
import { parseSearch } from "../core/search/query.ts";
import { buildCriteria } from "./search-criteria.ts";
import { databaseTargets, useTestDataset } from "../test/databases.ts";
import { currentChangePosition, pruneListingChanges, readListingChanges, type ChangePosition } from "./listing-changes.ts";
import { ListingFacts } from "./listing-facts.ts";
import { publishListing, repriceListing, withdrawListing, expireListings, type NewListing } from "./listing-writes.ts";
import { sqlSearchBackend } from "./search-backend.ts";
import { getPlaceDirectory } from "./place-directory.ts";
import { countListingsInBySql } from "./places.ts";
import { placeKeyColumn } from "../core/search/filters.ts";

describe.each(databaseTargets)("listing changes on %s", (target) => {
  const dataset = useTestDataset(target);

  it("leaves one reset after a bulk load, not a row per listing", async () => {
    const { rows } = await sql<{ n: number; resets: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE listing_id IS NULL)::int AS resets FROM listing_changes`.execute(
      dataset().handle.db,
    );
    expect(rows[0]).toEqual({ n: 1, resets: 1 });
    const batch = await readListingChanges(dataset().handle.db, { seq: 0, running: [], xmax: "0" });
    expect(batch.reset).toBe(true);
  });

  it("prunes log rows older than the retention, keeping newer ones", async () => {
    await sql`INSERT INTO listing_changes (listing_id, changed_at) VALUES (1, now() - interval '2 hours'), (2, now())`.execute(
      dataset().handle.db,
    );
    expect(await pruneListingChanges(dataset().handle.db, 60 * 60_000)).toBe(1);
    const { rows } = await sql<{ listingId: number }>`SELECT listing_id FROM listing_changes WHERE listing_id IN (1, 2)`.execute(
      dataset().handle.db,
    );
    expect(rows.map((r) => Number(r.listingId))).toEqual([2]);
    await sql`DELETE FROM listing_changes WHERE listing_id = 2`.execute(dataset().handle.db);
  });

  it("keeps the facts equal to SQL through random inserts, updates and deletes", async () => {
    const db = dataset().handle.db;
    let position = await currentChangePosition(db);
    const facts = await ListingFacts.load(db);
    const random = new Random(`changes-${target}`);
    const towns = (
      await db
        .selectFrom("listings")
        .select("townId")
        .groupBy("townId")
        .orderBy((eb) => eb.fn.countAll(), "desc")
        .limit(8)
        .execute()
    ).map((r) => r.townId);
    // Metro stops and non-administrative zones: array columns, whose lists a move must keep up to date too.
    const arrayPlaces = (
      await sql<{ id: string }>`
        SELECT id FROM (SELECT unnest(metro_stop_ids || nonadmin_zone_ids) AS id FROM listings) p
        GROUP BY id ORDER BY count(*) DESC, id LIMIT 6`.execute(db)
    ).rows.map((r) => r.id);
    expect(arrayPlaces.length).toBeGreaterThan(0);
    // The busy towns' provinces and regions: a search in one of them walks its rows of the channel (the area lists).
    const areas = (
      await sql<{ id: string }>`
        SELECT DISTINCT unnest(ARRAY[province_id, region_id]) AS id FROM listings WHERE town_id = ANY(${towns.slice(0, 3)}) ORDER BY id`.execute(
        db,
      )
    ).rows.map((r) => r.id);
    expect(areas.length).toBeGreaterThanOrEqual(2);
    const template = async (): Promise<NewListing> => {
      const {
        id: _id,
        pricePerMq: _ppm,
        shownPrice: _shown,
        shownPricePerMq: _shownPpm,
        ...row
      } = await db.selectFrom("listings").selectAll().orderBy(sql`random()`).limit(1).executeTakeFirstOrThrow();
      return row;
    };
    const follow = async () => {
      const batch = await readListingChanges(db, position);
      expect(batch.reset).toBe(false);
      await facts.refresh(db, batch.ids);
      position = batch.next;
      return batch.ids.length;
    };
    // Areas around the busiest town, walked through the grid-cell lists that moves must keep up to date.
    const centre = await db.selectFrom("listings").select(["lat", "lon"]).where("townId", "=", towns[0]!).executeTakeFirstOrThrow();
    const check = async (round: number) => {
      const searches = [
        { channel: "vendita", geobounds: { bbox: [centre.lon - 0.1, centre.lat - 0.07, centre.lon + 0.1, centre.lat + 0.07] } },
        { channel: "vendita", geocircle: { circle: [{ distance: 4000, center: [centre.lat, centre.lon] }] } },
        {
          channel: "affitto",
          geopolygon: {
            polygon: [
              [centre.lat - 0.05, centre.lon - 0.08],
              [centre.lat + 0.06, centre.lon],
              [centre.lat - 0.04, centre.lon + 0.07],
            ],
          },
        },
        { channel: "vendita" },
        { channel: "affitto" },
        { channel: "vendita", price_max: 200_000 },
        { channel: "vendita", propertyTypeGroup: "case", mq_min: 80 },
        ...towns.slice(0, 4).map((t) => ({ channel: "vendita", __town: t })),
        ...towns.slice(0, 4).map((t) => ({ channel: "affitto", __town: t, price_min: 700 })),
        ...arrayPlaces.map((p) => ({ channel: "vendita", __town: p })),
        ...areas.flatMap((a) => [
          { channel: "vendita", __town: a },
          { channel: "affitto", __town: a, price_min: 700 },
          { channel: "vendita", propertyTypeGroup: "commerciale", __town: a },
        ]),
      ];
      for (const { __town, ...params } of searches as Array<Record<string, unknown> & { __town?: string }>) {
        const query = parseSearch(params, __town ? [__town] : []);
        const { criteria } = await buildCriteria(db, query);
        expect(facts.count(criteria), `round ${round}: ${JSON.stringify({ __town, ...params })}`).toBe(
          await sqlSearchBackend(db).count(criteria),
        );
      }
      const { n } = await db
        .selectFrom("listings")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(facts.size).toBe(Number(n));
      // The related places' counts: the busy towns, their zones and blocks, their province and region.
      const directory = await getPlaceDirectory(db);
      const places = towns
        .flatMap((t) => [
          ...directory.ancestors(t),
          directory.get(t)!,
          ...directory.children(t).flatMap((z) => [z, ...directory.children(z.id)]),
        ])
        .filter((p) => placeKeyColumn[p.level] !== undefined);
      for (const channel of [undefined, "vendita", "affitto"] as const) {
        const bySql = await countListingsInBySql(db, places, { channel });
        const byFacts = facts.countByPlace(places, channel)!;
        expect(
          places.map((p) => byFacts.get(p.id)),
          `round ${round}: place counts of ${channel ?? "every channel"}`,
        ).toEqual(places.map((p) => bySql.get(p.id) ?? 0));
      }
    };

    const copyColumns = sql.raw(
      (
        await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
      WHERE table_name = 'listings' AND is_generated = 'NEVER' AND column_name <> 'id' ORDER BY ordinal_position`.execute(db)
      ).rows
        .map((r) => r.c)
        .join(", "),
    );
    const published: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 15; i++) {
        const action = random.int(0, 5);
        if (action === 0) {
          const row = await template();
          published.push(await publishListing(db, { ...row, townId: row.townId, price: random.int(50, 900) * 1000 }));
        } else if (action === 1) {
          // Plain SQL, several rows in one statement: copies of random listings under new ids.
          await sql`INSERT INTO listings (id, ${copyColumns}) SELECT nextval('listing_ids'), ${copyColumns} FROM (SELECT * FROM listings ORDER BY random() LIMIT 3) l`.execute(
            db,
          );
        } else if (action === 2) {
          const { id } = await db.selectFrom("listings").select("id").orderBy(sql`random()`).limit(1).executeTakeFirstOrThrow();
          expect(await repriceListing(db, id, random.int(40, 800) * 1000)).toBe(true);
        } else if (action === 3) {
          // Moves between candidate lists: another channel, another town (with its province and region).
          const [a, b] = await db
            .selectFrom("listings")
            .select(["id", "townId", "provinceId", "regionId", "zoneId", "blockId", "nonadminZoneIds", "metroStopIds", "lat", "lon"])
            .orderBy(sql`random()`)
            .limit(2)
            .execute();
          await db
            .updateTable("listings")
            .set({
              channel: random.pick(["vendita", "affitto"]),
              townId: b!.townId,
              provinceId: b!.provinceId,
              regionId: b!.regionId,
              zoneId: b!.zoneId,
              blockId: b!.blockId,
              nonadminZoneIds: b!.nonadminZoneIds,
              metroStopIds: b!.metroStopIds,
              lat: b!.lat,
              lon: b!.lon,
            })
            .where("id", "=", a!.id)
            .execute();
        } else if (action === 4) {
          const { id } = await db.selectFrom("listings").select("id").orderBy(sql`random()`).limit(1).executeTakeFirstOrThrow();
          expect(await withdrawListing(db, id)).toBe(true);
        } else {
          const id = published.pop();
          if (id !== undefined) await withdrawListing(db, id);
        }
      }
      expect(await follow()).toBeGreaterThan(0);
      await check(round);
    }
    // Expiry removes many at once; the facts follow.
    const expired = await expireListings(db, new Date("2026-09-01T00:00:00Z"));
    expect(expired).toBeGreaterThan(0);
    expect(await follow()).toBe(expired);
    await check(99);
    expect(await repriceListing(db, -1, 1000)).toBe(false);
  });

  // Needs two connections at once: the server only (PGlite has one).
  if (target === "postgres")
    it("does not miss a change committed after a later one", async () => {
      const db = dataset().handle.db;
      let position: ChangePosition = await currentChangePosition(db);
      const [first, second] = (await db.selectFrom("listings").select("id").orderBy("id").limit(2).execute()).map((r) => r.id);
      const slow = new pg.Client({ connectionString: dataset().provisioned.url });
      const fast = new pg.Client({ connectionString: dataset().provisioned.url });
      await slow.connect();
      await fast.connect();
      try {
        // The slow transaction takes the lower sequence number, then commits last.
        await slow.query("BEGIN");
        await slow.query("UPDATE listings SET price = price + 1 WHERE id = $1", [first]);
        await fast.query("UPDATE listings SET price = price + 1 WHERE id = $1", [second]);
        let batch = await readListingChanges(db, position);
        expect(batch.ids).toEqual([second]);
        position = batch.next;
        expect(position.running.length).toBeGreaterThan(0);
        await slow.query("COMMIT");
        batch = await readListingChanges(db, position);
        expect(batch.ids).toEqual([first]);
        position = batch.next;
        batch = await readListingChanges(db, position);
        expect(batch.ids).toEqual([]);
        position = batch.next;

        // The slow transaction's id above the snapshot's xmax: the fast one took its id first and completed
        // last, so xmax (latest completed + 1) lies at or below the slow one's id and the snapshot does not list it.
        await fast.query("BEGIN");
        await fast.query("SELECT pg_current_xact_id()");
        await slow.query("BEGIN");
        await slow.query("UPDATE listings SET price = price + 1 WHERE id = $1", [first]);
        await fast.query("UPDATE listings SET price = price + 1 WHERE id = $1", [second]);
        await fast.query("COMMIT");
        batch = await readListingChanges(db, position);
        expect(batch.ids).toEqual([second]);
        position = batch.next;
        await slow.query("COMMIT");
        batch = await readListingChanges(db, position);
        expect(batch.ids).toEqual([first]);
      } finally {
        await slow.end();
        await fast.end();
      }
    });
});

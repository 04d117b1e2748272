/**
 * Loads the gazetteer and the demo data into the database in one transaction, so a database is
 * either complete (with a `dataset` row in `meta`) or untouched: an interrupted load leaves nothing
 * half-done, and the next start simply loads again.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import { PlaceLevel, type Place } from "../core/places.ts";
import { foldAccents } from "../core/text.ts";
import { forgetListingFacts } from "../db/listing-facts.ts";
import { resumeListingChangesWithReset, suspendListingChanges } from "../db/listing-changes.ts";
import { resumeListingEventsAfterReload, suspendListingEvents } from "../db/listing-events.ts";
import type { Database, JsonInsertRow } from "../db/schema.ts";
import { DemoContext, type DemoOptions } from "./demo/generator.ts";
import { buildGazetteer } from "./gazetteer.ts";
import { readStreetData, streetTableRows } from "./streets.ts";

/** Bump when the gazetteer or the generator changes, so existing databases are rebuilt. */
export const DATASET_VERSION = 7;

export interface DatasetInfo {
  version: number;
  seed: string;
  count: number;
  referenceDate: string;
  places: number;
  listings: number;
  loadedAt: string;
}

export type ProgressListener = (phase: string, done: number, total: number) => void;

const BATCH = 2000;

/** The dataset currently loaded, or null when the database holds none (or an outdated one). */
export async function readDatasetInfo(db: Kysely<Database>): Promise<DatasetInfo | null> {
  const row = await db.selectFrom("meta").select("value").where("key", "=", "dataset").executeTakeFirst();
  const info = (row?.value ?? null) as DatasetInfo | null;
  return info && info.version === DATASET_VERSION ? info : null;
}

/** Inserts rows (snake_case keys; every row has the first row's keys) as one JSON parameter. */
async function insertJson<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly JsonInsertRow<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(Object.keys(rows[0]!).map((c) => sql.ref(c)));
  await sql`INSERT INTO ${sql.table(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
    trx,
  );
}

export function placeRow(p: Place): JsonInsertRow<"places"> {
  return {
    id: p.id,
    level: p.level,
    type: p.type,
    name: p.name,
    name_en: p.nameEn,
    name_alt: p.nameAlt,
    slug: p.slug,
    qslug: p.qslug,
    hkey: p.hkey,
    parent_hkey: p.parentHkey,
    parent_id: p.parentId,
    region_code: p.regionCode,
    province_code: p.provinceCode,
    istat_code: p.istatCode,
    short: p.short,
    population: p.population,
    lat: p.lat,
    lon: p.lon,
    bbox_min_lon: p.bbox[0],
    bbox_min_lat: p.bbox[1],
    bbox_max_lon: p.bbox[2],
    bbox_max_lat: p.bbox[3],
    zoom: p.zoom,
    geometry: p.geometry ? JSON.stringify(p.geometry) : null,
    extra: p.extra,
    search_name: foldAccents([p.name, p.nameAlt, p.nameEn].filter(Boolean).join(" ")).toLowerCase(),
  };
}

/** Replaces every place, publisher, POI and listing with a freshly generated dataset. */
export async function loadDataset(
  db: Kysely<Database>,
  options: DemoOptions,
  onProgress: ProgressListener = () => {},
  geoDir?: string,
): Promise<DatasetInfo> {
  const places = buildGazetteer(geoDir);
  const streetData = readStreetData();
  const context = new DemoContext(places, options, streetData);
  const townIds = new Map(places.filter((p) => p.level === PlaceLevel.town && p.istatCode).map((p) => [p.istatCode!, p.id]));
  const streetRows = streetTableRows(streetData, (istat) => townIds.get(istat));
  const loaded = await db.transaction().execute(async (trx) => {
    await sql`TRUNCATE listings, pois, publishers, places, streets, house_numbers`.execute(trx);
    // Not one log row per listing: followers get a single reset and reload (docs/decisions/050).
    await suspendListingChanges(trx);
    // Nor an alert event per demo listing (docs/decisions/085).
    await suspendListingEvents(trx);
    await trx.deleteFrom("meta").where("key", "=", "dataset").execute();

    for (let i = 0; i < places.length; i += 500) {
      await insertJson(trx, "places", places.slice(i, i + 500).map(placeRow));
      onProgress("luoghi", Math.min(i + 500, places.length), places.length);
    }
    for (let i = 0; i < streetRows.streets.length; i += BATCH * 5)
      await insertJson(trx, "streets", streetRows.streets.slice(i, i + BATCH * 5));
    for (let i = 0; i < streetRows.houseNumbers.length; i += BATCH * 5)
      await insertJson(trx, "houseNumbers", streetRows.houseNumbers.slice(i, i + BATCH * 5));
    onProgress("strade", streetRows.streets.length, streetRows.streets.length);
    const pois = context.generatePois(places);
    for (let i = 0; i < pois.length; i += BATCH * 5) await insertJson(trx, "pois", pois.slice(i, i + BATCH * 5));
    onProgress("punti di interesse", pois.length, pois.length);
    const agencies = context.generateAgencies();
    for (let i = 0; i < agencies.length; i += BATCH * 5) await insertJson(trx, "publishers", agencies.slice(i, i + BATCH * 5));

    let done = 0;
    for (const batch of context.generateListings(BATCH)) {
      await insertJson(trx, "publishers", batch.publishers);
      await insertJson(trx, "listings", batch.listings);
      done += batch.listings.length;
      onProgress("annunci", done, options.count);
    }
    const info: DatasetInfo = {
      version: DATASET_VERSION,
      seed: options.seed,
      count: options.count,
      referenceDate: options.referenceDate.toISOString(),
      places: places.length,
      listings: done,
      loadedAt: new Date().toISOString(),
    };
    await trx
      .insertInto("meta")
      .values({ key: "dataset", value: JSON.stringify(info) })
      .execute();
    await resumeListingChangesWithReset(trx);
    await resumeListingEventsAfterReload(trx);
    return info;
  });
  // Fresh statistics for the planner and a visibility map for index-only counts (outside the transaction).
  await sql`VACUUM ANALYZE places, pois, publishers, listings, streets, house_numbers`.execute(db);
  forgetListingFacts(db);
  return loaded;
}

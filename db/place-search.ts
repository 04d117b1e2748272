/**
 * The places API's data access (issue 3 part 6): autocomplete over an in-memory index of every place
 * (core/places-suggest.ts) with listing counts per channel refreshed in the background, street
 * suggestions from the streets listings use, a place by id, a place's children with filtered counts,
 * and the places containing a point. See docs/decisions/015-place-suggest.md and 016-reverse-geocoding.md.
 */
import { sql, type Kysely } from "kysely";
import { bboxContains, containsPoint, type BBox, type Geometry } from "../core/geo.ts";
import { PlaceLevel } from "../core/places.ts";
import { IN_VIEW_BOOST, isStreetQuery, normalizeQuery, splitStreetNumber, SuggestIndex, MatchKind } from "../core/places-suggest.ts";
import { selectAsJsonRows } from "./json-rows.ts";
import { getPlaceDirectory, type DirectoryPlace, type PlaceDirectory } from "./place-directory.ts";
import { countListingsIn, placeSummaryColumns, toPlaceSummary, type PlaceSummary } from "./places.ts";
import { ReloadingValue } from "./reloading-value.ts";
import { nearestHouseNumber, type HouseNumberPoint } from "../core/search/house-number.ts";
import { StreetTable, type StreetEntry, type StreetRow } from "./street-table.ts";
import type { Database } from "./schema.ts";

export type SuggestChannel = "vendita" | "affitto" | "affitto-breve";

/** Levels offered by default, and those a caller may add with `extraLevels`. */
export const defaultSuggestLevels = [
  PlaceLevel.region,
  PlaceLevel.province,
  PlaceLevel.town,
  PlaceLevel.zone,
  PlaceLevel.block,
  PlaceLevel.nonAdminZone,
] as const;
export const extraSuggestLevels = [PlaceLevel.metroLine, PlaceLevel.metroStop, PlaceLevel.nonAdminSubZone] as const;
/** Places that have a landing page of their own (`isLanding`). */
const landingLevels: readonly number[] = [PlaceLevel.region, PlaceLevel.province, PlaceLevel.town];

/**
 * Counts used for ranking and display are reloaded this often, and also after listings change
 * (`invalidatePlaceCounts`, at most once per `PLACE_COUNTS_MIN_RELOAD_MS`).
 */
export const SUGGEST_COUNTS_TTL_MS = 5 * 60_000;
export const PLACE_COUNTS_MIN_RELOAD_MS = 1000;

export interface SuggestedPlaceRow {
  id: string;
  name: string;
  label: string;
  level: number;
  type: string;
  slug: string;
  qslug: string;
  hkey: string;
  parent: { id: string; name: string; short: string | null } | null;
  /** The town a sub-town place or street belongs to (the town itself for towns). */
  town: { id: string; name: string; qslug: string } | null;
  lat: number;
  lon: number;
  count: number;
}

export interface SuggestOptions {
  channel?: SuggestChannel;
  propertyTypeGroup?: string;
  publisherId?: number;
  extraLevels?: number[];
  isLanding?: boolean;
  size?: number;
  /** A map's view [west, south, east, north]: places and streets of the towns in it come first (docs/decisions/080). */
  view?: BBox;
}

export interface SuggestResult {
  /** "address" when the query starts with a street word (via, viale, piazza, corso, strada, vicolo). */
  kind: "place" | "address";
  data: SuggestedPlaceRow[];
}

interface CountTable {
  byChannel: Record<SuggestChannel | "all", Map<string, number>>;
}

class PlaceSearch {
  readonly directory: PlaceDirectory;
  readonly index: SuggestIndex;
  readonly counts: ReloadingValue<CountTable>;
  readonly streets: ReloadingValue<Streets>;

  constructor(db: Kysely<Database>, directory: PlaceDirectory, alternates: Map<string, string>) {
    this.directory = directory;
    const entries = [];
    for (const level of [...defaultSuggestLevels, ...extraSuggestLevels]) {
      for (const p of directory.atLevel(level)) {
        const names = [p.name, p.nameEn, alternates.get(p.id)].filter((n): n is string => Boolean(n));
        entries.push({ id: p.id, level: p.level, names, population: p.population ?? 0 });
      }
    }
    this.index = new SuggestIndex(entries);
    const minReloadMs = PLACE_COUNTS_MIN_RELOAD_MS;
    this.counts = new ReloadingValue(() => loadCounts(db, directory), { ttlMs: SUGGEST_COUNTS_TTL_MS, minReloadMs });
    this.streets = new ReloadingValue(() => loadStreets(db, directory), { ttlMs: 3 * SUGGEST_COUNTS_TTL_MS, minReloadMs });
  }
}

/**
 * Listing counts of every place per channel from one grouped scan of the listings (by channel, town,
 * zone, block and the non-administrative zone and metro stop lists), rolled up here to provinces,
 * regions and metro lines (a listing near two stops of a line counts once for the line).
 */
async function loadCounts(db: Kysely<Database>, directory: PlaceDirectory): Promise<CountTable> {
  const rows = await sql<{
    channel: string;
    townId: string;
    zoneId: string | null;
    blockId: string | null;
    nonadmin: string[] | null;
    metro: string[] | null;
    n: number;
  }>`
    SELECT channel, town_id AS "townId", zone_id AS "zoneId", block_id AS "blockId",
      nonadmin_zone_ids AS nonadmin, metro_stop_ids AS metro, count(*)::int AS n
    FROM listings GROUP BY 1, 2, 3, 4, 5, 6`.execute(db);
  const byChannel: CountTable["byChannel"] = { vendita: new Map(), affitto: new Map(), "affitto-breve": new Map(), all: new Map() };
  const ancestorsOfTown = new Map<string, string[]>();
  for (const r of rows.rows) {
    const n = Number(r.n);
    const channel = byChannel[r.channel as SuggestChannel];
    let townChain = ancestorsOfTown.get(r.townId);
    if (!townChain) {
      townChain = [
        r.townId,
        ...directory
          .ancestors(r.townId)
          .map((p) => p.id)
          .filter((id) => id !== "IT"),
      ];
      ancestorsOfTown.set(r.townId, townChain);
    }
    const ids = [...townChain];
    if (r.zoneId) ids.push(r.zoneId);
    if (r.blockId) ids.push(r.blockId);
    for (const id of r.nonadmin ?? []) ids.push(id);
    const lines = new Set<string>();
    for (const id of r.metro ?? []) {
      ids.push(id);
      const line = directory.get(id)?.parentId;
      if (line) lines.add(line);
    }
    ids.push(...lines);
    for (const id of ids) {
      channel?.set(id, (channel.get(id) ?? 0) + n);
      byChannel.all.set(id, (byChannel.all.get(id) ?? 0) + n);
    }
  }
  return { byChannel };
}

/**
 * Every street of the address search: the real streets of data/streets (table `streets`, with or without
 * listings; a Milano street's point is the mean of its house numbers) and the streets listings use, with
 * how many listings each has. A street with no point of its own is centred on its listings (docs/decisions/048);
 * a real street with neither has no point (NaN) and a pick searches its town (docs/decisions/111).
 */
async function loadStreets(db: Kysely<Database>, directory: PlaceDirectory): Promise<Streets> {
  // lat/lon hold each listing's public point (approximate listings on their grid, docs/decisions/038),
  // so a street with one such listing does not reveal where it is. Rounded to 6 decimals: the centre travels in URLs.
  const [streetRows, realRows] = await Promise.all([
    sql<{ townId: string; street: string; n: number; lat: number; lon: number }>`
      SELECT town_id AS "townId", street, count(*)::int AS n,
        round(avg(lat)::numeric, 6)::float8 AS lat, round(avg(lon)::numeric, 6)::float8 AS lon
      FROM listings WHERE street <> '' GROUP BY 1, 2`.execute(db),
    selectAsJsonRows(db, db.selectFrom("streets").select(["townId", "streetKey", "name", "lat", "lon"])),
  ]);
  const numbered = new Set(
    (await db.selectFrom("houseNumbers").select(["townId", "streetKey"]).distinct().execute()).map((r) => `${r.townId}|${r.streetKey}`),
  );
  const byKey = new Map<string, StreetRow>();
  const townKeys = new Map<string, string>();
  const townKeyOf = (townId: string): string | null => {
    const town = directory.get(townId);
    if (!town) return null;
    let townKey = townKeys.get(town.id);
    if (townKey === undefined) townKeys.set(town.id, (townKey = normalizeQuery(town.name)));
    return townKey;
  };
  for (const r of realRows) {
    const townKey = townKeyOf(r.townId);
    if (townKey === null) continue;
    byKey.set(`${r.townId}|${r.streetKey}`, {
      townId: r.townId,
      street: r.name,
      streetKey: r.streetKey,
      townKey,
      count: 0,
      lat: r.lat ?? Number.NaN,
      lon: r.lon ?? Number.NaN,
    });
  }
  for (const r of streetRows.rows) {
    const townKey = townKeyOf(r.townId);
    if (townKey === null) continue;
    const streetKey = normalizeQuery(r.street);
    const real = byKey.get(`${r.townId}|${streetKey}`);
    if (real) {
      real.count += Number(r.n);
      if (Number.isNaN(real.lat)) {
        real.lat = Number(r.lat);
        real.lon = Number(r.lon);
      }
      continue;
    }
    byKey.set(`${r.townId}|${streetKey}`, {
      townId: r.townId,
      street: r.street,
      streetKey,
      townKey,
      count: Number(r.n),
      lat: Number(r.lat),
      lon: Number(r.lon),
    });
  }
  const rows = [...byKey.values()];
  return { all: new StreetTable(rows), numbered: new StreetTable(rows.filter((r) => numbered.has(`${r.townId}|${r.streetKey}`))) };
}

/** Every street, and apart the streets with house numbers (an address typed with a number looks there first). */
interface Streets {
  all: StreetTable;
  numbered: StreetTable;
}

const searches = new WeakMap<Kysely<Database>, Promise<PlaceSearch>>();

function getPlaceSearch(db: Kysely<Database>): Promise<PlaceSearch> {
  let search = searches.get(db);
  if (!search) {
    search = (async () => {
      const [directory, alternates] = await Promise.all([
        getPlaceDirectory(db),
        db.selectFrom("places").select(["id", "nameAlt"]).where("nameAlt", "is not", null).execute(),
      ]);
      return new PlaceSearch(db, directory, new Map(alternates.map((r) => [r.id, r.nameAlt!])));
    })();
    search.catch(() => searches.delete(db));
    searches.set(db, search);
  }
  return search;
}

/**
 * Listings changed: the place counts reload in the background (server/listing-follower.ts). Street
 * names keep their own schedule (3 × SUGGEST_COUNTS_TTL_MS): their scan is the costlier one.
 */
export function invalidatePlaceCounts(db: Kysely<Database>): void {
  searches.get(db)?.then(
    (s) => s.counts.invalidate(),
    () => {},
  );
}

/**
 * Builds the index and loads the counts ahead of the first keystroke (about 2 s on the embedded
 * default data); safe to call any number of times, never throws.
 */
export function warmPlaceSearch(db: Kysely<Database>): void {
  getPlaceSearch(db)
    .then((s) => Promise.all([s.counts.get(), s.streets.get()]))
    .catch(() => {});
}

/**
 * "Milano (MI)", "Milano (provincia)", "Lombardia (regione)", "Brera, Milano", "M1 Milano",
 * "Duomo, M1 Milano" (a stop on several lines is one entry per line); streets "Via Roma, Milano (MI)".
 */
function labelOf(p: DirectoryPlace, town: DirectoryPlace | undefined, parent: DirectoryPlace | undefined): string {
  switch (p.level) {
    case PlaceLevel.town:
      return p.short ? `${p.name} (${p.short})` : p.name;
    case PlaceLevel.province:
      return `${p.name} (provincia)`;
    case PlaceLevel.region:
      return `${p.name} (regione)`;
    case PlaceLevel.nonAdminZone:
      return p.name;
    case PlaceLevel.metroStop:
      return parent ? `${p.name}, ${parent.name}` : p.name;
    default:
      if (!town || town.id === p.id || p.name.endsWith(town.name)) return p.name;
      return `${p.name}, ${town.name}`;
  }
}

function rowOf(directory: PlaceDirectory, p: DirectoryPlace, count: number): SuggestedPlaceRow {
  const parent = p.parentId ? directory.get(p.parentId) : undefined;
  const town = directory.ancestorAt(p.id, PlaceLevel.town);
  return {
    id: p.id,
    name: p.name,
    label: labelOf(p, town, parent),
    level: p.level,
    type: p.type,
    slug: p.slug,
    qslug: p.qslug,
    hkey: p.hkey,
    parent: parent && parent.level > PlaceLevel.country ? { id: parent.id, name: parent.name, short: parent.short } : null,
    town: town ? { id: town.id, name: town.name, qslug: town.qslug } : null,
    lat: p.lat,
    lon: p.lon,
    count,
  };
}

/** Autocomplete: at most `size` (default 5) places, or streets for an address query. */
export async function suggestPlaces(db: Kysely<Database>, qs: string, options: SuggestOptions = {}): Promise<SuggestResult> {
  const size = options.size ?? 5;
  const search = await getPlaceSearch(db);
  const counts = (await search.counts.get()).byChannel[options.channel ?? "all"];
  const levels = new Set<number>([...defaultSuggestLevels, ...(options.extraLevels ?? [])]);
  const accept = (e: { level: number }) => levels.has(e.level) && (!options.isLanding || landingLevels.includes(e.level));
  const street = isStreetQuery(qs);
  // "via roma 12": the street is matched without its number (seed 000 §5).
  const split = street ? splitStreetNumber(qs) : null;
  // After a final house number the street's name is complete: "via roma 12" is not "via romagna".
  const streetText = split?.number && /\d\S*\s*$/.test(qs) ? `${split.street} ` : (split?.street ?? qs);
  const inView = options.view ? placesInView(search.directory, options.view) : null;
  const matches = search.index.search(qs, {
    limit: size,
    accept,
    countOf: (id) => counts.get(id) ?? 0,
    boostOf: inView ? (id) => (inView.places(id) ? IN_VIEW_BOOST : 0) : undefined,
  });

  let rows: SuggestedPlaceRow[];
  if (street) {
    // "Piazza Armerina" is a town: exact and prefix place matches come first, then streets.
    // Only names that go on past the street word ("via " is not the start of "Viadana").
    const q = normalizeQuery(streetText);
    const places = matches
      .filter((m) => m.kind <= MatchKind.prefix && q.includes(" "))
      .map((m) => rowOf(search.directory, search.directory.get(m.id)!, counts.get(m.id) ?? 0))
      .filter((r) => normalizeQuery(r.name).startsWith(q));
    const streets = await search.streets.get();
    const limit = size - places.length;
    let found = matchStreets(search.directory, streets.all, streetText, limit, inView?.towns);
    if (split?.number) {
      // An address that can be placed at its house number comes first ('via torino 21': Milano's, docs/decisions/111).
      const numbered = await atHouseNumbers(
        db,
        matchStreets(search.directory, streets.numbered, streetText, limit, inView?.towns),
        split.number,
      );
      const ids = new Set(numbered.map((r) => r.id.split(":").slice(0, 3).join(":")));
      found = [...numbered, ...found.filter((r) => !ids.has(r.id))].slice(0, Math.max(0, limit));
    }
    rows = [...places, ...found];
  } else {
    rows = matches.map((m) => rowOf(search.directory, search.directory.get(m.id)!, counts.get(m.id) ?? 0));
  }
  if (options.propertyTypeGroup || options.publisherId !== undefined) {
    const live = await countListingsIn(
      db,
      rows.filter((r) => r.type !== "street"),
      {
        channel: options.channel,
        propertyTypeGroup: options.propertyTypeGroup,
        publisherId: options.publisherId,
      },
    );
    rows = rows.map((r) => (r.type === "street" ? r : { ...r, count: live.get(r.id) ?? 0 }));
  }
  return { kind: street ? "address" : "place", data: rows };
}

/**
 * The towns a map's view shows (their boxes meet it), ranked 2 when the view's centre is in its box (the
 * town the map is on) and 1 otherwise, and a test for any place: in view when it is one of those towns or
 * lies in one (a zone, a block, a metro stop). Provinces and regions are not boosted.
 */
function placesInView(directory: PlaceDirectory, view: BBox): { towns: ReadonlyMap<string, number>; places(id: string): boolean } {
  const meets = (b: BBox) => b[0] <= view[2] && b[2] >= view[0] && b[1] <= view[3] && b[3] >= view[1];
  const [lon, lat] = [(view[0] + view[2]) / 2, (view[1] + view[3]) / 2];
  const towns = new Map<string, number>();
  for (const t of directory.atLevel(PlaceLevel.town)) if (meets(t.bbox)) towns.set(t.id, bboxContains(t.bbox, lon, lat) ? 2 : 1);
  return {
    towns,
    places: (id) => {
      const town = directory.ancestorAt(id, PlaceLevel.town);
      return town ? towns.has(town.id) : false;
    },
  };
}

function matchStreets(
  directory: PlaceDirectory,
  streets: StreetTable,
  qs: string,
  limit: number,
  townRanks?: ReadonlyMap<string, number>,
): SuggestedPlaceRow[] {
  if (limit <= 0) return [];
  // A trailing space is a word boundary: "via " is not "viale".
  const q = normalizeQuery(qs) + (/\s$/.test(qs) ? " " : "");
  const found = streets.withPrefix(q, limit, townRanks);
  return found.map((s) => {
    const town = directory.get(s.townId)!;
    // A real street with no point (no house numbers, no listings): its town's centre (docs/decisions/111).
    const located = !Number.isNaN(s.lat);
    return {
      id: streetId(s),
      name: s.street,
      label: `${s.street}, ${town.name}${town.short ? ` (${town.short})` : ""}`,
      level: PlaceLevel.other,
      type: "street",
      slug: s.streetKey.replace(/ /g, "-"),
      qslug: town.qslug,
      hkey: town.hkey,
      parent: { id: town.id, name: town.name, short: town.short },
      town: { id: town.id, name: town.name, qslug: town.qslug },
      lat: located ? s.lat : town.lat,
      lon: located ? s.lon : town.lon,
      count: s.count,
    };
  });
}

/** The real house numbers of these streets (Milano's, table house_numbers), by "townId|streetKey". */
async function houseNumbersOf(
  db: Kysely<Database>,
  streets: readonly { townId: string; streetKey: string }[],
): Promise<Map<string, HouseNumberPoint[]>> {
  const byStreet = new Map<string, HouseNumberPoint[]>();
  if (streets.length === 0) return byStreet;
  const rows = await db
    .selectFrom("houseNumbers")
    .select(["townId", "streetKey", "number", "numberFull", "lat", "lon"])
    .where((eb) => eb.or(streets.map((s) => eb.and([eb("townId", "=", s.townId), eb("streetKey", "=", s.streetKey)]))))
    .execute();
  for (const r of rows) {
    const key = `${r.townId}|${r.streetKey}`;
    const list = byStreet.get(key) ?? [];
    if (list.length === 0) byStreet.set(key, list);
    list.push({ number: r.number, numberFull: r.numberFull, lat: r.lat, lon: r.lon });
  }
  return byStreet;
}

/** "via torino 21": each suggested street with real house numbers becomes that number (or the nearest one) at its point. */
async function atHouseNumbers(db: Kysely<Database>, rows: SuggestedPlaceRow[], typed: string): Promise<SuggestedPlaceRow[]> {
  const streets = rows.map((r) => ({ townId: r.town!.id, streetKey: r.slug.replace(/-/g, " ") }));
  const numbers = await houseNumbersOf(db, streets);
  return rows.map((r, i) => {
    const house = nearestHouseNumber(numbers.get(`${streets[i]!.townId}|${streets[i]!.streetKey}`) ?? [], typed);
    if (!house) return r;
    const name = `${r.name} ${house.numberFull}`;
    return {
      ...r,
      id: `${r.id}:${house.numberFull}`,
      name,
      label: `${name}${r.label.slice(r.name.length)}`,
      lat: house.lat,
      lon: house.lon,
    };
  });
}

/** "street:{townId}:{street-key}": what the autocomplete returns for a street and /ricerca/ accepts. */
function streetId(s: Pick<StreetEntry, "townId" | "streetKey">): string {
  return `street:${s.townId}:${s.streetKey.replace(/ /g, "-")}`;
}

export interface StreetPlace {
  id: string;
  /** "Via Roma", "Via Torino 21" */
  name: string;
  /** "Via Roma, Milano" */
  label: string;
  townId: string;
  /** False for a real street with no point (no house numbers, no listings): a pick searches its town (docs/decisions/111). */
  located: boolean;
  lat: number;
  lon: number;
}

function streetPlace(directory: PlaceDirectory, s: StreetEntry, house?: HouseNumberPoint): StreetPlace {
  const town = directory.get(s.townId);
  const name = house ? `${s.street} ${house.numberFull}` : s.street;
  const located = house !== undefined || !Number.isNaN(s.lat);
  return {
    id: house ? `${streetId(s)}:${house.numberFull}` : streetId(s),
    name,
    label: town ? `${name}, ${town.name}` : name,
    townId: s.townId,
    located,
    lat: house?.lat ?? (located ? s.lat : (town?.lat ?? 0)),
    lon: house?.lon ?? (located ? s.lon : (town?.lon ?? 0)),
  };
}

/**
 * The street with this suggest id ("street:{townId}:{street-key}", or with a house number
 * "street:{townId}:{street-key}:{number}": that number's point, else the nearest number's, else the
 * street's), or null when neither the data nor any listing has it.
 */
export async function findStreet(db: Kysely<Database>, id: string): Promise<StreetPlace | null> {
  if (!id.startsWith("street:")) return null;
  const search = await getPlaceSearch(db);
  const [townId, slug, number] = id.slice("street:".length).split(":");
  if (!townId || !slug) return null;
  const streets = (await search.streets.get()).all;
  const found = streets.find(townId, (streetKey) => streetKey.replace(/ /g, "-") === slug);
  if (!found) return null;
  if (number) {
    const numbers = await houseNumbersOf(db, [found]);
    const house = nearestHouseNumber(numbers.get(`${found.townId}|${found.streetKey}`) ?? [], number);
    if (house) return streetPlace(search.directory, found, house);
  }
  return streetPlace(search.directory, found);
}

/**
 * The street or house number whose point this is (within a metre), or null: names a circle search made
 * from an address pick ("entro 500 m da Via Roma, Milano") without carrying a label in the URL.
 */
export async function streetAtPoint(db: Kysely<Database>, lat: number, lon: number): Promise<StreetPlace | null> {
  const search = await getPlaceSearch(db);
  const streets = (await search.streets.get()).all;
  const house = await db
    .selectFrom("houseNumbers")
    .select(["townId", "streetKey", "number", "numberFull", "lat", "lon"])
    .where("lat", ">=", lat - 1e-5)
    .where("lat", "<=", lat + 1e-5)
    .where("lon", ">=", lon - 1e-5)
    .where("lon", "<=", lon + 1e-5)
    .orderBy("number")
    .limit(1)
    .executeTakeFirst();
  if (house) {
    const street = streets.find(house.townId, (key) => key === house.streetKey);
    if (street) return streetPlace(search.directory, street, house);
  }
  const best = streets.atPoint(lat, lon, 1e-5);
  return best ? streetPlace(search.directory, best) : null;
}

/**
 * Free text from the no-JavaScript search form → the best place: the first place suggestion (for an
 * address, the street's town with the street), or null when nothing matches. Used by /cerca/ and the results route.
 */
export async function resolvePlaceQuery(
  db: Kysely<Database>,
  text: string,
  options: { channel?: SuggestChannel } = {},
): Promise<{ id: string; name: string; level: number; type: string; qslug: string; street?: StreetPlace } | null> {
  if (!normalizeQuery(text)) return null;
  const { data } = await suggestPlaces(db, text.slice(0, 100), { channel: options.channel, size: 1 });
  const top = data[0];
  if (!top) return null;
  if (top.type === "street") {
    // The street's town, and the street itself: the caller searches around it.
    const search = await getPlaceSearch(db);
    const town = search.directory.get(top.town!.id)!;
    const street = (await findStreet(db, top.id)) ?? undefined;
    return { id: town.id, name: town.name, level: town.level, type: town.type, qslug: town.qslug, ...(street ? { street } : {}) };
  }
  return { id: top.id, name: top.name, level: top.level, type: top.type, qslug: top.qslug };
}

export { countListingsIn, type ListingCountFilter } from "./places.ts";

/** The place with this id as a PlaceSummary (for the Location presenter), or null. */
export async function findPlaceById(db: Kysely<Database>, id: string, channel?: SuggestChannel): Promise<PlaceSummary | null> {
  const rows = await placeSummaries(db, [id]);
  const place = rows[0];
  if (!place) return null;
  const counts = await countListingsIn(db, [place], { channel });
  return { ...place, count: counts.get(place.id) ?? 0 };
}

async function placeSummaries(db: Kysely<Database>, ids: string[]): Promise<PlaceSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("places as p")
    .select(placeSummaryColumns)
    .select((eb) => eb.exists(eb.selectFrom("places as c").select("c.id").whereRef("c.parentId", "=", "p.id")).as("hasChildren"))
    .where("p.id", "in", ids)
    .execute();
  return rows.map(({ hasChildren, ...r }) => toPlaceSummary(r, 0, Boolean(hasChildren)));
}

/** Levels whose boundaries the reverse look-up tests, most specific first. */
const polygonLevels = [PlaceLevel.nonAdminSubZone, PlaceLevel.block, PlaceLevel.zone, PlaceLevel.nonAdminZone, PlaceLevel.town] as const;

/**
 * Every place whose boundary contains the point, most specific first (block, zone, non-administrative
 * zone, town), followed by the town's province, region and the country. Empty outside Italy.
 * Candidates come from the bounding boxes; only their polygons are parsed (at most a handful).
 */
export async function placesContainingPoint(db: Kysely<Database>, lat: number, lon: number): Promise<PlaceSummary[]> {
  const candidates = await db
    .selectFrom("places")
    .select(["id", "level", "geometry"])
    .where("level", "in", [...polygonLevels])
    .where("geometry", "is not", null)
    .where("bboxMinLon", "<=", lon)
    .where("bboxMaxLon", ">=", lon)
    .where("bboxMinLat", "<=", lat)
    .where("bboxMaxLat", ">=", lat)
    .limit(200)
    .execute();
  const inside = candidates.filter((c) => {
    try {
      return containsPoint(JSON.parse(c.geometry!) as Geometry, lon, lat);
    } catch {
      return false;
    }
  });
  const town = inside.find((c) => c.level === PlaceLevel.town);
  if (!town) return [];
  const directory = await getPlaceDirectory(db);
  const ancestors = directory
    .ancestors(town.id)
    .reverse()
    .map((p) => p.id);
  const ordered = [...inside].sort((a, b) => polygonLevels.indexOf(a.level as never) - polygonLevels.indexOf(b.level as never));
  const ids = [...ordered.map((c) => c.id), ...ancestors];
  const summaries = new Map((await placeSummaries(db, ids)).map((p) => [p.id, p]));
  // Counts from the same per-place table the autocomplete uses (all channels), so the map's "is this
  // still my place?" check and the suggest list agree.
  const counts = (await (await getPlaceSearch(db)).counts.get()).byChannel.all;
  return ids
    .map((id) => summaries.get(id))
    .filter((p): p is PlaceSummary => p !== undefined)
    .map((p) => ({ ...p, count: counts.get(p.id) ?? 0 }));
}

/**
 * An address geocoded from the street table (the streets listings use, docs/decisions/096): the street's
 * centre in that town, or null when the town has no such street. Publishers that send no coordinates get this point.
 */
export async function geocodeStreet(db: Kysely<Database>, townId: string, street: string): Promise<{ lat: number; lon: number } | null> {
  const key = normalizeQuery(street);
  if (!key) return null;
  const found = (await (await getPlaceSearch(db)).streets.get()).all.find(townId, (streetKey) => streetKey === key);
  // A real street with neither house numbers nor listings has no point (docs/decisions/111).
  return found && Number.isFinite(found.lat) && Number.isFinite(found.lon) ? { lat: found.lat, lon: found.lon } : null;
}

/** The polygon-level places of a directory on a grid of their bounding boxes (cells of 0.1°). */
class BboxGrid {
  static readonly CELL = 0.1;
  readonly #cells = new Map<number, DirectoryPlace[]>();

  constructor(places: Iterable<DirectoryPlace>) {
    for (const p of places) {
      const [w, s, e, n] = p.bbox;
      if (![w, s, e, n].every(Number.isFinite) || w > e || s > n) continue;
      for (let r = Math.floor(s / BboxGrid.CELL); r <= Math.floor(n / BboxGrid.CELL); r++) {
        for (let c = Math.floor(w / BboxGrid.CELL); c <= Math.floor(e / BboxGrid.CELL); c++) {
          const key = r * 10_000 + c;
          const cell = this.#cells.get(key);
          if (cell) cell.push(p);
          else this.#cells.set(key, [p]);
        }
      }
    }
  }

  /** The places whose bounding box contains the point. */
  at(lon: number, lat: number): DirectoryPlace[] {
    const cell = this.#cells.get(Math.floor(lat / BboxGrid.CELL) * 10_000 + Math.floor(lon / BboxGrid.CELL)) ?? [];
    return cell.filter((p) => p.bbox[0] <= lon && lon <= p.bbox[2] && p.bbox[1] <= lat && lat <= p.bbox[3]);
  }
}

const polygonGrids = new WeakMap<PlaceDirectory, BboxGrid>();

function polygonGrid(directory: PlaceDirectory): BboxGrid {
  let grid = polygonGrids.get(directory);
  if (!grid) {
    grid = new BboxGrid(polygonLevels.flatMap((level) => directory.atLevel(level)));
    polygonGrids.set(directory, grid);
  }
  return grid;
}

/** Parsed boundaries by place id, for places checked often (a feed's thousands of points in a few towns). */
const boundaryCaches = new WeakMap<Kysely<Database>, Map<string, Geometry | null>>();
const BOUNDARY_CACHE_MAX = 2_000;

/**
 * The places whose boundary contains the point, of the levels `placesContainingPoint` tests, as directory
 * entries (no counts): what a listing written at this point is filed under. Boundaries are parsed once per
 * process (places change only with a dataset reload, which restarts it). Empty outside every town.
 */
export async function placesAtPoint(db: Kysely<Database>, lat: number, lon: number): Promise<DirectoryPlace[]> {
  let cache = boundaryCaches.get(db);
  if (!cache) boundaryCaches.set(db, (cache = new Map()));
  const directory = await getPlaceDirectory(db);
  // Candidates by bounding box from the directory in memory (a feed asks this thousands of times); a place
  // without a boundary is cached as null below and never matches.
  const candidates = polygonGrid(directory).at(lon, lat);
  const missing = candidates.map((c) => c.id).filter((id) => !cache.has(id));
  if (missing.length > 0) {
    const rows = await db.selectFrom("places").select(["id", "geometry"]).where("id", "in", missing).execute();
    if (cache.size + rows.length > BOUNDARY_CACHE_MAX) cache.clear();
    for (const r of rows) {
      try {
        cache.set(r.id, r.geometry ? (JSON.parse(r.geometry) as Geometry) : null);
      } catch {
        cache.set(r.id, null);
      }
    }
  }
  return candidates.filter((c) => {
    const geometry = cache.get(c.id);
    return geometry ? containsPoint(geometry, lon, lat) : false;
  });
}

/**
 * The sample agency feed of issue 24 (docs/decisions/097): 1,000 listings in the immobiliare.it XML style in
 * the 20 largest municipalities, of which 10 are deliberately bad (one problem each, listed in
 * SAMPLE_FEED_BAD). Deterministic: the same seed writes the same bytes. `node scripts/sample-feed.ts`
 * rewrites data/sample-feed.xml; tests and the benchmark call `sampleFeed()` for variants and sizes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { bboxOf, containsPoint, type Geometry } from "../core/geo.ts";
import { Random } from "../core/random.ts";

const GEO = new URL("../data/geo/", import.meta.url);

interface Town {
  istat: string;
  name: string;
  postalCode: string;
  geometry: Geometry;
}

let towns: Town[] | null = null;

/** The 20 largest municipalities with their boundaries (from the gazetteer files the portal loads). */
function largestTowns(): Town[] {
  if (towns) return towns;
  const rows = readFileSync(new URL("municipalities.csv", GEO), "utf8")
    .split("\n")
    .slice(1)
    .filter(Boolean)
    .map((l) => l.split(","))
    .filter((r) => /^\d{6}$/.test(r[0]!))
    .sort((a, b) => Number(b[12]) - Number(a[12]))
    .slice(0, 20);
  const features = (
    JSON.parse(readFileSync(new URL("municipalities.geojson", GEO), "utf8")) as {
      features: Array<{ geometry: Geometry; properties: { istat_code: string } }>;
    }
  ).features;
  const byIstat = new Map(features.map((f) => [f.properties.istat_code, f.geometry]));
  towns = rows.map((r) => ({ istat: r[0]!, name: r[1]!, postalCode: r[13] ?? "", geometry: byIstat.get(r[0]!)! }));
  return towns;
}

/** A point well inside the town (drawn in its box until it falls inside the boundary, 4 decimals). */
function pointIn(town: Town, random: Random): { lat: number; lon: number } {
  const [west, south, east, north] = bboxOf(town.geometry);
  for (;;) {
    const lon = Math.round((west + random.next() * (east - west)) * 1e4) / 1e4;
    const lat = Math.round((south + random.next() * (north - south)) * 1e4) / 1e4;
    // Also inside with a small margin, so a boundary's rounding never decides.
    if ([0, 0.0005, -0.0005].every((d) => containsPoint(town.geometry, lon + d, lat + d))) return { lat, lon };
  }
}

const STREETS = [
  "Via Roma",
  "Via Garibaldi",
  "Corso Italia",
  "Via Mazzini",
  "Via Verdi",
  "Via Dante",
  "Viale Europa",
  "Via Manzoni",
  "Piazza della Libertà",
  "Via Cavour",
];
const TYPES = [
  ["appartamento", 70],
  ["attico-mansarda", 10],
  ["villa", 8],
  ["loft", 6],
  ["casa-indipendente", 6],
] as const;
const CLASSES = ["A4", "A2", "B", "C", "D", "E", "F", "G"] as const;

/** The bad listings: position in the feed (0-based), what is wrong, and the field the report names. */
export const SAMPLE_FEED_BAD: ReadonlyArray<{ index: number; field: string; what: string }> = [
  { index: 50, field: "energyClass", what: "no energy class" },
  { index: 150, field: "energyClass", what: "energy class Z" },
  { index: 250, field: "channel", what: "transaction type X" },
  { index: 350, field: "price", what: "a price of 10 €" },
  { index: 450, field: "address.lat", what: "a point in another municipality" },
  { index: 550, field: "address.townId", what: "an unknown ISTAT code" },
  { index: 650, field: "title", what: "no title" },
  { index: 750, field: "surface", what: "a surface of 2 m²" },
  { index: 850, field: "rooms", what: "no rooms for a flat" },
  { index: 950, field: "operation", what: "operation 'update'" },
];

export const sampleUniqueId = (i: number) => `CASA-${String(i + 1).padStart(6, "0")}`;

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export interface SampleFeedOptions {
  count?: number;
  seed?: string;
  /** Indexes whose price is lowered by 5 % (a second import with changes). */
  repriced?: ReadonlySet<number>;
  /** Indexes left out (a full feed without them withdraws them). */
  omitted?: ReadonlySet<number>;
  /** Leave the bad listings out of SAMPLE_FEED_BAD (the benchmark's clean feed). */
  clean?: boolean;
}

/** The feed as XML chunks (a string per property): a 100,000-listing feed never sits in memory whole. */
export function* sampleFeedChunks(options: SampleFeedOptions = {}): Generator<string> {
  const count = options.count ?? 1000;
  const all = largestTowns();
  const bad = new Map(options.clean ? [] : SAMPLE_FEED_BAD.map((b) => [b.index, b.what]));
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://feed.immobiliare.it" version="2.8" mode="full">\n<properties>\n';
  for (let i = 0; i < count; i++) {
    // Every value is drawn for every listing, so leaving one out or changing one changes no other.
    const r = new Random(`${options.seed ?? "sample-feed-2026"}:${i}`);
    const town = all[i % all.length]!;
    const type = r.weighted(TYPES);
    const rent = r.chance(0.2);
    const surface = type === "villa" ? r.int(140, 400) : type === "loft" ? r.int(50, 140) : r.int(35, 180);
    const rooms = Math.max(1, Math.min(8, Math.round(surface / 30)));
    const baths = Math.max(1, Math.min(4, Math.round(surface / 70)));
    const totalFloors = r.int(2, 10);
    const floor = type === "attico-mansarda" ? totalFloors : r.int(0, totalFloors);
    let price = rent ? Math.round((surface * r.int(8, 22)) / 10) * 10 : Math.round((surface * r.int(1500, 6000)) / 1000) * 1000;
    if (options.repriced?.has(i)) price = Math.round(price * 0.95);
    const energy = r.pick(CLASSES);
    const energyIndex = Math.round((20 + CLASSES.indexOf(energy) * 25 + r.next() * 20) * 10) / 10;
    const point = pointIn(town, r);
    const street = r.pick(STREETS);
    const number = String(r.int(1, 200));
    if (options.omitted?.has(i)) continue;
    const fault = bad.get(i);
    const other = all[(i + 7) % all.length]!;
    const at = fault === "a point in another municipality" ? pointIn(other, r) : point;
    const label = {
      appartamento: "Appartamento",
      "attico-mansarda": "Attico",
      villa: "Villa",
      loft: "Loft",
      "casa-indipendente": "Casa indipendente",
    }[type];
    const title = `${label} di ${surface} m² in ${street}, ${town.name}`;
    yield [
      `<property operation="${fault === "operation 'update'" ? "update" : "write"}">`,
      `<unique-id>${sampleUniqueId(i)}</unique-id>`,
      "<date-updated>2026-11-20T10:00:00+01:00</date-updated>",
      "<transactions>",
      `<transaction type="${fault === "transaction type X" ? "X" : rent ? "R" : "S"}">`,
      `<price currency="EUR">${fault === "a price of 10 €" ? 10 : price}</price>`,
      "</transaction>",
      "</transactions>",
      `<building><type>${type}</type><condition>abitabile</condition><year>${r.int(1950, 2020)}</year></building>`,
      "<location><country-code>IT</country-code>",
      `<city code="${fault === "an unknown ISTAT code" ? "999999" : town.istat}">${escape(town.name)}</city>`,
      `<locality><postal-code>${town.postalCode}</postal-code><thoroughfare display="no">${escape(street)}</thoroughfare><street-number>${number}</street-number>`,
      `<latitude>${at.lat}</latitude><longitude>${at.lon}</longitude></locality>`,
      "</location>",
      "<features>",
      `<size unit="m2">${fault === "a surface of 2 m²" ? 2 : surface}</size>`,
      fault === "no rooms for a flat" ? "" : `<rooms>${rooms}</rooms>`,
      `<bathrooms>${baths}</bathrooms><floor>${floor}</floor><floors>${totalFloors}</floors>`,
      fault === "no energy class" ? "" : `<energy-class>${fault === "energy class Z" ? "Z" : energy}</energy-class>`,
      `<energy-performance unit="kWh/m2a">${energyIndex}</energy-performance>`,
      `<heating>${r.chance(0.6) ? "autonomo" : "centralizzato"}</heating><elevator>${totalFloors >= 4 ? "yes" : "no"}</elevator>`,
      "</features>",
      '<descriptions><description language="it">',
      fault === "no title" ? "" : `<title>${escape(title)}</title>`,
      `<content>${escape(`${title}: luminoso, ${rooms} locali e ${baths} bagni, piano ${floor} di ${totalFloors}. Classe energetica ${energy}.`)}</content>`,
      "</description></descriptions>",
      "</property>\n",
    ].join("");
  }
  yield "</properties>\n</feed>\n";
}

export function sampleFeed(options: SampleFeedOptions = {}): string {
  return [...sampleFeedChunks(options)].join("");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL("../data/sample-feed.xml", import.meta.url), sampleFeed());
  process.stdout.write("data/sample-feed.xml written\n");
}

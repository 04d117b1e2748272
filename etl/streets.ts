/**
 * Real streets (issue 27): the ANNCSU street names of Milano, Roma, Torino, Napoli, Bologna and Firenze,
 * and Milano's house numbers with their coordinates, from data/streets (sources and licences in its
 * README). The generator places those cities' listings on them; the loader stores them for the address
 * search (db/place-search.ts). See docs/decisions/111-real-streets.md.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { normalizeQuery } from "../core/places-suggest.ts";
import type { JsonInsertRow } from "../db/schema.ts";
import { parseCsv } from "./csv.ts";
import { GEO_DATA_DIR } from "./gazetteer.ts";

export const STREET_DATA_DIR = join(GEO_DATA_DIR, "..", "streets");

export interface HouseNumber {
  istatCode: string;
  street: string;
  /** "21", "150A" */
  number: string;
  lat: number;
  lon: number;
}

export interface StreetData {
  /** Street names by the town's ISTAT code, in name order. */
  namesByTown: Map<string, string[]>;
  /** Milano's house numbers, by street then number. */
  houseNumbers: HouseNumber[];
}

export const MILANO_ISTAT = "015146";

const cache = new Map<string, StreetData>();

/** Reads data/streets once per directory. Throws when a file is missing: the dataset needs them. */
export function readStreetData(dir = STREET_DATA_DIR): StreetData {
  const cached = cache.get(dir);
  if (cached) return cached;
  const read = (file: string) => {
    const path = join(dir, file);
    if (!existsSync(path)) throw new Error(`missing street data file ${path}`);
    return readCsv(readFileSync(path, "utf8"));
  };
  const namesByTown = new Map<string, string[]>();
  for (const r of read("streets.csv")) {
    const list = namesByTown.get(r.city_istat_code!) ?? [];
    if (list.length === 0) namesByTown.set(r.city_istat_code!, list);
    list.push(r.name!);
  }
  const houseNumbers = read("civici_milano.csv").map((r) => ({
    istatCode: MILANO_ISTAT,
    street: r.street!,
    number: r.number!,
    lat: Number(r.lat),
    lon: Number(r.lon),
  }));
  // Streets that have house numbers are real streets too, whatever the registry's spelling.
  const milano = namesByTown.get(MILANO_ISTAT) ?? [];
  const known = new Set(milano.map(normalizeQuery));
  for (const h of houseNumbers) {
    const key = normalizeQuery(h.street);
    if (!known.has(key)) {
      known.add(key);
      milano.push(h.street);
    }
  }
  milano.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  namesByTown.set(MILANO_ISTAT, milano);
  const data = { namesByTown, houseNumbers };
  cache.set(dir, data);
  return data;
}

/** CSV rows by header; lines without quotes (all but one) are split directly, which is many times faster. */
function readCsv(text: string): Record<string, string>[] {
  const lines = text.split("\n").filter(Boolean);
  const header = lines[0]!.split(",");
  return lines.slice(1).map((line) => {
    if (line.includes('"')) return parseCsv(`${lines[0]}\n${line}\n`)[0]!;
    const fields = line.split(",");
    const row: Record<string, string> = {};
    header.forEach((h, i) => (row[h] = fields[i] ?? ""));
    return row;
  });
}

/** The integer part of a house number ("150A" → 150). */
export function houseNumberValue(number: string): number {
  return Number.parseInt(number, 10);
}

/**
 * The rows of the `streets` and `house_numbers` tables: one street per (town, name key), its point the
 * mean of its house numbers where it has any (Milano), else none; `townIdOf` maps an ISTAT code to the town's id.
 */
export function streetTableRows(
  data: StreetData,
  townIdOf: (istat: string) => string | undefined,
): { streets: JsonInsertRow<"streets">[]; houseNumbers: JsonInsertRow<"houseNumbers">[] } {
  const sums = new Map<string, { lat: number; lon: number; n: number }>();
  const houseNumbers: JsonInsertRow<"houseNumbers">[] = [];
  for (const h of data.houseNumbers) {
    const townId = townIdOf(h.istatCode);
    if (!townId) continue;
    const streetKey = normalizeQuery(h.street);
    const k = `${townId}|${streetKey}`;
    const s = sums.get(k) ?? { lat: 0, lon: 0, n: 0 };
    s.lat += h.lat;
    s.lon += h.lon;
    s.n++;
    sums.set(k, s);
    houseNumbers.push({
      town_id: townId,
      street_key: streetKey,
      number: houseNumberValue(h.number),
      number_full: h.number,
      lat: h.lat,
      lon: h.lon,
    });
  }
  const streets: JsonInsertRow<"streets">[] = [];
  for (const [istat, names] of data.namesByTown) {
    const townId = townIdOf(istat);
    if (!townId) continue;
    const seen = new Set<string>();
    for (const name of names) {
      const streetKey = normalizeQuery(name);
      if (!streetKey || seen.has(streetKey)) continue;
      seen.add(streetKey);
      const s = sums.get(`${townId}|${streetKey}`);
      const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
      streets.push({
        town_id: townId,
        street_key: streetKey,
        name,
        lat: s ? round6(s.lat / s.n) : null,
        lon: s ? round6(s.lon / s.n) : null,
      });
    }
  }
  return { streets, houseNumbers };
}

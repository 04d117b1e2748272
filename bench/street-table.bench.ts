/**
 * `node --expose-gc bench/street-table.bench.ts` — the address search's street table in a worker's heap
 * (issue 27: "the street table stays compact in memory"). Builds the rows db/place-search.ts builds at
 * 1.2 M listings — 267,464 street + town pairs of listings (docs/BENCHMARKS.md, place autocomplete),
 * here the generator's street names over the towns by population — plus every real street of
 * data/streets, and measures what stays after a full GC (V8's heap plus external memory: the typed
 * arrays and the large one-byte strings): without the real streets, with them, and the table of streets
 * with house numbers. No database: the table is what stays in memory.
 */
import { normalizeQuery } from "../core/places-suggest.ts";
import { PlaceLevel } from "../core/places.ts";
import { StreetTable, type StreetRow } from "../db/street-table.ts";
import { streetNames } from "../etl/demo/vocabulary.ts";
import { buildGazetteer } from "../etl/gazetteer.ts";
import { readStreetData } from "../etl/streets.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const LISTING_PAIRS = 267_464;

const towns = buildGazetteer()
  .filter((p) => p.level === PlaceLevel.town)
  .sort((a, b) => (b.population ?? 0) - (a.population ?? 0));
const data = readStreetData();
const realTowns = new Set(data.namesByTown.keys());
const generated: StreetRow[] = [];
// Busy towns have every generated name, small ones fewer: fill the pairs town by town, biggest first.
for (let i = 0; generated.length < LISTING_PAIRS; i++) {
  const town = towns[i % towns.length]!;
  if (realTowns.has(town.istatCode!)) continue;
  const names = streetNames.slice(0, Math.max(1, Math.min(streetNames.length, Math.round((town.population ?? 0) / 2000))));
  for (const street of names) {
    if (generated.length >= LISTING_PAIRS) break;
    generated.push({
      townId: town.id,
      street: `${street} ${Math.floor(i / towns.length) || ""}`.trim(),
      streetKey: "",
      townKey: "",
      count: 3,
      lat: town.lat,
      lon: town.lon,
    });
  }
}
const townOf = new Map(towns.map((t) => [t.istatCode!, t]));
const real: StreetRow[] = [];
for (const [istat, names] of data.namesByTown) {
  const town = townOf.get(istat)!;
  for (const name of names)
    real.push({ townId: town.id, street: name, streetKey: "", townKey: "", count: 1, lat: town.lat, lon: town.lon });
}
const townKeys = new Map(towns.map((t) => [t.id, normalizeQuery(t.name)]));
for (const r of [...generated, ...real]) {
  r.streetKey = normalizeQuery(r.street);
  r.townKey = townKeys.get(r.townId)!;
}
const numberedKeys = new Set(data.houseNumbers.map((h) => normalizeQuery(h.street)));

function retained(build: () => unknown): { mb: number; keep: unknown } {
  gc!();
  gc!();
  const used = () => {
    // Typed arrays and large strings made from Buffers live outside V8's heap ("external").
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const before = used();
  const keep = build();
  gc!();
  gc!();
  return { mb: (used() - before) / 1e6, keep };
}

const listingsOnly = retained(() => new StreetTable(generated));
const withReal = retained(() => new StreetTable([...generated, ...real]));
const numbered = retained(
  () => new StreetTable(real.filter((r) => numberedKeys.has(r.streetKey) && r.townId === townOf.get("015146")!.id)),
);
console.log(`streets: ${generated.length.toLocaleString("en")} listing pairs, ${real.length.toLocaleString("en")} real streets`);
console.log(`table, listing streets only: ${listingsOnly.mb.toFixed(1)} MB (${(listingsOnly.keep as StreetTable).size} entries)`);
console.log(`table, with the real streets: ${withReal.mb.toFixed(1)} MB (${(withReal.keep as StreetTable).size} entries)`);
console.log(`table of streets with house numbers: ${numbered.mb.toFixed(2)} MB (${(numbered.keep as StreetTable).size} entries)`);

/**
 * Builds the place hierarchy (seed 000 §3 Location) from the public data in data/geo
 * (see data/geo/README.md for sources and licences).
 */
import { readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bboxOf, collectPolygons, containsPoint, interiorPoint, unionBBox, zoomForBBox, type BBox, type Geometry } from "../core/geo.ts";
import {
  PlaceLevel,
  childHkey,
  englishNames,
  provinceHkey,
  provinceId,
  regionHkey,
  regionId,
  subTownId,
  townHkey,
  townId,
  type Place,
} from "../core/places.ts";
import { slugify } from "../core/text.ts";
import { parseCsv } from "./csv.ts";
import { findCoastalTowns } from "./coast.ts";

/** data/geo of the project: found by walking up from this module, which may run from source or from build/server. */
export const GEO_DATA_DIR = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, "data/geo");
})();

interface Feature<P> {
  properties: P;
  geometry: Geometry;
}

export class GazetteerDataError extends Error {
  override name = "GazetteerDataError";
}

function readText(dir: string, file: string): string {
  const path = join(dir, file);
  if (!existsSync(path)) throw new GazetteerDataError(`missing geodata file ${path}`);
  return readFileSync(path, "utf8");
}

function readFeatures<P>(dir: string, file: string): Feature<P>[] {
  try {
    const parsed = JSON.parse(readText(dir, file)) as { features?: Feature<P>[] };
    if (!Array.isArray(parsed.features)) throw new Error("no features array");
    return parsed.features;
  } catch (error) {
    if (error instanceof GazetteerDataError) throw error;
    throw new GazetteerDataError(`geodata file ${file} is not valid GeoJSON: ${(error as Error).message}`);
  }
}

function splitOfficialName(name: string): { name: string; nameAlt: string | null } {
  const [it, alt] = name.split("/");
  return { name: it!.trim(), nameAlt: alt?.trim() || null };
}

function english(name: string): string | null {
  return englishNames[name] ?? null;
}

/** Builds every place, parents before children. Throws GazetteerDataError on missing or corrupt files. */
export function buildGazetteer(dir = GEO_DATA_DIR): Place[] {
  const regions = parseCsv(readText(dir, "regions.csv"));
  const provinces = parseCsv(readText(dir, "provinces.csv"));
  const towns = parseCsv(readText(dir, "municipalities.csv"));
  const regionShapes = new Map(
    readFeatures<{ region_code: string }>(dir, "regions.geojson").map((f) => [f.properties.region_code, f.geometry]),
  );
  const provinceShapes = new Map(
    readFeatures<{ province_code: string }>(dir, "provinces.geojson").map((f) => [f.properties.province_code, f.geometry]),
  );
  const townFeatures = readFeatures<{ istat_code: string }>(dir, "municipalities.geojson");
  const townShapes = new Map(townFeatures.map((f) => [f.properties.istat_code, f.geometry]));
  if (regions.length !== 20 || provinces.length < 100 || towns.length < 7000) {
    throw new GazetteerDataError(
      `geodata looks truncated: ${regions.length} regions, ${provinces.length} provinces, ${towns.length} municipalities`,
    );
  }

  const places: Place[] = [];
  const italyBox: BBox = unionBBox([...regionShapes.values()].map(bboxOf));
  places.push({
    id: "IT",
    level: PlaceLevel.country,
    type: "country",
    name: "Italia",
    nameEn: "Italy",
    nameAlt: null,
    slug: "italia",
    qslug: "italia",
    hkey: "it",
    parentHkey: null,
    parentId: null,
    regionCode: "",
    provinceCode: null,
    istatCode: null,
    short: "IT",
    population: sum(regions.map((r) => Number(r.population))),
    lat: 42.5,
    lon: 12.5,
    bbox: italyBox,
    zoom: 5,
    geometry: null,
    extra: {},
  });

  for (const r of regions) {
    const shape = regionShapes.get(r.region_code!);
    if (!shape) throw new GazetteerDataError(`region ${r.region_code} has no boundary`);
    const { name, nameAlt } = splitOfficialName(r.name!);
    const bbox = bboxOf(shape);
    const [lon, lat] = interiorPoint(shape);
    places.push({
      id: regionId(r.region_code!),
      level: PlaceLevel.region,
      type: "region",
      name,
      nameEn: english(name),
      nameAlt,
      slug: slugify(name),
      qslug: slugify(name),
      hkey: regionHkey(r.region_code!),
      parentHkey: "it",
      parentId: "IT",
      regionCode: r.region_code!,
      provinceCode: null,
      istatCode: null,
      short: null,
      population: Number(r.population),
      lat,
      lon,
      bbox,
      zoom: zoomForBBox(bbox),
      geometry: shape,
      extra: { capital: r.capital_name ?? null },
    });
  }

  const provinceByCode = new Map<string, Place>();
  for (const p of provinces) {
    const shape = provinceShapes.get(p.province_code!);
    if (!shape) throw new GazetteerDataError(`province ${p.province_code} has no boundary`);
    const { name, nameAlt } = splitOfficialName(p.name!);
    // Province slugs are their capital's slug, so merged provinces (Forlì-Cesena, Pesaro e Urbino…) map to the main town.
    const slug = slugify(p.capital_name!);
    const bbox = bboxOf(shape);
    const place: Place = {
      id: provinceId(p.region_code!, p.province_code!),
      level: PlaceLevel.province,
      type: "province",
      name,
      nameEn: english(name),
      nameAlt,
      slug,
      qslug: slug,
      hkey: provinceHkey(p.region_code!, p.province_code!),
      parentHkey: regionHkey(p.region_code!),
      parentId: regionId(p.region_code!),
      regionCode: p.region_code!,
      provinceCode: p.province_code!,
      istatCode: null,
      short: p.province_sigla!,
      population: Number(p.population),
      lat: Number(p.lat),
      lon: Number(p.lon),
      bbox,
      zoom: zoomForBBox(bbox),
      geometry: shape,
      extra: { capital: p.capital_name!, capitalIstatCode: p.capital_istat_code! },
    };
    provinceByCode.set(p.province_code!, place);
    places.push(place);
  }

  // Town slugs are unique across Italy: the few homonyms (Castro BG/LE, Samone TO/TN…) get the province abbreviation.
  const nameCount = new Map<string, number>();
  for (const t of towns) nameCount.set(slugify(t.name!), (nameCount.get(slugify(t.name!)) ?? 0) + 1);
  const townByIstat = new Map<string, Place>();
  for (const t of towns) {
    const shape = townShapes.get(t.istat_code!);
    if (!shape) throw new GazetteerDataError(`municipality ${t.istat_code} has no boundary`);
    const province = provinceByCode.get(t.province_code!);
    if (!province) throw new GazetteerDataError(`municipality ${t.istat_code} names unknown province ${t.province_code}`);
    const base = slugify(t.name!);
    const slug = nameCount.get(base)! > 1 ? `${base}-${t.province_sigla!.toLowerCase()}` : base;
    const bbox = bboxOf(shape);
    // The published point is the town centre; the one or two that fall outside the simplified
    // boundary (Brignano Gera d'Adda sits on a moved edge) are replaced by an interior point.
    let lat = Number(t.lat);
    let lon = Number(t.lon);
    if (!containsPoint(shape, lon, lat)) [lon, lat] = interiorPoint(shape);
    const place: Place = {
      id: townId(t.region_code!, t.istat_code!),
      level: PlaceLevel.town,
      type: "town",
      name: t.name!,
      nameEn: english(t.name!),
      nameAlt: t.name_alt || null,
      slug,
      qslug: slug,
      hkey: townHkey(t.region_code!, t.province_code!, t.istat_code!),
      parentHkey: province.hkey,
      parentId: province.id,
      regionCode: t.region_code!,
      provinceCode: t.province_code!,
      istatCode: t.istat_code!,
      short: t.province_sigla!,
      population: Number(t.population) || 0,
      lat,
      lon,
      bbox,
      zoom: zoomForBBox(bbox),
      geometry: shape,
      extra: {
        postalCode: t.postal_code || null,
        cadastralCode: t.cadastral_code || null,
        isProvinceCapital: t.is_province_capital === "1",
        isRegionCapital: t.is_region_capital === "1",
      },
    };
    townByIstat.set(t.istat_code!, place);
    places.push(place);
  }

  places.push(...buildCityZones(dir, townByIstat));
  places.push(...buildMetro(dir, townByIstat));
  places.push(...buildNonAdminZones(townFeatures, townByIstat, provinceByCode, places));
  return makeSlugsUnique(places);
}

/**
 * Rome has a quartiere and a suburbio with the same name (Tor di Quinto, Portuense…): the later one
 * gets its zone type appended, so slugs stay unique per level and parent and qslugs per level.
 */
function makeSlugsUnique(places: Place[]): Place[] {
  const seen = new Set<string>();
  for (const p of places) {
    if (seen.has(`${p.level}:${p.qslug}`)) {
      const suffix = slugify(String(p.extra.zoneType ?? p.type));
      p.slug = `${p.slug}-${suffix}`;
      p.qslug = `${p.qslug}-${suffix}`;
    }
    seen.add(`${p.level}:${p.qslug}`);
  }
  return places;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

interface ZoneProps {
  city_istat_code: string;
  zone_type: string;
  zone_id: string;
  name: string;
}

/** Milano's 88 NIL (level 10); Roma's 15 municipi (level 10) with rioni, quartieri and suburbi (level 11) inside them. */
function buildCityZones(dir: string, townByIstat: Map<string, Place>): Place[] {
  const out: Place[] = [];
  const zoneFiles = ["zones/milano_nil.geojson", "zones/roma_municipi.geojson"];
  const level10: Place[] = [];
  for (const file of zoneFiles) {
    for (const f of readFeatures<ZoneProps>(dir, file)) {
      const town = townByIstat.get(f.properties.city_istat_code);
      if (!town) throw new GazetteerDataError(`${file}: unknown city ${f.properties.city_istat_code}`);
      const key = `${f.properties.zone_type === "NIL" ? "nil" : "mun"}${f.properties.zone_id.padStart(2, "0")}`;
      const zone = subTownPlace(town, PlaceLevel.zone, "zone", key, f.properties.name, f.geometry, {
        zoneType: f.properties.zone_type,
        zoneId: f.properties.zone_id,
      });
      level10.push(zone);
      out.push(zone);
    }
  }
  for (const f of readFeatures<ZoneProps>(dir, "zones/roma_toponomastica.geojson")) {
    const town = townByIstat.get(f.properties.city_istat_code);
    if (!town) throw new GazetteerDataError(`roma_toponomastica: unknown city ${f.properties.city_istat_code}`);
    const [lon, lat] = interiorPoint(f.geometry);
    // A rione or quartiere sits under the municipio that holds its centre (they are not nested exactly).
    const parent =
      level10.find((z) => z.istatCode === town.istatCode && z.geometry && containsPoint(z.geometry, lon, lat)) ??
      nearest(
        level10.filter((z) => z.istatCode === town.istatCode),
        lat,
        lon,
      );
    out.push(
      subTownPlace(
        parent,
        PlaceLevel.block,
        "block",
        f.properties.zone_id.toLowerCase(),
        f.properties.name,
        f.geometry,
        { zoneType: f.properties.zone_type, zoneId: f.properties.zone_id },
        town,
      ),
    );
  }
  return out;
}

function nearest(candidates: Place[], lat: number, lon: number): Place {
  let best = candidates[0];
  let bestD = Infinity;
  for (const c of candidates) {
    const d = (c.lat - lat) ** 2 + (c.lon - lon) ** 2;
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  if (!best) throw new GazetteerDataError("no parent zone found");
  return best;
}

function subTownPlace(
  parent: Place,
  level: PlaceLevel,
  type: Place["type"],
  key: string,
  name: string,
  geometry: Geometry | null,
  extra: Place["extra"],
  town: Place = parent,
  point?: { lat: number; lon: number },
): Place {
  const bbox = geometry ? bboxOf(geometry) : ([point!.lon, point!.lat, point!.lon, point!.lat] as BBox);
  const [lon, lat] = point ? [point.lon, point.lat] : interiorPoint(geometry!);
  const slug = slugify(name);
  return {
    id: subTownId(town.regionCode, town.istatCode!, `${parent === town ? "" : parent.hkey.split(".").pop() + "-"}${key}`),
    level,
    type,
    name,
    nameEn: null,
    nameAlt: null,
    slug,
    qslug: `${town.slug}-${slug}`,
    hkey: childHkey(parent.hkey, key),
    parentHkey: parent.hkey,
    parentId: parent.id,
    regionCode: town.regionCode,
    provinceCode: town.provinceCode,
    istatCode: town.istatCode,
    short: town.short,
    population: null,
    lat,
    lon,
    bbox,
    zoom: geometry ? zoomForBBox(bbox) : 16,
    geometry,
    extra,
  };
}

/** Metro lines (level 118) under their network's city and stops (level 120) under their line. */
function buildMetro(dir: string, townByIstat: Map<string, Place>): Place[] {
  const rows = parseCsv(readText(dir, "metro/stations.csv"));
  const lines = new Map<string, { town: Place; line: string; network: string; stops: Record<string, string>[] }>();
  for (const row of rows) {
    const town = townByIstat.get(row.network_city_istat_code!);
    if (!town) throw new GazetteerDataError(`metro: unknown network city ${row.network_city_istat_code}`);
    const key = `${row.network_city_istat_code}:${row.line}`;
    const entry = lines.get(key) ?? { town, line: row.line!, network: row.network!, stops: [] };
    entry.stops.push(row);
    lines.set(key, entry);
  }
  const out: Place[] = [];
  for (const { town, line, network, stops } of lines.values()) {
    const lineKey = `m${slugify(line)}`;
    const bbox = unionBBox(stops.map((s) => [Number(s.lon), Number(s.lat), Number(s.lon), Number(s.lat)] as BBox));
    const lineName = /^M/.test(line) ? `${line} ${town.name}` : `Metro ${line} ${town.name}`;
    const linePlace: Place = {
      ...subTownPlace(town, PlaceLevel.metroLine, "metroline", lineKey, lineName, null, { network, line }, town, {
        lat: (bbox[1] + bbox[3]) / 2,
        lon: (bbox[0] + bbox[2]) / 2,
      }),
      bbox,
      zoom: zoomForBBox(bbox),
    };
    linePlace.nameEn = `${town.nameEn ?? town.name} metro ${line}`;
    linePlace.slug = slugify(line);
    linePlace.qslug = `${town.slug}-${slugify(line)}`;
    out.push(linePlace);
    const seen = new Map<string, number>();
    for (const s of stops) {
      let key = slugify(s.station_name!);
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (n > 1) key = `${key}-${n}`; // the same station listed twice on one line (two AMAT points)
      const stopTown = townByIstat.get(s.city_istat_code!) ?? town;
      const stop = subTownPlace(
        linePlace,
        PlaceLevel.metroStop,
        "metrostop",
        key,
        s.station_name!,
        null,
        { network, line, sourceId: s.source_id!, stationTownIstat: stopTown.istatCode },
        town,
        { lat: Number(s.lat), lon: Number(s.lon) },
      );
      stop.qslug = `${town.slug}-${slugify(line)}-${key}`;
      out.push(stop);
    }
  }
  return out;
}

/**
 * Non-administrative zones (level 130) derived from the boundaries, as documented in
 * docs/decisions/005-non-administrative-zones.md: the coast of each coastal province, and
 * Roma's historic centre (the 22 rioni).
 */
function buildNonAdminZones(
  townFeatures: Feature<{ istat_code: string }>[],
  townByIstat: Map<string, Place>,
  provinceByCode: Map<string, Place>,
  built: Place[],
): Place[] {
  const out: Place[] = [];
  const coastal = findCoastalTowns(
    townFeatures.map((f) => ({
      istatCode: f.properties.istat_code,
      geometry: f.geometry,
      town: townByIstat.get(f.properties.istat_code)!,
    })),
  );
  const byProvince = new Map<string, Place[]>();
  for (const code of coastal) {
    const town = townByIstat.get(code)!;
    byProvince.set(town.provinceCode!, [...(byProvince.get(town.provinceCode!) ?? []), town]);
  }
  for (const [provinceCode, towns] of [...byProvince.entries()].sort()) {
    const province = provinceByCode.get(provinceCode)!;
    const geometry = collectPolygons(towns.map((t) => t.geometry!));
    const bbox = bboxOf(geometry);
    const name = `Località di mare - ${province.name}`;
    const slug = `mare-${province.slug}`;
    out.push({
      id: `${province.id}-MARE`,
      level: PlaceLevel.nonAdminZone,
      type: "nonadminzone",
      name,
      nameEn: `Seaside - ${province.nameEn ?? province.name}`,
      nameAlt: null,
      slug,
      qslug: slug,
      hkey: childHkey(province.hkey, "n-mare"),
      parentHkey: province.hkey,
      parentId: province.id,
      regionCode: province.regionCode,
      provinceCode,
      istatCode: null,
      short: province.short,
      population: sum(towns.map((t) => t.population ?? 0)),
      lat: province.lat,
      lon: province.lon,
      bbox,
      zoom: zoomForBBox(bbox),
      geometry,
      extra: { kind: "coast", towns: towns.map((t) => t.istatCode).join(",") },
    });
  }
  const roma = townByIstat.get("058091");
  const rioni = built.filter((p) => p.istatCode === "058091" && p.extra.zoneType === "rione" && p.geometry);
  if (roma && rioni.length > 0) {
    const geometry = collectPolygons(rioni.map((r) => r.geometry!));
    const place = subTownPlace(roma, PlaceLevel.nonAdminZone, "nonadminzone", "n-centro-storico", "Centro Storico", geometry, {
      kind: "historic-centre",
      rioni: rioni.length,
    });
    place.nameEn = "Historic centre";
    out.push(place);
  }
  return out;
}

/**
 * The place model of seed 000 §3 (Location): levels, ids, hierarchical keys and slugs.
 * Pure: no database, no React.
 */
import type { BBox, Geometry } from "./geo.ts";

/** The country's place id: a search in it alone is a search with no place. */
export const COUNTRY_PLACE_ID = "IT";

/** Level codes from seed 000 §3. */
export const PlaceLevel = {
  country: 2,
  region: 4,
  province: 6,
  town: 9,
  zone: 10,
  block: 11,
  metroLine: 118,
  metroStop: 120,
  nonAdminZone: 130,
  nonAdminSubZone: 132,
  other: 999,
} as const;
export type PlaceLevel = (typeof PlaceLevel)[keyof typeof PlaceLevel];

export type PlaceType =
  | "country"
  | "region"
  | "province"
  | "town"
  | "zone"
  | "block"
  | "metroline"
  | "metrostop"
  | "nonadminzone"
  | "nonadminsubzone";

export const placeTypeByLevel: Record<Exclude<PlaceLevel, 999>, PlaceType> = {
  2: "country",
  4: "region",
  6: "province",
  9: "town",
  10: "zone",
  11: "block",
  118: "metroline",
  120: "metrostop",
  130: "nonadminzone",
  132: "nonadminsubzone",
};

/** The levels that /lh/v2/{level}/{slug} looks up (a place's children and counts), with their path names. */
export const lookupPathByLevel: Partial<Record<number, string>> = {
  [PlaceLevel.province]: "province",
  [PlaceLevel.town]: "town",
  [PlaceLevel.zone]: "zone",
  [PlaceLevel.block]: "block",
  [PlaceLevel.metroLine]: "metroline",
  [PlaceLevel.nonAdminZone]: "nonadminzone",
};

/** Path segment used by GET /lh/v2/{level}/{slug}, per seed 000 §7. */
export const lookupLevels = {
  province: PlaceLevel.province,
  town: PlaceLevel.town,
  metroline: PlaceLevel.metroLine,
  nonadminzone: PlaceLevel.nonAdminZone,
  zone: PlaceLevel.zone,
  block: PlaceLevel.block,
} as const;
export type LookupLevelName = keyof typeof lookupLevels;

/** The level a /lh/v2 level name stands for; undefined for any other string (own keys only: not "constructor"). */
export function lookupLevelOf(name: string): PlaceLevel | undefined {
  return Object.hasOwn(lookupLevels, name) ? lookupLevels[name as LookupLevelName] : undefined;
}

/** A place as the gazetteer produces it and the database stores it. */
export interface Place {
  /** country-region-code, e.g. "IT-03-015146" (see docs/decisions/004-place-keys.md). */
  id: string;
  level: PlaceLevel;
  type: PlaceType;
  name: string;
  /** English name where it differs from the Italian one (Milan, Rome, Lombardy…). */
  nameEn: string | null;
  /** Name in the other official language of the area (German, French, Slovene). */
  nameAlt: string | null;
  /** Lower-case, accent-free, unique per level and parent. */
  slug: string;
  /** Unique per level across Italy: the slug for regions, provinces and towns; "{town}-{slug}" below a town. */
  qslug: string;
  /** Hierarchical key: dot-separated path from the country, e.g. "it.03.015.015146". */
  hkey: string;
  parentHkey: string | null;
  parentId: string | null;
  regionCode: string;
  provinceCode: string | null;
  /** ISTAT municipality code of the town the place belongs to (the town itself for level 9). */
  istatCode: string | null;
  /** Province two-letter abbreviation (sigla). */
  short: string | null;
  population: number | null;
  lat: number;
  lon: number;
  bbox: BBox;
  zoom: number;
  geometry: Geometry | null;
  /** Level-specific attributes (zone type, metro line, source ids…). */
  extra: Record<string, string | number | boolean | null>;
}

export function regionId(regionCode: string): string {
  return `IT-${regionCode}`;
}
export function provinceId(regionCode: string, provinceCode: string): string {
  return `IT-${regionCode}-P${provinceCode}`;
}
export function townId(regionCode: string, istatCode: string): string {
  return `IT-${regionCode}-${istatCode}`;
}
export function subTownId(regionCode: string, istatCode: string, localKey: string): string {
  return `IT-${regionCode}-${istatCode}-${localKey.toUpperCase()}`;
}

export function regionHkey(regionCode: string): string {
  return `it.${regionCode}`;
}
export function provinceHkey(regionCode: string, provinceCode: string): string {
  return `it.${regionCode}.${provinceCode}`;
}
export function townHkey(regionCode: string, provinceCode: string, istatCode: string): string {
  return `it.${regionCode}.${provinceCode}.${istatCode}`;
}
export function childHkey(parentHkey: string, localKey: string): string {
  return `${parentHkey}.${localKey.toLowerCase()}`;
}

/** True when `hkey` is `ancestor` or lies below it. */
export function isWithin(hkey: string, ancestor: string): boolean {
  return hkey === ancestor || hkey.startsWith(`${ancestor}.`);
}

/** Italian → English names that differ, for the places people search in English. */
export const englishNames: Readonly<Record<string, string>> = {
  Italia: "Italy",
  Piemonte: "Piedmont",
  "Valle d'Aosta": "Aosta Valley",
  Lombardia: "Lombardy",
  "Trentino-Alto Adige": "Trentino-South Tyrol",
  Toscana: "Tuscany",
  Puglia: "Apulia",
  Sicilia: "Sicily",
  Sardegna: "Sardinia",
  Milano: "Milan",
  Roma: "Rome",
  Torino: "Turin",
  Napoli: "Naples",
  Firenze: "Florence",
  Venezia: "Venice",
  Genova: "Genoa",
  Padova: "Padua",
  Mantova: "Mantua",
  Siracusa: "Syracuse",
  "Sud Sardegna": "South Sardinia",
};

/**
 * Province abbreviation → province slug, for every province, plus the San Marino entry keyed 60
 * (seed 000 §3). Merged provinces map to their main town (FC → forli, PU → pesaro, …) because
 * province slugs are their capital's slug.
 */
export function provinceSlugMap(provinces: ReadonlyArray<Pick<Place, "short" | "slug">>): Record<string, string> {
  const map: Record<string, string> = {};
  for (const p of provinces) if (p.short) map[p.short] = p.slug;
  map["60"] = "san-marino";
  return map;
}

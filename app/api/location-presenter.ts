/** The Location shape of seed 000 §3, as the JSON API returns it. */
import { lookupPathByLevel } from "../../core/places.ts";
import { formatListingCount } from "../../core/format.ts";
import type { PlaceSummary } from "../../db/places.ts";

export interface LocationJson {
  id: string;
  name: string;
  level: number;
  type: string;
  slug: string;
  hkey: string;
  pHkey: string | null;
  short: string | null;
  lat: number;
  lon: number;
  count: number;
  text_count: string;
  has_children: boolean;
  children_uri: string | null;
  geo: { center_point: { lat: number; lon: number }; bbox: [number, number, number, number]; zoom: number };
  display: { it: string; en: string };
  parents?: Array<{ id: string; name: string; level: number; slug: string; hkey: string; short: string | null }>;
}

export function presentLocation(place: PlaceSummary, parents?: PlaceSummary[]): LocationJson {
  const lookup = lookupPathByLevel[place.level];
  return {
    id: place.id,
    name: place.name,
    level: place.level,
    type: place.type,
    slug: place.qslug,
    hkey: place.hkey,
    pHkey: place.parentHkey,
    short: place.short,
    lat: place.lat,
    lon: place.lon,
    count: place.count,
    text_count: formatListingCount(place.count),
    has_children: place.hasChildren,
    children_uri: lookup && place.hasChildren ? `/lh/v2/${lookup}/${place.qslug}` : null,
    geo: { center_point: { lat: place.lat, lon: place.lon }, bbox: place.bbox, zoom: place.zoom },
    display: { it: place.name, en: place.nameEn ?? place.name },
    ...(parents
      ? { parents: parents.map((p) => ({ id: p.id, name: p.name, level: p.level, slug: p.qslug, hkey: p.hkey, short: p.short })) }
      : {}),
  };
}

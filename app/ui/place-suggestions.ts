/** The place suggestions API (POST /portal-srp/api/v1/smartsuggest/suggest) as the autocomplete reads it. */

export interface SuggestedPlace {
  id: string;
  name: string;
  label: string;
  level: number;
  qslug: string;
  type: string;
  /** The place's centre (a street's: the mean of its listings' public points, docs/decisions/048). */
  lat: number;
  lon: number;
  town: { id: string; name: string } | null;
  parent: { id: string; name: string } | null;
}

const SUGGEST_URL = "/portal-srp/api/v1/smartsuggest/suggest";

export type View = [west: number, south: number, east: number, north: number];

export async function fetchSuggestions(
  qs: string,
  channel: string | undefined,
  more: boolean,
  view: View | null,
  signal: AbortSignal,
): Promise<SuggestedPlace[]> {
  const body = { qs, ...(channel ? { channel } : {}), ...(more ? { size: 10, extraLevels: [118, 120] } : {}), ...(view ? { view } : {}) };
  const res = await fetch(SUGGEST_URL, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`suggest answered ${res.status}`);
  const json = (await res.json()) as { data: SuggestedPlace[] };
  return json.data.map(({ id, name, label, level, qslug, type, lat, lon, town, parent }) => ({
    id,
    name,
    label,
    level,
    qslug,
    type,
    lat,
    lon,
    town: town ? { id: town.id, name: town.name } : null,
    parent: parent ? { id: parent.id, name: parent.name } : null,
  }));
}

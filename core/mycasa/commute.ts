/**
 * Commute points (seed 001 §3 "Commute point", seed 000 §4 "Nearby actions"): the browser's form of a
 * point, the form stored for the account, and the one rule that says when two points are the same
 * (lat, lon, travel mode and travel time equal, coordinates rounded to 7 decimals). Pure: no I/O.
 */

export const TRAVEL_MODES = ["walk", "bike", "car"] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];
export const POINT_TYPES = ["home", "work", "custom"] as const;
export type CommutePointType = (typeof POINT_TYPES)[number];

/** The two fixed points; any other point's id starts with 'custom-'. */
export const HOME_POINT_ID = "dove-vivo";
export const WORK_POINT_ID = "dove-lavoro";
export const DEFAULT_POINT_NAME = "Punto condiviso";
export const DEFAULT_STREET_NUMBER = "snc";
/** Travel times offered (minutes) and the limits the server accepts. */
export const COMMUTE_MINUTES = [5, 10, 15, 20, 30, 45, 60] as const;
export const MIN_COMMUTE_MINUTES = 1;
export const MAX_COMMUTE_MINUTES = 120;
/** Local storage key of a visitor's points (browser form), pushed to the account at login, then cleared. */
export const NEARBY_STORAGE_KEY = "casa:nearby";

/** The point as the browser keeps it (§3). */
export interface ClientCommutePoint {
  valueId: string;
  valueMin: number[];
  valueVehicle: TravelMode[];
  valueCity: { name: string; id: string };
  valueAddress: { id: string; description: string; structured_formatting: { main_text: string } };
  valueStreetNum: string;
  valueName: string;
  apiData: { location: { lat: number; lon: number }; travel_mode: TravelMode; travel_time: number };
  nearById?: string;
  updateDt?: string;
}

/** The point as the account stores it (§3 "Stored format for the account"). */
export interface StoredCommutePoint {
  /** The browser's valueId: 'dove-vivo', 'dove-lavoro' or 'custom-…'. */
  id: string;
  /** 'h' home, 'w' work, else the point's name. */
  label: string;
  time_gap: number;
  transport: TravelMode;
  town: string;
  type: CommutePointType;
  address: string;
  number: string;
  /** ISO date-time. */
  updateDt: string;
  lat: number;
  lon: number;
}

/** §3: coordinates are kept to 7 decimals (about a centimetre). */
export function roundCoordinate(value: number): number {
  const rounded = Math.round(value * 1e7) / 1e7;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** The default key (`uKey`) of a saved address: its rounded coordinates, so the same place is saved once. */
export function addressKey(lat: number, lon: number): string {
  return `${roundCoordinate(lat)},${roundCoordinate(lon)}`;
}

/** §3/§4: two points are the same when lat, lon, travel mode and travel time are equal (after rounding). */
export function sameCommutePoint(
  a: Pick<StoredCommutePoint, "lat" | "lon" | "transport" | "time_gap">,
  b: Pick<StoredCommutePoint, "lat" | "lon" | "transport" | "time_gap">,
): boolean {
  return (
    roundCoordinate(a.lat) === roundCoordinate(b.lat) &&
    roundCoordinate(a.lon) === roundCoordinate(b.lon) &&
    a.transport === b.transport &&
    a.time_gap === b.time_gap
  );
}

export function pointType(id: string): CommutePointType {
  return id === HOME_POINT_ID ? "home" : id === WORK_POINT_ID ? "work" : "custom";
}

export function pointLabel(type: CommutePointType, name: string): string {
  return type === "home" ? "h" : type === "work" ? "w" : name || DEFAULT_POINT_NAME;
}

/** The browser's point → the stored form (rounded coordinates, labels of §3). */
export function toStoredPoint(p: ClientCommutePoint, now: Date): StoredCommutePoint {
  const type = pointType(p.valueId);
  return {
    id: p.valueId,
    label: pointLabel(type, p.valueName),
    time_gap: p.apiData.travel_time,
    transport: p.apiData.travel_mode,
    town: p.valueCity.name,
    type,
    address: p.valueAddress.structured_formatting.main_text || p.valueAddress.description,
    number: p.valueStreetNum || DEFAULT_STREET_NUMBER,
    updateDt: p.updateDt ?? now.toISOString(),
    lat: roundCoordinate(p.apiData.location.lat),
    lon: roundCoordinate(p.apiData.location.lon),
  };
}

/** The stored form → the browser's point (the map's nearby tool reads this). */
export function toClientPoint(p: StoredCommutePoint): ClientCommutePoint {
  const name = p.type === "home" ? "Dove vivo" : p.type === "work" ? "Dove lavoro" : p.label;
  return {
    valueId: p.id,
    valueMin: [p.time_gap],
    valueVehicle: [p.transport],
    valueCity: { name: p.town, id: "" },
    valueAddress: { id: "", description: p.town ? `${p.address}, ${p.town}` : p.address, structured_formatting: { main_text: p.address } },
    valueStreetNum: p.number,
    valueName: name,
    apiData: { location: { lat: p.lat, lon: p.lon }, travel_mode: p.transport, travel_time: p.time_gap },
    nearById: p.id,
    updateDt: p.updateDt,
  };
}

/**
 * §4 "Nearby actions", sync: the local points the account does not have yet (by the equality rule,
 * and by id for the two fixed points, which the account keeps once), each once.
 */
export function pointsToPush<P extends Pick<StoredCommutePoint, "id" | "lat" | "lon" | "transport" | "time_gap">>(
  server: readonly P[],
  local: readonly P[],
): P[] {
  const out: P[] = [];
  for (const p of local) {
    const known = [...server, ...out];
    if (known.some((s) => sameCommutePoint(s, p))) continue;
    if (p.id !== "" && known.some((s) => s.id === p.id)) continue;
    out.push(p);
  }
  return out;
}

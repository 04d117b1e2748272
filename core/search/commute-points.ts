/**
 * Commute points ('Dove vivo', 'Dove lavoro', custom ones) for travel-time searches (seed 000 §3
 * "Nearby", seed 001 §3 "Commute point"): kept in local storage for visitors. Pure rules: making a
 * point (coordinates rounded to 7 decimals, street number 'snc', name 'Punto condiviso'), when two
 * points are the same (lat, lon, mode and time equal), saving (one home, one work; no duplicates),
 * removing, and reading a stored list leniently.
 */
import { z } from "zod";
import { travelModes, type TravelMode } from "./vocabulary.ts";

export const HOME_ID = "dove-vivo";
export const WORK_ID = "dove-lavoro";
export const DEFAULT_NAME = "Punto condiviso";
export const DEFAULT_STREET_NUMBER = "snc";
/** Visitors keep them here (the account-backed copy comes with MyCasa). */
export const COMMUTE_STORAGE_KEY = "casa.commutePoints";
const MAX_POINTS = 20;

export interface CommutePoint {
  valueId: string;
  valueName: string;
  valueStreetNum: string;
  valueMin: number[];
  valueVehicle: TravelMode[];
  apiData: { location: { lat: number; lon: number }; travel_mode: TravelMode; travel_time: number };
  updateDt: string;
}

export function roundCoordinate(v: number): number {
  return Math.round(v * 1e7) / 1e7;
}

export function makeCommutePoint(
  kind: "home" | "work" | "custom",
  at: { lat: number; lon: number },
  mode: TravelMode,
  minutes: number,
  now: Date,
  name?: string,
): CommutePoint {
  const lat = roundCoordinate(at.lat),
    lon = roundCoordinate(at.lon);
  const valueId = kind === "home" ? HOME_ID : kind === "work" ? WORK_ID : `custom-${lat}-${lon}-${mode}-${minutes}`;
  const valueName = kind === "home" ? "Dove vivo" : kind === "work" ? "Dove lavoro" : name?.trim() || DEFAULT_NAME;
  return {
    valueId,
    valueName,
    valueStreetNum: DEFAULT_STREET_NUMBER,
    valueMin: [minutes],
    valueVehicle: [mode],
    apiData: { location: { lat, lon }, travel_mode: mode, travel_time: minutes },
    updateDt: now.toISOString(),
  };
}

/** Two points are the same when lat, lon, travel mode and travel time are equal. */
export function samePoint(a: CommutePoint, b: CommutePoint): boolean {
  return (
    a.apiData.location.lat === b.apiData.location.lat &&
    a.apiData.location.lon === b.apiData.location.lon &&
    a.apiData.travel_mode === b.apiData.travel_mode &&
    a.apiData.travel_time === b.apiData.travel_time
  );
}

/** Saves a point: 'Dove vivo' and 'Dove lavoro' replace their previous one; a point equal to another replaces it. Newest first. */
export function saveCommutePoint(list: readonly CommutePoint[], point: CommutePoint): CommutePoint[] {
  const rest = list.filter((p) => p.valueId !== point.valueId && !samePoint(p, point));
  return [point, ...rest].slice(0, MAX_POINTS);
}

export function removeCommutePoint(list: readonly CommutePoint[], valueId: string): CommutePoint[] {
  return list.filter((p) => p.valueId !== valueId);
}

const modes = Object.keys(travelModes) as [TravelMode, ...TravelMode[]];
const pointSchema = z.object({
  valueId: z.string().min(1).max(120),
  valueName: z.string().min(1).max(120),
  valueStreetNum: z.string().max(20),
  valueMin: z.array(z.number().int().min(1).max(120)).max(10),
  valueVehicle: z.array(z.enum(modes)).max(3),
  apiData: z.object({
    location: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }),
    travel_mode: z.enum(modes),
    travel_time: z.number().int().min(1).max(120),
  }),
  updateDt: z.string().max(40),
});

/** A stored list (JSON text, or null): entries that do not read are dropped, never the whole list. */
export function readCommutePoints(text: string | null): CommutePoint[] {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw
    .flatMap((entry) => {
      const parsed = pointSchema.safeParse(entry);
      return parsed.success ? [parsed.data as CommutePoint] : [];
    })
    .slice(0, MAX_POINTS);
}

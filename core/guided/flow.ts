/**
 * The guided find-a-home flow 'cercacasa' (seed 001 §2 Guided flow, §3, §4; docs/decisions/102): the state the
 * steps build (kept in the URL and hidden fields, so the flow works without JavaScript; its steps and URL form are
 * steps.ts's), each step's zod schema (a bad value is refused naming its field), and the search the state stands for —
 * raw filters of seed 000 §3 that core/search/query.ts parses, so a search saved at the end is the one a
 * results page would save (same canonical URL, same hash). An area drawn on the map is carried as the
 * results page's own `geopolygon` key and text (docs/decisions/134). Pure: no database, no React.
 */
import { z } from "zod";
import { geoFormOf, LIMITS } from "../search/filters.ts";
import { drawnPolygonProblem } from "../search/map-view.ts";
import { parseSearch } from "../search/query.ts";
import { travelModes, type TravelMode } from "../search/vocabulary.ts";
import { AREA_KEY, guidedFeatures, guidedSteps, homeTypes, stateFields, type GuidedStep } from "./steps.ts";

const PLACE_ID = /^IT(-[A-Z0-9-]{1,60})?$/;
/** A starting point "lat,lon" (7 decimals at most, as the seed's commute points round them). */
const POINT = /^-?\d{1,2}(\.\d{1,7})?,-?\d{1,3}(\.\d{1,7})?$/;
const travelModeKeys = Object.keys(travelModes) as [TravelMode, ...TravelMode[]];
/** The drawn area's form: the results page's map search key `geopolygon` and its URL text (core/search/filters.ts geoForms). */
const polygonForm = geoFormOf("polygon");
const AREA_HINT = "un'area come 45.47,9.17;45.47,9.2;45.45,9.19 (lat,lon;…)";

/**
 * A drawn area as the URL carries it (`lat,lon;lat,lon;…`, the codec's `geopolygon` text), checked by the
 * rules a drawn polygon meets on the results map (Italian messages) and by the search's own parser; its
 * canonical text (the codec's, as a results page writes it), or the Italian message saying what is wrong.
 */
export function readAreaText(text: string): { text: string; ring: Array<[number, number]> } | { problem: string } {
  const raw = polygonForm.fromText(text) as { polygon: number[][] } | undefined;
  if (!raw) return { problem: AREA_HINT };
  const problem = drawnPolygonProblem(raw.polygon.map(([lat, lon]) => [lon!, lat!] as [number, number]));
  if (problem) return { problem };
  try {
    const geo = parseSearch({ [AREA_KEY]: raw }).geo;
    if (geo?.kind !== "polygon") return { problem: AREA_HINT };
    return { text: polygonForm.toText(polygonForm.toRaw(geo) as Record<string, unknown>), ring: geo.ring };
  } catch {
    return { problem: AREA_HINT };
  }
}

/** A drawn ring ([lon, lat]) as the state's area text: the codec's `geopolygon` text, as the results map's URL has it. */
export function areaTextOf(ring: ReadonlyArray<readonly [number, number]>): string {
  return polygonForm.toText(polygonForm.toRaw({ kind: "polygon", ring: ring.map(([lon, lat]) => [lon, lat]) }) as Record<string, unknown>);
}

const int = (min: number, max: number) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

/** Every field of the state, as the URL or a form or a JSON body carries it (strings or numbers). */
const fields = {
  contratto: z.enum(["vendita", "affitto"]).default("vendita"),
  tipologia: z.preprocess((v) => (v === "" ? undefined : v), z.enum(homeTypes).optional()),
  luogo: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(PLACE_ID, "un luogo come IT-03-015146").optional()),
  /** Commute time instead of a place (docs/decisions/102): within `minuti` by `mezzo` of the point `vicino`, named `da`. */
  vicino: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(POINT, "un punto come 45.4642,9.19").optional()),
  da: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().min(1).max(100).optional()),
  mezzo: z.preprocess((v) => (v === "" ? undefined : v), z.enum(travelModeKeys).optional()),
  minuti: int(LIMITS.nearbyMinMinutes, LIMITS.nearbyMaxMinutes),
  /** An area drawn on the map instead of a place (docs/decisions/134): the results page's `geopolygon` text, canonical. */
  [AREA_KEY]: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .max(8000)
      .optional()
      .transform((text, ctx) => {
        if (text === undefined) return undefined;
        const area = readAreaText(text);
        if ("problem" in area) {
          ctx.addIssue({ code: "custom", message: area.problem });
          return z.NEVER;
        }
        return area.text;
      }),
  ),
  prezzoMin: int(0, LIMITS.maxPrice),
  prezzoMax: int(0, LIMITS.maxPrice),
  locali: int(1, 5),
  bagni: int(1, 3),
  filtri: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : String(v).split(",")),
    z.array(z.enum(guidedFeatures)).max(guidedFeatures.length),
  ),
} satisfies Record<(typeof stateFields)[number], z.ZodType>;

export const guidedStateSchema = z
  .object(fields)
  .refine((s) => s.prezzoMin === undefined || s.prezzoMax === undefined || s.prezzoMin <= s.prezzoMax, {
    message: "il prezzo minimo supera il massimo",
    path: ["prezzoMax"],
  })
  .refine((s) => s[AREA_KEY] === undefined || (s.luogo === undefined && s.vicino === undefined), {
    message: "un'area disegnata sostituisce il luogo e il tempo di viaggio: indicane uno solo",
    path: [AREA_KEY],
  });
export type GuidedState = z.infer<typeof guidedStateSchema>;

/** The commute-time answer of the where step, when it is complete. */
export function commuteOf(state: GuidedState): { lat: number; lon: number; mode: TravelMode; minutes: number } | null {
  if (!state.vicino || !state.mezzo || state.minuti === undefined) return null;
  const [lat, lon] = state.vicino.split(",").map(Number) as [number, number];
  return { lat, lon, mode: state.mezzo, minutes: state.minuti };
}

/** Where the state searches: a place, an area drawn on the map, or a commute time from a point. */
export function hasWhere(state: GuidedState): boolean {
  return state.luogo !== undefined || state[AREA_KEY] !== undefined || commuteOf(state) !== null;
}

/** The where step's map answer: the drawn area alone (place and commute time dropped); null without an area. */
export function answerArea(state: GuidedState): GuidedState | null {
  if (state[AREA_KEY] === undefined) return null;
  return { ...state, luogo: undefined, vicino: undefined, da: undefined, mezzo: undefined, minuti: undefined };
}

/** A step needs the earlier steps' answers: the where step's place or commute time, at least. The first step missing one, or null. */
export function missingStep(state: GuidedState, step: GuidedStep): GuidedStep | null {
  const at = guidedSteps.indexOf(step);
  if (at > guidedSteps.indexOf("dove") && !hasWhere(state)) return "dove";
  return null;
}

/** The search's raw filters (seed 000 §3 keys) and places for core/search/query.ts parseSearch. */
export function searchInputOf(state: GuidedState): { raw: Record<string, unknown>; places: string[] } {
  const raw: Record<string, unknown> = { channel: state.contratto, propertyTypeGroup: "case" };
  if (state.tipologia) raw.propertyTypes = [state.tipologia];
  if (state.prezzoMin !== undefined) raw.price_min = state.prezzoMin;
  if (state.prezzoMax !== undefined) raw.price_max = state.prezzoMax;
  if (state.locali !== undefined) raw.numRooms_min = state.locali;
  if (state.bagni !== undefined) raw.numBaths = state.bagni;
  for (const f of state.filtri) raw[f] = true;
  // One where answer (the schema refuses an area with a place or a commute time): the area as the results map writes it.
  const area = state[AREA_KEY];
  if (area !== undefined) raw[AREA_KEY] = polygonForm.fromText(area);
  const commute = state.luogo || area !== undefined ? null : commuteOf(state);
  if (commute) raw.nearby = { lat: commute.lat, lon: commute.lon, vehicle: commute.mode, time: commute.minutes };
  return { raw, places: state.luogo ? [state.luogo] : [] };
}

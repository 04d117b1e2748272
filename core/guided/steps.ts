/**
 * The guided flow's steps and its state as URL parameters (docs/decisions/102): what the flow's pages need in the
 * browser. The state's zod rules and the search it stands for are flow.ts's, kept out of the browser's bundle.
 * Pure: no database, no React.
 */
import { geoFormOf } from "../search/filters.ts";
import { propertyTypeGroups } from "../search/vocabulary.ts";
import type { GuidedState } from "./flow.ts";

/** §2's steps, in order, then the save and the thank-you page. */
export const guidedSteps = ["parametri", "dove", "budget", "locali", "filtri", "salva", "grazie"] as const;
export type GuidedStep = (typeof guidedSteps)[number];

/** The features the filters step offers, by the search's raw key. */
export const guidedFeatures = ["lift", "balcony", "terrace", "air_conditioned", "has_swimming_pool"] as const;
export type GuidedFeature = (typeof guidedFeatures)[number];

export const homeTypes = propertyTypeGroups.case;

/** The area's key in the state: the results map's own `geopolygon` key, so the state's URL text is the results page's. */
export const AREA_KEY = geoFormOf("polygon").key as "geopolygon";

/** Every field of the state, in the order the URL writes them. */
export const stateFields = [
  "contratto",
  "tipologia",
  "luogo",
  "vicino",
  "da",
  "mezzo",
  "minuti",
  AREA_KEY,
  "prezzoMin",
  "prezzoMax",
  "locali",
  "bagni",
  "filtri",
] as const;

/** The travel times the where step offers (minutes; the search takes 5–60). */
export const commuteMinutes = [10, 15, 20, 30, 45, 60] as const;
/** What each step asks; a step's submission must carry these valid (the where step: a place). */
export const stepFields: Readonly<Record<GuidedStep, readonly (keyof GuidedState)[]>> = {
  parametri: ["contratto", "tipologia"],
  dove: ["luogo", "vicino", "da", "mezzo", "minuti", AREA_KEY],
  budget: ["prezzoMin", "prezzoMax"],
  locali: ["locali", "bagni"],
  filtri: ["filtri"],
  salva: [],
  grazie: [],
};

export function nextStep(step: GuidedStep): GuidedStep {
  return guidedSteps[Math.min(guidedSteps.length - 1, guidedSteps.indexOf(step) + 1)]!;
}
export function previousStep(step: GuidedStep): GuidedStep | null {
  const at = guidedSteps.indexOf(step);
  return at > 0 ? guidedSteps[at - 1]! : null;
}

/** The state as URL parameters (defaults and empty values left out), in field order. */
export function stateParams(state: GuidedState): URLSearchParams {
  const p = new URLSearchParams();
  p.set("contratto", state.contratto);
  if (state.tipologia) p.set("tipologia", state.tipologia);
  if (state.luogo) p.set("luogo", state.luogo);
  if (state.vicino) p.set("vicino", state.vicino);
  if (state.da) p.set("da", state.da);
  if (state.mezzo) p.set("mezzo", state.mezzo);
  if (state.minuti !== undefined) p.set("minuti", String(state.minuti));
  if (state[AREA_KEY] !== undefined) p.set(AREA_KEY, state[AREA_KEY]);
  if (state.prezzoMin !== undefined) p.set("prezzoMin", String(state.prezzoMin));
  if (state.prezzoMax !== undefined) p.set("prezzoMax", String(state.prezzoMax));
  if (state.locali !== undefined) p.set("locali", String(state.locali));
  if (state.bagni !== undefined) p.set("bagni", String(state.bagni));
  if (state.filtri.length > 0) p.set("filtri", state.filtri.join(","));
  return p;
}

/** Reads a state from URL parameters or form fields (repeated 'filtri' checkboxes gathered). */
export function readStateParams(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of stateFields) {
    const all = params.getAll(key).filter((v) => v !== "");
    if (all.length === 0) continue;
    out[key] = key === "filtri" ? all.flatMap((v) => v.split(",")).filter(Boolean) : all[all.length - 1];
  }
  return out;
}

/** Budget choices shown as quick picks (and the chat's chips): by channel, in euros. */
export const budgetPicks: Readonly<Record<GuidedState["contratto"], readonly number[]>> = {
  vendita: [100_000, 200_000, 300_000, 500_000],
  affitto: [500, 800, 1_200, 2_000],
};

/**
 * The circle search's rules (seed 000 §4 "Circle search", §5 radius, §9): what counts as a tap, the
 * radius slider's steps and its ceiling that doubles at the last step, the labels. Pure; the map
 * (app/ui/search-map.tsx) and the tests use them.
 */
import { LIMITS } from "./filters.ts";
import { TAP_TOLERANCE_PX } from "./map-view.ts";

export const CIRCLE_DEFAULT_RADIUS = 500;
export const CIRCLE_MIN_RADIUS = LIMITS.circleMinMeters;
/** The slider's first ceiling; it doubles up to the search's maximum (seed 000 §9 constants 100, 500, 2000). */
export const CIRCLE_BASE_CEILING = 2000;
export const CIRCLE_MAX_RADIUS = LIMITS.circleMaxMeters;
const STEPS = 10;

/** A press counts as a tap when the pointer moved at most 10 px between down and up. */
export function isTap(down: { x: number; y: number }, up: { x: number; y: number }): boolean {
  return Math.hypot(up.x - down.x, up.y - down.y) <= TAP_TOLERANCE_PX;
}

/** The 10 slider values from 100 m to the ceiling, rounded to 50 m. */
export function radiusSteps(ceiling: number): number[] {
  return Array.from({ length: STEPS }, (_, i) => {
    if (i === 0) return CIRCLE_MIN_RADIUS;
    if (i === STEPS - 1) return ceiling;
    return Math.round((CIRCLE_MIN_RADIUS + ((ceiling - CIRCLE_MIN_RADIUS) * i) / (STEPS - 1)) / 50) * 50;
  });
}

/**
 * The ceiling after the radius changed: doubled (up to the maximum) when the radius reaches the last
 * step, back to the base when the radius falls below it, otherwise unchanged.
 */
export function nextCeiling(radius: number, ceiling: number): number {
  if (radius >= ceiling && ceiling < CIRCLE_MAX_RADIUS) return Math.min(ceiling * 2, CIRCLE_MAX_RADIUS);
  if (radius < CIRCLE_BASE_CEILING) return CIRCLE_BASE_CEILING;
  return ceiling;
}

/** The ceiling a radius is shown under: the first of the doubling chain (2,000, 4,000, …) that holds it. */
export function ceilingFor(radius: number): number {
  let ceiling = CIRCLE_BASE_CEILING;
  while (ceiling < radius && ceiling < CIRCLE_MAX_RADIUS) ceiling = Math.min(ceiling * 2, CIRCLE_MAX_RADIUS);
  return ceiling;
}

/** The ceilings the slider passes through: 2,000 m doubling up to the maximum (2, 4, 8, 16, 32, 50 km). */
function ceilingChain(): number[] {
  const chain = [CIRCLE_BASE_CEILING];
  while (chain[chain.length - 1]! < CIRCLE_MAX_RADIUS) chain.push(Math.min(chain[chain.length - 1]! * 2, CIRCLE_MAX_RADIUS));
  return chain;
}

/**
 * The desktop radius handle (seed 000 §4 Circle search 3): the pointer's distance from the centre,
 * snapped to the slider's steps under the ceiling that holds it (plus the ceiling below, so the radius
 * grows steadily across a doubling), and the slider's ceiling after it by the slider's own rule
 * (`nextCeiling`). It depends on the distance only, never on the previous ceiling, so a pointer held
 * still near a ceiling cannot make the radius flicker between two steps.
 */
export function radiusFromHandle(distanceMeters: number): { radius: number; ceiling: number } {
  const wanted = Math.min(CIRCLE_MAX_RADIUS, Math.max(CIRCLE_MIN_RADIUS, distanceMeters));
  const chain = ceilingChain();
  const at = chain.findIndex((c) => c >= wanted);
  const ceiling = chain[at]!;
  const candidates = at > 0 ? [chain[at - 1]!, ...radiusSteps(ceiling)] : radiusSteps(ceiling);
  let radius = candidates[0]!;
  for (const step of candidates) if (Math.abs(step - wanted) < Math.abs(radius - wanted)) radius = step;
  return { radius, ceiling: nextCeiling(radius, ceiling) };
}

/** The slider position of a radius (the nearest step), and a radius clamped to the limits. */
export function stepIndex(radius: number, ceiling: number): number {
  const steps = radiusSteps(ceiling);
  let best = 0;
  for (let i = 1; i < steps.length; i++) if (Math.abs(steps[i]! - radius) < Math.abs(steps[best]! - radius)) best = i;
  return best;
}
export function clampRadius(radius: number): number {
  return Math.min(CIRCLE_MAX_RADIUS, Math.max(CIRCLE_MIN_RADIUS, Math.round(radius)));
}

/** Where the circle is, for 'Entro N m. da name, parent' (seed 000 §2 item 8): the parent only when it says more. */
export function circlePlace(name: string | null, parent: string | null): string | null {
  if (!name) return null;
  return parent && parent !== name ? `${name}, ${parent}` : name;
}

/** The confirm button's state (seed 000 §5): counting (disabled), no result (disabled), or N results. */
export function confirmState(count: number | null, loading: boolean): { kind: "loading" | "none" | "count"; disabled: boolean } {
  if (loading) return { kind: "loading", disabled: true };
  if (!count) return { kind: "none", disabled: true };
  return { kind: "count", disabled: false };
}

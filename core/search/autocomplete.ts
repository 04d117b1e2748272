/**
 * The place autocomplete's rules (seed 000 §4 Autocomplete, §5, §9) as pure functions, shipped to the
 * browser by app/ui/place-autocomplete.tsx: the locality search (2 characters, 350 ms debounce) and the
 * map's address panel (3 characters, 100 ms throttle). Label truncation and '+N' live in ./ui-rules.ts.
 */
import { isStreetQuery } from "../places-suggest.ts";

export const AUTOCOMPLETE = {
  /** Suggestions are asked for from this many characters. */
  minChars: 2,
  debounceMs: 350,
  size: 5,
  /** The maps prompt ("Non hai trovato…") reacts at most once per this interval. */
  promptThrottleMs: 2000,
  listMaxHeightPx: 192,
} as const;

/**
 * The map's address panel (seed 000 §5, §9): suggestions when the text is longer than 2 characters,
 * at most one request per 100 ms while typing (a throttle: the first keystroke asks at once, the last
 * one is always asked), places and streets of the suggest endpoint.
 */
export const ADDRESS_AUTOCOMPLETE = { minChars: 3, throttleMs: 100, size: 5 } as const;

/** The two ways the autocomplete paces its requests. */
export type SuggestPacing = { kind: "debounce"; ms: number } | { kind: "throttle"; ms: number };
export const LOCALITY_PACING: SuggestPacing = { kind: "debounce", ms: AUTOCOMPLETE.debounceMs };
export const ADDRESS_PACING: SuggestPacing = { kind: "throttle", ms: ADDRESS_AUTOCOMPLETE.throttleMs };

/** True when the text is long enough to ask for suggestions (2 characters for places, 3 in the address panel). */
export function shouldSuggest(text: string, minChars: number = AUTOCOMPLETE.minChars): boolean {
  return [...text.trim()].length >= minChars;
}

/**
 * How long to wait before asking for the text just typed. A debounce waits its full time after each
 * keystroke; a throttle asks at once unless it asked less than its interval ago, and then waits for
 * the rest of that interval (the caller replaces a pending request with the newest text).
 */
export function suggestDelay(pacing: SuggestPacing, lastAskedAt: number, now: number): number {
  if (pacing.kind === "debounce") return pacing.ms;
  return Math.max(0, lastAskedAt + pacing.ms - now);
}

/**
 * The highlighted index after an arrow key: down from nothing goes to the first entry, up from
 * nothing to the last, and both wrap around. -1 means nothing highlighted (and stays so with no entries).
 */
export function moveHighlight(current: number, key: "ArrowDown" | "ArrowUp", count: number): number {
  if (count <= 0) return -1;
  if (key === "ArrowDown") return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}

/**
 * What leaving the field does (seed 000 §4): with an empty query the highlighted entry is selected;
 * otherwise the highlight is cleared and the list closes, keeping what was typed (see
 * docs/decisions/017-autocomplete-behaviour.md).
 */
export function blurAction(query: string, highlighted: number, count: number): { kind: "select"; index: number } | { kind: "clear" } {
  if (query.trim() === "" && highlighted >= 0 && highlighted < count) return { kind: "select", index: highlighted };
  return { kind: "clear" };
}

/** Which maps prompt to show: address wording after a street word, else locality wording. */
export function promptKind(query: string): "address" | "locality" {
  return isStreetQuery(query) ? "address" : "locality";
}

/** A throttle gate: `allow(now)` is true at most once per `intervalMs`. */
export function createThrottle(intervalMs: number): { allow(now: number): boolean } {
  let last = -Infinity;
  return {
    allow(now: number) {
      if (now - last < intervalMs) return false;
      last = now;
      return true;
    },
  };
}

/**
 * A town typed into a form ("milano", "Forlì", "San Teodoro (SS)") resolved to one municipality:
 * accents and case are ignored, a province code in brackets picks among homonyms, and otherwise the
 * most populous homonym wins (it is the one people usually mean).
 */
import { foldAccents } from "../text.ts";

export interface TownCandidate {
  id: string;
  name: string;
  short: string | null;
  population: number | null;
}

const normalise = (s: string) => foldAccents(s).toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, " ").trim();

export function resolveTown<T extends TownCandidate>(input: string, towns: readonly T[]): T | null {
  const match = /^(.*?)\s*\(\s*([a-z]{2})\s*\)\s*$/i.exec(input.trim());
  const name = normalise(match ? match[1]! : input);
  const province = match ? match[2]!.toUpperCase() : null;
  if (!name) return null;
  const found = towns.filter((t) => normalise(t.name) === name && (province === null || t.short === province));
  if (found.length === 0) return null;
  return found.reduce((best, t) => ((t.population ?? 0) > (best.population ?? 0) ? t : best));
}

/** "Milano (MI)": the label that resolves back to the same town. */
export function townLabel(town: TownCandidate): string {
  return town.short ? `${town.name} (${town.short})` : town.name;
}

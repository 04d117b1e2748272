/**
 * The chat variant of the guided flow (seed 001 §2 "There is a chat variant", §7 `/cerca-casa/chat`;
 * docs/decisions/123): what a visitor's free text answers at each step — the contract and home type, a budget
 * ('fino a 250 mila', 'tra 800 e 1.200 €', '1,2 milioni'), rooms and bathrooms ('trilocale', 'almeno 3 locali e
 * 2 bagni'), the features ('ascensore e balcone', 'nessuna'). Our own rules over normalised words: no external
 * service. Places are not read here: the where step's text goes to the place search, as the plain form's does.
 * Each reader answers the state fields it understood, or null. Pure.
 */
import { apartmentRoomNames, propertyTypeLabels } from "../listing/labels.ts";
import { LIMITS } from "../search/filters.ts";
import type { GuidedState } from "./flow.ts";
import { guidedFeatures, homeTypes, type GuidedFeature, type GuidedStep } from "./steps.ts";

/** Lower case, accents off, punctuation as spaces (digits keep their '.' and ',' for prices). */
export function normaliseAnswer(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/€/g, " euro ")
    .replace(/[^a-z0-9.,+\s-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const has = (text: string, pattern: RegExp) => pattern.test(text);

/** The contract: buying or renting (Italian and English words). */
export function readContract(text: string): GuidedState["contratto"] | null {
  const t = normaliseAnswer(text);
  const rent = has(t, /\b(affitt\w*|in affitto|locazione|noleggi\w*|rent\w*|to let|let)\b/);
  const buy = has(t, /\b(compr\w*|acquist\w*|vendita|in vendita|buy\w*|purchas\w*|sale)\b/);
  if (rent === buy) return null;
  return rent ? "affitto" : "vendita";
}

/** Other words for the home types than their labels (lower case, accents off). */
const typeWords: Readonly<Record<string, readonly string[]>> = {
  appartamento: ["appartament", "flat", "apartment"],
  "attico-mansarda": ["attic", "mansard", "penthouse"],
  "casa-bi-trifamiliare": ["bifamiliar", "trifamiliar"],
  "casa-indipendente": ["casa indipendente", "indipendente", "detached"],
  loft: ["loft"],
  "rustico-casale": ["rustic", "casale", "cascina", "farmhouse"],
  villa: ["villa", "ville"],
  "villetta-a-schiera": ["villetta", "schiera", "terraced"],
  "baita-bungalow-chalet-trullo": ["baita", "bungalow", "chalet", "trull"],
};

/**
 * The home type: one of the flow's types by its label or a common word; 'qualsiasi' (any) clears it. An
 * 'any' answer gives `{ tipologia: undefined }`; nothing understood, null.
 */
export function readHomeType(text: string): { tipologia: GuidedState["tipologia"] } | null {
  const t = normaliseAnswer(text);
  if (has(t, /\b(qualsiasi|qualunque|indifferente|tutt[ei]|any|whatever)\b/)) return { tipologia: undefined };
  // Villetta before villa: the longest word first.
  const found = homeTypes
    .flatMap((type) => [normaliseAnswer(propertyTypeLabels[type] ?? type), ...(typeWords[type] ?? [])].map((word) => ({ type, word })))
    .filter(({ word }) => t.includes(word))
    .sort((a, b) => b.word.length - a.word.length);
  return found[0] ? { tipologia: found[0].type } : null;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  un: 1,
  uno: 1,
  una: 1,
  one: 1,
  due: 2,
  two: 2,
  tre: 3,
  three: 3,
  quattro: 4,
  four: 4,
  cinque: 5,
  five: 5,
  sei: 6,
  six: 6,
};

/** '250.000' '1,2' '1.200,50' '800' as a number (Italian separators; a lone ',' or '.' with 1–2 decimals is a decimal point). */
function readNumber(raw: string): number | null {
  let s = raw.replace(/[.,]$/, "");
  if (/^\d{1,3}([.,]\d{3})+$/.test(s)) s = s.replace(/[.,]/g, "");
  else if (/^\d{1,3}(\.\d{3})+,\d+$/.test(s)) s = s.replace(/\./g, "").replace(",", ".");
  else s = s.replace(",", ".");
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Amounts in a text with their multipliers ('250 mila', '250k', '1,2 milioni', '1.2m'), in order. */
function amounts(t: string): Array<{ value: number; at: number; factor: number }> {
  const out: Array<{ value: number; at: number; factor: number }> = [];
  const re = /(\d[\d.,]*)\s*(mila|mille|k|milioni|milione|mln|mil|m)?\b/g;
  for (let m = re.exec(t); m; m = re.exec(t)) {
    const n = readNumber(m[1]!);
    if (n === null) continue;
    const unit = m[2];
    const factor = unit === "mila" || unit === "mille" || unit === "k" ? 1_000 : unit ? 1_000_000 : 1;
    out.push({ value: Math.round(n * factor), at: m.index, factor });
  }
  return out;
}

/**
 * A budget: 'fino a|massimo|entro|sotto X' is a maximum, 'almeno|da|minimo|oltre|più di X' a minimum, 'tra X e Y',
 * 'da X a Y' and 'X-Y' a range, a lone amount a maximum; 'indifferente' clears both. Amounts past the search's
 * limit are not understood.
 */
export function readBudget(text: string): Pick<GuidedState, "prezzoMin" | "prezzoMax"> | null {
  const t = normaliseAnswer(text);
  if (has(t, /\b(indifferente|qualsiasi|nessun limite|any|no limit)\b/)) return { prezzoMin: undefined, prezzoMax: undefined };
  const found = amounts(t);
  if (found.length === 0 || found.some((a) => a.value > LIMITS.maxPrice)) return null;
  if (found.length >= 2) {
    const [first, second] = [found[0]!, found[1]!];
    // 'da 100 a 200 mila': the second amount's 'mila' is the first's too.
    const a = first.factor === 1 && second.factor > 1 ? first.value * second.factor : first.value;
    const b = second.value;
    if (a > LIMITS.maxPrice) return null;
    return { prezzoMin: Math.min(a, b), prezzoMax: Math.max(a, b) };
  }
  const before = t.slice(0, found[0]!.at);
  const min = has(before, /\b(almeno|minimo|min|oltre|sopra|piu di|da|at least|from|over|more than|above)\s*$/);
  return min ? { prezzoMin: found[0]!.value, prezzoMax: undefined } : { prezzoMin: undefined, prezzoMax: found[0]!.value };
}

/** A count before a word ('3 locali', 'tre bagni'), as a number. */
function countBefore(t: string, words: string): number | null {
  const m = new RegExp(`\\b(\\d+|${Object.keys(NUMBER_WORDS).join("|")})\\+?\\s*(?:o piu\\s*)?(?:${words})\\b`).exec(t);
  if (!m) return null;
  return /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!]!;
}

/**
 * Rooms and bathrooms: 'bilocale' (an apartment's room name), '3 locali|stanze|camere', 'tre bagni'; counts are
 * at least that many, rooms capped at 5+ and bathrooms at 3+ as the form offers them; 'indifferente' clears
 * both. Only what the text names is answered.
 */
export function readRooms(text: string): Partial<Pick<GuidedState, "locali" | "bagni">> | null {
  const t = normaliseAnswer(text);
  if (has(t, /\b(indifferente|qualsiasi|any)\b/)) return { locali: undefined, bagni: undefined };
  const out: Partial<Pick<GuidedState, "locali" | "bagni">> = {};
  for (const [n, name] of Object.entries(apartmentRoomNames))
    if (has(t, new RegExp(`\\b${normaliseAnswer(name).slice(0, -1)}[ei]\\b`))) out.locali = Number(n);
  const rooms = countBefore(t, "locali|locale|stanze|stanza|vani|vano|rooms|room");
  if (rooms !== null && rooms > 0) out.locali = Math.min(rooms, 5);
  const baths = countBefore(t, "bagni|bagno|bathrooms|bathroom|baths|bath");
  if (baths !== null && baths > 0) out.bagni = Math.min(baths, 3);
  // A bare number answers the rooms.
  if (out.locali === undefined && out.bagni === undefined) {
    const bare = /^(\d+|[a-z]+)\+?$/.exec(t)?.[1];
    const n = bare === undefined ? undefined : /^\d+$/.test(bare) ? Number(bare) : NUMBER_WORDS[bare];
    if (n !== undefined && n > 0) out.locali = Math.min(n, 5);
  }
  return Object.keys(out).length > 0 ? out : null;
}

const featureWords: Readonly<Record<GuidedFeature, RegExp>> = {
  lift: /\b(ascensor\w*|lift|elevator)\b/,
  balcony: /\b(balcon\w*|balcony|balconies)\b/,
  terrace: /\b(terrazz\w*|terrace\w*)\b/,
  air_conditioned: /\b(aria condizionata|condizionator\w*|climatizza\w*|air conditioning|air con\w*)\b/,
  has_swimming_pool: /\b(piscin\w*|pool|swimming)\b/,
};

/** Features: their names and common words; 'nessuna|niente|no' answers none. */
export function readFeatures(text: string): Pick<GuidedState, "filtri"> | null {
  const t = normaliseAnswer(text);
  const filtri = guidedFeatures.filter((f) => featureWords[f].test(t));
  if (filtri.length > 0) return { filtri };
  if (has(t, /\b(nessun\w*|niente|no|none|nothing)\b/)) return { filtri: [] };
  return null;
}

/**
 * What a free-text answer at a step changes in the state (the where step's text is the place search's); null when
 * nothing is understood. The parameters step reads contract and type together ('affitto un bilocale').
 */
export function readAnswer(step: GuidedStep, text: string): Partial<GuidedState> | null {
  switch (step) {
    case "parametri": {
      const contratto = readContract(text);
      const type = readHomeType(text);
      if (!contratto && !type) return null;
      return { ...(contratto ? { contratto } : {}), ...(type ?? {}) };
    }
    case "budget":
      return readBudget(text);
    case "locali":
      return readRooms(text);
    case "filtri":
      return readFeatures(text);
    default:
      return null;
  }
}

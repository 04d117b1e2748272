/**
 * Place autocomplete ranking (issue 3 part 6): an in-memory index over the ~8,500 places, tolerant of
 * missing accents, apostrophes, spaces ("san remo" / "sanremo") and one typo (two in long names).
 * Pure: no database, no React. db/place-search.ts builds it from the places table and supplies counts.
 *
 * How a place matches a query (best first, see docs/decisions/015-place-suggest.md):
 *   exact name (any of its names: Italian, English, the other official language) → prefix of a name
 *   → every query word starts a word of the name → the whole name within the typo budget
 *   → a prefix of the name within the typo budget.
 * Within the same kind of match, places rank by importance: level (towns first), population and
 * listing count in the requested channel.
 */
import { foldAccents } from "./text.ts";

export interface SuggestEntry {
  id: string;
  level: number;
  /** Every name the place is known by: Italian first, then English and the other official language. */
  names: string[];
  population: number;
}

/** "Reggio nell'Emilia" → "reggio nell emilia"; "Forlì" → "forli". */
export function normalizeQuery(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Street words that turn a query into an address search (seed 000 §4 Autocomplete). */
export const streetPrefixes = ["via", "viale", "piazza", "piazzale", "corso", "strada", "vicolo"] as const;

/** True when the query starts with a street word followed by something: "via roma", "piazza ". */
export function isStreetQuery(text: string): boolean {
  const words = foldAccents(text)
    .toLowerCase()
    .trimStart()
    .split(/[^a-z0-9.]+/);
  if (words.length < 2) return false;
  const first = words[0]!.replace(/\.$/, "");
  return (streetPrefixes as readonly string[]).includes(first) || ["v.le", "p.za", "p.zza", "c.so"].includes(words[0]!);
}

/**
 * Seed 000 §5: a street address whose last word starts with a digit is split into street and number
 * ("via roma 12" → "via roma" + "12", "Corso Como 3/b" → "Corso Como" + "3/b"). Typed addresses often
 * go on with the town ("via roma 12, milano"): the number is taken out and the town kept ("via roma
 * milano", which matches the street index's "street town" keys). A lone word is no street ("12"), and
 * a number right after the street word is part of the name ("via 20 settembre").
 */
export function splitStreetNumber(text: string): { street: string; number: string | null } {
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  const isNumber = (w: string) => /^\d/.test(w);
  const last = words.length - 1;
  if (last >= 1 && isNumber(words[last]!) && words.slice(0, last).some((w) => /[a-z]/i.test(w))) {
    return { street: words.slice(0, last).join(" "), number: words[last]! };
  }
  // "via roma 12 milano": a number after the street's name (never right after the street word), followed by words only.
  for (let i = 2; i < last; i++) {
    if (isNumber(words[i]!) && words.slice(i + 1).every((w) => !isNumber(w))) {
      return { street: [...words.slice(0, i), ...words.slice(i + 1)].join(" "), number: words[i]! };
    }
  }
  return { street: text, number: null };
}

/** Typos tolerated for a query of this many letters (spaces removed). */
export function typoBudget(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** Optimal-string-alignment distance (Damerau–Levenshtein with adjacent transpositions), capped at max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  return prefixDistance(a, b, max, true);
}

const ROW = 128;
const rowA = new Int32Array(ROW);
const rowB = new Int32Array(ROW);
const rowC = new Int32Array(ROW);

function slowPrefixDistance(query: string, target: string, max: number, wholeOnly: boolean): number {
  return prefixDistance(query.slice(0, ROW - max - 2), target.slice(0, ROW - 2), max, wholeOnly);
}

/**
 * The smallest edit distance between `query` and the start of `target` (any prefix), or between
 * `query` and all of `target` when `wholeOnly`. Returns max + 1 when above `max`.
 */
export function prefixDistance(query: string, target: string, max: number, wholeOnly = false): number {
  const n = query.length;
  const m = Math.min(target.length, n + max);
  if (wholeOnly && target.length > n + max) return max + 1;
  if (m + 1 > rowA.length) return slowPrefixDistance(query, target, max, wholeOnly);
  // Three reused rows: no allocation per comparison (thousands per keystroke).
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= m; j++) {
      const cost = query.charCodeAt(i - 1) === target.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && query.charCodeAt(i - 1) === target.charCodeAt(j - 2) && query.charCodeAt(i - 2) === target.charCodeAt(j - 1)) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  if (wholeOnly) return target.length <= m ? Math.min(prev[target.length]!, max + 1) : max + 1;
  let best = max + 1;
  for (let j = Math.max(0, n - max); j <= m; j++) best = Math.min(best, prev[j]!);
  return best;
}

/** Kinds of match, best first. */
export const MatchKind = { exact: 0, prefix: 1, words: 2, fuzzyWhole: 3, fuzzyPrefix: 4 } as const;
export type MatchKind = (typeof MatchKind)[keyof typeof MatchKind];

const matchScore: Record<MatchKind, number> = { 0: 100, 1: 70, 2: 60, 3: 55, 4: 35 };

/**
 * What being in a map's view adds to a place's score: more than any difference of importance (about 7 at
 * most), so among matches of the same kind the places in view come first; an exact name elsewhere still
 * beats a prefix in view.
 */
export const IN_VIEW_BOOST = 12;

/** Importance of a place among matches of the same kind: towns first, then bigger and busier places. */
const levelWeight: Record<number, number> = { 9: 3, 6: 2.6, 4: 2.4, 10: 1.6, 11: 1.4, 130: 1.2, 118: 1.2, 120: 1, 132: 1 };

export function importance(level: number, population: number, count: number): number {
  return (levelWeight[level] ?? 0) + Math.log10(population + 1) / 3 + Math.log10(count + 1) / 3;
}

export interface SuggestMatch {
  id: string;
  kind: MatchKind;
  distance: number;
  score: number;
}

interface IndexedName {
  entry: number;
  spaced: string;
  compact: string;
  words: string[];
}

/** The index: build once per dataset, query many times (a few hundred microseconds each). */
export class SuggestIndex {
  readonly #entries: SuggestEntry[];
  readonly #names: IndexedName[] = [];
  /** Letter pair → names whose compact form contains it (for the typo-tolerant pass). */
  readonly #bigrams = new Map<string, number[]>();

  constructor(entries: SuggestEntry[]) {
    this.#entries = entries;
    entries.forEach((e, entry) => {
      const seen = new Set<string>();
      for (const raw of e.names) {
        const spaced = normalizeQuery(raw);
        if (!spaced || seen.has(spaced)) continue;
        seen.add(spaced);
        const compact = spaced.replace(/ /g, "");
        const index = this.#names.push({ entry, spaced, compact, words: spaced.split(" ") }) - 1;
        for (const bigram of new Set(bigramsOf(compact))) {
          let list = this.#bigrams.get(bigram);
          if (!list) this.#bigrams.set(bigram, (list = []));
          list.push(index);
        }
      }
    });
  }

  /**
   * Places matching `query`, best first. `accept` filters entries (levels, landing pages);
   * `countOf` gives the listing count used for ranking.
   */
  search(
    query: string,
    options: {
      limit: number;
      accept?: (e: SuggestEntry) => boolean;
      countOf?: (id: string) => number;
      /** Added to a match's score: a map ranks the places in view first (docs/decisions/080). */
      boostOf?: (id: string) => number;
    },
  ): SuggestMatch[] {
    const spaced = normalizeQuery(query).slice(0, 60);
    if (!spaced) return [];
    const compact = spaced.replace(/ /g, "");
    const words = spaced.split(" ");
    const budget = typoBudget(compact.length);
    const best = new Map<number, { kind: MatchKind; distance: number }>();
    const consider = (entry: number, kind: MatchKind, distance: number) => {
      const prev = best.get(entry);
      if (!prev || kind < prev.kind || (kind === prev.kind && distance < prev.distance)) best.set(entry, { kind, distance });
    };

    for (const n of this.#names) {
      if (n.spaced === spaced || n.compact === compact) consider(n.entry, MatchKind.exact, 0);
      else if (n.spaced.startsWith(spaced) || n.compact.startsWith(compact)) consider(n.entry, MatchKind.prefix, 0);
      else if (words.length > 1 && wordsMatch(words, n.words)) consider(n.entry, MatchKind.words, 0);
    }

    if (budget > 0) {
      // An edit changes at most three letter pairs (a transposition), so a name within the budget shares the rest.
      const qBigrams = [...new Set(bigramsOf(compact))];
      const needed = qBigrams.length - 3 * budget;
      const hits = new Uint8Array(this.#names.length);
      const candidates: number[] = [];
      for (const b of qBigrams) {
        for (const i of this.#bigrams.get(b) ?? []) {
          if (++hits[i]! === Math.max(1, needed)) candidates.push(i);
        }
      }
      if (needed <= 0) for (let i = 0; i < this.#names.length; i++) if (hits[i] === 0) candidates.push(i);
      for (const i of candidates) {
        const n = this.#names[i]!;
        const prev = best.get(n.entry);
        if (prev && prev.kind <= MatchKind.words) continue;
        const whole = prefixDistance(compact, n.compact, budget, true);
        if (whole <= budget) {
          consider(n.entry, MatchKind.fuzzyWhole, whole);
          continue;
        }
        const prefix = prefixDistance(compact, n.compact, budget);
        if (prefix <= budget) consider(n.entry, MatchKind.fuzzyPrefix, prefix);
      }
    }

    const out: SuggestMatch[] = [];
    for (const [entry, m] of best) {
      const e = this.#entries[entry]!;
      if (options.accept && !options.accept(e)) continue;
      const score =
        matchScore[m.kind] -
        m.distance * 8 +
        importance(e.level, e.population, options.countOf?.(e.id) ?? 0) +
        (options.boostOf?.(e.id) ?? 0);
      out.push({ id: e.id, kind: m.kind, distance: m.distance, score });
    }
    out.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
    return out.slice(0, options.limit);
  }

  get size(): number {
    return this.#entries.length;
  }
}

function bigramsOf(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < text.length; i++) out.push(text.slice(i, i + 2));
  if (text.length === 1) out.push(text);
  return out;
}

/** Every query word starts a distinct word of the name, in order: "reggio emilia" → "reggio nell emilia". */
function wordsMatch(query: string[], name: string[]): boolean {
  let j = 0;
  for (const w of query) {
    if (!w) continue;
    while (j < name.length && !name[j]!.startsWith(w)) j++;
    if (j === name.length) return false;
    j++;
  }
  return true;
}

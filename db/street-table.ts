/**
 * The streets listings use, for the autocomplete's address suggestions (db/place-search.ts), packed into a
 * few strings and typed arrays instead of an object per street. At 1.2 M listings there are ~267 k streets:
 * as objects (four strings and two numbers each) they were ~1.9 M of a worker's 3.85 M heap objects, which
 * every old-generation marking walks (docs/decisions/072). Entries are made as objects only when returned.
 */

export interface StreetRow {
  townId: string;
  /** The street as listings write it: "Via Roma". */
  street: string;
  /** normalizeQuery(street): "via roma". */
  streetKey: string;
  /** normalizeQuery of the town's name: "milano". */
  townKey: string;
  count: number;
  /** The street's centre: the mean of its listings' public locations. */
  lat: number;
  lon: number;
}

export interface StreetEntry {
  townId: string;
  street: string;
  streetKey: string;
  /** "via roma milano": the order of the table and what a query's prefix is matched against. */
  key: string;
  count: number;
  lat: number;
  lon: number;
}

/** Cannot occur in a normalized query or key, so a prefix test at an entry's start never runs into the next one. */
const SEPARATOR = "\n";
/** Sorting a prefix's whole range by listings costs more than walking the busiest streets past this size. */
const DENSE_RANGE = 2000;

/** A character V8 cannot store in a one-byte string. */
const WIDE = /[^\u0000-\u00ff]/;

/**
 * The same text stored one byte a character. A name read from a file that has any character beyond
 * Latin-1 is itself stored two bytes a character by V8 (as a slice of the file's text), and one such
 * piece makes a joined string two-byte as a whole: with the real streets (data/streets) that doubled the
 * table (26.9 MB instead of 14 MB, bench/street-table.bench.ts). Only for text without wide characters.
 */
function oneByte(text: string): string {
  return Buffer.from(text, "latin1").toString("latin1");
}

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class StreetTable {
  readonly size: number;
  /** Every key in key order, each followed by SEPARATOR; `#keyStart[i]` is where entry i's starts. */
  readonly #keys: string;
  readonly #keyStart: Uint32Array;
  readonly #streets: string;
  readonly #streetStart: Uint32Array;
  /**
   * Names with a character beyond Latin-1 ('Via Ivan Čedomil…'): one such character in the joined string
   * would make V8 store all of it in two bytes a character, so they are kept apart (a handful).
   */
  readonly #wideStreets = new Map<number, string>();
  /** Length of the street part of each key ("via roma" in "via roma milano"). */
  readonly #streetKeyLength: Uint16Array;
  readonly #towns: string[];
  readonly #town: Uint32Array;
  readonly #count: Uint32Array;
  readonly #lat: Float64Array;
  readonly #lon: Float64Array;
  /** Entry indexes by listings, most first (ties in key order): dense prefixes ("via ") stop early in this order. */
  readonly #byCount: Uint32Array;

  constructor(rows: readonly StreetRow[]) {
    const keyed = rows.map((r) => ({ row: r, key: `${r.streetKey} ${r.townKey}` })).sort((a, b) => compareKeys(a.key, b.key));
    const n = keyed.length;
    this.size = n;
    this.#keyStart = new Uint32Array(n + 1);
    this.#streetStart = new Uint32Array(n + 1);
    this.#streetKeyLength = new Uint16Array(n);
    this.#town = new Uint32Array(n);
    this.#count = new Uint32Array(n);
    this.#lat = new Float64Array(n);
    this.#lon = new Float64Array(n);
    const townIndex = new Map<string, number>();
    this.#towns = [];
    const keys: string[] = [];
    const streets: string[] = [];
    let keyAt = 0;
    let streetAt = 0;
    keyed.forEach(({ row, key }, i) => {
      this.#keyStart[i] = keyAt;
      keys.push(key);
      keyAt += key.length + SEPARATOR.length;
      this.#streetStart[i] = streetAt;
      if (WIDE.test(row.street)) this.#wideStreets.set(i, row.street);
      else {
        streets.push(row.street);
        streetAt += row.street.length;
      }
      this.#streetKeyLength[i] = row.streetKey.length;
      let town = townIndex.get(row.townId);
      if (town === undefined) {
        town = this.#towns.push(row.townId) - 1;
        townIndex.set(row.townId, town);
      }
      this.#town[i] = town;
      this.#count[i] = row.count;
      this.#lat[i] = row.lat;
      this.#lon[i] = row.lon;
    });
    this.#keyStart[n] = keyAt;
    this.#streetStart[n] = streetAt;
    this.#keys = oneByte(keys.join(SEPARATOR) + (n > 0 ? SEPARATOR : ""));
    this.#streets = oneByte(streets.join(""));
    // Key order is index order, so ties by index are ties by key.
    this.#byCount = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => this.#count[b]! - this.#count[a]! || a - b);
  }

  #key(i: number): string {
    return this.#keys.slice(this.#keyStart[i], this.#keyStart[i + 1]! - SEPARATOR.length);
  }

  #startsWith(i: number, prefix: string): boolean {
    return this.#keys.startsWith(prefix, this.#keyStart[i]);
  }

  entry(i: number): StreetEntry {
    const key = this.#key(i);
    return {
      townId: this.#towns[this.#town[i]!]!,
      street: this.#wideStreets.get(i) ?? this.#streets.slice(this.#streetStart[i], this.#streetStart[i + 1]),
      streetKey: key.slice(0, this.#streetKeyLength[i]),
      key,
      count: this.#count[i]!,
      lat: this.#lat[i]!,
      lon: this.#lon[i]!,
    };
  }

  /**
   * Up to `limit` streets whose key starts with `prefix`, most listings first (ties in key order). With
   * `townRanks` (a map's towns in view, docs/decisions/080) the streets of those towns come first, higher
   * ranks before lower, then the others.
   */
  withPrefix(prefix: string, limit: number, townRanks?: ReadonlyMap<string, number>): StreetEntry[] {
    if (limit <= 0) return [];
    // Every key starting with the prefix sits in one range of the key order.
    const lo = this.#firstAtOrAfter(prefix);
    const preferred: number[] = [];
    if (townRanks && townRanks.size > 0) {
      const rank = new Float64Array(this.#towns.length);
      this.#towns.forEach((id, i) => (rank[i] = townRanks.get(id) ?? 0));
      // Keys are [a-z0-9 ], all below U+007F: the range ends at the first key not below prefix + U+007F.
      const hi = this.#firstAtOrAfter(`${prefix}\u007f`);
      for (let i = lo; i < hi; i++) if (rank[this.#town[i]!]! > 0) preferred.push(i);
      const rankOf = (i: number) => rank[this.#town[i]!]!;
      preferred.sort((a, b) => rankOf(b) - rankOf(a) || this.#count[b]! - this.#count[a]! || a - b);
      preferred.length = Math.min(preferred.length, limit);
    }
    const taken = new Set(preferred);
    const rest = limit - preferred.length;
    let end = lo;
    while (end < this.size && end - lo <= DENSE_RANGE && this.#startsWith(end, prefix)) end++;
    const found: number[] = [];
    if (rest <= 0) {
      // The preferred towns fill the list.
    } else if (end - lo <= DENSE_RANGE) {
      for (let i = lo; i < end; i++) if (!taken.has(i)) found.push(i);
      found.sort((a, b) => this.#count[b]! - this.#count[a]! || a - b);
      found.length = Math.min(found.length, rest);
    } else {
      // A dense prefix: walking the busiest streets first finds `limit` matches quickly.
      for (const i of this.#byCount) {
        if (taken.has(i) || !this.#startsWith(i, prefix)) continue;
        found.push(i);
        if (found.length >= rest) break;
      }
    }
    return [...preferred, ...found].map((i) => this.entry(i));
  }

  /** The first entry whose key is not below `text` (binary search over the key order). */
  #firstAtOrAfter(text: string): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#key(mid) < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The street of this town whose key's street part is `streetKey`, or null. */
  find(townId: string, matches: (streetKey: string) => boolean): StreetEntry | null {
    const town = this.#towns.indexOf(townId);
    if (town < 0) return null;
    for (let i = 0; i < this.size; i++) {
      if (this.#town[i] !== town) continue;
      if (matches(this.#keys.slice(this.#keyStart[i], this.#keyStart[i]! + this.#streetKeyLength[i]!))) return this.entry(i);
    }
    return null;
  }

  /** The busiest street whose centre is within `tolerance` degrees of this point, or null. */
  atPoint(lat: number, lon: number, tolerance: number): StreetEntry | null {
    for (const i of this.#byCount) {
      if (Math.abs(this.#lat[i]! - lat) <= tolerance && Math.abs(this.#lon[i]! - lon) <= tolerance) return this.entry(i);
    }
    return null;
  }
}

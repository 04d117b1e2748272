/** Lower-case, accent-free, dash-separated slug: "Forlì-Cesena" → "forli-cesena", "Sant'Angelo" → "sant-angelo". */
export function slugify(name: string): string {
  return foldAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Removes diacritics: "Forlì" → "Forli", "Città" → "Citta". */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/** Title case for names that sources give in capitals, keeping short Italian particles lower-case. */
export function titleCase(text: string): string {
  const small = new Set(["di", "del", "della", "dei", "delle", "da", "e", "in", "sul", "al"]);
  return text
    .toLowerCase()
    .split(/(\s+|-|')/)
    .map((word, i) => (i > 0 && small.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join("");
}

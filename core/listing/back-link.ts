/**
 * The "back to results" link of the listing page keeps the results address it came from in `?from=`.
 * Only a same-site path of a results or favourites page is accepted, so the link can never send the
 * visitor to another site (no `//host`, no scheme, no backslashes, no control characters).
 */
const RESULT_ROOTS = new Set([
  "vendita",
  "affitto",
  "affitto-breve",
  "affitti",
  "aste",
  "liste",
  "immobili",
  "preferiti",
  "agenzie",
  "trova-agenzia",
  "search-list",
  "ricerca",
]);

export function safeResultsPath(from: string | null | undefined): string | null {
  if (!from || from.length > 2000) return null;
  if (!from.startsWith("/") || from.startsWith("//") || /[\\\s\u0000-\u001f]/.test(from)) return null;
  let url: URL;
  try {
    url = new URL(from, "http://casa.invalid");
  } catch {
    return null;
  }
  // Judge the normalised path: "/x/..//vendita/" becomes "//vendita/", a link to the host "vendita".
  if (url.origin !== "http://casa.invalid" || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  const root = segments[0] === "en" ? segments[1] : segments[0];
  if (!root || !RESULT_ROOTS.has(root)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

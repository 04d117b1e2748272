/**
 * Locales: Italian first (no prefix), English as the second locale under /en/. Each feature keeps its
 * own texts in app/i18n/<feature>.ts as `{ it: {...}, en: {...} }` typed with `Messages`, so the
 * English table cannot miss a key the Italian one has.
 */
export const locales = ["it", "en"] as const;
export type Locale = (typeof locales)[number];

/** `{ it, en }` where English must have exactly the Italian keys. */
export type Messages<T extends Record<string, string | ((...args: never[]) => string)>> = { it: T; en: T };

/** The locale a path is served in: /en/… is English, everything else Italian. */
export function localeFromPath(pathname: string): Locale {
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : "it";
}

/** The same page in another locale: "/vendita/case/milano/" ⇄ "/en/vendita/case/milano/". */
export function localizePath(path: string, locale: Locale): string {
  const bare = path === "/en" ? "/" : path.startsWith("/en/") ? path.slice(3) : path;
  return locale === "en" ? `/en${bare}` : bare;
}

/** The `lang` attribute and the hreflang code of a locale. */
export const htmlLang: Readonly<Record<Locale, string>> = { it: "it", en: "en" };

/**
 * Numbers, prices and dates in the page's locale (docs/decisions/081). Italian: dots for thousands always
 * (1.250 €, 1.250.000 €, decision 008), comma for decimals, '26 novembre 2026'. English: en-GB, the euro
 * sign first (€1,250,000), '26 November 2026'. The JSON API keeps the Italian forms.
 */
type FormatLocale = "it" | "en";

const integerFormats: Record<FormatLocale, Intl.NumberFormat> = {
  it: new Intl.NumberFormat("it-IT", { maximumFractionDigits: 0, useGrouping: "always" }),
  en: new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0, useGrouping: "always" }),
};
const euroFormats: Record<FormatLocale, Intl.NumberFormat> = {
  it: new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR", maximumFractionDigits: 0, useGrouping: "always" }),
  en: new Intl.NumberFormat("en-GB", { style: "currency", currency: "EUR", maximumFractionDigits: 0, useGrouping: "always" }),
};

/** "7.896" / "7,896" */
export function formatInteger(value: number, locale: FormatLocale = "it"): string {
  return integerFormats[locale].format(value);
}

/** "1.250.000 €" / "€1,250,000" */
export function formatEuro(value: number, locale: FormatLocale = "it"): string {
  return euroFormats[locale].format(value);
}

/** "1 annuncio" / "1.234 annunci" */
export function formatListingCount(count: number): string {
  return `${formatInteger(count)} ${count === 1 ? "annuncio" : "annunci"}`;
}

const dateFormats: Record<FormatLocale, Intl.DateTimeFormat> = {
  it: new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Rome" }),
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Rome" }),
};

/** "23 novembre 2026" / "23 November 2026" (Rome's calendar day). */
export function formatDate(value: Date, locale: FormatLocale = "it"): string {
  return dateFormats[locale].format(value);
}

const dateTimeFormats = {
  it: new Intl.DateTimeFormat("it-IT", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" }),
  en: new Intl.DateTimeFormat("en-GB", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" }),
};

/** "23/11/26, 14:05" in Rome's time (the publisher's inbox). */
export function formatDateTime(value: Date, locale: "it" | "en" = "it"): string {
  return dateTimeFormats[locale].format(value);
}

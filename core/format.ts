/** it-IT formatting: dots for thousands always (1.250 €, 1.250.000 €), comma for decimals. */
const integerFormat = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 0, useGrouping: "always" });
const euroFormat = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR", maximumFractionDigits: 0, useGrouping: "always" });

export function formatInteger(value: number): string {
  return integerFormat.format(value);
}

/** "1.250.000 €" */
export function formatEuro(value: number): string {
  return euroFormat.format(value);
}

/** "1 annuncio" / "1.234 annunci" */
export function formatListingCount(count: number): string {
  return `${formatInteger(count)} ${count === 1 ? "annuncio" : "annunci"}`;
}

const dateFormat = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Rome" });

/** "23 novembre 2026" (Rome's calendar day). */
export function formatDate(value: Date): string {
  return dateFormat.format(value);
}

const dateTimeFormats = {
  it: new Intl.DateTimeFormat("it-IT", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" }),
  en: new Intl.DateTimeFormat("en-GB", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" }),
};

/** "23/11/26, 14:05" in Rome's time (the publisher's inbox). */
export function formatDateTime(value: Date, locale: "it" | "en" = "it"): string {
  return dateTimeFormats[locale].format(value);
}

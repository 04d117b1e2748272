/**
 * A listing's price history on its page (issue 24): the drops recorded as listing events (decision 085),
 * across relistings of the same home, as lines ('Prezzo ridotto del 5 % il 3 novembre') and as a small
 * step chart drawn as inline SVG (no chart library). Pure.
 */
export interface PriceEvent {
  kind: "new" | "price_drop" | "back";
  oldPrice: number | null;
  newPrice: number;
  at: Date;
}

export interface PricePoint {
  at: Date;
  price: number;
}

const dayMonth = {
  it: new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", timeZone: "Europe/Rome" }),
  en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone: "Europe/Rome" }),
} as const;

/** The percentage a drop took off, whole (at least 1 when anything was taken off). */
export function dropPercent(oldPrice: number, newPrice: number): number {
  if (!(oldPrice > 0) || newPrice >= oldPrice) return 0;
  return Math.max(1, Math.round(((oldPrice - newPrice) / oldPrice) * 100));
}

/** One line per drop, newest first: 'Prezzo ridotto del 5 % il 3 novembre' / 'Price reduced by 5% on 3 November'. */
export function priceDropLines(events: readonly PriceEvent[], locale: "it" | "en"): string[] {
  return events
    .filter((e) => e.kind === "price_drop" && e.oldPrice !== null && dropPercent(e.oldPrice, e.newPrice) > 0)
    .map((e) => {
      const pct = dropPercent(e.oldPrice!, e.newPrice);
      const day = dayMonth[locale].format(e.at);
      return locale === "it" ? `Prezzo ridotto del ${pct} % il ${day}` : `Price reduced by ${pct}% on ${day}`;
    })
    .reverse();
}

/** The prices over time: the first publication, each drop, and today's price at `now`. */
export function pricePoints(events: readonly PriceEvent[], currentPrice: number, now: Date): PricePoint[] {
  const points: PricePoint[] = [];
  for (const e of events) {
    if (e.kind === "price_drop" && e.oldPrice !== null && points.length === 0) points.push({ at: e.at, price: e.oldPrice });
    if (e.kind === "back" && e.oldPrice !== null && points.length === 0) points.push({ at: e.at, price: e.oldPrice });
    points.push({ at: e.at, price: e.newPrice });
  }
  points.push({ at: now, price: currentPrice });
  return points;
}

/**
 * The SVG path of a step chart of these points in a width × height box (a margin of 4 inside), x by time
 * and y by price (lowest price at the bottom); null with fewer than two distinct prices (nothing to draw).
 */
export function stepChartPath(points: readonly PricePoint[], width: number, height: number): string | null {
  if (points.length < 2) return null;
  const prices = points.map((p) => p.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  if (min === max) return null;
  const t0 = points[0]!.at.getTime();
  const t1 = Math.max(points[points.length - 1]!.at.getTime(), t0 + 1);
  const m = 4;
  const x = (t: number) => Math.round((m + ((t - t0) / (t1 - t0)) * (width - 2 * m)) * 10) / 10;
  const y = (p: number) => Math.round((m + ((max - p) / (max - min)) * (height - 2 * m)) * 10) / 10;
  let d = `M${x(t0)} ${y(points[0]!.price)}`;
  for (let i = 1; i < points.length; i++) {
    const t = points[i]!.at.getTime();
    d += ` H${x(t)} V${y(points[i]!.price)}`;
  }
  return d;
}

/** A bar chart's bars (x, y, height) of daily counts in a width × height box: the dashboard's 30 days of views and leads. */
export function barChartBars(
  values: readonly number[],
  width: number,
  height: number,
): Array<{ x: number; y: number; w: number; h: number }> {
  if (values.length === 0) return [];
  const max = Math.max(1, ...values);
  const w = width / values.length;
  return values.map((v, i) => {
    const h = Math.round((v / max) * (height - 2) * 10) / 10;
    return { x: Math.round(i * w * 10) / 10, y: Math.round((height - h) * 10) / 10, w: Math.max(1, Math.round((w - 1) * 10) / 10), h };
  });
}

/**
 * The same bars as one SVG path (empty days drawn as nothing): a dashboard page of listings draws two
 * paths a listing instead of 60 rectangles, which kept axe and the browser busy for half a minute.
 */
export function barChartPath(values: readonly number[], width: number, height: number): string {
  return barChartBars(values, width, height)
    .filter((b) => b.h > 0)
    .map((b) => `M${b.x} ${b.y}h${b.w}v${b.h}h${-b.w}z`)
    .join("");
}

const romeDays = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Europe/Rome" });

/** Rome's calendar day of a moment, 'YYYY-MM-DD' (daily counts). */
export function romeDay(at: Date): string {
  return romeDays.format(at);
}

/** The last `days` calendar days up to `now`, oldest first, as 'YYYY-MM-DD'. */
export function lastDays(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => romeDay(new Date(now.getTime() - (days - 1 - i) * 86_400_000)));
}

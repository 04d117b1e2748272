/**
 * The daily digest's clock and shape (issue 23 item 3, 'Una volta al giorno'; docs/decisions/092): a
 * listing found for a daily search waits for the next 08:00 in Europe/Rome — whatever the day's length
 * (the clocks change on the last Sundays of March and October) — and then one mail per saved search
 * lists up to DIGEST_MAX_LISTINGS of them, says how many more there are and links to the search's results.
 * Pure: the time zone comes from Intl, the current time from the caller.
 */

export const DIGEST_HOUR = 8;
export const DIGEST_TIME_ZONE = "Europe/Rome";
/** A digest shows at most this many listings; the rest are counted and linked, never dropped silently. */
export const DIGEST_MAX_LISTINGS = 10;

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: DIGEST_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Rome's wall clock at an instant. */
function romeWallClock(ms: number): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const p = Object.fromEntries(parts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), h: Number(p.hour), min: Number(p.minute), s: Number(p.second) };
}

/** The instant Rome's clocks show `hour`:00 on a calendar day (Rome is UTC+1 or UTC+2; 08:00 is never in a gap). */
export function romeTime(y: number, m: number, d: number, hour: number): Date {
  const guess = Date.UTC(y, m - 1, d, hour);
  for (const offsetHours of [1, 2]) {
    const at = guess - offsetHours * 3_600_000;
    const w = romeWallClock(at);
    if (w.y === y && w.m === m && w.d === d && w.h === hour && w.min === 0) return new Date(at);
  }
  throw new Error(`no ${hour}:00 in ${DIGEST_TIME_ZONE} on ${y}-${m}-${d}`);
}

/** The first 08:00 Rome time strictly after `now`: when a listing found at `now` goes out in a digest. */
export function nextDigestAt(now: Date): Date {
  const w = romeWallClock(now.getTime());
  const today = romeTime(w.y, w.m, w.d, DIGEST_HOUR);
  if (today.getTime() > now.getTime()) return today;
  // Tomorrow by the calendar (UTC date arithmetic on the Rome date: no 23/25-hour day slips in).
  const next = new Date(Date.UTC(w.y, w.m - 1, w.d + 1));
  return romeTime(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), DIGEST_HOUR);
}

/** The listings a digest shows and how many more it only counts. */
export function digestPage<T>(items: readonly T[], max = DIGEST_MAX_LISTINGS): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** Rome's calendar day of an instant, "YYYY-MM-DD": the day a digest belongs to. */
export function romeDay(at: Date): string {
  const w = romeWallClock(at.getTime());
  return `${w.y}-${String(w.m).padStart(2, "0")}-${String(w.d).padStart(2, "0")}`;
}

/**
 * A digest's Message-ID: one per saved search and Rome day, so a digest handed to SMTP twice (a crash after the
 * server's 250) is the same message to the reader's mail system, as immediate alerts' are (decision 094).
 */
export function digestMessageId(savedSearchId: number, sentAt: Date, host: string): string {
  return `<digest.${savedSearchId}.${romeDay(sentAt)}@${host}>`;
}

/**
 * A 'Subito' alert mail's Message-ID (decisions 094, 142): the key of the first alert it lists. Each alert is in one
 * mail only, so the id is the mail's own, and a mail handed to SMTP twice (a crash after the server's 250, before the
 * queue marked it sent) is the same message to the reader's mail system.
 */
export function alertMessageId(first: { savedSearchId: number; listingId: number; occasion: string }, host: string): string {
  return `<alert.${first.savedSearchId}.${first.listingId}.${first.occasion.replace(/[^A-Za-z0-9]/g, ".")}@${host}>`;
}

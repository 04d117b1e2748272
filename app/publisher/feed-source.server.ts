/**
 * What a publisher may set as the address its feed is pulled from (docs/decisions/135): one set of rules for
 * the API (JSON) and the dashboard's form (text fields), and the one refusal of addresses the portal does not
 * fetch from (server/feed-fetch.ts).
 */
import { z } from "zod";
import { refusedAddress } from "../../server/feed-fetch.ts";
import type { Locale } from "../i18n/locale.ts";

export const FEED_FORMATS = ["xml", "jsonl"] as const;
const url = z.url({ protocol: /^https?$/ }).max(2000);
const format = z.enum(FEED_FORMATS).default("xml");
const intervalMinutes = z.number().int().min(15).max(1440);

/** The API's body: `{ url, format?, intervalMinutes? }`. */
export const feedSourceBody = z.strictObject({ url, format, intervalMinutes: intervalMinutes.default(60) });

/** The dashboard form's fields, as text. */
export const feedSourceForm = z.object({ url, format, intervalMinutes: z.coerce.number().pipe(intervalMinutes) });

/** Why the portal will not fetch from this address, in the caller's language, or null when it will. */
export function feedAddressRefusal(address: string, allowPrivate: boolean, locale: Locale): string | null {
  const refused = refusedAddress(new URL(address), allowPrivate);
  if (!refused) return null;
  return locale === "en"
    ? `the portal does not fetch feeds from ${refused}`
    : `il portale non scarica feed da questo indirizzo (${refused})`;
}

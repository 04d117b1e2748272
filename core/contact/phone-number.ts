/**
 * A seeker's phone number as typed in the contact form, read and normalised to E.164 (docs/decisions/076).
 * Accepted: the spec's pattern (seed 001 §5: optional plus, three digits, optionally in brackets, three
 * digits, then three to six, with '-', ' ' or '.' between) and the common Italian ways of writing a
 * number: with or without the country code (+39, 0039, (+39)), mobiles 3xx xxx xxxx, landlines from 0,
 * grouped with spaces, dots, dashes or a slash. A number without a country code is Italian.
 */

/** Optional plus, 3 digits (optionally in brackets), 3 digits, then 3 to 6, with -, space or . between (seed 001 §5). */
export const PHONE_PATTERN = /^\+?(?:\(\d{3}\)|\d{3})[-. ]?\d{3}[-. ]?\d{3,6}$/;

/** Digit groups with single separators; the country code may be in brackets. Only plain spaces: no tabs or line breaks. */
const ITALIAN_SHAPE = /^(?:(?:\+|00)39|\(\+39\)|\(0039\))?[ ]?\d+(?:[ ./-]\d+)*$/;
const ITALIAN_COUNTRY_CODE = /^(?:\+39|0039|\(\+39\)|\(0039\))/;
/** Mobiles: 3 and 8 or 9 more digits; landlines: 0 and 5 to 10 more (Italian numbering plan). */
const ITALIAN_NATIONAL = /^(?:3\d{8,9}|0\d{5,10})$/;
/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;

/** The number in E.164 ("+393331234567"), or null when it is not a phone number we accept. */
export function normalisePhone(typed: string): string | null {
  const text = typed.trim();
  if (PHONE_PATTERN.test(text)) {
    const digits = text.replace(/\D/g, "");
    const e164 = text.startsWith("+") ? `+${digits}` : `+39${digits}`;
    return E164.test(e164) ? e164 : null;
  }
  if (!ITALIAN_SHAPE.test(text)) return null;
  const national = text.replace(ITALIAN_COUNTRY_CODE, "").replace(/\D/g, "");
  return ITALIAN_NATIONAL.test(national) ? `+39${national}` : null;
}

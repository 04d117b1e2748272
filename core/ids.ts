/**
 * Numeric ids from input (paths, query strings, JSON). Only decimal digits, no sign, no leading zero,
 * within PostgreSQL's integer: "1e3", "0x10", "010", " 7" or "7.0" would otherwise alias real ids.
 */
import { z } from "zod";

export const MAX_ID = 2_147_483_647;
const DECIMAL_ID = /^[1-9]\d{0,9}$/;

/** The id a path segment or query value names, or null when it is not a plain decimal id. */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !DECIMAL_ID.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

/** An id as a JSON number (a whole number) or a string of decimal digits. */
export function idSchema(name: string) {
  return z
    .union([
      z.number().int(`${name} must be a whole number`),
      z.string().regex(DECIMAL_ID, `${name} must be decimal digits`).transform(Number),
    ])
    .pipe(z.number().min(1, `${name} must be at least 1`).max(MAX_ID, `${name} must be at most ${MAX_ID}`));
}

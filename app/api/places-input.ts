/** Shared zod pieces for the places API (smartsuggest/*, sharedUtils/reverse). */
import { z } from "zod";

export const channelSchema = z.enum(["vendita", "affitto", "affitto-breve"]);

/** Place ids look like "IT", "IT-03", "IT-03-P015", "IT-03-015146", "IT-12-058091-MUN01". */
export const placeIdSchema = z.string().regex(/^IT(-[A-Z0-9-]{1,60})?$/, "a place id such as IT-03-015146");

/** Level codes from `allowed`, as an array of numbers or a comma list ("118,120"). */
export function levelListSchema(allowed: readonly number[]) {
  return z
    .union([
      z.array(z.number().int()).max(10),
      z
        .string()
        .regex(/^\d{1,3}(,\d{1,3}){0,9}$/, "level codes, comma separated")
        .transform((s) => s.split(",").map(Number)),
    ])
    .refine((levels) => levels.every((l) => allowed.includes(l)), { message: `allowed levels: ${allowed.join(", ")}` });
}

/**
 * What the MyCasa endpoints share (issue 11; their chain is the one of app/api/endpoint.server.ts, who may call
 * is app/mycasa/policies.server.ts): the fields every §7 MyCasa body may carry, the records' Italian validation
 * naming the field, and the path that picks a multi-path module's chain.
 */
import { z } from "zod";
import { mycasaMessages } from "../../core/mycasa/records.ts";
import { jsonError } from "../api/errors.ts";
import type { RequestInput } from "../api/request.ts";
import { userRef } from "./user-field.ts";

/** A strict body schema with the fields every §7 MyCasa body may carry (user, jwt, from). */
export function mycasaBody<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject({
    ...shape,
    user: userRef.optional(),
    jwt: z.string().max(4000).nullable().optional(),
    from: z.string().max(200).nullable().optional(),
  });
}

/** A 400 with an Italian message naming the first invalid field. */
function invalid(error: z.ZodError): Response {
  const issue = error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    const field = [...issue.path, issue.keys[0]].join(".");
    return jsonError(400, mycasaMessages.unknownField(field), field);
  }
  const field = issue?.path.join(".");
  return field ? jsonError(400, mycasaMessages.invalidField(field), field) : jsonError(400, mycasaMessages.invalidBody);
}

/** `validate` of a records endpoint: the JSON body by `schema`, a 400 in Italian naming the field. */
export async function readMycasaBody<S extends z.ZodType>(input: RequestInput, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await input.json());
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

/** A records path no chain serves. */
export const unknownRecordCall = (): Response => jsonError(404, mycasaMessages.invalidBody);

/** Listing ids as the API takes them: positive integers that fit the column. */
export const listingId = z.number().int().positive().max(2_147_483_647);

/** The part of the path after /mycasa/ ("listing/upsert"), which picks the command of a multi-path route module. */
export function mycasaPath(request: Request): string {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const at = path.indexOf("/mycasa/");
  return at < 0 ? "" : path.slice(at + "/mycasa/".length);
}

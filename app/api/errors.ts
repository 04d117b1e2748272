/** JSON error responses for the API: one shape everywhere, `{ error: { status, message, field? } }`. */
import type { z } from "zod";

export function jsonError(status: number, message: string, field?: string): Response {
  return Response.json({ error: { status, message, ...(field ? { field } : {}) } }, { status });
}

/** A 400 naming the first invalid field. */
export function validationError(error: z.ZodError): Response {
  const issue = error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    const field = [...issue.path, issue.keys[0]].join(".");
    return jsonError(400, `${field}: not a field of this request`, field);
  }
  const field = issue?.path.join(".") || undefined;
  return jsonError(400, field ? `${field}: ${issue!.message}` : (issue?.message ?? "invalid request"), field);
}

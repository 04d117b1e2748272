/**
 * Reading API input: one way for every JSON endpoint. Bodies are capped, parsed, and validated with
 * zod; any problem becomes a 400 Response (thrown) naming the field.
 */
import type { z } from "zod";
import { jsonError, validationError } from "./errors.ts";

export const MAX_BODY_BYTES = 64 * 1024;

/** Parses and validates a JSON body; throws a 4xx Response on failure. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  if (request.method !== "POST") throw jsonError(405, "use POST with a JSON body");
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw jsonError(413, `body too large: at most ${MAX_BODY_BYTES} bytes`);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw jsonError(413, `body too large: at most ${MAX_BODY_BYTES} bytes`);
  let raw: unknown;
  try {
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw jsonError(400, "body is not valid JSON");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Validates URL query parameters (as a plain object of strings); throws a 400 Response on failure. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** For resource routes that only accept POST: a GET gets 405 with a message, not a 404 page. */
export function postOnly(): Response {
  return jsonError(405, "use POST with a JSON body");
}

/**
 * Reading API input: one way for every JSON endpoint. Bodies are capped while they stream, parsed,
 * and validated with zod; any problem becomes a 4xx Response (thrown) naming the field.
 */
import type { z } from "zod";
import { jsonError, validationError } from "./errors.ts";

export const MAX_BODY_BYTES = 64 * 1024;
const TINY = 1e-12;

/**
 * 413, and the connection closed: the client may still be sending the rest of the body, which must
 * not be read (it may be hundreds of megabytes) and would otherwise break its next request.
 */
function tooLarge(max: number, message = `body too large: at most ${max} bytes`, field?: string): Response {
  const response = jsonError(413, message, field);
  response.headers.set("Connection", "close");
  return response;
}

/**
 * The body's bytes, read chunk by chunk and abandoned past `max` (413, thrown), so a chunked upload with no
 * Content-Length costs at most the limit in memory. `message` and `field` are the 413's.
 */
export async function readCappedBody(request: Request, max: number, message?: string, field?: string): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > max) throw tooLarge(max, message, field);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max, message, field);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

const readCappedText = async (request: Request): Promise<string> => (await readCappedBody(request, MAX_BODY_BYTES)).toString("utf8");

/** Parses and validates a JSON body; throws a 4xx Response on failure. */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return checkInput(schema, await readRawJson(request));
}

/** A JSON body, capped and parsed but not yet checked; throws a 4xx Response when it is not JSON. */
async function readRawJson(request: Request): Promise<unknown> {
  if (request.method !== "POST") throw jsonError(405, "use POST with a JSON body");
  const text = await readCappedText(request);
  let raw: unknown;
  let prototypeKey = false;
  try {
    // "__proto__" would be dropped by any later copy (zod records, spreads), so it is refused here.
    raw =
      text.trim() === ""
        ? {}
        : JSON.parse(text, (key, value: unknown) => {
            if (key === "__proto__") prototypeKey = true;
            // Magnitudes below any precision the portal uses read as 0: PostgreSQL's float math underflows on them.
            if (typeof value === "number" && value !== 0 && Math.abs(value) < TINY) return 0;
            return value;
          });
  } catch {
    throw jsonError(400, "body is not valid JSON");
  }
  if (prototypeKey) throw jsonError(400, `"__proto__" is not a field of any request`, "__proto__");
  return raw;
}

/** Checks parsed input with zod; throws a 400 Response naming the first invalid field. */
export function checkInput<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * A request's input as an endpoint chain reads it (app/api/endpoint.server.ts): the body is read once, so a
 * policy whose permission travels in the body (a link's token, the `user` a MyCasa body names) and the
 * validate step look at the same JSON.
 */
export class RequestInput {
  readonly request: Request;
  /** The route's path parameters (a listing's id). */
  readonly params: Readonly<Record<string, string | undefined>>;
  #json: Promise<unknown> | undefined;
  constructor(request: Request, params: Readonly<Record<string, string | undefined>>) {
    this.request = request;
    this.params = params;
  }
  /** The JSON body, capped and parsed, not yet checked (a 4xx thrown when it is not JSON). */
  json(): Promise<unknown> {
    this.#json ??= readRawJson(this.request);
    return this.#json;
  }
  /** The JSON body checked by `schema` (a 400 naming the field). */
  async jsonOf<S extends z.ZodType>(schema: S): Promise<z.infer<S>> {
    return checkInput(schema, await this.json());
  }
  /** The URL's query parameters checked by `schema`. */
  query<S extends z.ZodType>(schema: S): z.infer<S> {
    return readQuery(this.request, schema);
  }
}

/** Validates URL query parameters (as a plain object of strings); throws a 400 Response on failure. */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

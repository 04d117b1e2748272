/**
 * The API boundary: every JSON route's loader and action go through `apiRoute`, which
 * 1. counts the request against its family's per-client rate limit (server/rate-limit.ts), and
 * 2. turns whatever the handler throws into the one error shape, in one place:
 *    a thrown Response as is; NotFoundError 404, BadInputError (and SearchRuleError) 400,
 *    ConflictError 409, ZodError 400, TooManyRequestsError 429 with Retry-After; anything else is
 *    logged and answered 500 in the same JSON shape.
 * A route module declares its method and family once: ``const endpoint = apiRoute(...)` and exports its loader and action`.
 */
import type { RouterContextProvider } from "react-router";
import { ZodError } from "zod";
import { BadInputError, ConflictError, NotFoundError } from "../../core/errors.ts";
import { clientKey, TooManyRequestsError, type RateFamily } from "../../server/rate-limit.ts";
import { clientAddressContext, requestContext, services } from "../services.ts";
import { jsonError, validationError } from "./errors.ts";

interface HandlerArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Marks functions made here, so a test can check that every API route goes through the boundary. */
export const API_BOUNDARY = Symbol.for("casa.apiBoundary");

export interface ApiRouteOptions {
  /** GET routes read the URL; POST routes a JSON body. The other method answers 405. */
  method: "GET" | "POST";
  /** The rate-limit family the route counts against; omitted: not limited. */
  limit?: RateFamily;
}

type Handler<A extends HandlerArgs> = (args: A) => Promise<Response> | Response;

export function apiRoute<A extends HandlerArgs>(
  options: ApiRouteOptions,
  handler: Handler<A>,
): { loader: (args: A) => Promise<Response>; action: (args: A) => Promise<Response> } {
  const run = mark(async (args: A): Promise<Response> => {
    try {
      if (options.limit) await limitClient(args, options.limit);
      return await handler(args);
    } catch (error) {
      return apiErrorResponse(error, args);
    }
  });
  const wrongMethod = mark(async () => methodNotAllowed(options.method));
  return options.method === "GET" ? { loader: run, action: wrongMethod } : { loader: wrongMethod, action: run };
}

/** Counts a request against a family's limit for this client; throws TooManyRequestsError when over. For login and leads too. */
export async function limitClient(args: HandlerArgs, family: string, key?: string): Promise<void> {
  const s = services(args.context);
  const client = key ?? clientKey(args.context.get(clientAddressContext), args.request.headers.get("x-forwarded-for"), s.trustProxy);
  await s.rateLimiter.consume(family, client);
}

export function methodNotAllowed(allowed: "GET" | "POST"): Response {
  const response = jsonError(405, allowed === "POST" ? "use POST with a JSON body" : "use GET");
  response.headers.set("Allow", allowed);
  return response;
}

/** The single mapping of errors to API responses. */
export function apiErrorResponse(error: unknown, args?: HandlerArgs): Response {
  if (error instanceof Response) return error;
  if (error instanceof NotFoundError) return jsonError(404, error.message, error.field);
  if (error instanceof BadInputError) return jsonError(400, error.message, error.field);
  if (error instanceof ConflictError) return jsonError(409, error.message, error.field);
  if (error instanceof ZodError) return validationError(error);
  if (error instanceof TooManyRequestsError) {
    const response = jsonError(429, error.message);
    response.headers.set("Retry-After", String(error.retryAfterSeconds));
    return response;
  }
  if (args) {
    try {
      // As app/entry.server.tsx handleError does for pages: remembered for the HTTP layer (which answers
      // 503 with Retry-After for a database failure) and logged once, structured, with the request id.
      const info = args.context.get(requestContext);
      info.error ??= error;
      const url = new URL(args.request.url);
      services(args.context).logger.error(
        { err: error, reqId: info.id, method: args.request.method, path: url.pathname },
        "request failed",
      );
    } catch {
      // No request context (not through server/http.ts): the 500 below still goes out.
    }
  }
  return jsonError(500, "internal error: the request could not be answered");
}

function mark<F extends (...args: never[]) => unknown>(fn: F): F {
  return Object.assign(fn, { [API_BOUNDARY]: true });
}

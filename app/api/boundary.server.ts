/**
 * The API boundary: every JSON route's loader and action go through `apiRoute`, which
 * 1. counts the request against its family's per-client rate limit (server/rate-limit.ts), and
 * 2. turns whatever the handler throws into the one error shape, in one place:
 *    a thrown Response as is; NotFoundError 404, BadInputError (and SearchRuleError) 400,
 *    ConflictError 409, ZodError 400, TooManyRequestsError 429 with Retry-After; an account refusal
 *    (AccountError) its own status, an account limit (RateLimitedError) 429 in Italian with Retry-After;
 *    anything else is logged and answered 500 in the same JSON shape — or 503 with the route's own
 *    `unavailable` message (the account endpoints' §8 texts).
 * A route module declares its method and family once: ``const endpoint = apiRoute(...)` and exports its loader and action`.
 */
import type { RouterContextProvider } from "react-router";
import { ZodError } from "zod";
import { AccountError } from "../../core/account/account-error.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { BadInputError, ConflictError, NotFoundError } from "../../core/errors.ts";
import { clientKey, TooManyRequestsError, type RateFamily } from "../../server/rate-limit.ts";
import { RateLimitedError } from "../account/rate-limits.server.ts";
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
  /** An unexpected failure answers 503 with this message (logged, never leaked) instead of the generic 500. */
  unavailable?: string;
  /** Every answer, errors too, is marked `Cache-Control: no-store` (answers about a person's session). */
  noStore?: boolean;
}

type Handler<A extends HandlerArgs> = (args: A) => Promise<Response> | Response;

export function apiRoute<A extends HandlerArgs>(
  options: ApiRouteOptions,
  handler: Handler<A>,
): { loader: (args: A) => Promise<Response>; action: (args: A) => Promise<Response> } {
  const run = apiHandler(options, handler);
  const wrongMethod = mark(async () => methodNotAllowed(options.method));
  return options.method === "GET" ? { loader: run, action: wrongMethod } : { loader: wrongMethod, action: run };
}

/** The boundary without the method rule, for a route that answers GET and POST alike (logout). */
export function apiHandler<A extends HandlerArgs>(
  options: Omit<ApiRouteOptions, "method">,
  handler: Handler<A>,
): (args: A) => Promise<Response> {
  return mark(async (args: A): Promise<Response> => {
    let response: Response;
    try {
      if (options.limit) await limitClient(args, options.limit);
      response = await handler(args);
    } catch (error) {
      response = apiErrorResponse(error, args, options.unavailable);
    }
    if (options.noStore) response.headers.set("Cache-Control", "no-store");
    return response;
  });
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

/** The single mapping of errors to API responses. `unavailable`: the route's message for an unexpected failure (503). */
export function apiErrorResponse(error: unknown, args?: HandlerArgs, unavailable?: string): Response {
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
  if (error instanceof AccountError) return jsonError(error.status, error.message, error.field);
  if (error instanceof RateLimitedError) {
    const response = jsonError(429, accountMessages.tooManyAttempts(Math.ceil(error.retryAfterSeconds / 60)));
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
  return unavailable !== undefined ? jsonError(503, unavailable) : jsonError(500, "internal error: the request could not be answered");
}

function mark<F extends (...args: never[]) => unknown>(fn: F): F {
  return Object.assign(fn, { [API_BOUNDARY]: true });
}

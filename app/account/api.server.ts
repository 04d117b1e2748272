/**
 * The chain every account endpoint runs: same-origin check, JSON body (capped) validated with the
 * shared zod rules, the command, and errors mapped in one place — AccountError to its status,
 * rate limits to 429 with Retry-After, anything unexpected to the §8 message (logged, never leaked).
 */
import { z } from "zod";
import { accountMessages } from "../../core/account/validation.ts";
import { AccountError, presentUser, type SessionIssue } from "../../server/accounts/account-service.ts";
import { RateLimitedError } from "../../server/accounts/rate-limits.ts";
import { jsonError } from "../api/errors.ts";
import { readJsonBody } from "../api/request.ts";
import { requestInfo, services, type RequestInfo } from "../services.ts";
import type { RouterContextProvider } from "react-router";

/**
 * Refuses a state-changing request sent by another site: the Origin header must be the request's own
 * origin (PUBLIC_URL when set, else the Host the browser used: server/http.ts requestOrigin, the same
 * rule React Router's action check applies; docs/decisions/078); without one, Sec-Fetch-Site must not
 * say cross-site. Clients that send neither (not a browser) cannot ride a victim's cookies, so they
 * pass. `publicUrl`, when given, is that same origin (kept for callers).
 */
export function isSameOrigin(request: Request, info: RequestInfo, publicUrl?: string): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === info.origin || (publicUrl !== undefined && origin === new URL(publicUrl).origin);
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

export function crossSiteRefusal(): Response {
  return jsonError(403, accountMessages.crossSite);
}

/** A 400 with the shared rule's own Italian message (no field prefix) and the field. */
export function accountValidationError(error: z.ZodError): Response {
  const issue = error.issues[0]!;
  return jsonError(400, issue.message, issue.path.join(".") || undefined);
}

export async function readAccountBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const raw = await readJsonBody(request, z.unknown());
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw accountValidationError(parsed.error);
  return parsed.data;
}

export function rateLimitedResponse(error: RateLimitedError): Response {
  const response = jsonError(429, accountMessages.tooManyAttempts(Math.ceil(error.retryAfterSeconds / 60)));
  response.headers.set("Retry-After", String(error.retryAfterSeconds));
  return response;
}

export interface AccountRouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Runs an account command for a JSON endpoint. `fallback` is the §8 message for unexpected failures. */
export async function accountAction(
  args: AccountRouteArgs,
  fallback: string,
  run: (ctx: { info: RequestInfo; svc: ReturnType<typeof services> }) => Promise<Response>,
): Promise<Response> {
  const svc = services(args.context);
  const info = requestInfo(args.context);
  if (args.request.method !== "GET" && !isSameOrigin(args.request, info, svc.accounts.publicOrigin)) return crossSiteRefusal();
  try {
    const response = await run({ info, svc });
    response.headers.set("Cache-Control", "no-store");
    return response;
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof AccountError) return jsonError(error.status, error.message, error.field);
    if (error instanceof RateLimitedError) return rateLimitedResponse(error);
    svc.logger.error(error, "account request failed");
    return jsonError(503, fallback);
  }
}

export function withCookies(response: Response, cookies: string[]): Response {
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

/** A same-site relative path to send the browser to after login, or null. */
export function safeRedirect(path: unknown): string | null {
  return typeof path === "string" && /^\/(?![/\\])[^\s]*$/.test(path) && path.length <= 2000 ? path : null;
}

/** The §7 login answer: the user and the remember-me expiry; the tokens themselves stay in HttpOnly cookies. */
export function sessionResponse(issue: SessionIssue, extra: { msg?: string; redirect?: string | null } = {}): Response {
  return withCookies(
    Response.json({
      error: false,
      msg: extra.msg ?? "",
      user: presentUser(issue.claims),
      rememberMe: true,
      jwt: null,
      publisherCookie: null,
      redirect: extra.redirect ?? null,
      expiresDateRememberMe: issue.rememberExpires.toISOString(),
      isNewAccount: issue.firstLogin ?? false,
    }),
    issue.setCookies,
  );
}

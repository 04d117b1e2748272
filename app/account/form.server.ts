/**
 * HTML account forms (pages that work without JavaScript): CSRF token and same-origin check, field
 * errors with the shared messages, rate limits and account errors shown on the form, cookies on success.
 */
import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "../../core/account/validation.ts";
import { accountMessages } from "../../core/account/messages.ts";
import { AccountError } from "../../core/account/account-error.ts";
import { requestInfo, services, type RequestInfo, type Services } from "../services.ts";
import { isSameOrigin } from "../api/endpoint.server.ts";
import { withCookies } from "./present.server.ts";
import { CSRF_COOKIE, parseCookies } from "./cookies.server.ts";
import { RateLimitedError } from "./rate-limits.server.ts";
import { csrfToken, csrfTokenMatches } from "./tokens.server.ts";

export interface FormResult {
  errors: Record<string, string>;
  values: Record<string, string>;
  /** A success note shown above the form (for example "code sent"). */
  notice?: string;
  step?: string;
  /** A secret shown once, right after it was made (a publisher's new API key), never stored in clear. */
  shownOnce?: string;
}

/** The CSRF token for this browser's forms (the csrf cookie is set by the HTTP layer on page requests). */
export function formCsrfToken(request: Request, context: Readonly<RouterContextProvider>): string {
  const cookie = parseCookies(request.headers.get("cookie"))[CSRF_COOKIE];
  return cookie ? csrfToken(cookie, services(context).accounts.keys.csrf) : "";
}

type Handler = (ctx: {
  form: FormData;
  values: Record<string, string>;
  info: RequestInfo;
  svc: Services;
}) => Promise<Response | (FormResult & { setCookies?: string[] })>;

/** Runs a form action; anything but a Response becomes the form's data (status 400 when there are errors). */
export async function formAction(args: { request: Request; context: Readonly<RouterContextProvider> }, run: Handler) {
  const svc = services(args.context);
  const info = requestInfo(args.context);
  const form = await args.request.formData().catch(() => new FormData());
  const values: Record<string, string> = {};
  for (const [key, value] of form)
    if (typeof value === "string" && key !== "password" && key !== "csrf" && key !== "botCheck") values[key] = value.slice(0, 300);
  const csrfCookie = parseCookies(args.request.headers.get("cookie"))[CSRF_COOKIE];
  if (!isSameOrigin(args.request, info, svc.accounts.publicOrigin))
    return data<FormResult>({ errors: { form: accountMessages.crossSite }, values }, { status: 403 });
  if (!csrfTokenMatches(form.get("csrf") as string | null, csrfCookie, svc.accounts.keys.csrf)) {
    return data<FormResult>({ errors: { form: accountMessages.formExpired }, values }, { status: 403 });
  }
  try {
    const result = await run({ form, values, info, svc });
    if (result instanceof Response) return result;
    const { setCookies, ...shown } = result;
    const headers = new Headers();
    for (const cookie of setCookies ?? []) headers.append("Set-Cookie", cookie);
    return data<FormResult>(shown, { status: Object.keys(result.errors).length ? 400 : 200, headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AccountError)
      return data<FormResult>({ errors: { [error.field ?? "form"]: error.message }, values }, { status: error.status });
    if (error instanceof RateLimitedError) {
      return data<FormResult>(
        { errors: { form: accountMessages.tooManyAttempts(Math.ceil(error.retryAfterSeconds / 60)) }, values },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    svc.logger.error(error, "account form failed");
    return data<FormResult>({ errors: { form: accountMessages.loginUnavailable }, values }, { status: 503 });
  }
}

/** Field errors of a zod failure as form data. */
export function invalid(error: z.ZodError, values: Record<string, string>): FormResult {
  return { errors: fieldErrors(error), values };
}

/** A redirect that also sets cookies. */
export function redirectWithCookies(to: string, cookies: string[]): Response {
  return withCookies(redirect(to, 303), cookies);
}

/** The locale's home path, for redirects after login. */
export function homeOf(request: Request): string {
  return new URL(request.url).pathname.startsWith("/en/") ? "/en/" : "/";
}

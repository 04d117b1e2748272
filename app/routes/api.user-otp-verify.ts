/**
 * POST /portal-srp/api/v1/user/otp/verify — `{ email, code }` → the session response (login medium
 * `otp`); 401 'Il codice non è valido o è scaduto' for a wrong, expired or used code.
 */
import { z } from "zod";
import { accountMessages, loginEmailSchema, oneTimeCodeSchema } from "../../core/account/validation.ts";
import { parseCookies, REMEMBER_COOKIE } from "../../server/accounts/cookies.ts";
import { accountAction, readAccountBody, safeRedirect, sessionResponse } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-otp-verify";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.loginUnavailable, async ({ info, svc }) => {
    const body = await readAccountBody(
      args.request,
      z.object({ email: loginEmailSchema, code: oneTimeCodeSchema, path: z.string().max(2000).optional() }),
    );
    const remember = parseCookies(args.request.headers.get("cookie"))[REMEMBER_COOKIE];
    const { issue } = await svc.accounts.loginWithCode(body.email, body.code, info.ip, info.cookies, remember);
    return sessionResponse(issue, { redirect: safeRedirect(body.path) });
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

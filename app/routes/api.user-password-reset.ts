/**
 * POST /portal-srp/api/v1/user/password/reset — `{ token, password }` → new password; every device is
 * logged out (remember-me tokens revoked, older session tokens refused) and this browser's cookies cleared.
 */
import { z } from "zod";
import { accountMessages, passwordSchema } from "../../core/account/validation.ts";
import { clearCookie, REMEMBER_COOKIE, SESSION_COOKIE } from "../../server/accounts/cookies.ts";
import { accountAction, readAccountBody, withCookies } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-password-reset";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const body = await readAccountBody(
      args.request,
      z.object({ token: z.string({ error: accountMessages.linkInvalid }).max(100, accountMessages.linkInvalid), password: passwordSchema }),
    );
    await svc.accounts.resetPassword(body.token, body.password);
    return withCookies(Response.json({ error: false, msg: accountMessages.passwordChanged }), [
      clearCookie(SESSION_COOKIE, info.cookies),
      clearCookie(REMEMBER_COOKIE, info.cookies),
    ]);
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

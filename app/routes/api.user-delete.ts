/**
 * POST /portal-srp/api/v1/user/delete — `{ password }` → the account and everything hanging on it
 * (consents, identities, tokens, codes) are deleted and the cookies cleared; 401 without a session or
 * with a wrong password, 429 with Retry-After once the login's limits are reached (wrong passwords count as
 * failed logins of the account).
 */
import { z } from "zod";
import { accountMessages } from "../../core/account/validation.ts";
import { clearCookie, REMEMBER_COOKIE, SESSION_COOKIE } from "../../server/accounts/cookies.ts";
import { accountAction, readAccountBody, withCookies } from "../account/api.server.ts";
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-delete";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const body = await readAccountBody(args.request, z.object({ password: z.string().max(256).optional() }));
    const user = await svc.accounts.currentUser(info.session);
    if (!user) return jsonError(401, accountMessages.notLoggedIn);
    await svc.accounts.deleteAccount(user, body.password, info.ip);
    return withCookies(Response.json({ error: false }), [
      clearCookie(SESSION_COOKIE, info.cookies),
      clearCookie(REMEMBER_COOKIE, info.cookies),
    ]);
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

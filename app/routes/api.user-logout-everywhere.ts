/** POST /portal-srp/api/v1/user/logout-everywhere — revokes every session of the logged-in user, this one too. */
import { accountMessages } from "../../core/account/validation.ts";
import { clearCookie, REMEMBER_COOKIE, SESSION_COOKIE } from "../../server/accounts/cookies.ts";
import { accountAction, withCookies } from "../account/api.server.ts";
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-logout-everywhere";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const user = await svc.accounts.currentUser(info.session);
    if (!user) return jsonError(401, accountMessages.notLoggedIn);
    await svc.accounts.logoutEverywhere(user.id);
    return withCookies(Response.json({ error: false }), [
      clearCookie(SESSION_COOKIE, info.cookies),
      clearCookie(REMEMBER_COOKIE, info.cookies),
    ]);
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

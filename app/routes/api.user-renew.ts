/**
 * POST /client-account/api/v1/user/getjwt — the renewal call (seed 001 §4/§7): the remember-me cookie
 * is checked against its stored hash, rotated, and a new session token is set. 401 when it is missing,
 * revoked or expired (the cookies are then cleared).
 */
import { accountMessages } from "../../core/account/validation.ts";
import { clearCookie, parseCookies, REMEMBER_COOKIE, SESSION_COOKIE } from "../../server/accounts/cookies.ts";
import { accountAction, sessionResponse, withCookies } from "../account/api.server.ts";
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-renew";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.loginUnavailable, async ({ info, svc }) => {
    const remember = parseCookies(args.request.headers.get("cookie"))[REMEMBER_COOKIE];
    const renewed = await svc.accounts.renew(remember, info.cookies);
    if (renewed.outcome === "renewed") return sessionResponse(renewed.issue);
    const refusal = jsonError(401, accountMessages.notLoggedIn);
    return renewed.outcome === "clear"
      ? withCookies(refusal, [clearCookie(SESSION_COOKIE, info.cookies), clearCookie(REMEMBER_COOKIE, info.cookies)])
      : refusal;
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

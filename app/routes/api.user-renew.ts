/**
 * POST /client-account/api/v1/user/getjwt — the renewal call (seed 001 §4/§7): the remember-me cookie
 * is checked against its stored hash, rotated, and a new session token is set. 401 when it is missing,
 * revoked or expired (the cookies are then cleared).
 */
import { accountMessages } from "../../core/account/messages.ts";
import { jsonError } from "../api/errors.ts";
import { accountEndpoint } from "../account/api.server.ts";
import { noInput } from "../api/endpoint.server.ts";
import { rememberCookie } from "../account/cookies.server.ts";
import { anyone } from "../api/policies.server.ts";
import { sessionResponse, withCookies } from "../account/present.server.ts";
import { clearedSessionCookies } from "../account/sessions.server.ts";

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.loginUnavailable,
  // The remember-me cookie is the permission: the command renews only a stored, unrevoked one.
  authorise: anyone,
  validate: noInput,
  command: ({ info, svc, request }) => svc.accounts.sessions.renew(rememberCookie(request), info.cookies),
  present: (renewed, { info }) => {
    if (renewed.outcome === "renewed") return sessionResponse(renewed.issue);
    const refusal = jsonError(401, accountMessages.notLoggedIn);
    return renewed.outcome === "clear" ? withCookies(refusal, clearedSessionCookies(info.cookies)) : refusal;
  },
});

export const loader = endpoint.loader;
export const action = endpoint.action;

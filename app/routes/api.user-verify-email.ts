/** POST /portal-srp/api/v1/user/verify-email — `{ token }` from the mailed link → verified and logged in. */
import { z } from "zod";
import { accountMessages } from "../../core/account/validation.ts";
import { parseCookies, REMEMBER_COOKIE } from "../../server/accounts/cookies.ts";
import { accountAction, readAccountBody, sessionResponse } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-verify-email";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const { token } = await readAccountBody(
      args.request,
      z.object({ token: z.string({ error: accountMessages.linkInvalid }).max(100, accountMessages.linkInvalid) }),
    );
    const remember = parseCookies(args.request.headers.get("cookie"))[REMEMBER_COOKIE];
    return sessionResponse(await svc.accounts.verifyEmail(token, info.cookies, remember));
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/user/verify-email — `{ token }` from the mailed link → verified and logged in;
 * `{ token, intent: "disown" }` ('Non ho creato io questo account') → the registrant's password and every
 * session dropped, nobody logged in. A used or superseded link answers 400 with what became of it.
 */
import { z } from "zod";
import { accountMessages } from "../../core/account/validation.ts";
import { parseCookies, REMEMBER_COOKIE } from "../../server/accounts/cookies.ts";
import { accountAction, readAccountBody, sessionResponse } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-verify-email";

const bodySchema = z.object({
  token: z.string({ error: accountMessages.linkInvalid }).max(100, accountMessages.linkInvalid),
  intent: z.enum(["confirm", "disown"]).default("confirm"),
});

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const { token, intent } = await readAccountBody(args.request, bodySchema);
    if (intent === "disown") {
      await svc.accounts.disownRegistration(token);
      return Response.json({ error: false, msg: accountMessages.registrationDisowned });
    }
    const remember = parseCookies(args.request.headers.get("cookie"))[REMEMBER_COOKIE];
    return sessionResponse(await svc.accounts.verifyEmail(token, info.cookies, remember));
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

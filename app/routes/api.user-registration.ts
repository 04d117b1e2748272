/**
 * POST /portal-srp/api/v1/user/registration — `{ displayName, email, password, consent, type, botCheck }`
 * (seed 001 §5/§7) → `{ error: false, msg }`, the same answer whether or not the e-mail is taken; the
 * account is confirmed by the link mailed to it. 400 with the §5 message of the first bad field.
 */
import { accountMessages, registrationSchema } from "../../core/account/validation.ts";
import { accountAction, readAccountBody } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-registration";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const body = await readAccountBody(args.request, registrationSchema);
    await svc.accounts.register(body, info.ip, svc.publicOrigin, "required");
    return Response.json({ error: false, msg: accountMessages.registrationSent });
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

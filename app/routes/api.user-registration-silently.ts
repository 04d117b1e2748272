/**
 * POST /portal-srp/api/v1/user/registrationsilently — seed 001 §7 "as registration plus jwt and jti": the
 * logged-in user of an account without a password (made by social login or a one-time code) completes it
 * with `{ displayName, email (the account's), password, consent, type, jwt?, jti? }`. The session cookie is
 * the proof (`jwt`/`jti` are accepted for shape and ignored); → `{ error: false, msg }`, 401 without a session,
 * 409 when the account already has a password.
 */
import { z } from "zod";
import { accountMessages, registrationSchema } from "../../core/account/validation.ts";
import { accountAction, readAccountBody } from "../account/api.server.ts";
import { jsonError } from "../api/errors.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-registration-silently";

const bodySchema = registrationSchema.extend({ jwt: z.string().max(4000).optional(), jti: z.string().max(200).optional() });

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const body = await readAccountBody(args.request, bodySchema);
    const user = await svc.accounts.currentUser(info.session);
    if (!user) return jsonError(401, accountMessages.notLoggedIn);
    await svc.accounts.completeRegistration(user, body);
    return Response.json({ error: false, msg: accountMessages.registrationCompleted });
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

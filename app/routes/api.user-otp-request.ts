/**
 * POST /portal-srp/api/v1/user/otp/request — `{ email }` → a six-digit login code by mail (10 minutes,
 * single use). The answer is the same whether or not the e-mail has an account.
 */
import { z } from "zod";
import { accountMessages, loginEmailSchema } from "../../core/account/validation.ts";
import { accountAction, readAccountBody } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-otp-request";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.loginUnavailable, async ({ info, svc }) => {
    const { email } = await readAccountBody(args.request, z.object({ email: loginEmailSchema }));
    await svc.accounts.requestLoginCode(email, info.ip);
    return Response.json({ error: false, msg: accountMessages.codeSent });
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

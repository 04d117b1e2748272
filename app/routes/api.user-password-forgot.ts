/** POST /portal-srp/api/v1/user/password/forgot — `{ email }` → a reset link by mail; the same answer for any e-mail. */
import { z } from "zod";
import { accountMessages, loginEmailSchema } from "../../core/account/validation.ts";
import { accountAction, readAccountBody } from "../account/api.server.ts";
import { apiRoute } from "../api/boundary.server.ts";
import type { Route } from "./+types/api.user-password-forgot";

const endpoint = apiRoute<Route.ActionArgs>({ method: "POST" }, (args) => {
  return accountAction(args, accountMessages.genericError, async ({ info, svc }) => {
    const { email } = await readAccountBody(args.request, z.object({ email: loginEmailSchema }));
    await svc.accounts.requestPasswordReset(email, info.ip, svc.publicOrigin);
    return Response.json({ error: false, msg: accountMessages.resetSent });
  });
});

export const loader = endpoint.loader;
export const action = endpoint.action;

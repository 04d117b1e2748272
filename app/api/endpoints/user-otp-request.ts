/**
 * POST /portal-srp/api/v1/user/otp/request — `{ email }` → a six-digit login code by mail (10 minutes,
 * single use). The answer is the same whether or not the e-mail has an account.
 */
import { z } from "zod";
import { loginEmailSchema } from "../../../core/account/validation.ts";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody } from "../../account/api.server.ts";
import { anyone } from "../policies.server.ts";

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.loginUnavailable,
  authorise: anyone,
  validate: (input) => readAccountBody(input, z.object({ email: loginEmailSchema })),
  command: ({ input, info, svc }) => svc.accounts.credentials.requestLoginCode(input.email, info.ip),
  present: () => Response.json({ error: false, msg: accountMessages.codeSent }),
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/** POST /portal-srp/api/v1/user/password/forgot — `{ email }` → a reset link by mail; the same answer for any e-mail. */
import { z } from "zod";
import { loginEmailSchema } from "../../../core/account/validation.ts";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody } from "../../account/api.server.ts";
import { anyone } from "../policies.server.ts";

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.genericError,
  authorise: anyone,
  validate: (input) => readAccountBody(input, z.object({ email: loginEmailSchema })),
  command: ({ input, info, svc }) => svc.accounts.credentials.requestPasswordReset(input.email, info.ip, svc.publicOrigin),
  present: () => Response.json({ error: false, msg: accountMessages.resetSent }),
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/user/password/reset — `{ token, password }` → new password; every device is
 * logged out (remember-me tokens revoked, older session tokens refused) and this browser's cookies cleared.
 */
import { z } from "zod";
import { passwordSchema } from "../../../core/account/validation.ts";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody } from "../../account/api.server.ts";
import { anyone } from "../policies.server.ts";
import { withCookies } from "../../account/present.server.ts";
import { clearedSessionCookies } from "../../account/sessions.server.ts";

const bodySchema = z.object({
  token: z.string({ error: accountMessages.linkInvalid }).max(100, accountMessages.linkInvalid),
  password: passwordSchema,
});

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.genericError,
  // The link's token is the permission: the command refuses one that is not valid.
  authorise: anyone,
  validate: (input) => readAccountBody(input, bodySchema),
  command: ({ input, svc }) => svc.accounts.credentials.resetPassword(input.token, input.password),
  present: (_done, { info }) =>
    withCookies(Response.json({ error: false, msg: accountMessages.passwordChanged }), clearedSessionCookies(info.cookies)),
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/user/delete — `{ password }` → the account and everything hanging on it
 * (consents, identities, tokens, codes) are deleted and the cookies cleared; 401 without a session or
 * with a wrong password, 429 with Retry-After once the login's limits are reached (wrong passwords count as
 * failed logins of the account).
 */
import { z } from "zod";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody } from "../../account/api.server.ts";
import { signedInUser } from "../policies.server.ts";
import { withCookies } from "../../account/present.server.ts";
import { clearedSessionCookies } from "../../account/sessions.server.ts";

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.genericError,
  authorise: signedInUser,
  validate: (input) => readAccountBody(input, z.object({ password: z.string().max(256).optional() })),
  command: ({ input, actor, info, svc }) => svc.accounts.deletion.delete(actor.user, input.password, info.ip),
  present: (_deleted, { info }) => withCookies(Response.json({ error: false }), clearedSessionCookies(info.cookies)),
});

export const loader = endpoint.loader;
export const action = endpoint.action;

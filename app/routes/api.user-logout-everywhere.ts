/** POST /portal-srp/api/v1/user/logout-everywhere — revokes every session of the logged-in user, this one too. */
import { accountMessages } from "../../core/account/messages.ts";
import { accountEndpoint, noInput } from "../account/api.server.ts";
import { signedInUser } from "../account/policies.server.ts";
import { withCookies } from "../account/present.server.ts";
import { clearedSessionCookies } from "../account/sessions.server.ts";

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.genericError,
  validate: noInput,
  authorise: signedInUser,
  command: ({ actor, svc }) => svc.accounts.sessions.logoutEverywhere(actor.user.id),
  present: (_done, { info }) => withCookies(Response.json({ error: false }), clearedSessionCookies(info.cookies)),
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/** POST /portal-srp/api/v1/user/logout-everywhere — revokes every session of the logged-in user, this one too. */
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint } from "../../account/api.server.ts";
import { noInput } from "../endpoint.server.ts";
import { signedInUser } from "../policies.server.ts";
import { withCookies } from "../../account/present.server.ts";
import { clearedSessionCookies } from "../../account/sessions.server.ts";

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.genericError,
  authorise: signedInUser,
  validate: noInput,
  command: ({ actor, svc }) => svc.accounts.sessions.logoutEverywhere(actor.user.id),
  present: (_done, { info }) => withCookies(Response.json({ error: false }), clearedSessionCookies(info.cookies)),
});

export const loader = endpoint.loader;
export const action = endpoint.action;

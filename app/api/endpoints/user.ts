/**
 * GET /portal-srp/api/v1/user — who am I: `{ user }` with the §3 User fields and consents for the
 * logged-in user (read from the database, so an account logged out everywhere or deleted is gone at
 * once), or `{ user: null }`.
 */
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint } from "../../account/api.server.ts";
import { noInput } from "../endpoint.server.ts";
import { signedInOrNobody } from "../policies.server.ts";
import { presentUser } from "../../account/present.server.ts";

const endpoint = accountEndpoint("GET", {
  unavailable: accountMessages.genericError,
  authorise: signedInOrNobody,
  validate: noInput,
  command: async ({ actor, svc }) => (actor ? { session: actor.session, consents: await svc.accounts.consents.read(actor.user.id) } : null),
  present: (me) => Response.json({ user: me ? presentUser(me.session, me.consents) : null }),
});

export const loader = endpoint.loader;
export const action = endpoint.action;

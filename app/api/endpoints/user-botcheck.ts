/** GET /portal-srp/api/v1/user/botcheck — a signed ALTCHA proof-of-work challenge for the registration form. */
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint } from "../../account/api.server.ts";
import { noInput } from "../endpoint.server.ts";
import { anyone } from "../policies.server.ts";

const endpoint = accountEndpoint("GET", {
  unavailable: accountMessages.genericError,
  authorise: anyone,
  validate: noInput,
  command: ({ svc }) => svc.accounts.botCheck.challenge(),
  present: (challenge) => Response.json(challenge),
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/user/registration — `{ displayName, email, password, consent, type, botCheck }`
 * (seed 001 §5/§7) → `{ error: false, msg }`, the same answer whether or not the e-mail is taken; the
 * account is confirmed by the link mailed to it. 400 with the §5 message of the first bad field.
 */
import { registrationSchema } from "../../../core/account/validation.ts";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody } from "../../account/api.server.ts";
import { anyone } from "../policies.server.ts";

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.genericError,
  authorise: anyone,
  validate: (input) => readAccountBody(input, registrationSchema),
  command: ({ input, info, svc }) => svc.accounts.registration.register(input, info.ip, svc.publicOrigin, "required"),
  present: () => Response.json({ error: false, msg: accountMessages.registrationSent }),
});

export const loader = endpoint.loader;
export const action = endpoint.action;

/**
 * POST /portal-srp/api/v1/user/registrationsilently — seed 001 §7 "as registration plus jwt and jti": the
 * logged-in user of an account without a password (made by social login or a one-time code) completes it
 * with `{ displayName, email (the account's), password, consent, type, jwt?, jti? }`. The session cookie is
 * the proof (`jwt`/`jti` are accepted for shape and ignored); → `{ error: false, msg }`, 401 without a session,
 * 409 when the account already has a password.
 */
import { z } from "zod";
import { registrationSchema } from "../../../core/account/validation.ts";
import { accountMessages } from "../../../core/account/messages.ts";
import { accountEndpoint, readAccountBody } from "../../account/api.server.ts";
import { signedInUser } from "../policies.server.ts";

const bodySchema = registrationSchema.extend({ jwt: z.string().max(4000).optional(), jti: z.string().max(200).optional() });

const endpoint = accountEndpoint("POST", {
  unavailable: accountMessages.genericError,
  authorise: signedInUser,
  validate: (input) => readAccountBody(input, bodySchema),
  command: ({ input, actor, svc }) => svc.accounts.registration.completeRegistration(actor.user, input),
  present: () => Response.json({ error: false, msg: accountMessages.registrationCompleted }),
});

export const loader = endpoint.loader;
export const action = endpoint.action;
